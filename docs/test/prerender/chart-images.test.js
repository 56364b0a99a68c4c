'use strict';
// The static chart images of prerendered pages (docs/src/prerender/chart-images.js): Chart.js drawn in
// node onto red-agate-svg-canvas, with the browser's configuration (shared/src/charts/). The image, an
// SVG file, carries the chart's series and the table's labels, is titled by the figure's caption, has no
// style attribute, takes the theme's inks from its own stylesheet (light, and dark under
// prefers-color-scheme, as site.css's), has ids of its figure, and leaves the shared chart parts as it
// found them; the page shows it in an <img> with its size and the caption as alt text, lazily after
// the first. In the browser: docs/test/prerender/prerender.browser.test.js.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { chartSvg, addChartImages, textWidthEm, INK_THEMES } = require('../../src/prerender/chart-images');
const { createMarkdown, renderMarkdown, inlineText, htmlText } = require('../../src/prerender/markdown');
const { chartFigure } = require('../../src/benchmarks/chart-figure');
const theme = require('../../../shared/src/charts/chart-theme');

const spec = {
  kind: 'bar', scale: 'linear', seriesIn: 'columns', keyColumns: 1, locale: 'en-US',
  series: [{ values: [120000, 80000], min: [110000, 70000], max: [130000, 90000], color: 0 }, { values: [90000, 60000], color: 1 }],
};
const grid = { header: ['Scenario', 'Drogon', 'nginx'], rows: [['keep-alive', '120,000', '90,000'], ['close', '80,000', '60,000']] };

test('a chart as SVG: its series, the table\'s labels, titled, no style attribute, themed, ids of its own', () => {
  const inkBefore = { ...theme.ink };
  const { svg, width, height } = chartSvg({ spec, grid, width: 600, id: 'bench-figure-x', title: 'Requests <per> second' });
  assert.equal(width, 600);
  assert.ok(height > 150, `height ${height}`);
  assert.match(svg, new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 600 ${height}" width="600" height="${height}" [^>]*><title>Requests &lt;per&gt; second</title><style>`));
  assert.doesNotMatch(svg, /\sstyle=/, 'a style attribute (the CSP refuses it)');
  for (const label of ['Drogon', 'nginx', 'keep-alive', 'close']) assert.ok(svg.includes(`>${label}</text>`), `label ${label}`);
  assert.ok(svg.includes('fill="#0072B2"') && svg.includes('fill="#009E73"'), 'both series in their palette colours');
  assert.ok(svg.includes('class="bench-ink-text"') || svg.includes('bench-ink-text '), 'text in the theme ink');
  assert.match(svg, /class="[^"]*bench-ink-mark-line/, 'the range bars in the theme\'s mark ink');
  const style = /<style>([^<]*)<\/style>/.exec(svg)[1];
  const dark = style.indexOf('@media (prefers-color-scheme:dark){');
  assert.ok(dark > 0, 'a dark theme under prefers-color-scheme');
  assert.ok(style.slice(0, dark).includes(`.bench-ink-text{fill:${INK_THEMES.light.text}}`) && style.slice(dark).includes(`.bench-ink-text{fill:${INK_THEMES.dark.text}}`), style);
  assert.ok(style.slice(dark).includes(`.bench-ink-mark-line{stroke:${INK_THEMES.dark.mark}}`), style);
  assert.doesNotMatch(svg, /#010203|#020304|#030405|#040506/i, 'a placeholder colour is left');
  const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(ids.length > 0 && ids.every((id) => id.startsWith('bench-figure-x-')), `ids ${ids}`);
  for (const ref of svg.matchAll(/url\(#([^)]+)\)/g)) assert.ok(ids.includes(ref[1]), `clip path ${ref[1]} undefined`);
  assert.deepEqual(theme.ink, inkBefore, 'the shared ink restored');
});

test('the image\'s tick labels are the browser chart\'s, not rounded with the drawing\'s coordinates', () => {
  const { compactNumbers } = require('../../../shared/src/charts/compact-numbers');
  const ratios = { kind: 'bar', scale: 'logarithmic', base: 1, seriesIn: 'columns', keyColumns: 1, locale: 'en-US', series: [{ values: [5.36, 1.0], color: 0 }] };
  const { svg } = chartSvg({ spec: ratios, grid: { header: ['Scenario', 'Ratio'], rows: [['pipelined', '5.36×'], ['keep-alive', '1.00×']] }, width: 910, id: 'bench-figure-r', title: 'Ratios' });
  const texts = [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  const numbers = compactNumbers('en-US');
  for (const tick of [0.125, 0.25, 0.5, 1, 2, 4, 8]) assert.ok(texts.includes(numbers.format(tick)), `tick ${tick} as "${numbers.format(tick)}" among ${texts.join(' | ')}`);
  assert.ok(texts.includes('0.13') && texts.includes('0.25'), texts.join(' | '));
});

test('a page\'s figures get their image before the canvas (without JavaScript the first at once, the others lazily; with it an empty image of the same size), the table found after the figure; a figure without a table is an error', () => {
  const figure = chartFigure({ id: 'x', spec, caption: 'Requests "per" second', fallback: 'See the table.' });
  const second = chartFigure({ id: 'y', spec, caption: 'Per second of CPU', fallback: 'See the table.' });
  const table = '| Scenario | Drogon | nginx |\n|---|---|---|\n| keep-alive | 120,000 | 90,000 |\n| close | 80,000 | 60,000 |';
  const md = createMarkdown();
  const context = { route: '/ENG/Benchmarks', htmlLang: 'en', aliases: {}, pages: new Map(), calloutTitles: {} };
  const srcOf = (id) => `ENG/Benchmarks/${id}.svg`;
  let images = [];
  const { html } = renderMarkdown(md, `# T\n\n${figure}\n\n${table}\n\n${second}\n\n${table}\n`, context, (tokens) => { images = addChartImages(tokens, { inlineText, htmlText, srcOf }); });
  assert.deepEqual(images.map((i) => i.id), ['bench-figure-x', 'bench-figure-y']);
  assert.ok(images.every((i) => i.svg.startsWith('<svg ') && i.svg.includes('>keep-alive</text>')));
  const imgs = [...html.matchAll(/<figcaption id="bench-chart-(\w)">[^<]*<\/figcaption>\n(<img [^>]*>|<picture [^>]*>.*?<\/picture>)\n<canvas /g)].map((m) => m[2]);
  assert.equal(imgs.length, 2, html);
  // With JavaScript, an empty image of the same size instead of the file (Chart.js draws there); without
  // it, the first image loads at once, the others as they come near the window.
  const shown = imgs.map((img, i) => {
    const m = /^<picture class="bench-chart-static"><source media="\(scripting: enabled\)" srcset="([^"]+)"><img class="bench-chart-static" src="ENG\/Benchmarks\/bench-figure-(\w)\.svg" alt="([^"]+)" width="910" height="(\d+)" decoding="async"( loading="lazy")?><\/picture>$/.exec(img);
    assert.ok(m, img);
    assert.equal(decodeURIComponent(m[1].replace(/^data:image\/svg\+xml,/, '')), `<svg xmlns="http://www.w3.org/2000/svg" width="910" height="${m[4]}"/>`, `figure ${i}`);
    assert.doesNotMatch(m[1].slice('data:image/svg+xml,'.length), /[\s,]/, 'a srcset URL has no white space or comma after its scheme');
    return { id: m[2], alt: m[3], lazy: Boolean(m[5]) };
  });
  assert.deepEqual(shown, [{ id: 'x', alt: 'Requests &quot;per&quot; second', lazy: false }, { id: 'y', alt: 'Per second of CPU', lazy: true }]);
  assert.throws(() => renderMarkdown(md, `# T\n\n${figure}\n\n## Next\n\n${table}\n`, context, (tokens) => addChartImages(tokens, { inlineText, htmlText, srcOf })), /chart image bench-figure-x: no table after the figure/);
});

test('the image\'s inks are site.css\'s --chart-* (text: docsify\'s --color-text), light and dark', () => {
  const css = fs.readFileSync(path.join(__dirname, '../../site/site.css'), 'utf8');
  const vars = (selector) => {
    const m = new RegExp(`^${selector.replace(/[[\]()]/g, '\\$&')} \\{([^}]*)\\}`, 'm').exec(css);
    assert.ok(m, `site.css has no ${selector} rule`);
    return Object.fromEntries([...m[1].matchAll(/--chart-(\w+):\s*([^;]+);/g)].map((v) => [v[1], v[2].trim()]));
  };
  const light = vars(':root');
  const dark = { ...light, ...vars(':root[data-theme="dark"]') };
  const docsifyText = (file) => /--color-text:([^;}]+)/.exec(fs.readFileSync(require.resolve(`docsify/dist/themes/${file}`), 'utf8'))[1].trim();
  for (const [name, theme, inks, cssFile] of [['light', light, INK_THEMES.light, 'core.min.css'], ['dark', dark, INK_THEMES.dark, 'addons/core-dark.min.css']]) {
    assert.equal(theme.text, 'var(--color-text)', `${name}: --chart-text`);
    assert.equal(inks.text, docsifyText(cssFile), `${name} text`);
    assert.deepEqual({ grid: inks.grid, mark: inks.mark, muted: inks.muted }, { grid: theme.grid, mark: theme.ink, muted: theme.muted }, name);
  }
});

test('text widths for the layout: wide characters a whole em, narrow ones less', () => {
  assert.equal(textWidthEm('性能'), 2);
  assert.ok(textWidthEm('iiii') < textWidthEm('mmmm'));
  assert.ok(textWidthEm('Requests per second') > 9);
});
