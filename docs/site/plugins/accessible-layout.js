// docsify 5's own layout, repaired for keyboards and assistive technology (axe-core, WCAG 2.1 AA):
// - the skip link is the first tab stop (docsify adds it after our navbar); its text is docsify's
//   skipLink option, per language (plugins/site-config.js);
// - the site's name in the navbar on narrow screens, beside the menu button;
// - the sidebar toggle is one button with a name in the page's language (docsify nests a focusable
//   role="button" inside a <button> and labels it in English; its label is set again after docsify
//   relabels it), a visible "Menu" on narrow screens (site-layout.css);
// - landmarks: the sidebar's navigation is named in the page's language; <main> keeps its own role (docsify gives it role="presentation", which <main> does not
//   allow), so the article no longer claims a second one; the sidebar's role="none" conflicted with
//   its tabindex; the loading bar is decoration, outside every landmark;
// - a table wider than its column scrolls in its own box (site-layout.css): it is focusable, so a
//   keyboard can scroll it, and says where it is scrolled (data-scroll="start|middle|end"), which
//   fades the edge that has more.
(function () {
  'use strict';
  var site = window.DROGON_SITE;
  var routes = window.DROGON_ROUTES;

  function ui() { return site.ui[routes.languageOfAddress().code]; }

  var toggle = null;
  function labelToggle() {
    if (!toggle) return;
    var label = ui().menu;
    if (toggle.getAttribute('aria-label') !== label) toggle.setAttribute('aria-label', label);
    var text = toggle.querySelector('.sidebar-toggle-label');
    if (text && text.textContent !== label) text.textContent = label;
  }

  function repairToggle() {
    toggle = document.querySelector('button.sidebar-toggle');
    if (!toggle) return;
    var inner = toggle.querySelector('.sidebar-toggle-button');
    toggle.removeAttribute('tabindex');
    toggle.removeAttribute('title');
    toggle.setAttribute('aria-controls', '__sidebar');
    toggle.setAttribute('aria-keyshortcuts', '\\');
    if (inner) {
      ['tabindex', 'role', 'aria-label', 'aria-keyshortcuts', 'aria-controls'].forEach(function (name) { inner.removeAttribute(name); });
      inner.setAttribute('aria-hidden', 'true');
    }
    var text = document.createElement('span');
    text.className = 'sidebar-toggle-label';
    text.setAttribute('aria-hidden', 'true');
    toggle.appendChild(text);
    // docsify writes an English aria-label whenever it opens or closes the sidebar.
    new MutationObserver(labelToggle).observe(toggle, { attributes: true, attributeFilter: ['aria-label'] });
    labelToggle();
  }

  // The site's name in a banner above the page, shown on narrow screens only (site-layout.css), where
  // the sidebar that carries it is closed; it links where the sidebar's name does (docsify's nameLink).
  var name = null;
  function addName() {
    var source = document.querySelector('.app-name-link');
    var nav = document.querySelector('body > .app-nav');
    if (!source || !nav) return;
    var banner = document.createElement('header');
    banner.className = 'navbar-name';
    name = document.createElement('a');
    name.textContent = source.textContent.trim();
    banner.appendChild(name);
    document.body.insertBefore(banner, nav);
  }
  function linkName() {
    var source = document.querySelector('.app-name-link');
    if (name && source && source.getAttribute('href')) name.setAttribute('href', source.getAttribute('href'));
  }

  function repairLandmarks() {
    // The sidebar's navigation, named in the page's language (docsify: "primary").
    var nav = document.querySelector('.sidebar-nav[role="navigation"]');
    if (nav) nav.setAttribute('aria-label', ui().siteNavigation);
    var main = document.querySelector('main[role="presentation"]');
    if (main) main.removeAttribute('role');
    var article = document.querySelector('article#main[role="main"]');
    if (article) article.removeAttribute('role');
    var aside = document.querySelector('aside#__sidebar');
    if (aside) aside.removeAttribute('tabindex');
  }

  function skipLinkFirst() {
    var skip = document.getElementById('skip-to-content');
    if (skip && document.body.firstElementChild !== skip) document.body.insertBefore(skip, document.body.firstChild);
  }

  function hideLoadingBar() {
    var bar = document.querySelector('body > .progress');
    if (!bar) return;
    bar.setAttribute('aria-hidden', 'true');
    bar.removeAttribute('role');
    bar.removeAttribute('aria-label'); // "Loading...", in English
  }

  // Where a table is scrolled: read for every table first, then written, so a long page with many
  // tables lays out once (reading a width after writing an attribute lays the page out again).
  function scrollStates(tables) {
    var states = tables.map(function (table) {
      var max = table.scrollWidth - table.clientWidth;
      return max <= 1 ? null : table.scrollLeft <= 1 ? 'start' : table.scrollLeft >= max - 1 ? 'end' : 'middle';
    });
    tables.forEach(function (table, i) {
      if (states[i] === null) {
        table.removeAttribute('data-scroll');
        table.removeAttribute('tabindex');
        return;
      }
      if (table.getAttribute('tabindex') !== '0') table.setAttribute('tabindex', '0');
      if (table.getAttribute('data-scroll') !== states[i]) table.setAttribute('data-scroll', states[i]);
    });
  }
  function onScroll(event) { scrollStates([event.currentTarget]); }

  // A table's width changes with the window, the fonts and a column added by the page (an own run).
  var resized = window.ResizeObserver ? new ResizeObserver(function (entries) {
    scrollStates(entries.map(function (entry) { return entry.target; }));
  }) : null;
  function watchTables() {
    if (resized) resized.disconnect();
    var tables = Array.prototype.slice.call(document.querySelectorAll('.markdown-section table'));
    scrollStates(tables);
    tables.forEach(function (table) {
      if (resized) resized.observe(table);
      // (Added once: the same listener function is not added twice.)
      table.addEventListener('scroll', onScroll, { passive: true });
    });
  }

  function plugin(hook) {
    hook.mounted(function () {
      repairToggle();
      repairLandmarks();
      addName();
    });
    hook.doneEach(function () {
      skipLinkFirst();
      repairLandmarks();
      hideLoadingBar();
      labelToggle();
      linkName();
      watchTables();
    });
  }

  window.$docsify = window.$docsify || {};
  window.$docsify.plugins = (window.$docsify.plugins || []).concat(plugin);
})();
