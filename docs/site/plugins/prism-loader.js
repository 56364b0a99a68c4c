// Prism languages on demand: before docsify renders a page, loads the Prism language components its
// fenced code blocks use (and the languages those require), in the order of
// vendor/prism/languages.js (generated from docs/site/prism-languages.json), so docsify highlights
// them and never warns about a missing grammar. A page without such code loads none.
(function () {
  'use strict';
  var list = window.DROGON_PRISM_LANGUAGES;
  if (!list) throw new Error('vendor/prism/languages.js did not load: window.DROGON_PRISM_LANGUAGES is missing');
  var byName = {};
  list.forEach(function (entry) {
    byName[entry.language] = entry;
    entry.aliases.forEach(function (alias) { byName[alias] = entry; });
  });
  var loaded = {};

  function load(entry) {
    if (!loaded[entry.language]) {
      loaded[entry.language] = new Promise(function (resolve, reject) {
        var script = document.createElement('script');
        script.src = entry.file;
        script.onload = resolve;
        script.onerror = function () { reject(new Error('could not load ' + entry.file)); };
        document.head.appendChild(script);
      });
    }
    return loaded[entry.language];
  }

  // The listed languages a Markdown text's code fences use, with what they require, in load order.
  function needed(markdown) {
    var want = {};
    var add = function (entry) {
      if (!entry || want[entry.language]) return;
      want[entry.language] = true;
      entry.requires.forEach(function (name) { add(byName[name]); });
    };
    var fence = /^[ \t>]*(?:`{3,}|~{3,})[ \t]*([^\s`{]+)/gm;
    var match;
    while ((match = fence.exec(markdown))) add(byName[match[1].toLowerCase()]);
    return list.filter(function (entry) { return want[entry.language]; });
  }

  var plugin = function (hook) {
    hook.beforeEach(function (content, next) {
      // One after the other: a language may extend the one before it.
      needed(content).reduce(function (chain, entry) { return chain.then(function () { return load(entry); }); }, Promise.resolve())
        .then(function () { next(content); }, function (err) { console.error('Prism languages: ' + err.message); next(content); });
    });
  };
  var config = window.$docsify || {};
  config.plugins = [].concat(config.plugins || [], plugin);
  window.$docsify = config;
})();
