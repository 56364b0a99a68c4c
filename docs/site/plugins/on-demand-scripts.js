// Scripts only some pages need (Chart.js and the benchmark plugins: 78 KB of gzip on a guide page
// that draws no chart), loaded when a page needs them. index.html lists them where it loads every
// other script, inside an inert <template>, before this script:
//   <template class="on-demand-scripts" data-when-class="bench-chart"> <script src="..."></script> ... </template>
// They load, in parallel, and run in order (each may need the one before), as soon as the page is
// known to need them: a page docsify fetches, when its Markdown has such an element, before docsify
// renders it. (A prerendered page, at a clean URL, that shows an element of that class runs them
// itself, in its first screen: docs/src/prerender/page-html.js.) They are docsify plugins written for
// a page load (window.$docsify.plugins): loaded before docsify starts, docsify runs them itself;
// loaded after, the plugins they add are taken from that list and run here once the page is rendered,
// on it and every page after it (doneEach, so a chart is destroyed when the reader leaves its page),
// in the order they were added.
(function () {
  'use strict';
  var groups = null; // the templates (read once this script runs: see the end)
  var started = null; // docsify's vm, once docsify has started (it runs the plugins of its config then)
  function readGroups() {
    return Array.prototype.map.call(document.querySelectorAll('template.on-demand-scripts'), function (template) {
      var className = template.getAttribute('data-when-class');
      if (!className) throw new Error('on-demand scripts: a <template class="on-demand-scripts"> has no data-when-class');
      var scripts = Array.prototype.map.call(template.content.querySelectorAll('script[src]'), function (s) { return s.getAttribute('src'); });
      // A prerendered page that shows the class runs them itself, in its first screen, before the
      // site's other scripts (docs/src/prerender/page-html.js): loaded already.
      var onPage = scripts.every(function (src) { return document.querySelector('script[src="' + src + '"]'); });
      return { className: className, scripts: scripts, loading: onPage ? Promise.resolve() : null };
    });
  }
  var doneEach = []; // the doneEach hooks of the plugins loaded so far

  // All at once, downloaded in parallel and run in the order given (async = false).
  function loadScripts(srcs) {
    return Promise.all(srcs.map(function (src) {
      return new Promise(function (resolve, reject) {
        var script = document.createElement('script');
        script.src = src;
        script.async = false;
        script.onload = resolve;
        script.onerror = function () { reject(new Error('could not load ' + src)); };
        document.head.appendChild(script);
      });
    }));
  }

  // The hooks a late plugin may use: the page is already rendered when it starts.
  function lateHook(name) {
    return function () { throw new Error('on-demand scripts: ' + name + ' is too late for a plugin loaded after docsify started (use doneEach)'); };
  }
  function runLatePlugins(plugins, vm) {
    var hook = {
      init: lateHook('init'), beforeEach: lateHook('beforeEach'), afterEach: lateHook('afterEach'),
      mounted: function (fn) { fn(); },
      ready: function (fn) { fn(); },
      doneEach: function (fn) { doneEach.push(fn); },
    };
    plugins.forEach(function (plugin) { plugin(hook, vm); });
  }

  function load(group) {
    if (!group.loading) {
      var config = window.$docsify || (window.$docsify = {});
      var before = (config.plugins || []).length;
      group.loading = loadScripts(group.scripts).then(function () {
        // Those docsify took from its config when it started, it runs itself.
        if (!started) return;
        var ran = (started.config && started.config.plugins) || [];
        runLatePlugins((window.$docsify.plugins || []).slice(before).filter(function (p) { return ran.indexOf(p) < 0; }), started);
      });
      group.loading.catch(function (err) {
        group.loading = null; // the next page that needs it tries again
        console.error('on-demand scripts: ' + err.message);
      });
    }
    return group.loading;
  }

  // Whether Markdown holds an element of the class (in its raw HTML: class="... name ...").
  function mentions(markdown, className) {
    return new RegExp('class="(?:[^"]*\\s)?' + className + '(?:\\s[^"]*)?"').test(markdown);
  }

  function plugin(hook, vm) {
    started = vm;
    hook.beforeEach(function (markdown) {
      groups.forEach(function (g) { if (mentions(markdown, g.className)) load(g).catch(function () {}); });
      return markdown;
    });
    hook.doneEach(function () {
      var main = document.querySelector('.markdown-section');
      var needed = groups.filter(function (g) { return main && main.querySelector('.' + g.className); });
      Promise.all(needed.map(function (g) { return load(g); })).then(function () {
        doneEach.forEach(function (fn) { fn(); });
      }, function () { /* reported in load */ });
    });
  }

  window.$docsify = window.$docsify || {};
  window.$docsify.plugins = (window.$docsify.plugins || []).concat(plugin);

  // Now, before docsify starts: a prerendered page that needs them ran them in its first screen, and
  // its article (with those <script> elements) is still the one parsed; docsify's render replaces it.
  groups = readGroups();
})();
