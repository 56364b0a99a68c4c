// A part of the benchmark charts (shared/src/charts/: the browser plugin plugins/benchmark-charts.js, joined by docs/site/bundles.json, and the static images of docs/src/prerender/chart-images.js;
// docs/site/plugins/benchmark-charts/draw-charts.js says what the plugin does). This one: the axes'
// compact numbers ("1.23K", "12.35万"), as Intl.NumberFormat(locale, { notation: 'compact',
// maximumFractionDigits: 2 }) writes them, for the site's three languages without Intl: a page's first
// Intl.NumberFormat loads ICU's locale data, 20-35 ms of the first chart's drawing (measured in
// Chromium on a 2-core machine). The tests compare every rule with Intl's output over a range of
// values. Any other locale: Intl itself.
(function (root, factory) {
  'use strict';
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else {
    root.BenchmarkChartParts = root.BenchmarkChartParts || {};
    root.BenchmarkChartParts.numbers = factory();
  }
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';
  var FRACTION_DIGITS = 2;
  // Per language: its compact units, largest first, as [power of ten, suffix] (CLDR's short forms).
  var UNITS = {
    en: [[12, 'T'], [9, 'B'], [6, 'M'], [3, 'K']],
    'zh-CN': [[12, '万亿'], [8, '亿'], [4, '万']],
    'zh-TW': [[12, '兆'], [8, '億'], [4, '萬']],
  };
  var LANGUAGE_OF = { en: 'en', 'en-US': 'en', 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW' };

  // A non-negative number as decimal digits and the power of ten of the first one: 1234.5 ->
  // { digits: '12345', exponent: 3 }. From JavaScript's shortest exact form, as ICU reads a double.
  function decimal(value) {
    var m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(value.toExponential());
    return { digits: (m[1] + (m[2] || '')).replace(/0+$/, '') || '0', exponent: Number(m[3]) };
  }

  // digits x 10^(exponent + 1 - digits.length), rounded half away from zero to FRACTION_DIGITS
  // decimals after dividing by 10^shift: { digits, exponent } again (exponent of the rounded number).
  function roundShifted(number, shift) {
    var exponent = number.exponent - shift;
    var keep = exponent + 1 + FRACTION_DIGITS; // digits kept
    if (keep <= 0) {
      // Below half of the last kept place (0.004 -> 0) unless it is at least 0.005.
      return keep === 0 && Number(number.digits[0]) >= 5 ? { digits: '1', exponent: -FRACTION_DIGITS } : { digits: '0', exponent: 0 };
    }
    if (number.digits.length <= keep) return { digits: number.digits, exponent: exponent };
    var kept = number.digits.slice(0, keep).split('').map(Number);
    if (Number(number.digits[keep]) >= 5) {
      var i = kept.length - 1;
      while (i >= 0 && kept[i] === 9) { kept[i] = 0; i--; }
      if (i < 0) { kept.unshift(1); exponent += 1; } else kept[i] += 1;
    }
    var digits = kept.join('').replace(/0+$/, '');
    return digits ? { digits: digits, exponent: exponent } : { digits: '0', exponent: 0 };
  }

  // A rounded number as text: "1.5", "0.06", "12,345" (grouped from five integer digits, as ICU's
  // "min2" grouping of compact numbers).
  function text(number) {
    var intLength = number.exponent + 1;
    // The digits with zeros up to the units place (1200 -> "1200") or from it (0.06 -> "006").
    var all = intLength > 0 ? number.digits + '0'.repeat(Math.max(0, intLength - number.digits.length)) : '0'.repeat(1 - intLength) + number.digits;
    var point = Math.max(intLength, 1);
    var whole = all.slice(0, point);
    var fraction = all.slice(point).replace(/0+$/, '');
    if (whole.length >= 5) whole = whole.replace(/\B(?=(\d{3})+$)/g, ',');
    return fraction ? whole + '.' + fraction : whole;
  }

  // The largest of the units a number of that power of ten reaches ([0, '']: none).
  function unitFor(units, exponent) {
    for (var u = 0; u < units.length; u++) if (exponent >= units[u][0]) return units[u];
    return [0, ''];
  }

  // null: a number for Intl (not finite, or below zero: "-0" and the like are Intl's to write).
  function format(units, value) {
    if (!isFinite(value) || value < 0 || Object.is(value, -0)) return null;
    var number = decimal(value);
    // Rounding may carry a number into the next unit (999,999 -> 1M).
    var unit = unitFor(units, number.exponent);
    var rounded = roundShifted(number, unit[0]);
    var bigger = unitFor(units, rounded.exponent + unit[0]);
    if (bigger[0] !== unit[0]) {
      unit = bigger;
      rounded = roundShifted(number, unit[0]);
    }
    return rounded.digits === '0' ? '0' : text(rounded) + unit[1];
  }

  // One format per locale for every chart of a page: { format(value) -> text }.
  var formats = {};
  function compactNumbers(locale) {
    var key = String(locale);
    if (!formats[key]) {
      var units = UNITS[LANGUAGE_OF[key]];
      var intl = null;
      var viaIntl = function (value) {
        intl = intl || new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: FRACTION_DIGITS });
        return intl.format(value);
      };
      formats[key] = {
        format: function (value) {
          var out = units ? format(units, Number(value)) : null;
          return out === null ? viaIntl(value) : out;
        },
      };
    }
    return formats[key];
  }

  return { compactNumbers: compactNumbers };
});
