// Number and date formatting for the Benchmarks page, per language, with Intl and a fixed locale
// (never the machine's), so the same JSON gives the same page everywhere.
// A language's conventions come from its string table (docs/benchmarks/strings.<lang>.json, "format"):
//   locale       the Intl locale, e.g. "en-US", "zh-CN"
//   proseCounts  "full" (115,993) or "compact" (11.60万: Chinese readers count in 万) for counts in sentences
'use strict';
const { isLineBreakCjk } = require('../../../shared/src/cjk-markdown/east-asian-width');

const cache = new Map();
function numberFormat(locale, options) {
  const key = `${locale}|${JSON.stringify(options)}`;
  if (!cache.has(key)) cache.set(key, new Intl.NumberFormat(locale, options));
  return cache.get(key);
}

function assertFinite(value, what) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`${what}: expected a finite number, got ${JSON.stringify(value)}`);
  }
}

function createFormatter({ locale, proseCounts = 'full' }) {
  if (typeof locale !== 'string' || !locale) throw new Error('format: locale missing');
  if (!['full', 'compact'].includes(proseCounts)) throw new Error(`format: proseCounts must be "full" or "compact", got ${JSON.stringify(proseCounts)}`);
  const fixed = (digits) => numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return {
    locale,
    /** 115993 -> "115,993" */
    integer(n) { assertFinite(n, 'integer'); return numberFormat(locale, { maximumFractionDigits: 0 }).format(n); },
    /** n with exactly `digits` fraction digits */
    decimal(n, digits) { assertFinite(n, 'decimal'); return fixed(digits).format(n); },
    /** requests/s -> kQPS with one decimal: 115993 -> "116.0" */
    kqps(rps) { assertFinite(rps, 'kqps'); return fixed(1).format(rps / 1000); },
    /** a count in a sentence: "115,993", or "11.60万" where the language counts in 万 */
    proseCount(n) {
      assertFinite(n, 'proseCount');
      if (proseCounts === 'compact' && Math.abs(n) >= 10000) {
        return numberFormat(locale, { notation: 'compact', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
      }
      return numberFormat(locale, { maximumFractionDigits: 0 }).format(n);
    },
    /** a ratio of two figures, 1.0473 -> "1.05" */
    ratio(x) { assertFinite(x, 'ratio'); return fixed(2).format(x); },
    /** a share without trailing zeros: 0.999 -> "99.9%", 0.9 -> "90%" (percentiles, thresholds) */
    share(p) { assertFinite(p, 'share'); return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(p); },
    /** ratio 0.0321 -> "3.2%" */
    percent(ratio) { assertFinite(ratio, 'percent'); return numberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ratio); },
    /** microseconds -> milliseconds with two decimals: 1527 -> "1.53" */
    ms(us) { assertFinite(us, 'ms'); return fixed(2).format(us / 1000); },
    /** bytes -> GiB with one decimal */
    gib(bytes) { assertFinite(bytes, 'gib'); return fixed(1).format(bytes / 2 ** 30); },
    /** bytes -> MiB with one decimal */
    mib(bytes) { assertFinite(bytes, 'mib'); return fixed(1).format(bytes / 2 ** 20); },
    /** "2025-11-22" -> "November 22, 2025" / "2025年11月22日" (the date is a calendar day, read as UTC) */
    date(isoDay) {
      if (typeof isoDay !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(isoDay)) throw new TypeError(`date: expected YYYY-MM-DD, got ${JSON.stringify(isoDay)}`);
      const day = new Date(`${isoDay}T00:00:00Z`);
      if (Number.isNaN(day.getTime())) throw new TypeError(`date: invalid day ${isoDay}`);
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(day);
    },
    /** ("2025-11-23", "2025-11-27") -> "November 23 – 27, 2025" / "2025/11/23至27日" style, by Intl's formatRange */
    dateRange(firstDay, lastDay) {
      const days = [firstDay, lastDay].map((d) => {
        if (typeof d !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(d)) throw new TypeError(`dateRange: expected YYYY-MM-DD, got ${JSON.stringify(d)}`);
        return new Date(`${d}T00:00:00Z`);
      });
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).formatRange(days[0], days[1]);
    },
  };
}

/** An ISO date-time -> "2025-11-22 02:28 UTC": the same in every language, and unambiguous. */
function utcMinute(isoDateTime) {
  const at = new Date(isoDateTime);
  if (typeof isoDateTime !== 'string' || Number.isNaN(at.getTime())) throw new TypeError(`utcMinute: bad date-time ${JSON.stringify(isoDateTime)}`);
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

// Intl's Chinese lists join with a bare 和 ("Drogon和nginx"); Chinese typesetting puts a space between
// a Chinese word and Latin text, as the rest of the page does ("Drogon 和 nginx"), and none next to a
// Chinese character or full-width punctuation ("服务器（甲）和 GET /json"). Punctuation such as 、 stays
// unspaced.
const HAN_WORD = /^\p{Script=Han}+$/u;
const wideAt = (text, index) => text !== '' && isLineBreakCjk(Array.from(text).at(index));
function spacedList(listFormat, items) {
  const parts = listFormat.formatToParts(items);
  return parts.map((part, i) => {
    if (part.type !== 'literal' || !HAN_WORD.test(part.value)) return part.value;
    const before = i > 0 && !wideAt(parts[i - 1].value, -1) ? ' ' : '';
    const after = i + 1 < parts.length && !wideAt(parts[i + 1].value, 0) ? ' ' : '';
    return before + part.value + after;
  }).join('');
}

module.exports = { createFormatter, utcMinute, spacedList };
