// Around each page's text, from site/page-info.json (docs/src/page-info/, computed at build time):
//   - at the end, "Edit this page" (its source file in the repository; a Traditional Chinese page links
//     to the Simplified page it is converted from, and says so) and the date of its last change;
//   - under the title of a Chinese or Traditional page whose English page changed since the translation
//     was recorded, a notice linking to the English page.
// The file is fetched once, after the first page is drawn; a page it does not know gets neither.
(function () {
  'use strict';
  var site = window.DROGON_SITE;
  var routes = window.DROGON_ROUTES;
  var loading = null;

  function pageInfo() {
    if (!loading) {
      loading = fetch('page-info.json').then(function (r) {
        if (!r.ok) throw new Error('page-info.json: HTTP ' + r.status);
        return r.json();
      }).catch(function (err) {
        console.error('page meta: ' + err.message);
        return null;
      });
    }
    return loading;
  }

  var fill = routes.fill;

  function languageOf(code) {
    return site.languages.filter(function (l) { return l.code === code; })[0];
  }

  // "2026-11-24" in the page's language, as a calendar date (no time zone shift).
  function formatDate(date, lang) {
    var parts = date.split('-').map(Number);
    var day = new Date(Date.UTC(parts[0], parts[1] - 1, parts[2]));
    return new Intl.DateTimeFormat(lang.htmlLang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(day);
  }

  function metaLine(entry, code) {
    var ui = site.ui[code];
    var lang = languageOf(code);
    var box = document.createElement('p');
    box.className = 'page-meta';
    if (entry.edit) {
      var edit = document.createElement('a');
      edit.className = 'page-edit';
      edit.href = entry.edit;
      edit.rel = 'noopener';
      edit.setAttribute('data-source', entry.source);
      edit.textContent = entry.sourceLanguage === code ? ui.editPage : fill(ui.editSource, { language: languageOf(entry.sourceLanguage).name });
      box.appendChild(edit);
    }
    if (entry.updated) {
      var updated = document.createElement('span');
      updated.className = 'page-updated';
      var parts = ui.lastUpdated.split('{date}');
      var time = document.createElement('time');
      time.setAttribute('datetime', entry.updated);
      time.textContent = formatDate(entry.updated, lang);
      updated.appendChild(document.createTextNode(parts[0]));
      updated.appendChild(time);
      updated.appendChild(document.createTextNode(parts.slice(1).join('{date}')));
      box.appendChild(updated);
    }
    return box;
  }

  function staleNotice(page, code) {
    var ui = site.ui[code];
    var english = page.languages[site.languages[0].code];
    var box = document.createElement('div');
    box.className = 'translation-notice';
    box.setAttribute('role', 'note');
    var text = document.createElement('p');
    // A space between the sentences, except after full-width punctuation or a Han character (Chinese
    // sets no space there: 改动。阅读英文页面).
    var separator = /[\u3000-\u303f\uff01-\uff65\u4e00-\u9fff]$/.test(ui.translationStale) ? '' : ' ';
    text.appendChild(document.createTextNode(ui.translationStale + separator));
    var link = document.createElement('a');
    link.href = '#' + english.route;
    link.setAttribute('lang', site.languages[0].htmlLang);
    link.setAttribute('hreflang', site.languages[0].htmlLang);
    link.textContent = fill(ui.translationReadEnglish, { title: english.title });
    text.appendChild(link);
    box.appendChild(text);
    return box;
  }

  function render(info, vm) {
    var section = document.querySelector('.markdown-section');
    if (!section) return;
    var old = section.querySelectorAll(':scope > .page-meta, :scope > .translation-notice');
    Array.prototype.forEach.call(old, function (el) { el.parentNode.removeChild(el); });
    var found = routes.pageOfPath(routes.decodePath(vm.route.path) || '/');
    var entry = found && info && info.pages[found.page.id] && info.pages[found.page.id][found.code];
    if (!entry) return;
    if (entry.translation === 'stale') {
      var title = section.querySelector('h1');
      var notice = staleNotice(found.page, found.code);
      if (title) title.parentNode.insertBefore(notice, title.nextSibling);
      else section.insertBefore(notice, section.firstChild);
    }
    section.appendChild(metaLine(entry, found.code));
    section.setAttribute('data-page-meta', found.page.id + ' ' + found.code);
  }

  var plugin = function (hook, vm) {
    hook.doneEach(function () {
      pageInfo().then(function (info) { render(info, vm); });
    });
  };
  window.$docsify = window.$docsify || {};
  window.$docsify.plugins = (window.$docsify.plugins || []).concat(plugin);
})();
