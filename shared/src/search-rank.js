// The query side of the site's search and the order of its results, the same in the browser (joined
// before search-text.js into plugins/search-text.js, docs/site/bundles.json) and in node:
// - queryParts: a query (folded) as words of letters and digits, single CJK characters, and runs of
//   CJK characters with their overlapping pairs; contentParts leaves out the words that only say how
//   the reader asks (the, how, from ...); stem gives a word's stem, whose prefix finds its other
//   forms (handling: handler);
// - covers / partHeld / share: how much of the query a section holds. A run is held where its pairs
//   cover its characters, in any order (上传文件 finds 文件上传), a particle such as 的 excepted; a
//   result need not hold every part: "unit test" finds the page Testing, which never says "unit";
// - tier: how closely a section's heading (or, on a page's first section, the page's title in the
//   site's first language) says what the query says. BM25 alone ranks "FastDbClient and database
//   throughput" above the page "Databases" for database (an exact word beats a prefix), so results are
//   ordered by tier first:
//     5 the heading is the query (folded, any case);
//     4 the heading says nothing else: every word of it is a query word, or one with a short ending
//       (database / Databases, coroutine / Coroutines), or a small word (the, of ...), every CJK
//       character of it is in the query (文件上传 for 上传文件); or the page's other-language title
//       does (database finds 数据库 through its alias Databases);
//     3 the heading holds the whole query (words by prefix or stem, runs covered by pairs);
//     2 heading and page title (and alias) together hold it;
//     1 the rest;
//   the query's neighbouring words are also read as one (http client: HttpClient).
//   Within each of the tiers of the heading (3 to 5), a page's first section (the page itself) comes
//   before the sections inside pages, as documentation search ranks a page above its parts
//   (websocket: the page WebSocketController before a question that names WebSocket);
// - compare: the whole order (tier, an API reference entry a tier lower and after the guide, then
//   how much of the query the heading and page title hold, then the section, then BM25), written
//   out above it. Measured on the query sets of
//   docs/test/search/ (search-queries.test.js prints the score).
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.DROGON_SEARCH_RANK = factory();
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  // Ideographs (with extensions and compatibility forms), kana, hangul.
  var CJK_CLASS = '\\u2e80-\\u2fdf\\u3005\\u3007\\u3021-\\u3029\\u3040-\\u30ff\\u3100-\\u312f\\u3190-\\u31ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\u{20000}-\\u{3ffff}';
  var CJK = new RegExp('[' + CJK_CLASS + ']', 'u');
  var TOKEN = new RegExp('[' + CJK_CLASS + ']+|[\\p{L}\\p{N}_]+', 'gu');

  // Characters that carry no meaning alone: a query's run need not find them in a pair.
  var PARTICLES = '的地得了着过和与及或在把被将从对于为而吗呢吧啊个之其';
  // Words a heading may hold besides the query's and still say only what the query says.
  var SMALL_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'for', 'with', 'by', 'your', 'its']);
  // The longest ending by which a heading's word may differ from a query word (s, es: plurals).
  var ENDING = 2;

  // Words a query may hold that a result need not: they say how the reader asks, not what about
  // ("how do I return json", "read json from the request body"). Dropped unless the query is only these.
  var QUERY_SMALL_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'for', 'with', 'by', 'from', 'into', 'at', 'as',
    'is', 'are', 'be', 'it', 'its', 'this', 'that', 'how', 'do', 'does', 'i', 'my', 'me', 'we', 'you', 'your', 'what', 'why', 'when',
    'where', 'which', 'can', 'should']);
  // Endings a query word is read without, longest first, so that its stem finds the word's other
  // forms by prefix (handling: handl- finds handler; route: rout- finds Routing; caches: cach- finds
  // caching). A light stemmer, not Porter's: only the stem is searched, as a prefix, so it needs no
  // exact root, and it keeps at least STEM_MIN letters (timer stays timer, not tim-). Not -er:
  // server would find service.
  var ENDINGS = ['ations', 'ation', 'ings', 'ing', 'ions', 'ion', 'ies', 'es', 'ed', 'ly', 's', 'e', 'y'];
  var STEM_MIN = 4;

  function stem(word) {
    if (CJK.test(word) || /\d/.test(word)) return word;
    for (var i = 0; i < ENDINGS.length; i++) {
      var ending = ENDINGS[i];
      if (word.length - ending.length >= STEM_MIN && word.slice(-ending.length) === ending) return word.slice(0, -ending.length);
    }
    return word;
  }

  // Whether a term (lower case) is a form of a query word: it starts with the word or with its stem.
  function wordMatches(word, term) {
    if (term.lastIndexOf(word, 0) === 0) return true;
    var root = stem(word);
    return root !== word && term.lastIndexOf(root, 0) === 0;
  }

  function runs(text) {
    var out = [];
    var match;
    TOKEN.lastIndex = 0;
    while ((match = TOKEN.exec(text))) out.push(match[0].toLowerCase());
    return out;
  }

  // The query in parts: { term } for a word of letters and digits, { term, cjk: true } for a single
  // CJK character, { chars, pairs } for a run of them. text: folded.
  function queryParts(text) {
    return runs(text).map(function (run) {
      if (!CJK.test(run)) return { term: run };
      var chars = Array.from(run);
      if (chars.length === 1) return { term: run, cjk: true };
      var pairs = [];
      for (var i = 0; i + 1 < chars.length; i++) pairs.push(chars[i] + chars[i + 1]);
      return { chars: chars, pairs: pairs };
    });
  }

  // Whether the pairs a section matched (matched: Set of pairs) cover every character of a run.
  function covers(part, matched) {
    for (var i = 0; i < part.chars.length; i++) {
      if (PARTICLES.indexOf(part.chars[i]) >= 0) continue;
      var left = i > 0 && matched.has(part.pairs[i - 1]);
      var right = i < part.pairs.length && matched.has(part.pairs[i]);
      if (!left && !right) return false;
    }
    return true;
  }

  // Whether a text (its terms: tokenize of the folded text, lower case) holds the whole query: every
  // word (as a prefix), every single character, every run (covered by its pairs).
  function holdsQuery(parts, terms) {
    var set = new Set(terms);
    return parts.every(function (p) { return p.pairs ? covers(p, set) : terms.some(function (t) { return wordMatches(p.term, t); }); });
  }

  // Whether a text (folded) says nothing but the query: it holds the query, each of its words is a
  // query word (up to a short ending) or a small word, each of its CJK characters is in the query.
  function saysOnly(parts, text, terms) {
    if (!holdsQuery(parts, terms)) return false;
    var words = parts.filter(function (p) { return !p.cjk && !p.pairs; }).map(function (p) { return p.term; });
    var chars = new Set();
    parts.forEach(function (p) { (p.chars || (p.cjk ? [p.term] : [])).forEach(function (c) { chars.add(c); }); });
    return runs(text).every(function (run) {
      if (CJK.test(run)) return Array.from(run).every(function (c) { return chars.has(c) || PARTICLES.indexOf(c) >= 0; });
      return SMALL_WORDS.has(run) || words.some(function (w) { return run.lastIndexOf(w, 0) === 0 && run.length - w.length <= ENDING; });
    });
  }

  // The tier of a section (see above). parts: queryParts of the folded query; query: the folded
  // query; doc: { title, page, alias, first } folded (first: the page's first section; alias: the
  // page's other-language title there, else ''); termsOf(text): the text's terms, lower case.
  // Returns a number to sort by, higher first: the tier, twice, plus one for a page in tiers 3 to 5.
  function headingTier(parts, query, doc, termsOf) {
    var exact = function (text) { return text.toLowerCase().replace(/\s+/g, ' ').trim(); };
    if (exact(doc.title) === exact(query)) return 5;
    var heading = termsOf(doc.title);
    if (saysOnly(parts, doc.title, heading) || (doc.alias && saysOnly(parts, doc.alias, termsOf(doc.alias)))) return 4;
    if (holdsQuery(parts, heading)) return 3;
    return holdsQuery(parts, heading.concat(termsOf(doc.page), doc.alias ? termsOf(doc.alias) : [])) ? 2 : 1;
  }
  // The query's neighbouring words of letters joined into one (http client -> httpclient), so a
  // heading written as one word (HttpClient) says what the query says; null when nothing joins.
  function joinedWords(parts) {
    var out = [];
    parts.forEach(function (p) {
      var last = out[out.length - 1];
      if (last && !last.pairs && !last.cjk && !p.pairs && !p.cjk) out[out.length - 1] = { term: last.term + p.term };
      else out.push(p);
    });
    return out.length < parts.length ? out : null;
  }
  function tier(parts, query, doc, termsOf) {
    var joined = joinedWords(parts);
    var t = Math.max(headingTier(parts, query, doc, termsOf), joined ? headingTier(joined, query, doc, termsOf) : 0);
    return 2 * t + (doc.first && t >= 3 ? 1 : 0);
  }

  // The parts a result is asked to hold: the query's parts without its small words (QUERY_SMALL_WORDS),
  // all of them when it has nothing else.
  function contentParts(parts) {
    var content = parts.filter(function (p) { return p.pairs || p.cjk || !QUERY_SMALL_WORDS.has(p.term); });
    return content.length ? content : parts;
  }

  // How much a part weighs in a query: a word or a character 1, a run of CJK characters half its
  // characters (数据库事务 weighs as much as "database transaction").
  function weight(part) {
    return part.chars ? part.chars.length / 2 : 1;
  }

  // How much of a part (0 to 1) a set of matched terms holds: a word, by one of its forms (fuzzy
  // matches count half); a run, by the share of its characters its pairs cover (particles aside).
  // matched: the terms of the index that matched the part (lower case).
  // charWeights (optional, for a run): how much each of its characters counts, else 1 each.
  function partHeld(part, matched, charWeights) {
    if (!matched.length) return 0;
    if (part.pairs) {
      var set = new Set(matched);
      var shown = 0;
      var covered = 0;
      for (var i = 0; i < part.chars.length; i++) {
        if (PARTICLES.indexOf(part.chars[i]) >= 0) continue;
        var w = charWeights ? charWeights[i] : 1;
        shown += w;
        if ((i > 0 && set.has(part.pairs[i - 1])) || (i < part.pairs.length && set.has(part.pairs[i]))) covered += w;
      }
      return shown ? covered / shown : 1;
    }
    return matched.some(function (t) { return wordMatches(part.term, t); }) ? 1 : 0.5;
  }

  // The share of a query (0 to 1) that matched terms hold. heldBy: part index -> matched terms.
  // weights (optional, rarity): each part's weight and, for a run, its characters' weights.
  function share(parts, heldBy, weights) {
    var total = 0;
    var held = 0;
    parts.forEach(function (p, i) {
      var w = weights ? weights[i].weight : weight(p);
      total += w;
      held += w * partHeld(p, heldBy[i] || [], weights && weights[i].chars);
    });
    return total ? held / total : 0;
  }

  // The weight of each part by how rare it is in the index, as BM25 weighs terms: its inverse
  // document frequency (idf) times its weight; a run's characters each by the highest idf of the
  // pairs around them that the index holds (优雅关闭: 优雅 is rarer than 关闭, so a heading with 优雅
  // holds more of it; 雅关, which no text holds, is no word and weighs nothing). total: the number
  // of sections; holding(term): the number of sections holding a part's word or a run's pair.
  function rarity(parts, holding, total) {
    var idf = function (n) { return Math.log(1 + (total - n + 0.5) / (n + 0.5)); };
    return parts.map(function (p) {
      if (!p.pairs) return { weight: weight(p) * idf(holding(p.term)) };
      var pairIdf = p.pairs.map(function (pair) { var n = holding(pair); return n ? idf(n) : 0; });
      var chars = p.chars.map(function (c, i) { return Math.max(i > 0 ? pairIdf[i - 1] : 0, i < pairIdf.length ? pairIdf[i] : 0); });
      return { weight: weight(p) * chars.reduce(function (a, b) { return a + b; }, 0) / chars.length, chars: chars };
    });
  }

  // Whether a text (its tokens: tokenize of the folded text, lower case) holds the query's parts as
  // a phrase: in the query's order, each at most GAP tokens after the one before (a small word the
  // query left out: "From HTTP to HTTPS" for redirect http https; "Hodor: rate limits" for rate
  // limit, not "limit the request rate"); a run of CJK characters counts where its pairs follow each
  // other (数据库事务 written so, not 数据库的事务).
  var GAP = 1;
  function phrase(parts, tokens) {
    for (var i = 0; i < tokens.length; i++) {
      if (!startsAt(parts[0], tokens, i)) continue;
      var at = i + span(parts[0]);
      for (var k = 1; k < parts.length; k++) {
        var next = -1;
        for (var j = at; j <= at + GAP && j < tokens.length; j++) if (startsAt(parts[k], tokens, j)) { next = j; break; }
        if (next < 0) break;
        at = next + span(parts[k]);
      }
      if (k === parts.length) return true;
    }
    return false;
  }
  function span(part) {
    return part.pairs ? part.pairs.length : 1;
  }
  function startsAt(part, tokens, i) {
    if (!part.pairs) return wordMatches(part.term, tokens[i]);
    for (var j = 0; j < part.pairs.length; j++) if (tokens[i + j] !== part.pairs[j]) return false;
    return true;
  }

  // An API reference entry (a section of a page marked reference: true in the search file, by
  // docs/src/search/documents.js) ranks REFERENCE_DROP tiers below where its heading puts it, and
  // after the guide's results of the tier it lands in: "session" finds the chapter Sessions (tier 4)
  // before the class Session (5, so 3), while "HttpResponse::setBody" still finds its entry before a
  // chapter that only uses it (tier 1). Two tiers, not one: with the reference of every name the
  // guide and the tutorial use (some 3400 entries), one tier let an entry's heading ("TimerId",
  // "Task::operator co_await", "Cookie::setKey") take the first place from the chapter a reader means
  // (public set 60/68 -> 61/68, held-out 22/26 -> 23/26). kind: 1 for an entry, 0 for guide.
  var REFERENCE_DROP = 2;
  function kindOf(page) {
    return page.reference ? 1 : 0;
  }
  function placed(result) {
    return result.tier - 2 * REFERENCE_DROP * result.kind;
  }

  // The order of results, first to last (a, b: { kind, order, tier, phrase, hierarchy, page,
  // rareHierarchy, held, score }, higher first but kind and order):
  // 1. tier: how closely the heading says the query (tier), a reference entry's two tiers lower;
  // 2. kind: in the same tier, the guide's results before the reference's entries (kindOf); then by
  //    order, the page's manifest section's searchOrder (the tutorial's steps after the chapters);
  // 3. phrase: the heading holds the query's words in its order, next to each other (phrase);
  // 4. hierarchy: the share of the query that the heading and the page's title hold (share);
  // 5. page: the share of it the page's title holds: a word in the page's title says what the whole
  //    page is about ("unit test": the page "Testing with Drogon's test framework" before
  //    Deployment's "The systemd unit");
  // 6. rareHierarchy: the hierarchy's share with each word weighed by its rarity (rarity);
  // 7. held: the share of the query the section holds anywhere;
  // 8. score: BM25 (heading x8, page title x4, prose x1, code x0.5), plus part of the page
  //    introduction's score.
  // A heading that is just one word of a query of several, on a section without the others, counts
  // as no heading (4 to 6 are 0): the result holding the words ranks above it.
  function compare(a, b) {
    return placed(b) - placed(a) || a.kind - b.kind || a.order - b.order || b.phrase - a.phrase || b.hierarchy - a.hierarchy || b.page - a.page ||
      b.rareHierarchy - a.rareHierarchy || b.held - a.held || b.score - a.score;
  }

  return {
    CJK: CJK, TOKEN: TOKEN, queryParts: queryParts, contentParts: contentParts, stem: stem, wordMatches: wordMatches,
    covers: covers, holdsQuery: holdsQuery, saysOnly: saysOnly, joinedWords: joinedWords, tier: tier,
    partHeld: partHeld, share: share, rarity: rarity, phrase: phrase, kindOf: kindOf, compare: compare,
  };
});
