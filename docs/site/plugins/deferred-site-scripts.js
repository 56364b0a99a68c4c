// The site's scripts on a page whose own scripts draw over it first (the Benchmarks page's charts, at
// its clean URL: docs/src/prerender/page-html.js lists the site's scripts in a
// <template class="deferred-site-scripts"> there, docsify last). They are added once the page's held
// work is done (plugins/clean-url.js: every chart drawn, or HOLD_LIMIT_MS), downloaded in parallel
// and run in order (async = false); docsify, the last, then starts with every plugin registered, as it
// does at DOMContentLoaded when they are plain scripts.
(function () {
  'use strict';
  var template = document.querySelector('template.deferred-site-scripts');
  if (!template) return;
  function start() {
    Array.prototype.forEach.call(template.content.querySelectorAll('script[src]'), function (listed) {
      var script = document.createElement('script');
      script.src = listed.getAttribute('src');
      script.async = false;
      script.onerror = function () { console.error('deferred site scripts: could not load ' + listed.getAttribute('src')); };
      document.body.appendChild(script);
    });
  }
  var page = window.DROGON_PRERENDERED;
  if (page) page.whenDone(start);
  else start(); // the reader arrived with "#/..." of another page: nothing is held
})();
