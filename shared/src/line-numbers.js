// The line of an index in a text, found by a binary search of where each line starts: the build asks
// for the line of every heading and link of every page, and counting newlines from the start each
// time made that quadratic in a page's length.
'use strict';

/** lineAt(index): the 1-based line of text that holds index (an index past the end: the last line). */
function lineNumbers(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return function lineAt(index) {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

module.exports = { lineNumbers };
