// docsify configuration, from the navigation map the build generates (navigation-map.js sets
// window.DROGON_SITE). A script file, not an inline script: the CSP allows only 'self' scripts.
(function () {
  'use strict';
  var site = window.DROGON_SITE;
  if (!site) throw new Error('navigation-map.js did not load: window.DROGON_SITE is missing');
  var languages = site.languages;
  var firstPage = site.pages[0];

  // docsify picks the first key contained in the route path: language folders first, then "/".
  function perLanguage(valueOf) {
    var map = {};
    languages.forEach(function (lang) { map['/' + lang.dir + '/'] = valueOf(lang); });
    map['/'] = valueOf(languages[0]);
    return map;
  }

  var previous = window.$docsify || {};
  window.$docsify = {
    name: 'Drogon',
    nameLink: perLanguage(function (lang) { return '#' + firstPage.languages[lang.code].route; }),
    loadSidebar: true,
    relativePath: false,
    executeScript: false, // pages never run scripts; charts are drawn by a plugin
    noEmoji: true, // docsify's emoji would load images from github.com
    auto2top: true,
    // The skip link in the page's language (plugins/accessible-layout.js makes it the first tab stop).
    skipLink: perLanguage(function (lang) { return site.ui[lang.code].skipToContent; }),
    // docsify's marked with the site's CJK rules (plugins/cjk-markdown.js, from shared/src/cjk-markdown/):
    // `**` next to Chinese punctuation, line breaks inside Chinese sentences, as the prerender renders them.
    markdown: function (marked, renderer) {
      window.CjkMarkdown.useMarked(marked);
      marked.setOptions({ renderer: renderer });
      return marked;
    },
    maxLevel: 3,
    subMaxLevel: 2,
    alias: site.aliases,
    // Search: plugins/search.js (its strings come from the navigation map, per language).
    plugins: previous.plugins || []
  };
})();
