// Finding one's way inside a long page:
// - "On this page": the page's h2 and h3 headings as links (docsify's own heading anchors), beside the
//   text on wide screens (site-layout.css), the heading being read marked (aria-current) as the
//   reader scrolls; on a page with fewer than two such headings there is none;
// - back to top: a button once the reader has scrolled a screen down; it scrolls to the top and puts
//   the keyboard focus on the page's title.
// Labels in the page's language (docs/ui-strings.json: onThisPage, backToTop).
(function () {
  'use strict';
  var site = window.DROGON_SITE;
  var routes = window.DROGON_ROUTES;
  var MIN_HEADINGS = 2;

  function ui() { return site.ui[routes.languageOfAddress().code]; }

  var toc = null;
  var entries = []; // [{ heading, link }]

  function buildToc() {
    if (toc) toc.parentNode.removeChild(toc);
    toc = null;
    entries = [];
    var main = document.querySelector('.markdown-section');
    var content = main && main.parentNode;
    if (!main || !content) return;
    var headings = main.querySelectorAll('h2[id], h3[id]');
    if (headings.length < MIN_HEADINGS) return;
    toc = document.createElement('nav');
    toc.className = 'page-toc';
    var title = document.createElement('h2');
    title.id = 'page-toc-title';
    title.textContent = ui().onThisPage;
    toc.setAttribute('aria-labelledby', title.id);
    var list = document.createElement('ul');
    Array.prototype.forEach.call(headings, function (heading) {
      var anchor = heading.querySelector('a.anchor') || heading.querySelector('a');
      var item = document.createElement('li');
      item.className = 'toc-' + heading.tagName.toLowerCase();
      var link = document.createElement('a');
      link.textContent = heading.textContent.trim();
      link.href = anchor ? anchor.getAttribute('href') : '#' + heading.id;
      item.appendChild(link);
      list.appendChild(item);
      entries.push({ heading: heading, link: link });
    });
    toc.appendChild(title);
    toc.appendChild(list);
    content.appendChild(toc);
    follow();
  }

  // The heading being read: the last one whose top has passed a third of the window.
  function follow() {
    if (!entries.length) return;
    var line = window.innerHeight / 3;
    var current = entries[0];
    for (var i = 0; i < entries.length; i++) {
      if (entries[i].heading.getBoundingClientRect().top <= line) current = entries[i];
      else break;
    }
    entries.forEach(function (e) {
      if (e === current) e.link.setAttribute('aria-current', 'location');
      else e.link.removeAttribute('aria-current');
    });
  }

  var backToTop = null;
  function buildBackToTop() {
    backToTop = document.createElement('button');
    backToTop.type = 'button';
    backToTop.className = 'back-to-top';
    backToTop.hidden = true;
    var arrow = document.createElement('span');
    arrow.setAttribute('aria-hidden', 'true');
    arrow.textContent = '\u2191'; // ↑
    var text = document.createElement('span');
    text.className = 'back-to-top-text';
    backToTop.appendChild(arrow);
    backToTop.appendChild(text);
    backToTop.addEventListener('click', function () {
      var title = document.querySelector('.markdown-section h1') || document.querySelector('.markdown-section');
      if (title && !title.hasAttribute('tabindex')) title.setAttribute('tabindex', '-1');
      if (title) title.focus({ preventScroll: true });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    });
    document.body.appendChild(backToTop);
  }
  function labelBackToTop() {
    if (backToTop) backToTop.lastChild.textContent = ui().backToTop;
  }
  function showBackToTop() {
    if (backToTop) backToTop.hidden = window.scrollY < window.innerHeight;
  }

  var ticking = false;
  window.addEventListener('scroll', function () {
    if (ticking) return;
    ticking = true;
    window.requestAnimationFrame(function () {
      ticking = false;
      follow();
      showBackToTop();
    });
  }, { passive: true });

  function plugin(hook) {
    hook.mounted(buildBackToTop);
    hook.doneEach(function () {
      buildToc();
      labelBackToTop();
      showBackToTop();
    });
  }

  window.$docsify = window.$docsify || {};
  window.$docsify.plugins = (window.$docsify.plugins || []).concat(plugin);
})();
