// A copy button on every code block of a page, labelled in the page's language (docs/ui-strings.json:
// copyCode, copyCodeLabel, copied, copyFailed). Clicking puts exactly the block's code (the text of its
// <code>, as the Markdown wrote it) on the clipboard. Ours rather than docsify-copy-code 3.0.2, which
// injects an inline <style> that the site's CSP (style-src 'self' plus one hash) refuses.
(function () {
  'use strict';
  var site = window.DROGON_SITE;
  var routes = window.DROGON_ROUTES;

  function uiOfPage() {
    return site.ui[routes.languageOfAddress().code];
  }

  // The Clipboard API where the page is a secure context (https, localhost); else the copy command
  // on a hidden text area (a site served over plain http on another host).
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.className = 'copy-code-scratch';
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
      document.body.removeChild(area);
      if (ok) resolve(); else reject(new Error('the browser refused the copy command'));
    });
  }

  function addButtons(container) {
    var blocks = container.querySelectorAll('pre > code');
    var ui = uiOfPage();
    Array.prototype.forEach.call(blocks, function (code) {
      var pre = code.parentElement;
      if (pre.querySelector(':scope > button.copy-code')) return;
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'copy-code';
      button.textContent = ui.copyCode;
      button.setAttribute('aria-label', ui.copyCodeLabel);
      pre.appendChild(button);
    });
  }

  function onClick(event) {
    var button = event.target.closest && event.target.closest('button.copy-code');
    if (!button) return;
    var code = button.parentElement.querySelector(':scope > code');
    var ui = uiOfPage();
    var done = function (text, state) {
      button.textContent = text;
      button.setAttribute('data-state', state);
      clearTimeout(button.copyReset);
      button.copyReset = setTimeout(function () {
        button.textContent = ui.copyCode;
        button.removeAttribute('data-state');
      }, 2000);
    };
    copyText(code.textContent).then(function () { done(ui.copied, 'copied'); }, function (err) {
      console.error('copy-code: ' + err.message);
      done(ui.copyFailed, 'failed');
    });
  }

  var plugin = function (hook) {
    hook.mounted(function () { document.addEventListener('click', onClick); });
    hook.doneEach(function () { addButtons(document.querySelector('.markdown-section') || document.body); });
  };
  window.$docsify = window.$docsify || {};
  window.$docsify.plugins = (window.$docsify.plugins || []).concat(plugin);
})();
