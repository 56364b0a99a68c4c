// Links in highlighted code, the same in node (the prerender, docs/src/prerender/markdown.js) and in
// the browser (plugins/code-links.js, after docsify's own Prism highlighting): a code block's names
// become links to their declarations without touching Prism's markup or the code's text.
// - blockKey: which block a page's link data is for, from the block's text alone (both renderers see
//   the same text; FNV-1a, as node and the browser compute it alike, plus the length).
// - linkHighlighted: Prism's HTML of a block and the block's links [[start, length, target], ...]
//   (offsets in the block's text) -> the same HTML with each name wrapped in <a class="code-link">.
//   A link is made only where its whole name lies in one run of text between tags and the text
//   there is the name the link data expects: data for another version of the block links nothing,
//   never a wrong name.
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.DROGON_CODE_LINKS = factory();
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  var ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: '\'', nbsp: '\u00a0' };

  function decodeEntity(entity) {
    var m = /^&#(x[0-9a-f]+|[0-9]+);$/i.exec(entity);
    if (m) return String.fromCodePoint(m[1][0].toLowerCase() === 'x' ? parseInt(m[1].slice(1), 16) : parseInt(m[1], 10));
    var name = entity.slice(1, -1);
    return Object.prototype.hasOwnProperty.call(ENTITIES, name) ? ENTITIES[name] : entity;
  }

  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\'': '&#39;' }[c];
    });
  }

  // The highlighted HTML as pieces: { tag } or { text, html } (html: the piece as written).
  function pieces(html) {
    var out = [];
    var re = /<[^>]*>|&(?:#x[0-9a-f]+|#[0-9]+|[a-z]+);|[^<&]+|&/gi;
    var m;
    while ((m = re.exec(html))) {
      var s = m[0];
      if (s[0] === '<') out.push({ tag: s });
      else if (s[0] === '&' && s.length > 1) out.push({ text: decodeEntity(s), html: s });
      else out.push({ text: s, html: s });
    }
    return out;
  }

  /** The text of highlighted HTML (tags dropped, entities decoded). */
  function htmlText(html) {
    return pieces(html).map(function (p) { return p.tag ? '' : p.text; }).join('');
  }

  /** The key of a block's text (a final line break, which one renderer keeps and the other not, ignored). */
  function blockKey(text) {
    var t = String(text).replace(/\n+$/, '');
    var h = 0x811c9dc5;
    for (var i = 0; i < t.length; i++) {
      h ^= t.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return ('0000000' + h.toString(16)).slice(-8) + '-' + t.length;
  }

  function escapeText(text) {
    return String(text).replace(/[&<>]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;' }[c]; });
  }

  /**
   * html: Prism's markup of one block; links: [[start, length, target], ...] sorted by start (offsets
   * in the block's text); names: the name each link expects there (names[i] for links[i]);
   * anchor(target, name): the opening tag of its link, or null for none. Returns { html, linked,
   * skipped }; a run of text without a link keeps its markup byte for byte.
   */
  function linkHighlighted(html, links, names, anchor) {
    var parts = pieces(html);
    var out = '';
    var offset = 0;
    var k = 0;
    var linked = 0;
    var skipped = 0;
    var i = 0;
    while (i < parts.length) {
      if (parts[i].tag) {
        out += parts[i].tag;
        i++;
        continue;
      }
      var run = [];
      while (i < parts.length && !parts[i].tag) run.push(parts[i++]);
      var text = run.map(function (r) { return r.text; }).join('');
      var end = offset + text.length;
      var written = '';
      var at = 0;
      while (k < links.length && links[k][0] < end) {
        var s = links[k][0] - offset;
        var e = s + links[k][1];
        var open = s >= at && e <= text.length && text.slice(s, e) === names[k] ? anchor(links[k][2], names[k]) : null;
        if (open) {
          written += escapeText(text.slice(at, s)) + open + escapeText(names[k]) + '</a>';
          at = e;
          linked++;
        } else {
          skipped++;
        }
        k++;
      }
      out += at > 0 ? written + escapeText(text.slice(at)) : run.map(function (r) { return r.html; }).join('');
      offset = end;
    }
    skipped += links.length - k;
    return { html: out, linked: linked, skipped: skipped };
  }

  /**
   * One block's highlighted HTML linked with a page's link data ({ blocks: { key: links }, targets:
   * [{ n: name, ... }] }); hrefOf(target) -> { href, external } or null. Returns { html, linked, skipped }.
   */
  function linkBlock(html, data, hrefOf) {
    var links = data && data.blocks ? data.blocks[blockKey(htmlText(html))] : null;
    if (!links) return { html: html, linked: 0, skipped: 0 };
    var names = links.map(function (l) { return data.targets[l[2]] ? data.targets[l[2]].n : null; });
    return linkHighlighted(html, links, names, function (t) {
      var target = data.targets[t];
      var to = target ? hrefOf(target) : null;
      if (!to) return null;
      return '<a class="code-link" href="' + escapeHtml(to.href) + '" data-code-link="' + t + '"'
        + (to.external ? ' target="_blank" rel="noopener"' : '') + '>';
    });
  }

  // A C++ block (or a diff of C++, on a tutorial page) as both renderers write it:
  // <pre data-lang="cpp" ...><code ...>highlighted</code></pre>. A block the data has no key for stays.
  var CPP_BLOCK = /(<pre data-lang="(?:cpp|diff)"[^>]*>\s*<code[^>]*>)([\s\S]*?)(<\/code>)/g;

  /** Every C++ block of a page's HTML linked (linkBlock): { html, linked, skipped }. */
  function linkPage(html, data, hrefOf) {
    var linked = 0;
    var skipped = 0;
    var out = html.replace(CPP_BLOCK, function (all, open, inner, close) {
      var r = linkBlock(inner, data, hrefOf);
      linked += r.linked;
      skipped += r.skipped;
      return open + r.html + close;
    });
    return { html: out, linked: linked, skipped: skipped };
  }

  return { blockKey: blockKey, htmlText: htmlText, linkHighlighted: linkHighlighted, linkBlock: linkBlock, linkPage: linkPage, escapeHtml: escapeHtml };
});
