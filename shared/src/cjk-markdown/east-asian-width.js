// Which characters count as East Asian for the site's two CJK rules of Markdown (line-breaks.js,
// emphasis.js), the same in node (the prerender's markdown-it) and in the browser (docsify's marked,
// plugins/cjk-markdown.js). Both start from one table, Unicode's East Asian Width F, W and H
// (UAX #11), as get-east-asian-width 1.7.0 has it (the library markdown-it-cjk-friendly classifies
// with); shared/test/cjk-markdown/east-asian-width.test.js checks every code point
// against it and prints the new table when it differs.
// - LINE_BREAK: F, W or H, and not Hangul (CSS Text 3, segment break transformation: a line break
//   between two such characters is removed; Korean keeps its spaces).
// - EMPHASIS: F or H, W unless an emoji shown as one, or Hangul (markdown-it-cjk-friendly's "CJK
//   character": next to one, `**` opens or closes whatever punctuation is on the other side).
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else {
    root.CjkMarkdown = root.CjkMarkdown || {};
    root.CjkMarkdown.eastAsianWidth = factory();
  }
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';
  // Code point ranges (hex) of East Asian Width F, W and H.
  var WIDE_RANGES = '1100-115f 20a9 231a-231b 2329-232a 23e9-23ec 23f0 23f3 25fd-25fe 2614-2615 2630-2637 2648-2653 ' +
    '267f 268a-268f 2693 26a1 26aa-26ab 26bd-26be 26c4-26c5 26ce 26d4 26ea 26f2-26f3 26f5 26fa 26fd 2705 270a-270b ' +
    '2728 274c 274e 2753-2755 2757 2795-2797 27b0 27bf 2b1b-2b1c 2b50 2b55 2e80-2e99 2e9b-2ef3 2f00-2fd5 2ff0-303e ' +
    '3041-3096 3099-30ff 3105-312f 3131-318e 3190-31e5 31ef-321e 3220-3247 3250-a48c a490-a4c6 a960-a97c ac00-d7a3 ' +
    'f900-faff fe10-fe19 fe30-fe52 fe54-fe66 fe68-fe6b ff01-ffbe ffc2-ffc7 ffca-ffcf ffd2-ffd7 ffda-ffdc ffe0-ffe6 ' +
    'ffe8-ffee 16fe0-16fe4 16ff0-16ff6 17000-18cda 18cff-18d20 18d80-18df2 18e00-19191 191a0-191d2 1aff0-1aff3 ' +
    '1aff5-1affb 1affd-1affe 1b000-1b128 1b132 1b150-1b152 1b155 1b164-1b168 1b170-1b2fb 1d300-1d356 1d360-1d376 ' +
    '1f004 1f0cf 1f18e 1f191-1f19a 1f1ae 1f200-1f202 1f210-1f23b 1f240-1f248 1f250-1f251 1f260-1f265 1f300-1f320 ' +
    '1f32d-1f335 1f337-1f37c 1f37e-1f393 1f3a0-1f3ca 1f3cf-1f3d3 1f3e0-1f3f0 1f3f4 1f3f8-1f43e 1f440 1f442-1f4fc ' +
    '1f4ff-1f53d 1f54b-1f54e 1f550-1f567 1f57a 1f595-1f596 1f5a4 1f5fb-1f64f 1f680-1f6c5 1f6cc 1f6d0-1f6d2 ' +
    '1f6d5-1f6d9 1f6dc-1f6df 1f6eb-1f6ec 1f6f4-1f6fc 1f7da 1f7e0-1f7eb 1f7f0 1f90c-1f93a 1f93c-1f945 1f947-1f9ff ' +
    '1fa70-1fa7c 1fa80-1fac6 1fac8 1facc-1fadd 1fadf-1faeb 1faef-1fafa 20000-2fffd 30000-3fffd';

  // A regular-expression character class of the table (for a RegExp with the u flag).
  var WIDE = '[' + WIDE_RANGES.split(' ').map(function (range) {
    return range.split('-').map(function (hex) { return '\\u{' + hex + '}'; }).join('-');
  }).join('') + ']';

  // One character of each class, as regular-expression source (u flag).
  var LINE_BREAK = '(?:(?!\\p{sc=Hangul})' + WIDE + ')';
  var EMPHASIS = '(?:(?!\\p{Emoji_Presentation})' + WIDE + '|\\p{sc=Hangul})';

  // Full-width punctuation (regular-expression source, u flag): CJK symbols and punctuation, vertical
  // and compatibility forms, full-width and half-width forms (，。：；！？、「」（）《》 ...).
  var FULL_WIDTH_PUNCTUATION = '(?=[\\p{P}\\p{S}])[\\u3001-\\u303f\\ufe10-\\ufe19\\ufe30-\\ufe6b\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-\\uff40\\uff5b-\\uff65]';

  var lineBreakChar = new RegExp('^' + LINE_BREAK + '$', 'u');
  var emphasisChar = new RegExp('^' + EMPHASIS + '$', 'u');

  return {
    WIDE_RANGES: WIDE_RANGES,
    LINE_BREAK: LINE_BREAK,
    EMPHASIS: EMPHASIS,
    FULL_WIDTH_PUNCTUATION: FULL_WIDTH_PUNCTUATION,
    /** Whether a line break next to this character (one code point, as a string) may go. */
    isLineBreakCjk: function (ch) { return lineBreakChar.test(ch); },
    /** Whether `**` next to this character (one code point, as a string) opens and closes as CJK text. */
    isEmphasisCjk: function (ch) { return emphasisChar.test(ch); },
  };
});
