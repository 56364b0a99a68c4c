// Note, tip and warning boxes: the Markdown is GitHub's alert syntax ("> [!NOTE]", "> [!TIP]",
// "> [!WARNING]", also IMPORTANT and CAUTION), which docsify 5 renders as <div class="callout note">
// with an icon only. This adds the box's title in the page's language (docs/ui-strings.json:
// calloutNote ...), the same markup the prerendered pages get from markdown-it-github-alerts
// (docs/src/prerender/markdown.js), so the box says what it is without its colour or icon.
(function () {
  'use strict';
  var site = window.DROGON_SITE;
  var routes = window.DROGON_ROUTES;
  var TITLES = { note: 'calloutNote', tip: 'calloutTip', important: 'calloutImportant', warning: 'calloutWarning', caution: 'calloutCaution' };

  function plugin(hook) {
    hook.afterEach(function (html, next) {
      var ui = site.ui[routes.languageOfAddress().code];
      next(html.replace(/<div class="callout (note|tip|important|warning|caution)">/g, function (open, type) {
        var title = document.createElement('p');
        title.className = 'callout-title';
        title.textContent = ui[TITLES[type]];
        return open + title.outerHTML;
      }));
    });
  }

  window.$docsify = window.$docsify || {};
  window.$docsify.plugins = (window.$docsify.plugins || []).concat(plugin);
})();
