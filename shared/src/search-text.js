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
// - query and order (search-rank.js, joined before this file in the browser): each part of the
//   query (a word, a run of CJK characters) is searched on its own, so a result need not hold all of
//   them: a run by its pairs, a word by prefix and by its stem's prefix; typos are forgiven only in
//   a word the index holds in no form (timer must not find "time"). Sections are scored by BM25
//   with the heading above the page's title and other-language title (alias), both far above the
//   prose, and the code blocks at half the prose; results come in the order of search-rank.js
//   compare.
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
  // folded (optional): foldChars(text).toLowerCase(), when the caller keeps it.
  function excerpt(text, query, foldChars, size, folded) {
    var chars = Array.from(text);
    if (folded === undefined) folded = (foldChars ? foldChars(text) : text).toLowerCase();
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
  // data: search/<code>.json ({ pages: [{ route, title, alias, reference, order }], sections: [[page,
  // id, title, text, code]] }; alias: the page's title in the site's first language, on its
  // translations, so an English term finds the translated page; reference: true on the API
  // reference's pages, ranked below the guide (search-rank.js kindOf); order: the manifest section's
  // searchOrder; code: the section's code blocks); fold: createFolder(...) for the Chinese languages,
  // else null. options: { maxResults, excerptChars, explain (each result carries what ordered it) }.
  // Resolves to { search(query) -> { total, results: [{ route, id, href, title, excerpt }] } }.
  // How much of its page's introduction a section's score takes (search: a section inherits ...).
  var INTRO_SHARE = 0.5;
  // The weight of a word's stem beside the word itself.
  var STEM_WEIGHT = 0.5;
  // How much a word in a section's code counts beside one in its prose (1): code uses a name, prose
  // says what it is for (timer: the page that explains timers before the one whose code names a
  // variable timer six times).
  var CODE_BOOST = 0.5;

  function createIndex(MiniSearch, data, fold, options) {
    var opts = options || {};
    var max = opts.maxResults || 20;
    var excerptChars = opts.excerptChars || 120;
    var normalize = fold || function (t) { return t; };
    // A text's terms, lower case, as the index holds them; headings and titles are read often (the
    // tiers), so their terms are kept.
    var termsCache = new Map();
    function termsOf(text) {
      var terms = termsCache.get(text);
      if (!terms) {
        terms = tokenize(normalize(text)).map(function (t) { return t.toLowerCase(); });
        if (text.length <= 200) termsCache.set(text, terms);
      }
      return terms;
    }
    // Each section as the index reads it: heading (title), the page's title (page; on a page's first
    // section also its other-language title, alias) and text, each folded once (folded) and, for
    // Chinese, followed by every phrase inside it folded on its own (fold.phrasesIn).
    var firstOf = []; // page index -> index of its first section (the page itself)
    var docs = data.sections.map(function (s, i) {
      var page = data.pages[s[0]];
      var first = firstOf[s[0]] === undefined;
      if (first) firstOf[s[0]] = i;
      var raw = { title: s[2], page: first ? [page.title].concat(page.alias || []).join(' ') : page.title, text: s[3], code: s[4] || '' };
      var doc = { id: i, raw: raw, folded: {}, indexed: {} };
      Object.keys(raw).forEach(function (field) {
        doc.folded[field] = normalize(raw[field]);
        doc.indexed[field] = fold ? doc.folded[field] + ' ' + fold.phrasesIn(raw[field]).join(' ') : raw[field];
      });
      doc.headingTerms = termsOf(raw.title);
      doc.alias = first && page.alias ? normalize([].concat(page.alias).join(' ')) : '';
      return doc;
    });
    // Each page's kind as the order reads it (search-rank.js kindOf): 1 for the API reference's pages.
    var kinds = data.pages.map(rank.kindOf);
    var mini = new MiniSearch({
      fields: ['title', 'page', 'text', 'code'],
      extractField: function (doc, field) { return field === 'id' ? doc.id : doc.indexed[field]; },
      tokenize: tokenize,
      processTerm: function (term) { return term.toLowerCase(); },
      searchOptions: {
        // The query arrives as terms already (queryParts).
        tokenize: function (term) { return [term]; },
        boost: { title: 8, page: 4, text: 1, code: CODE_BOOST },
        prefix: true,
        // Typos in words of letters; CJK pairs are matched as they are.
        fuzzy: function (term) { return !isCjk(term) && term.length > 3 ? 0.2 : false; },
      },
    });
    // A section's text as excerpts show it (its prose, then its code) and search it (characters
    // folded, lower case); on first use.
    var excerptCache = new Map();
    function excerptText(id) {
      if (!excerptCache.has(id)) {
        var shown = docs[id].raw.code ? docs[id].raw.text + ' ' + docs[id].raw.code : docs[id].raw.text;
        excerptCache.set(id, { shown: shown, folded: (fold ? fold.chars(shown) : shown).toLowerCase() });
      }
      return excerptCache.get(id);
    }
    // For each word and each pair of the query, how many of the hits hold it (the weight of its
    // rarity, search-rank.js rarity): term -> count.
    function holdersOf(parts, hits) {
      var holders = new Map();
      var count = function (term) { holders.set(term, (holders.get(term) || 0) + 1); };
      parts.forEach(function (part, k) {
        hits.forEach(function (hit) {
          var terms = hit.any[k] || [];
          if (part.pairs) new Set(terms).forEach(count);
          else if (terms.some(function (t) { return rank.wordMatches(part.term, t); })) count(part.term);
        });
      });
      return function (term) { return holders.get(term) || 0; };
    }
    // The results of one part of the query: a run of CJK characters by its pairs, a character by
    // prefix, a word by prefix and by its stem's prefix (at STEM_WEIGHT); typos are forgiven only in
    // a word that the index holds in no form.
    function partHits(part) {
      if (part.pairs) return mini.search({ combineWith: 'OR', queries: part.pairs, prefix: false });
      if (part.cjk) return mini.search(part.term);
      var root = rank.stem(part.term);
      var forms = root === part.term ? [part.term] : [part.term, { queries: [root], boostTerm: function () { return STEM_WEIGHT; } }];
      var exact = mini.search({ combineWith: 'OR', queries: forms, fuzzy: false });
      return exact.length ? exact : mini.search({ combineWith: 'OR', queries: forms });
    }
    return mini.addAllAsync(docs, { chunkSize: 50 }).then(function () {
      return {
        search: function (query) {
          var folded = normalize(query);
          var parts = rank.contentParts(queryParts(folded));
          if (!parts.length) return { total: 0, results: [] };
          // Each part searched on its own, so that a result need not hold every part and knows which
          // it holds, and where. found: section index -> { id, score, any, hierarchy, page }: the
          // score summed over the parts, and for each part (by index) the index's terms that matched
          // it anywhere, in the heading or the page's title, in the page's title.
          var found = new Map();
          parts.forEach(function (part, k) {
            partHits(part).forEach(function (hit) {
              var r = found.get(hit.id);
              if (!r) found.set(hit.id, r = { id: hit.id, score: 0, any: [], hierarchy: [], page: [] });
              r.score += hit.score;
              Object.keys(hit.match).forEach(function (term) {
                var fields = hit.match[term];
                (r.any[k] = r.any[k] || []).push(term);
                if (fields.indexOf('title') >= 0 || fields.indexOf('page') >= 0) (r.hierarchy[k] = r.hierarchy[k] || []).push(term);
                if (fields.indexOf('page') >= 0) (r.page[k] = r.page[k] || []).push(term);
              });
            });
          });
          var hits = Array.from(found.values());
          var rarity = rank.rarity(parts, holdersOf(parts, hits), docs.length);
          var several = parts.length > 1 || (parts[0].pairs && parts[0].pairs.length > 1);
          hits.forEach(function (hit) {
            var section = data.sections[hit.id];
            var page = data.pages[section[0]];
            var first = firstOf[section[0]] === hit.id;
            var doc = docs[hit.id];
            hit.kind = kinds[section[0]];
            hit.order = page.order || 0;
            hit.tier = rank.tier(parts, folded, { title: doc.folded.title, page: normalize(page.title), alias: first ? doc.alias : '', first: first }, termsOf);
            hit.phrase = several && rank.phrase(parts, doc.headingTerms) ? 1 : 0;
            hit.held = rank.share(parts, hit.any);
            // A heading that is just one word of the query, on a section without the others, is no
            // match of the heading (search-rank.js compare).
            var narrow = parts.length > 1 && hit.held < 1 && parts.some(function (part) { return rank.saysOnly([part], doc.folded.title, doc.headingTerms); });
            hit.rareHierarchy = narrow ? 0 : rank.share(parts, hit.hierarchy, rarity);
            hit.hierarchy = narrow ? 0 : rank.share(parts, hit.hierarchy);
            hit.page = narrow ? 0 : rank.share(parts, hit.page);
          });
          // A section takes INTRO_SHARE of the score of its page's introduction (the page's first
          // section) when that holds some of the query too: the page is about it.
          hits.forEach(function (hit) {
            var intro = found.get(firstOf[data.sections[hit.id][0]]);
            hit.score += intro && intro !== hit ? INTRO_SHARE * intro.score : 0;
          });
          // Results that hold less than half the query only when none holds more.
          var best = hits.reduce(function (m, h) { return Math.max(m, h.held); }, 0);
          hits = hits.filter(function (h) { return h.held >= Math.min(best, 0.5); });
          hits.sort(rank.compare);
          return {
            total: hits.length,
            results: hits.slice(0, max).map(function (hit) {
              var section = data.sections[hit.id];
              var page = data.pages[section[0]];
              var id = section[1];
              var result = {
                route: page.route,
                id: id,
                href: '#' + encodeURI(page.route) + (id ? '?id=' + encodeURIComponent(id) : ''),
                title: id && section[2] !== page.title ? page.title + ' › ' + section[2] : page.title,
                excerpt: excerpt(excerptText(hit.id).shown, query, fold && fold.chars, excerptChars, excerptText(hit.id).folded),
              };
              // options.explain: what ordered the result (search-rank.js compare), for tests.
              if (opts.explain) {
                result.rank = { kind: hit.kind, order: hit.order, tier: hit.tier, phrase: hit.phrase, hierarchy: hit.hierarchy, page: hit.page,
                  rareHierarchy: hit.rareHierarchy, held: hit.held, score: hit.score };
              }
              return result;
            }),
          };
        },
      };
    });
  }

  return { createFolder: createFolder, tokenize: tokenize, isCjk: isCjk, queryParts: queryParts, covers: rank.covers, excerpt: excerpt, createIndex: createIndex };
});
