'use strict';
// Statistics over the repetitions of one scenario x server.

function sortedNumbers(values) {
  if (!Array.isArray(values) || values.length === 0) throw new Error('statistics need at least one value');
  for (const v of values) if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
  return [...values].sort((a, b) => a - b);
}

function median(values) {
  const s = sortedNumbers(values);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function minMedianMax(values) {
  const s = sortedNumbers(values);
  return { min: s[0], median: median(s), max: s[s.length - 1] };
}

// (max - min) / median: the run-to-run noise a change must exceed to mean anything.
function spread(values) {
  const { min, median: mid, max } = minMedianMax(values);
  if (mid === 0) throw new Error('spread is undefined when the median is 0');
  return (max - min) / mid;
}

module.exports = { median, minMedianMax, spread };
