// Text processing of the site's search, the same in the browser (plugins/search.js loads it on first
// use) and in node (docs/src/search builds the folding table with it and tests it):
// - fold: Simplified and Traditional Chinese to one form, so a query in either script finds text in
//   either. Character by character with OpenCC's character tables (Traditional -> Simplified, Taiwan
//   and Hong Kong variants first), then the phrases of the project's term table
//   (docs/glossary.json and docs/zh-tw-overrides.json: 内存 / 記憶體 fold to one form). Phrases are chosen by the most
//   characters covered, not greedily from the left: 一行程式碼 ("one line of code") must fold as
//   一行 + 程式碼, not as 一 + 行程 ("process") + 式碼. Index and query go through the same function,
//   so whatever it does to one it does to the other.
// - tokenize: words of letters and digits; runs of CJK characters as overlapping pairs (CJK text has
//   no spaces), plus each run's last character, so every character starts a term and a one-character
//   query still finds its words by prefix. Pairs, not Intl.Segmenter: measured on 2026-11-27 (and again after the rebase onto issue 26), its
//   word segmentation split 协程, 上传 and 服务器 into single characters in Node 20 (ICU 78.2) and
//   Chromium 156 alike, and the two split 211 of the 337 Chinese sections' mixed text differently
//   (github.com one word in Node, two in Chromium); pairs are the same code on both sides.
// - query and order (search-rank.js, joined before this file in the browser): a run of CJK characters
//   matches a section whose pairs cover every character of the run, in any order: 上传文件 finds
//   文件上传, while 数据库 still needs 数据 and 据库. Words of letters must all match (prefix; typos in
//   longer words). Sections rank by BM25 with their heading above the page's title and other-language
//   title (alias) and both far above body text, in tiers of how closely the heading says what the
//   query says.
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./search-rank'));
  else root.DROGON_SEARCH_TEXT = factory(root.DROGON_SEARCH_RANK);
})(typeof self !== 'undefined' ? self : this, function (rank) {
  'use strict';

  var CJK = rank.CJK;
  var TOKEN = rank.TOKEN;
  var queryParts = rank.queryParts;

  // table: { chars: "TSTS..." (pairs of code points: from, to), phrases: [[phrase, folded], ...] }.
  // Returns fold(text) -> text.
  function createFolder(table) {
    var chars = Array.from(table.chars);
    if (chars.length % 2 !== 0) throw new Error('search fold table: "chars" must hold pairs of characters');
    var map = new Map();
    for (var i = 0; i < chars.length; i += 2) map.set(chars[i], chars[i + 1]);
    var phraseMap = new Map(table.phrases);
    var longest = 0;
    // Every beginning of a phrase (the phrase itself included): the scans below stop as soon as the
    // text read so far begins no phrase, mostly after one character (ten times faster than reading
    // up to the longest phrase at every character; the result is the same).
    var prefixes = new Set();
    table.phrases.forEach(function (p) {
      var chars = Array.from(p[0]);
      longest = Math.max(longest, chars.length);
      for (var k = 1; k <= chars.length; k++) prefixes.add(chars.slice(0, k).join(''));
    });
    function foldChars(text) {
      var out = '';
      for (var ch of text) out += map.has(ch) ? map.get(ch) : ch;
      return out;
    }
    // Segments text into phrases of the table and single characters so that phrases cover the most
    // characters; on a tie, the phrase that starts first, then the longer one (as a reader segments
    // 内存取自: 内存 + 取自). Computed from the right, one pass.
    function foldPhrases(text) {
      var c = Array.from(text);
      var n = c.length;
      var covered = new Array(n + 1).fill(0);
      var take = new Array(n + 1).fill(0); // length of the phrase taken at i, 0 = the character alone
      for (var i = n - 1; i >= 0; i--) {
        covered[i] = covered[i + 1];
        take[i] = 0;
        var piece = '';
        for (var len = 1; len <= longest && i + len <= n; len++) {
          piece += c[i + len - 1];
          if (!prefixes.has(piece)) break;
          if (!phraseMap.has(piece)) continue;
          var cov = len + covered[i + len];
          if (cov > covered[i] || (cov === covered[i] && len >= take[i])) {
            covered[i] = cov;
            take[i] = len;
          }
        }
      }
      var out = '';
      for (var at = 0; at < n;) {
        if (take[at]) {
          out += phraseMap.get(c.slice(at, at + take[at]).join(''));
          at += take[at];
        } else {
          out += c[at];
          at += 1;
        }
      }
      return out;
    }
    function fold(text) {
      var folded = foldChars(String(text));
      return longest ? foldPhrases(folded) : folded;
    }
    // The folded form of every phrase of the table that occurs in text, wherever it starts, also
    // inside a longer phrase: the index holds them beside fold(text), so a query for 头部 (header)
    // finds 回應標頭, which folds as a whole to 响应头.
    function phraseFoldsIn(text) {
      var c = Array.from(foldChars(String(text)));
      var found = [];
      for (var i = 0; i < c.length; i++) {
        var piece = '';
        for (var len = 1; len <= longest && i + len <= c.length; len++) {
          piece += c[i + len - 1];
          if (!prefixes.has(piece)) break;
          if (phraseMap.has(piece)) found.push(phraseMap.get(piece));
        }
      }
      return found;
    }
    fold.chars = foldChars;
    fold.phrasesIn = phraseFoldsIn;
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
    var words = [];
    // Each word as typed, then the pairs of its CJK runs (上传文件 is found where 文件上传 is written).
    (foldChars ? foldChars(query) : query).toLowerCase().split(/\s+/).filter(Boolean).forEach(function (word) {
      words.push(word);
      queryParts(word).forEach(function (part) { if (part.pairs) words.push.apply(words, part.pairs); });
    });
    for (var w = 0; w < words.length && at < 0; w++) {
      var index = folded.indexOf(words[w]);
      if (index >= 0) at = Array.from(folded.slice(0, index)).length;
    }
    var start = Math.max(0, (at < 0 ? 0 : at) - Math.floor(size / 3));
    var end = Math.min(chars.length, start + size);
    return (start > 0 ? '…' : '') + chars.slice(start, end).join('') + (end < chars.length ? '…' : '');
  }

  // The search of one language. MiniSearch: the library (window.MiniSearch or require('minisearch'));
  // data: search/<code>.json ({ pages: [{ route, title, alias }], sections: [[page, id, title, text]] };
  // alias: the page's title in the site's first language, on its translations, so an English term
  // finds the translated page); fold: createFolder(...) for the Chinese languages, else null.
  // Resolves to { search(query) -> { total, results: [{ route, id, href, title, excerpt }] } }.
  function createIndex(MiniSearch, data, fold, options) {
    var opts = options || {};
    var max = opts.maxResults || 20;
    var excerptChars = opts.excerptChars || 120;
    var normalize = fold || function (t) { return t; };
    var mini = new MiniSearch({
      fields: ['title', 'page', 'text'],
      // Indexed: the folded text, and every phrase inside it folded on its own (fold.phrasesIn).
      tokenize: fold ? function (t) { return tokenize(fold(t) + ' ' + fold.phrasesIn(t).join(' ')); } : tokenize,
      processTerm: function (term) { return term.toLowerCase(); },
      searchOptions: {
        // The query arrives as terms already (queryParts).
        tokenize: function (term) { return [term]; },
        boost: { title: 8, page: 4 },
        prefix: true,
        // Typos in words of letters; CJK pairs are matched as they are.
        fuzzy: function (term) { return !isCjk(term) && term.length > 3 ? 0.2 : false; },
      },
    });
    var docs = data.sections.map(function (s, i) {
      var page = data.pages[s[0]];
      var first = i === 0 || data.sections[i - 1][0] !== s[0];
      return { id: i, title: s[2], page: first ? [page.title].concat(page.alias || []).join(' ') : page.title, text: s[3] };
    });
    return mini.addAllAsync(docs, { chunkSize: 50 }).then(function () {
      return {
        search: function (query) {
          var parts = queryParts(normalize(query));
          if (!parts.length) return { total: 0, results: [] };
          var runs = parts.filter(function (p) { return p.pairs; });
          var hits = mini.search({
            combineWith: 'AND',
            queries: parts.map(function (p) { return p.pairs ? { combineWith: 'OR', queries: p.pairs } : p.term; }),
          }, {
            filter: function (hit) {
              var matched = new Set(hit.queryTerms);
              return runs.every(function (run) { return rank.covers(run, matched); });
            },
          });
          // In tiers of how closely the heading (or the page's other-language title) says what the
          // query says (search-rank.js tier), by score within each.
          var termsOf = function (text) { return tokenize(normalize(text)).map(function (t) { return t.toLowerCase(); }); };
          var folded = normalize(query);
          hits.forEach(function (hit) {
            var doc = docs[hit.id];
            var page = data.pages[data.sections[hit.id][0]];
            var first = hit.id === 0 || data.sections[hit.id - 1][0] !== data.sections[hit.id][0];
            var alias = first && page.alias ? normalize([].concat(page.alias).join(' ')) : '';
            hit.tier = rank.tier(parts, folded, { title: normalize(doc.title), page: normalize(page.title), alias: alias, first: first }, termsOf);
          });
          hits.sort(function (a, b) { return b.tier - a.tier || b.score - a.score; });
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

  return { createFolder: createFolder, tokenize: tokenize, isCjk: isCjk, queryParts: queryParts, covers: rank.covers, excerpt: excerpt, createIndex: createIndex };
});
