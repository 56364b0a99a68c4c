// On a prerendered page (site/<DIR>/<file>/index.html, a clean URL): hands the page's route to
// docsify's hash router before docsify starts, so docsify renders the same page and everything after
// works as on the site root. The page's <base href> is the site root, so the address becomes the
// root's "#/<DIR>/<file>" without a reload: a reload, a copied link and every relative URL (docsify's
// page fetches, the plugins' lazy scripts) then resolve from the root, as on index.html.
// "#x" (a heading link of the prerendered page) becomes "?id=x", docsify's form.
(function () {
  'use strict';
  var meta = document.querySelector('meta[name="docsify-route"]');
  if (!meta) return;
  var route = meta.getAttribute('content');
  var hash = window.location.hash;
  var target;
  if (hash.indexOf('#/') === 0) target = hash; // already a docsify route
  else if (hash.length > 1) target = '#' + route + '?id=' + hash.slice(1);
  else target = '#' + route;
  window.history.replaceState(window.history.state, '', target);
})();
