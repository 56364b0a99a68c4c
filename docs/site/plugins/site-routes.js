// Route helpers shared by the site's plugins (language switcher, missing-page notice), over the
// navigation map the build generates from docs/manifest.json (navigation-map.js: window.DROGON_SITE).
(function () {
  'use strict';
  var site = window.DROGON_SITE;
  if (!site) throw new Error('navigation-map.js did not load: window.DROGON_SITE is missing');

  function decodePath(path) {
    try { return decodeURIComponent(path); } catch (e) { return path; }
  }

  // The language whose folder the route is in, or null (e.g. the "/" chooser).
  function languageOfPath(path) {
    var dir = path.split('/')[1] || '';
    for (var i = 0; i < site.languages.length; i++) {
      if (site.languages[i].dir === dir) return site.languages[i];
    }
    return null;
  }

  function resolveAlias(path) {
    return Object.prototype.hasOwnProperty.call(site.aliases, path) ? site.aliases[path] : path;
  }

  // The manifest page a route shows, and in which language: { page, code }, or null.
  function pageOfPath(path) {
    var target = resolveAlias(path);
    for (var i = 0; i < site.pages.length; i++) {
      var langs = site.pages[i].languages;
      for (var code in langs) {
        if (langs[code].route === target) return { page: site.pages[i], code: code };
      }
    }
    return null;
  }

  // The language of the page the address shows (its hash route; docsify's vm.route can still hold the
  // previous page while a new one is routed), else of fallbackPath, else the first language.
  function languageOfAddress(fallbackPath) {
    var fromHash = window.location.hash.replace(/^#/, '').split('?')[0];
    var path = decodePath(fromHash || fallbackPath || '/');
    return languageOfPath(resolveAlias(path)) || site.languages[0];
  }

  // "{name}" placeholders of a UI string filled from values; unknown ones stay as they are.
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (m, key) { return key in values ? values[key] : m; });
  }

  window.DROGON_ROUTES = { decodePath: decodePath, languageOfPath: languageOfPath, resolveAlias: resolveAlias, pageOfPath: pageOfPath,
    languageOfAddress: languageOfAddress, fill: fill };
})();
