// Links in the guide's code, in docsify (served as plugins/code-links.js after shared/src/code-links.js,
// joined by docs/site/bundles.json). A page with C++ blocks has its link data at
// code-links/<DIR>/<file>.json (docs/src/code-links/): fetched before docsify shows the page, it turns
// the names of each block into links after docsify's Prism highlighting, as the prerender does. The
// code's text does not change, so the copy button still copies plain code.
// Hovering or focusing a name shows its signature and where it is declared in one tooltip outside the
// code (role="tooltip", named by the link's aria-describedby while shown; Escape closes it; the
// pointer may move onto it). Without this script, the prerendered page's links work the same.
(function () {
  'use strict';
  var codeLinks = window.DROGON_CODE_LINKS;
  var routes = window.DROGON_ROUTES;
  if (!codeLinks || !routes) throw new Error('plugins/code-links.js: shared/src/code-links.js or site-routes.js did not load');
  var HAS_CPP = /<pre data-lang="(?:cpp|diff)"/; // a tutorial page's diffs of C++ link too
  var TIP_ID = 'code-link-tip';
  var cache = {};
  var shown = null; // the link data of the page shown
  var tip = null;
  var active = null;
  var hideTimer = null;

  function routeOfAddress() {
    var path = routes.decodePath(window.location.hash.replace(/^#/, '').split('?')[0]);
    return routes.resolveAlias(path || '/');
  }

  function load(route) {
    if (!cache[route]) {
      cache[route] = fetch('code-links' + encodeURI(route) + '.json')
        .then(function (response) { return response.ok ? response.json() : null; })
        .catch(function () { return null; });
    }
    return cache[route];
  }

  function hrefOf(target) {
    if (target.u) return { href: target.u, external: true };
    if (target.r) return { href: '#' + encodeURI(target.r) + (target.i ? '?id=' + encodeURIComponent(target.i) : '') };
    return null;
  }

  // One tooltip, inside <main> (all content sits in a landmark), placed in the viewport's coordinates.
  function tipElement() {
    if (tip && tip.isConnected) return tip;
    tip = document.createElement('div');
    tip.id = TIP_ID;
    tip.className = 'code-link-tip';
    tip.setAttribute('role', 'tooltip');
    tip.hidden = true;
    tip.addEventListener('mouseenter', function () { clearTimeout(hideTimer); });
    tip.addEventListener('mouseleave', scheduleHide);
    (document.querySelector('main') || document.body).appendChild(tip);
    return tip;
  }

  function show(link) {
    var target = shown && shown.targets[link.getAttribute('data-code-link')];
    if (!target || (!target.s && !target.w)) return;
    clearTimeout(hideTimer);
    if (active && active !== link) active.removeAttribute('aria-describedby');
    var box = tipElement();
    box.textContent = '';
    if (target.s) {
      var signature = document.createElement('code');
      signature.textContent = target.s;
      box.appendChild(signature);
    }
    if (target.w) {
      var where = document.createElement('span');
      where.className = 'code-link-where';
      where.textContent = target.w;
      box.appendChild(where);
    }
    box.hidden = false;
    var rect = link.getBoundingClientRect();
    var viewport = document.documentElement;
    var left = Math.max(8, Math.min(rect.left, viewport.clientWidth - box.offsetWidth - 8));
    // Below the name, or above it when there is no room below.
    var top = rect.bottom + 4 + box.offsetHeight > viewport.clientHeight ? rect.top - 4 - box.offsetHeight : rect.bottom + 4;
    box.style.left = left + 'px';
    box.style.top = Math.max(8, top) + 'px';
    link.setAttribute('aria-describedby', TIP_ID);
    active = link;
  }

  function hide() {
    clearTimeout(hideTimer);
    if (tip) tip.hidden = true;
    if (active) active.removeAttribute('aria-describedby');
    active = null;
  }

  function scheduleHide() {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, 200);
  }

  function linkOf(node) {
    return node && node.closest ? node.closest('a.code-link') : null;
  }

  var plugin = function (hook) {
    hook.afterEach(function (html, next) {
      hide();
      if (!HAS_CPP.test(html)) {
        shown = null;
        next(html);
        return;
      }
      load(routeOfAddress()).then(function (data) {
        shown = data;
        next(data ? codeLinks.linkPage(html, data, hrefOf).html : html);
      });
    });
    hook.mounted(function () {
      document.addEventListener('mouseover', function (event) {
        var link = linkOf(event.target);
        if (link) show(link);
      });
      document.addEventListener('mouseout', function (event) {
        if (linkOf(event.target) && !linkOf(event.relatedTarget)) scheduleHide();
      });
      document.addEventListener('focusin', function (event) {
        var link = linkOf(event.target);
        if (link) show(link);
        else if (active) hide();
      });
      document.addEventListener('focusout', function (event) {
        if (linkOf(event.target)) hide();
      });
      document.addEventListener('keydown', function (event) {
        if (event.key === 'Escape' && active) hide();
      });
      // Placed in the viewport: a scroll would leave it behind.
      window.addEventListener('scroll', function () { if (active && document.activeElement !== active) hide(); }, { passive: true });
    });
  };
  window.$docsify = window.$docsify || {};
  window.$docsify.plugins = (window.$docsify.plugins || []).concat(plugin);
})();
