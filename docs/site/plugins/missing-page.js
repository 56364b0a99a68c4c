// Missing-page notice: when a route's page does not exist in this language (HTTP 404) but the same
// manifest page exists in another language, show a clear notice linking to it; for an unknown
// route, link to each language's first page. Never a blank page.
(function () {
  'use strict';
  var site = window.DROGON_SITE;
  var routes = window.DROGON_ROUTES;

  function escapeMarkdown(text) {
    return String(text).replace(/[\\`*_[\]()<>&|~!#]/g, '\\$&');
  }

  var fill = routes.fill;

  // Resolves to the candidates whose page file answers (HEAD), in manifest language order.
  function existing(candidates, vm) {
    return Promise.all(candidates.map(function (c) {
      return fetch(vm.router.getFile(c.route), { method: 'HEAD', cache: 'no-cache' })
        .then(function (r) { return r.ok ? c : null; }, function () { return null; });
    })).then(function (list) { return list.filter(Boolean); });
  }

  function missingPagePlugin(hook, vm) {
    var showingNotice = false;
    hook.beforeEach(function (markdown, next) {
      var response = vm.route.response;
      showingNotice = false;
      if (!response || response.status !== 404) return next(markdown);
      var path = routes.decodePath(vm.route.path);
      var lang = routes.languageOfPath(path) || site.languages[0];
      var ui = site.ui[lang.code];
      var found = routes.pageOfPath(path);
      var page = found ? found.page : null;
      var candidates = page
        ? site.languages.filter(function (l) { return l.code !== lang.code; }).map(function (l) {
            return { lang: l, route: page.languages[l.code].route, title: page.languages[l.code].title };
          })
        : [];
      existing(candidates, vm).then(function (found) {
        var lines;
        if (found.length) {
          lines = ['# ' + escapeMarkdown(fill(ui.missingPageTitle, { language: lang.name })), '', escapeMarkdown(ui.missingPageBody), ''];
          found.forEach(function (c) {
            lines.push('- [' + escapeMarkdown(c.lang.name + ': ' + c.title) + '](' + c.route + ')');
          });
        } else {
          lines = ['# ' + escapeMarkdown(ui.notFoundTitle), '', escapeMarkdown(ui.notFoundBody), ''];
          site.languages.forEach(function (l) {
            var first = site.pages[0].languages[l.code];
            lines.push('- [' + escapeMarkdown(l.name + ': ' + first.title) + '](' + first.route + ')');
          });
        }
        showingNotice = true;
        next(lines.join('\n') + '\n');
      });
    });
    hook.afterEach(function (html, next) {
      next(showingNotice ? '<div class="missing-page-notice" role="note">' + html + '</div>' : html);
    });
  }

  window.$docsify = window.$docsify || {};
  window.$docsify.plugins = (window.$docsify.plugins || []).concat(missingPagePlugin);
})();
