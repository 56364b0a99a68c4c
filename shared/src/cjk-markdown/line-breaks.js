// A line break inside a Chinese (or Japanese) sentence joins the lines: Chromium draws a line break in
// HTML text as a space, so `异步的。\n网络` would read `异步的。 网络`. The rule is CSS Text 3's segment
// break transformation: the break (with the spaces around it) goes when the characters on both sides
// are East Asian wide (east-asian-width.js: F, W or H, not Hangul), or when either is a zero-width
// space. The characters on each side are what the reader sees next to the break: text and inline
// code; emphasis, link and HTML tags are looked through; an image or a hard break ends the look.
// One rule, two renderers: `markdownIt` (the prerender and the search index, docs/src/prerender/
// markdown.js) and `marked` (docsify in the browser, plugins/cjk-markdown.js, and node's copy of it,
// docs/src/docsify/docsify-runtime.js). (markdown-it-cjk-breaks 2.0.0, the registry's newest, throws
// on `**a**\nb` and looks past inline code.)
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./east-asian-width'));
  else {
    root.CjkMarkdown = root.CjkMarkdown || {};
    root.CjkMarkdown.lineBreaks = factory(root.CjkMarkdown.eastAsianWidth);
  }
})(typeof self !== 'undefined' ? self : this, function (eastAsianWidth) {
  'use strict';
  var ZERO_WIDTH_SPACE = '\u200b';

  /** Whether a line break between these two characters ('' when there is none) joins the lines. */
  function joinsLines(before, after) {
    if (before === ZERO_WIDTH_SPACE || after === ZERO_WIDTH_SPACE) return true;
    return before !== '' && after !== '' && eastAsianWidth.isLineBreakCjk(before) && eastAsianWidth.isLineBreakCjk(after);
  }

  function edge(text, last) {
    if (!text) return '';
    if (!last) return String.fromCodePoint(text.codePointAt(0));
    var chars = Array.from(text);
    return chars[chars.length - 1];
  }

  // markdown-it: a core rule after the inline parse. Its inline tokens are flat (strong_open, text,
  // strong_close ...): text and inline code are seen, other tags looked through, an image or a hard
  // break ends the look. A joined softbreak becomes empty text.
  var MARKDOWN_IT_SEEN = { text: true, code_inline: true };
  var MARKDOWN_IT_WALL = { image: true, hardbreak: true, softbreak: true };
  function markdownItNeighbour(children, from, step) {
    for (var j = from; j >= 0 && j < children.length; j += step) {
      var token = children[j];
      if (MARKDOWN_IT_WALL[token.type]) return '';
      if (MARKDOWN_IT_SEEN[token.type] && token.content) return edge(token.content, step < 0);
    }
    return '';
  }
  function markdownIt(md) {
    md.core.ruler.push('cjk_line_breaks', function (state) {
      state.tokens.forEach(function (block) {
        if (block.type !== 'inline' || !block.children) return;
        var children = block.children;
        for (var i = 0; i < children.length; i++) {
          if (children[i].type !== 'softbreak') continue;
          if (joinsLines(markdownItNeighbour(children, i - 1, -1), markdownItNeighbour(children, i + 1, 1))) {
            children[i].type = 'text';
            children[i].content = '';
          }
        }
      });
    });
  }

  // marked: an inline extension. marked keeps a soft line break inside its text ("a \n b"); `start`
  // ends text at each break, so the break (with the spaces around it) becomes a token of its own,
  // which remembers the tokens it sits among. When rendered, it is '' where the lines join and its
  // own text otherwise (so a page without such breaks renders byte for byte as before). Its
  // neighbours: text, escapes and inline code are seen; emphasis, strikethrough and links are looked
  // into; inline HTML is looked through; an image or a hard break ends the look.
  var MARKED_BREAK = /^[ \t]*\n[ \t]*/;
  var LINE_BREAK_TOKEN = 'cjkLineBreak';
  var WALL = {};
  // As markdown-it decides its breaks in order: looking back, a break already joined is looked
  // through and one kept ends the look; looking on, every break ends it.
  function markedEdge(token, last) {
    if (token.type === 'text' || token.type === 'escape' || token.type === 'codespan') {
      return token.tokens ? markedNeighbour(token.tokens, last ? token.tokens.length : -1, last ? -1 : 1) : edge(token.text, last);
    }
    if (token.type === 'html') return '';
    if (token.type === LINE_BREAK_TOKEN) return last && joins(token) ? '' : WALL;
    if (token.tokens && token.type !== 'image') return markedNeighbour(token.tokens, last ? token.tokens.length : -1, last ? -1 : 1);
    return WALL;
  }
  function markedNeighbour(tokens, index, step) {
    for (var j = index + step; j >= 0 && j < tokens.length; j += step) {
      var seen = markedEdge(tokens[j], step < 0);
      if (seen === WALL) return '';
      if (seen) return seen;
    }
    return '';
  }
  function joins(token) {
    var place = token.place;
    return joinsLines(markedNeighbour(place.tokens, place.index, -1), markedNeighbour(place.tokens, place.index, 1));
  }

  // Where a break token sits: its run of tokens and its index there. docsify renders copies of some
  // tokens (a callout's first paragraph) and caches pages by the JSON of their tokens: the place goes
  // with a copy and stays out of the JSON.
  function Place(tokens, index) { this.tokens = tokens; this.index = index; }
  Place.prototype.toJSON = function () { return null; };
  var marked = {
    extensions: [{
      name: LINE_BREAK_TOKEN,
      level: 'inline',
      start: function (src) {
        var at = src.search(/[ \t]*\n/);
        return at < 0 ? undefined : at;
      },
      tokenizer: function (src, tokens) {
        var match = MARKED_BREAK.exec(src);
        // Two spaces before the break make it a hard break (marked's br): not ours.
        if (!match || /^ {2,}\n/.test(src)) return undefined;
        return { type: LINE_BREAK_TOKEN, raw: match[0], place: new Place(tokens, tokens.length) };
      },
      renderer: function (token) {
        return joins(token) ? '' : token.raw;
      },
    }],
  };

  return { joinsLines: joinsLines, markdownIt: markdownIt, marked: marked };
});
