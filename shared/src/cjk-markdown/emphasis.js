// Emphasis next to Chinese punctuation, in docsify's marked as markdown-it-cjk-friendly does it in
// the prerender's markdown-it (docs/src/prerender/markdown.js): one rule for both renderers. In
// CommonMark a `**` run closes only if it is right-flanking, and a run after punctuation and before a
// letter is not, so `**完整程序：**本站` stays literal. The CJK-friendly amendment: a `*` (or `~~`) run
// next to a CJK character (east-asian-width.js, EMPHASIS) on either side is left- and right-flanking
// whatever punctuation is on the other side; everything else is CommonMark's rule. `_` is unchanged,
// and so is marked's single-`~` strikethrough, which markdown-it does not have.
//
// marked decides with regular expressions, one alternative per kind of delimiter run (its
// emStrongRDelimAst and delRDelim: groups 1-2 close only, 3-4 open only, 5-6 both). This file gives
// it the same expressions with the CJK cases moved from "close only" and "open only" to "both", and,
// when opening, lets a run open next to a CJK character (and reads the character before a run whole,
// where marked passes half of a surrogate pair); marked's own algorithm does the rest. Not carried
// over: the variation-selector cases of the amendment (a run after a character + U+FE00-FE0E), which
// the site's Chinese never has.
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./east-asian-width'));
  else {
    root.CjkMarkdown = root.CjkMarkdown || {};
    root.CjkMarkdown.emphasis = factory(root.CjkMarkdown.eastAsianWidth);
  }
})(typeof self !== 'undefined' ? self : this, function (eastAsianWidth) {
  'use strict';
  var CJK = eastAsianWidth.EMPHASIS;

  // The closing-run expression of marked 18 for one marker, with the CJK cases of "close only" (2)
  // and "open only" (3) sent on to "both" (6). run: the delimiter run; not: "not the marker";
  // skip: marked's alternatives that step over text; punct / notPunctSpace: marked's classes.
  function closingRuns(run, not, skip, punct, notPunctSpace) {
    return new RegExp(skip +
      '|' + not + punct + '(' + run + ')(?=[\\s]|$)' + // (1) close only
      '|' + notPunctSpace + '(' + run + ')' + not + '(?=[\\s]|$|(?<!' + CJK + '(?:' + run + '))(?!' + CJK + ')' + punct + ')' + // (2) close only
      '|' + not + '(?:[\\s]|(?!' + CJK + ')' + punct + '(?!(?:' + run + ')' + CJK + '))(' + run + ')(?=' + notPunctSpace + ')' + // (3) open only
      '|[\\s](' + run + ')' + not + '(?=' + punct + ')' + // (4) open only
      '|' + not + punct + '(' + run + ')' + not + '(?=' + punct + ')' + // (5) both
      '|(?:' + notPunctSpace + '|' + not + punct + ')(' + run + ')' + not + '(?=' + notPunctSpace + '|' + punct + ')', // (6) both
    'gu');
  }
  // marked's GFM classes: for `*` runs a `~` is not punctuation (it may start a strikethrough).
  var STAR_CLOSING = closingRuns('\\*+', '(?!\\*)', '^[^_*]*?__[^_*]*?\\*[^_*]*?(?=__)|[^*]+(?=[^*])',
    '(?!~)[\\p{P}\\p{S}]', '(?:[^\\s\\p{P}\\p{S}]|~)');
  var TILDE_CLOSING = closingRuns('~~?', '(?!~)', '^[^~]+(?=[^~])', '[\\p{P}\\p{S}]', '[^\\s\\p{P}\\p{S}]');

  function codePointBefore(text, end) {
    if (end <= 0) return '';
    var low = text.charCodeAt(end - 1);
    var start = low >= 0xdc00 && low <= 0xdfff && end >= 2 ? end - 2 : end - 1;
    return String.fromCodePoint(text.codePointAt(start));
  }

  // A tokenizer method of marked (emStrong or del) for runs of `marker` of at least minRun and at most
  // maxRun (markdown-it strikes through with `~~` only: a single `~` keeps marked's own rule).
  function cjkFriendly(Tokenizer, name, marker, minRun, maxRun, closingRule, closing) {
    return function (src, maskedSrc, prevChar) {
      if (!this.options.gfm || this.options.pedantic) return false;
      var run = 0;
      while (run < src.length && src.charAt(run) === marker) run += 1;
      if (run < minRun || run > maxRun) return false;
      var prev = prevChar || '';
      var before = codePointBefore(maskedSrc, maskedSrc.length - src.length);
      // marked tries again after the first marker of a run that did not open: no run of its own.
      if (prev && before !== marker) {
        // marked passes the last code unit of the text before, half of an emoji or of a rare Han
        // character; the character itself is in the masked source.
        prev = before;
        var after = src.codePointAt(run);
        var next = after === undefined ? '' : String.fromCodePoint(after);
        // marked lets a run open after no character: that is what a CJK neighbour allows.
        if (eastAsianWidth.isEmphasisCjk(before) || (next && eastAsianWidth.isEmphasisCjk(next))) prev = '';
      }
      // While this run is read (and the text inside it, which may hold other runs), marked closes runs
      // of this marker by the CJK-friendly expression.
      var rules = this.rules;
      var inline = Object.assign({}, rules.inline);
      inline[closingRule] = closing;
      this.rules = Object.assign({}, rules, { inline: inline });
      try {
        return Tokenizer.prototype[name].call(this, src, maskedSrc, prev);
      } finally {
        this.rules = rules;
      }
    };
  }

  /** The marked extension (marked.use(...)) for a marked whose Tokenizer class is given. */
  function marked(Tokenizer) {
    return {
      tokenizer: {
        emStrong: cjkFriendly(Tokenizer, 'emStrong', '*', 1, Infinity, 'emStrongRDelimAst', STAR_CLOSING),
        del: cjkFriendly(Tokenizer, 'del', '~', 2, 2, 'delRDelim', TILDE_CLOSING),
      },
    };
  }

  return { marked: marked };
});
