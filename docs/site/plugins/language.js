// Language plugin: keeps <html lang> on the language of the route (en / zh-CN / zh-TW), draws the
// navbar language switcher that keeps the reader on the same page (from the navigation map the
// build generates from docs/manifest.json), and marks the rendered route on <html data-rendered-route>.
(function () {
  'use strict';
  var site = window.DROGON_SITE;
  var routes = window.DROGON_ROUTES;
  var decodePath = routes.decodePath;
  var languageOfPath = routes.languageOfPath;
  var resolveAlias = routes.resolveAlias;
  var pageOfPath = routes.pageOfPath;

  // "#/CHN/%E6%A6%82%E8%BF%B0?id=x" -> { path: "/CHN/概述", id: "x" }
  function parseHash(hash) {
    var route = hash.replace(/^#/, '');
    var q = route.indexOf('?');
    var path = decodePath(q >= 0 ? route.slice(0, q) : route);
    var id = null;
    if (q >= 0) {
      route.slice(q + 1).split('&').forEach(function (param) {
        var parts = param.split('=');
        if (parts[0] === 'id' && parts.length > 1) id = decodePath(parts.slice(1).join('='));
      });
    }
    return { path: path || '/', id: id };
  }

  // The pages' headings ({ page id: { language code: [{ depth, id }] } }): not in navigation-map.js,
  // which every page loads; fetched from navigation-map.json the first time an address names a
  // heading (?id=), then the switcher's links are drawn again.
  var headings = null;
  var headingsLoad = null;
  function loadHeadings(redraw) {
    if (!headingsLoad) {
      headingsLoad = fetch('navigation-map.json').then(function (res) {
        if (!res.ok) throw new Error('navigation-map.json: HTTP ' + res.status);
        return res.json();
      }).then(function (full) {
        headings = {};
        full.pages.forEach(function (page) {
          headings[page.id] = {};
          for (var code in page.languages) headings[page.id][code] = page.languages[code].headings || [];
        });
        redraw();
      }, function (err) {
        headingsLoad = null; // tried again on the next page
        console.error('language switcher: ' + err.message);
      });
    }
  }

  // Keeps ?id= when it resolves in the other language: the same id exists there, or both pages
  // have the same heading structure (then the heading at the same position). Otherwise page top.
  function mapHeadingId(id, from, to) {
    if (!id) return null;
    var i;
    for (i = 0; i < to.headings.length; i++) if (to.headings[i].id === id) return id;
    if (from.headings.length !== to.headings.length) return null;
    for (i = 0; i < from.headings.length; i++) if (from.headings[i].depth !== to.headings[i].depth) return null;
    for (i = 0; i < from.headings.length; i++) if (from.headings[i].id === id) return to.headings[i].id;
    return null;
  }

  // Where the switcher entry for language `lang` points from the current route.
  function targetFor(lang, current) {
    var found = pageOfPath(current.path);
    var page = found ? found.page : site.pages[0];
    var to = page.languages[lang.code];
    var id = null;
    if (found && current.id && headings) {
      id = mapHeadingId(current.id, { headings: headings[page.id][found.code] }, { headings: headings[page.id][lang.code] });
    }
    return '#' + to.route + (id ? '?id=' + encodeURIComponent(id) : '');
  }

  var nav = null;

  function buildSwitcher() {
    nav = document.createElement('nav');
    nav.className = 'app-nav lang-switcher';
    var list = document.createElement('ul');
    site.languages.forEach(function (lang) {
      var item = document.createElement('li');
      var a = document.createElement('a');
      a.textContent = lang.name;
      a.setAttribute('lang', lang.htmlLang);
      a.setAttribute('hreflang', lang.htmlLang);
      a.setAttribute('data-lang', lang.code);
      a.href = '#' + site.pages[0].languages[lang.code].route;
      item.appendChild(a);
      list.appendChild(item);
    });
    nav.appendChild(list);
    document.body.insertBefore(nav, document.body.firstChild);
  }

  function update(current) {
    if (current.id && !headings) loadHeadings(function () { update(parseHash(window.location.hash)); });
    var lang = languageOfPath(current.path) || site.languages[0];
    document.documentElement.lang = lang.htmlLang;
    if (!nav) return;
    nav.setAttribute('aria-label', site.ui[lang.code].languageMenu);
    var links = nav.querySelectorAll('a[data-lang]');
    for (var i = 0; i < links.length; i++) {
      var a = links[i];
      var code = a.getAttribute('data-lang');
      var target = site.languages.filter(function (l) { return l.code === code; })[0];
      a.href = targetFor(target, current);
      if (code === lang.code && languageOfPath(current.path)) a.setAttribute('aria-current', 'true');
      else a.removeAttribute('aria-current');
    }
  }

  // Marks the current page's sidebar link with aria-current="page". docsify marks it only when the
  // sidebar was already drawn before the page (not on a first load), so do it after every render.
  function markSidebarPage(path) {
    var links = document.querySelectorAll('.sidebar-nav a.page-link, .sidebar-nav a:not(.section-link)');
    for (var i = 0; i < links.length; i++) {
      var href = decodePath(links[i].getAttribute('href') || '');
      if (href === '#' + path) links[i].setAttribute('aria-current', 'page');
      else if (links[i].getAttribute('aria-current') === 'page') links[i].removeAttribute('aria-current');
    }
  }

  function languagePlugin(hook, vm) {
    hook.mounted(function () {
      buildSwitcher();
      update(parseHash(window.location.hash));
      // Same-page anchor clicks change only ?id=; docsify does not re-render, so follow the hash.
      window.addEventListener('hashchange', function () { update(parseHash(window.location.hash)); });
    });
    hook.beforeEach(function (markdown) {
      update(parseHash(window.location.hash));
      return markdown;
    });
    hook.doneEach(function () {
      var current = parseHash(window.location.hash);
      update(current);
      markSidebarPage(resolveAlias(current.path));
      var found = pageOfPath(current.path);
      if (found) document.title = found.page.languages[found.code].title + ' · Drogon';
      document.documentElement.setAttribute('data-rendered-route', decodePath(vm.route.path) || '/');
    });
  }

  window.$docsify = window.$docsify || {};
  window.$docsify.plugins = (window.$docsify.plugins || []).concat(languagePlugin);
})();
