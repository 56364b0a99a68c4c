// The folding table of the Chinese search (shared/src/search-text.js folds with it):
// - chars: every character OpenCC's character tables change, to its Simplified form: Taiwan and
//   Hong Kong variants to OpenCC's Traditional (TWVariantsRev, HKVariantsRev), then Traditional to
//   Simplified (TSCharacters), followed to a fixed point so folding twice changes nothing. Character
//   tables only: OpenCC's phrase conversion segments text, so the same word could fold differently
//   in a query and in a page.
// - phrases: the words the zh-TW pages write differently from the zh-CN ones. The conversion makes
//   them with two tables, so the fold uses the same two: the project's reviewed terms
//   (docs/glossary.json and docs/zh-tw-overrides.json: 内存 / 記憶體, 进程 / 行程; not the rules that
//   hold only after or before something), then OpenCC's Taiwan phrase table
//   (TWPhrases, s2twp's phrase step: 异步 / 非同步, 函数 / 函式) and the entries of its Traditional
//   phrase table (STPhrases) that the characters alone do not give (了解 / 瞭解), except where the project's table
//   decides the same word (s2twp's 进程 -> 程序 never reaches a page, and folding it would make
//   "program" find "process"). After folding characters, both forms of each pair go into one
//   class, and every member of a class folds to one form (its first zh-CN term, the project's table
//   first). Guard entries are kept as their own class, so the longest match protects the longer word
//   as it does in the conversion.
'use strict';
const { loadOverrides } = require('../convert/overrides');
const { createFolder } = require('../../../shared/src/search-text');

const CHAR_TABLES = ['TWVariantsRev', 'HKVariantsRev', 'TSCharacters'];
const PHRASE_TABLE = 'TWPhrases';
// s2twp's first step: Simplified phrases whose Traditional form is not the characters' (了解 / 瞭解).
const TRADITIONAL_PHRASE_TABLE = 'STPhrases';

// OpenCC's dictionary text "A B|C D ..." -> [[A, B], ...] (the first candidate when there are several).
function parseDict(text, name, { chars }) {
  return text.split('|').map((entry) => {
    const [from, to] = entry.split(' ');
    if (!from || !to || (chars && Array.from(from).length !== 1)) throw new Error(`search fold table: unexpected entry "${entry}" in opencc-js ${name}`);
    return [from, chars ? Array.from(to)[0] : to];
  });
}

// opencc-js exports its dictionaries as ES modules (package.json "exports": "./*").
async function loadDict(name, options) {
  const text = (await import(`opencc-js/dict/${name}`)).default;
  if (typeof text !== 'string') throw new Error(`search fold table: opencc-js/dict/${name} is not a dictionary string`);
  return parseDict(text, name, options);
}

async function loadCharTables() {
  const tables = {};
  for (const name of CHAR_TABLES) tables[name] = new Map(await loadDict(name, { chars: true }));
  return tables;
}

/** The character fold: Map(character -> Simplified character), only characters that change. */
function charFolds({ TWVariantsRev, HKVariantsRev, TSCharacters }) {
  const step = (c) => {
    const standard = TWVariantsRev.get(c) || HKVariantsRev.get(c) || c;
    return TSCharacters.get(standard) || standard;
  };
  const folds = new Map();
  for (const c of new Set([...TWVariantsRev.keys(), ...HKVariantsRev.keys(), ...TSCharacters.keys()])) {
    let to = c;
    for (let i = 0; i < 8; i++) {
      const next = step(to);
      if (next === to) break;
      to = next;
    }
    if (step(to) !== to) throw new Error(`search fold table: folding ${c} does not settle`);
    if (to !== c) folds.set(c, to);
  }
  return folds;
}

/**
 * Phrase classes: [[phrase, folded phrase], ...], both after character folding. entries: the
 * project's term table; openccPhrases: [[OpenCC Traditional, Taiwan], ...] (TWPhrases), left out
 * where the term table has the same source word.
 */
function phraseFolds(allEntries, foldChars, openccPhrases = []) {
  // A rule that holds only in a context (头 -> 標頭 after a header's name) is not a phrase of its own;
  // one with exceptions only (源 -> 來源, not in 资源) still is.
  const entries = allEntries.filter((e) => e.after === undefined && e.before === undefined);
  const decided = new Set(entries.map((e) => foldChars(e.from)));
  const pairs = [
    ...entries.map((e) => [e.from, e.to]),
    ...openccPhrases.filter(([from]) => !decided.has(foldChars(from))),
  ];
  const parent = new Map();
  const find = (x) => {
    while (parent.get(x) !== x) x = parent.get(x);
    return x;
  };
  const add = (x) => { if (!parent.has(x)) parent.set(x, x); };
  const firstSource = new Map(); // class member -> order of the first entry that has it as its zh-CN term
  pairs.forEach(([source, target], i) => {
    const from = foldChars(source);
    const to = foldChars(target);
    add(from);
    add(to);
    if (!firstSource.has(from)) firstSource.set(from, i);
    const a = find(from);
    const b = find(to);
    if (a !== b) parent.set(b, a);
  });
  // Each class folds to its member that is the earliest zh-CN term (the term table's come first).
  const representative = new Map();
  for (const member of parent.keys()) {
    const root = find(member);
    const current = representative.get(root);
    const order = firstSource.has(member) ? firstSource.get(member) : Infinity;
    if (current === undefined || order < current.order) representative.set(root, { member, order });
  }
  return [...parent.keys()].sort().map((member) => [member, representative.get(find(member)).member]);
}

/** The table plugins/search-text.js folds with: { chars, phrases }. */
async function buildFoldTable({ overridesPath } = {}) {
  const folds = charFolds(await loadCharTables());
  const chars = [...folds].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([from, to]) => from + to).join('');
  const foldChars = createFolder({ chars, phrases: [] });
  const { entries } = loadOverrides(overridesPath);
  // Only the STPhrases entries that the character fold does not already make equal (about 300 of 49,000).
  const traditionalPhrases = (await loadDict(TRADITIONAL_PHRASE_TABLE, { chars: false }))
    .filter(([from, to]) => foldChars(from) !== foldChars(to));
  const openccPhrases = [...traditionalPhrases, ...await loadDict(PHRASE_TABLE, { chars: false })];
  return { chars, phrases: phraseFolds(entries, foldChars, openccPhrases) };
}

module.exports = { buildFoldTable, charFolds, phraseFolds, parseDict, loadCharTables, loadDict };
