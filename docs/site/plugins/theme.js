// Dark mode. Loaded in <head>, right after the stylesheets, so the page is painted in its theme from
// the start. docsify 5's dark theme (vendor/docsify/themes/addons/core-dark.min.css, <link id="theme-dark">)
// applies when the OS asks for it (prefers-color-scheme: its media attribute in index.html, also without
// this script); the navbar toggle overrides that, and the choice is kept in localStorage. The effective
// theme is on <html data-theme="light|dark"> (site.css takes the charts' colours from it) and every change
// fires a "drogon-themechange" event on window (plugins/benchmark-charts.js redraws its charts).
(function () {
  'use strict';
  var KEY = 'drogon-docs-theme';
  var darkSheet = document.getElementById('theme-dark');
  var osDark = window.matchMedia('(prefers-color-scheme: dark)');
  var button = null;
  var choiceThisView = null; // the toggle's choice where storage is blocked: kept for this page view

  function chosen() {
    try {
      var value = window.localStorage.getItem(KEY);
      if (value === 'dark' || value === 'light') return value;
    } catch (e) { /* storage blocked */ }
    return choiceThisView;
  }

  function current() { return chosen() || (osDark.matches ? 'dark' : 'light'); }

  function labelButton() {
    if (!button) return;
    // The button exists from docsify's ready hook on, when navigation-map.js and site-routes.js have run.
    var site = window.DROGON_SITE;
    var routes = window.DROGON_ROUTES;
    var dark = current() === 'dark';
    var label = site.ui[routes.languageOfAddress().code].darkMode;
    button.setAttribute('aria-pressed', dark ? 'true' : 'false');
    button.setAttribute('aria-label', label);
    button.title = label;
    button.textContent = dark ? '\u263E' : '\u2600'; // ☾ / ☀: the theme shown
  }

  function apply() {
    var theme = current();
    if (darkSheet) darkSheet.media = theme === 'dark' ? 'all' : 'not all';
    document.documentElement.setAttribute('data-theme', theme);
    labelButton();
    window.dispatchEvent(new CustomEvent('drogon-themechange', { detail: { theme: theme } }));
  }

  function toggle() {
    choiceThisView = current() === 'dark' ? 'light' : 'dark';
    try { window.localStorage.setItem(KEY, choiceThisView); } catch (e) { /* blocked: this view only */ }
    apply();
  }

  // The toggle sits in the navbar's language switcher (plugins/language.js), last.
  function addButton() {
    if (button) return;
    button = document.createElement('button');
    button.type = 'button';
    button.className = 'theme-toggle';
    button.addEventListener('click', toggle);
    var list = document.querySelector('.lang-switcher > ul');
    if (list) {
      var item = document.createElement('li');
      item.appendChild(button);
      list.appendChild(item);
    } else {
      document.body.appendChild(button);
    }
    labelButton();
  }

  apply();
  // Follows the OS while the reader has not chosen (a choice in another tab applies here too).
  var follow = function () { apply(); };
  if (osDark.addEventListener) osDark.addEventListener('change', follow);
  window.addEventListener('storage', function (e) { if (e.key === KEY) apply(); });

  var plugin = function (hook) {
    hook.ready(addButton);
    hook.doneEach(labelButton);
  };
  window.$docsify = window.$docsify || {};
  window.$docsify.plugins = (window.$docsify.plugins || []).concat(plugin);
})();
