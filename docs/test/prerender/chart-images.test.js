'use strict';
// The static chart images of prerendered pages (docs/src/prerender/chart-images.js): Chart.js drawn in
// node onto red-agate-svg-canvas, with the browser's configuration (shared/src/charts/). The image
// carries the chart's series and the table's labels, is labelled by the figure's caption, keeps to the
// site's CSP (no style attribute), takes the theme's inks as classes, has ids unique to its figure, and
// leaves the shared chart parts as it found them. In the browser: docs/test/prerender/prerender.browser.test.js.
const test = require('node:test');
const assert = require('node:assert/strict');
const { chartSvg, addChartImages, textWidthEm } = require('../../src/prerender/chart-images');
const { createMarkdown, renderMarkdown, inlineText } = require('../../src/prerender/markdown');
const { chartFigure } = require('../../src/benchmarks/chart-figure');
const theme = require('../../../shared/src/charts/chart-theme');

const spec = {
  kind: 'bar', scale: 'linear', seriesIn: 'columns', keyColumns: 1, locale: 'en-US',
  series: [{ values: [120000, 80000], min: [110000, 70000], max: [130000, 90000], color: 0 }, { values: [90000, 60000], color: 1 }],
};
const grid = { header: ['Scenario', 'Drogon', 'nginx'], rows: [['keep-alive', '120,000', '90,000'], ['close', '80,000', '60,000']] };

test('a chart as SVG: its series, the table\'s labels, labelled, CSP-safe, themed, ids of its own', () => {
  const inkBefore = { ...theme.ink };
  const svg = chartSvg({ spec, grid, width: 600, id: 'bench-figure-x', captionId: 'bench-chart-x' });
  assert.match(svg, /^<svg class="bench-chart-static" role="img" aria-labelledby="bench-chart-x" [^>]*viewBox="0 0 600 \d+" width="100%" height="\d+"/);
  assert.doesNotMatch(svg, /\sstyle=/, 'a style attribute (the CSP refuses it)');
  for (const label of ['Drogon', 'nginx', 'keep-alive', 'close']) assert.ok(svg.includes(`>${label}</text>`), `label ${label}`);
  assert.ok(svg.includes('fill="#0072B2"') && svg.includes('fill="#009E73"'), 'both series in their palette colours');
  assert.ok(svg.includes('class="bench-ink-text"') || svg.includes('bench-ink-text '), 'text in the theme ink');
  assert.match(svg, /bench-ink-mark-line/, 'the range bars in the theme\'s mark ink');
  assert.doesNotMatch(svg, /#010203|#020304|#030405|#040506/i, 'a placeholder colour is left');
  const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(ids.length > 0 && ids.every((id) => id.startsWith('bench-figure-x-')), `ids ${ids}`);
  for (const ref of svg.matchAll(/url\(#([^)]+)\)/g)) assert.ok(ids.includes(ref[1]), `clip path ${ref[1]} undefined`);
  assert.deepEqual(theme.ink, inkBefore, 'the shared ink restored');
});

test('a page\'s figures get their image before the canvas, the table found after the figure; a figure without a table is an error', () => {
  const figure = chartFigure({ id: 'x', spec, caption: 'Requests per second', fallback: 'See the table.' });
  const table = '| Scenario | Drogon | nginx |\n|---|---|---|\n| keep-alive | 120,000 | 90,000 |\n| close | 80,000 | 60,000 |';
  const md = createMarkdown();
  const context = { route: '/ENG/Benchmarks', htmlLang: 'en', aliases: {}, pages: new Map(), calloutTitles: {} };
  let drawn = 0;
  const { html } = renderMarkdown(md, `# T\n\n${figure}\n\n${table}\n`, context, (tokens) => { drawn = addChartImages(tokens, inlineText); });
  assert.equal(drawn, 1);
  assert.match(html, /<figcaption id="bench-chart-x">[^<]*<\/figcaption>\n<svg class="bench-chart-static"[\s\S]*<\/svg>\n<canvas /);
  assert.throws(() => renderMarkdown(md, `# T\n\n${figure}\n\n## Next\n\n${table}\n`, context, (tokens) => addChartImages(tokens, inlineText)), /chart image bench-figure-x: no table after the figure/);
});

test('text widths for the layout: wide characters a whole em, narrow ones less', () => {
  assert.equal(textWidthEm('性能'), 2);
  assert.ok(textWidthEm('iiii') < textWidthEm('mmmm'));
  assert.ok(textWidthEm('Requests per second') > 9);
});
