// On a prerendered page (site/<DIR>/<file>/index.html, a clean URL): hands the page's route to
// docsify's hash router before docsify starts, so docsify renders the same page and everything after
// works as on the site root. The page's <base href> is the site root, so the address becomes the
// root's "#/<DIR>/<file>" without a reload: a reload, a copied link and every relative URL (docsify's
// page fetches, the plugins' lazy scripts) then resolve from the root, as on index.html.
// "#x" (a heading link of the prerendered page) becomes "?id=x", docsify's form.
// docsify replaces the prerendered layout with its own as it starts, then fetches the page: until it
// has rendered it, its empty sidebar and article show the prerendered ones, so the page never blinks.
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

  // docsify replaces the prerendered layout with its own (an outerHTML: these elements stay as they
  // are, out of the document), and its empty article and sidebar then take their children: moved, not
  // copied, so nothing is parsed again and what the page's plugins did to them before (a chart drawn on
  // its canvas) stays. (This script may run in the page's first screen, before the sidebar is parsed:
  // docsify starts after DOMContentLoaded.)
  var article = null;
  var nav = null;
  function findPrerendered() {
    article = document.querySelector('#app.prerendered #main');
    nav = document.querySelector('#app.prerendered .sidebar-nav');
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', findPrerendered);
  else findPrerendered();
  // Only while docsify opens this page: a reader who arrived with "#/..." of another page sees that one.
  function showsRoute(hash) {
    try { hash = decodeURIComponent(hash); } catch (e) { /* not percent-encoded */ }
    return hash === '#' + route || hash.indexOf('#' + route + '?') === 0;
  }
  var samePage = showsRoute(target);

  function moveChildren(from, to) {
    if (!from || !to || to.children.length !== 0 || from === to) return;
    while (from.firstChild) to.appendChild(from.firstChild);
  }

  // Work that draws over the prerendered page before docsify renders it again (the benchmark charts:
  // on-demand-scripts.js and benchmark-charts.js) registers here. docsify's first render of this page
  // builds the same article from its Markdown, which the reader does not see change but which takes
  // the main thread for a few hundred milliseconds (Markdown, parse, style and layout of a long page):
  // it waits until that work is done, so it never runs between the charts. HOLD_LIMIT_MS bounds the
  // wait (a script that fails to load never holds docsify back for good).
  var HOLD_LIMIT_MS = 3000;
  var holds = [];
  function hold(promise) {
    holds.push(Promise.resolve(promise).catch(function () {}));
  }
  function whenHoldsDone() {
    var count = holds.length;
    return Promise.all(holds).then(function () {
      return holds.length > count ? whenHoldsDone() : undefined; // a held task registered another
    });
  }
  function afterHolds(next) {
    var done = false;
    var go = function () { if (!done) { done = true; next(); } };
    whenHoldsDone().then(go);
    window.setTimeout(go, HOLD_LIMIT_MS);
  }
  // whenDone(fn): fn runs once the held work is done (plugins/deferred-site-scripts.js starts the
  // site's other scripts then).
  window.DROGON_PRERENDERED = samePage ? { hold: hold, whenDone: afterHolds } : null;

  function holdPrerendered(hook) {
    var first = true;
    hook.mounted(function () {
      if (!samePage) return;
      moveChildren(article, document.querySelector('#main'));
      moveChildren(nav, document.querySelector('.sidebar-nav'));
    });
    hook.beforeEach(function (markdown, next) {
      var wait = first && samePage && holds.length && showsRoute(window.location.hash);
      first = false;
      if (!wait) return next(markdown);
      // (Unless the reader went to another page meanwhile: docsify renders that one, not this.)
      afterHolds(function () { if (showsRoute(window.location.hash)) next(markdown); });
    });
  }

  window.$docsify = window.$docsify || {};
  window.$docsify.plugins = (window.$docsify.plugins || []).concat(holdPrerendered);
})();
