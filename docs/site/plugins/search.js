// The site's search, in place of docsify's search plugin (which has no hook to fold Simplified and
// Traditional Chinese, and fetches every page on every page view to build its index). A search box at
// the top of the sidebar, in docsify's markup; nothing else loads with the page. On first use (focus
// or typing) it loads, once: MiniSearch (vendor/minisearch.js), our text functions
// (plugins/search-text.js), the current language's index (search/<code>.json, built by docs/src/search)
// and, for the Chinese languages, the folding table (search/fold-zh.json). Each language searches its
// own pages; Chinese text and queries are folded with the same table, so a Simplified query finds
// Traditional text and the reverse. A query with no result in this language shows the other
// languages' results, under their names. Results link to docsify routes (#/<DIR>/<page>?id=<heading>).
// Under the empty box, a hint names the keys that open it (/, Ctrl+K).
(function () {
  'use strict';
  var site = window.DROGON_SITE;
  var routes = window.DROGON_ROUTES;
  var MAX_RESULTS = 20;
  var EXCERPT_CHARS = 120;
  var OTHER_LANGUAGE_RESULTS = 5;

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      script.src = src;
      script.onload = resolve;
      script.onerror = function () { reject(new Error('could not load ' + src)); };
      document.head.appendChild(script);
    });
  }

  function fetchJson(url) {
    return fetch(url).then(function (res) {
      if (!res.ok) throw new Error(url + ': HTTP ' + res.status);
      return res.json();
    });
  }

  var libraries = null;
  function loadLibraries() {
    if (!libraries) {
      libraries = Promise.all([loadScript('vendor/minisearch.js'), loadScript('plugins/search-text.js')]).then(function () {
        return { MiniSearch: window.MiniSearch, text: window.DROGON_SEARCH_TEXT };
      });
    }
    return libraries;
  }

  var foldTables = {};
  function loadFolder(url, text) {
    if (!url) return null;
    if (!foldTables[url]) foldTables[url] = fetchJson(url).then(function (table) { return text.createFolder(table); });
    return foldTables[url];
  }

  // language code -> Promise of the language's index (search-text.js createIndex)
  var indexes = {};
  function indexFor(lang) {
    if (indexes[lang.code]) return indexes[lang.code];
    indexes[lang.code] = Promise.all([loadLibraries(), fetchJson('search/' + lang.code + '.json')]).then(function (loaded) {
      var lib = loaded[0];
      var data = loaded[1];
      return Promise.resolve(loadFolder(data.fold, lib.text)).then(function (fold) {
        return lib.text.createIndex(lib.MiniSearch, data, fold, { maxResults: MAX_RESULTS, excerptChars: EXCERPT_CHARS });
      });
    });
    // A failed load may be retried on the next use.
    indexes[lang.code].catch(function () { delete indexes[lang.code]; });
    return indexes[lang.code];
  }

  // The language of the address, not of docsify's vm.route, which can still hold the previous page
  // while a new one is routed (a query typed right after switching to the Chinese site searched the
  // English index).
  function currentLanguage(vm) {
    return routes.languageOfAddress(vm.route && vm.route.path);
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function searchPlugin(hook, vm) {
    var box = null;
    var input = null;
    var panel = null;
    var status = null;
    var hint = null;
    var clear = null;
    var pending = 0;

    function ui() {
      return site.ui[currentLanguage(vm).code];
    }

    // One result; lang: the language of a result from another language's pages, else null.
    function resultPost(r, lang) {
      var post = el('div', 'matching-post');
      var a = el('a');
      a.href = r.href;
      a.title = r.title;
      if (lang) {
        post.setAttribute('lang', lang.htmlLang);
        a.setAttribute('hreflang', lang.htmlLang);
      }
      a.appendChild(el('p', 'title clamp-1', r.title));
      a.appendChild(el('p', 'content clamp-2', r.excerpt));
      post.appendChild(a);
      return post;
    }

    function show(found, query) {
      var results = found.results;
      panel.textContent = '';
      results.forEach(function (r) { panel.appendChild(resultPost(r, null)); });
      status.textContent = !query ? '' : results.length
        ? ui().searchResults.replace('{count}', String(found.total))
        : ui().searchNoData;
    }

    // No result in this language: the other languages' results, a few each, under their names
    // (a Chinese query on the English site finds the Chinese pages).
    function offerOtherLanguages(query, lang, ticket) {
      var others = site.languages.filter(function (l) { return l.code !== lang.code; });
      Promise.all(others.map(function (other) {
        return indexFor(other).then(function (index) { return { lang: other, found: index.search(query) }; }, function () { return null; });
      })).then(function (answers) {
        if (ticket !== pending) return;
        var withResults = answers.filter(function (a) { return a && a.found.total > 0; });
        if (!withResults.length) return;
        var strings = ui();
        status.textContent = routes.fill(strings.searchNoResultsIn, { language: lang.name });
        withResults.forEach(function (answer) {
          var heading = el('p', 'results-language', routes.fill(strings.searchFoundIn, { language: answer.lang.name }) + ' ' +
            strings.searchResults.replace('{count}', String(answer.found.total)));
          panel.appendChild(heading);
          answer.found.results.slice(0, OTHER_LANGUAGE_RESULTS).forEach(function (r) { panel.appendChild(resultPost(r, answer.lang)); });
        });
      });
    }

    function run() {
      var query = input.value.trim();
      var ticket = ++pending;
      if (!query) { show({ total: 0, results: [] }, ''); return; }
      var lang = currentLanguage(vm);
      // Results of another query or language stay out of sight while this language's index loads.
      if (panel.getAttribute('data-language') !== lang.code) {
        panel.textContent = '';
        status.textContent = '';
      }
      indexFor(lang).then(function (index) {
        if (ticket !== pending) return; // a newer query was typed meanwhile
        var found = index.search(query);
        show(found, query);
        panel.setAttribute('data-language', lang.code);
        if (found.total === 0) offerOtherLanguages(query, lang, ticket);
      }, function (err) {
        if (ticket !== pending) return;
        panel.textContent = '';
        status.textContent = ui().searchNoData;
        console.error('search: ' + err.message);
      });
    }

    function build() {
      var sidebar = document.querySelector('.sidebar');
      if (!sidebar) return;
      box = el('section', 'search');
      box.setAttribute('role', 'search');
      var wrap = el('div', 'input-wrap');
      input = el('input');
      input.type = 'search';
      input.required = true; // :valid means "not empty" to the styles, as in docsify's plugin
      input.setAttribute('aria-keyshortcuts', '/ control+k meta+k');
      clear = el('button', 'clear-button');
      clear.type = 'button';
      var clearLabel = el('span', 'visually-hidden');
      clear.appendChild(clearLabel);
      wrap.appendChild(input);
      wrap.appendChild(clear);
      // The keys that open the search, under the empty box (hidden while it is used: site-layout.css).
      hint = el('p', 'search-hint');
      hint.id = 'search-hint';
      input.setAttribute('aria-describedby', hint.id);
      status = el('p', 'results-status');
      status.setAttribute('aria-live', 'polite');
      panel = el('div', 'results-panel');
      box.appendChild(wrap);
      box.appendChild(hint);
      box.appendChild(status);
      box.appendChild(panel);
      sidebar.insertBefore(box, sidebar.firstChild);

      var timer = null;
      input.addEventListener('focus', function () { indexFor(currentLanguage(vm)).catch(function () {}); });
      input.addEventListener('input', function () {
        clearTimeout(timer);
        timer = setTimeout(run, 100);
      });
      clear.addEventListener('click', function () {
        input.value = '';
        run();
        input.focus();
      });
      // Clicks inside the box (other than a result) must not reach docsify's handler that closes the
      // sidebar on small screens.
      box.addEventListener('click', function (e) {
        if (!e.target.closest('a')) e.stopPropagation();
      });
      label();
    }

    function label() {
      if (!input) return;
      var strings = ui();
      input.placeholder = strings.searchPlaceholder;
      input.setAttribute('aria-label', strings.searchPlaceholder);
      clear.title = strings.searchClear;
      clear.firstChild.textContent = strings.searchClear;
      hint.textContent = strings.searchKeyHint;
    }

    var shownLanguage = null;
    hook.init(function () {
      // docsify's keyboard shortcuts: "/" and Control/Command+K focus the search box.
      if (vm.config.keyBindings && vm.config.keyBindings.constructor === Object) {
        vm.config.keyBindings.focusSearch = {
          bindings: ['/', 'meta+k', 'ctrl+k'],
          callback: function () {
            var sidebar = document.querySelector('.sidebar');
            var hidden = sidebar && sidebar.getBoundingClientRect().x < 0;
            if (hidden) { var toggle = document.querySelector('.sidebar-toggle'); if (toggle) toggle.click(); }
            setTimeout(function () { if (input) input.focus(); }, hidden ? 250 : 0);
          },
        };
      }
    });
    hook.mounted(build);
    hook.doneEach(function () {
      label();
      // Another language: the query now searches that language's pages.
      var lang = currentLanguage(vm).code;
      if (input && shownLanguage !== null && lang !== shownLanguage && input.value.trim()) run();
      shownLanguage = lang;
    });
  }

  window.$docsify = window.$docsify || {};
  window.$docsify.plugins = (window.$docsify.plugins || []).concat(searchPlugin);
})();
