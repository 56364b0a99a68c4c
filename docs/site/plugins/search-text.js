// Text processing of the site's search, the same in the browser (plugins/search.js loads it on first
// use) and in node (docs/src/search builds the folding table with it and tests it):
// - fold: Simplified and Traditional Chinese to one form, so a query in either script finds text in
//   either. Character by character with OpenCC's character tables (Traditional -> Simplified, Taiwan
//   and Hong Kong variants first), then the phrases of the project's term table
//   (docs/zh-tw-overrides.json: 内存 / 記憶體 fold to one form), longest match first. Index and query
//   go through the same function, so whatever it does to one it does to the other.
// - tokenize: words of letters and digits; runs of CJK characters as overlapping pairs (CJK text has
//   no spaces), plus each run's last character, so every character starts a term and a one-character
//   query still finds its words by prefix.
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.DROGON_SEARCH_TEXT = factory();
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  // Ideographs (with extensions and compatibility forms), kana, hangul.
  var CJK_CLASS = '\\u2e80-\\u2fdf\\u3005\\u3007\\u3021-\\u3029\\u3040-\\u30ff\\u3100-\\u312f\\u3190-\\u31ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\u{20000}-\\u{3ffff}';
  var CJK = new RegExp('[' + CJK_CLASS + ']', 'u');
  var TOKEN = new RegExp('[' + CJK_CLASS + ']+|[\\p{L}\\p{N}_]+', 'gu');

  function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }

  // table: { chars: "TSTS..." (pairs of code points: from, to), phrases: [[phrase, folded], ...] }.
  // Returns fold(text) -> text.
  function createFolder(table) {
    var chars = Array.from(table.chars);
    if (chars.length % 2 !== 0) throw new Error('search fold table: "chars" must hold pairs of characters');
    var map = new Map();
    for (var i = 0; i < chars.length; i += 2) map.set(chars[i], chars[i + 1]);
    var phraseMap = new Map(table.phrases);
    var keys = table.phrases.map(function (p) { return p[0]; }).sort(function (a, b) { return b.length - a.length || (a < b ? -1 : 1); });
    var pattern = keys.length ? new RegExp(keys.map(escapeRegExp).join('|'), 'g') : null;
    function foldChars(text) {
      var out = '';
      for (var ch of text) out += map.has(ch) ? map.get(ch) : ch;
      return out;
    }
    function fold(text) {
      var folded = foldChars(String(text));
      return pattern ? folded.replace(pattern, function (phrase) { return phraseMap.get(phrase); }) : folded;
    }
    fold.chars = foldChars;
    return fold;
  }

  function tokenize(text) {
    var tokens = [];
    var match;
    TOKEN.lastIndex = 0;
    while ((match = TOKEN.exec(text))) {
      var run = match[0];
      if (!CJK.test(run)) { tokens.push(run); continue; }
      var chars = Array.from(run);
      for (var i = 0; i + 1 < chars.length; i++) tokens.push(chars[i] + chars[i + 1]);
      tokens.push(chars[chars.length - 1]);
    }
    return tokens;
  }

  function isCjk(term) {
    return CJK.test(term);
  }

  // A short excerpt of text around the first place where one of the query's words occurs, compared
  // after folding characters (which keeps positions: one character for one).
  function excerpt(text, query, foldChars, size) {
    var chars = Array.from(text);
    var folded = Array.from(foldChars ? foldChars(text) : text).join('').toLowerCase();
    var at = -1;
    var words = (foldChars ? foldChars(query) : query).toLowerCase().split(/\s+/).filter(Boolean);
    for (var w = 0; w < words.length && at < 0; w++) {
      var index = folded.indexOf(words[w]);
      if (index >= 0) at = Array.from(folded.slice(0, index)).length;
    }
    var start = Math.max(0, (at < 0 ? 0 : at) - Math.floor(size / 3));
    var end = Math.min(chars.length, start + size);
    return (start > 0 ? '…' : '') + chars.slice(start, end).join('') + (end < chars.length ? '…' : '');
  }

  // The search of one language. MiniSearch: the library (window.MiniSearch or require('minisearch'));
  // data: search/<code>.json ({ pages: [{ route, title }], sections: [[page, id, title, text]] });
  // fold: createFolder(...) for the Chinese languages, else null. Resolves to
  // { search(query) -> { total, results: [{ route, id, href, title, excerpt }] } }.
  function createIndex(MiniSearch, data, fold, options) {
    var opts = options || {};
    var max = opts.maxResults || 20;
    var excerptChars = opts.excerptChars || 120;
    var normalize = fold || function (t) { return t; };
    var mini = new MiniSearch({
      fields: ['title', 'text'],
      tokenize: function (t) { return tokenize(normalize(t)); },
      processTerm: function (term) { return term.toLowerCase(); },
      searchOptions: {
        boost: { title: 3 },
        combineWith: 'AND',
        prefix: true,
        // Typos in words of letters; CJK pairs are matched as they are.
        fuzzy: function (term) { return !isCjk(term) && term.length > 3 ? 0.2 : false; },
      },
    });
    var docs = data.sections.map(function (s, i) { return { id: i, title: s[2], text: s[3] }; });
    return mini.addAllAsync(docs, { chunkSize: 50 }).then(function () {
      return {
        search: function (query) {
          var hits = mini.search(query);
          return {
            total: hits.length,
            results: hits.slice(0, max).map(function (hit) {
              var section = data.sections[hit.id];
              var page = data.pages[section[0]];
              var id = section[1];
              return {
                route: page.route,
                id: id,
                href: '#' + encodeURI(page.route) + (id ? '?id=' + encodeURIComponent(id) : ''),
                title: id && section[2] !== page.title ? page.title + ' › ' + section[2] : page.title,
                excerpt: excerpt(section[3], query, fold && fold.chars, excerptChars),
              };
            }),
          };
        },
      };
    });
  }

  return { createFolder: createFolder, tokenize: tokenize, isCjk: isCjk, excerpt: excerpt, createIndex: createIndex };
});
