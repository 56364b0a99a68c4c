// The static image of every chart of a prerendered page: an SVG file of its own beside the page
// (site/<DIR>/<file>/<figure id>.svg), shown by an <img> in each <figure class="bench-chart">, drawn at
// build time by Chart.js itself with the browser's own configuration and plugins (shared/src/charts/),
// onto red-agate-svg-canvas, a Canvas 2D context written in JavaScript that records the drawing as SVG
// (no DOM, no native code, no browser), so a reader without JavaScript, a crawler and a print see the
// figure; plugins/benchmark-charts.js replaces it with the interactive chart when JavaScript runs (the
// table beside it stays either way). A file, not inline markup: the page's HTML stays as small as
// without images (inline, the Benchmarks page's 8 charts added 110 KB to its 163 KB, and the browser
// parsed them all before the first screen). Without JavaScript the first chart's image loads at once,
// the others when they come near the window (loading="lazy"); with JavaScript none is fetched: an
// empty image of the same size keeps the chart's room until Chart.js draws it.
//
// The same data, scales, series and labels as the browser's chart: the labels come from the table
// after the figure, as in the browser (shared/src/charts/chart-labels.js). The image is as tall as the
// browser's chart at the width the figure has on a wide screen (a figure in a .bench-cell column: half
// of it), so nothing moves when the chart replaces it; narrower screens scale it down.
// Theme: text, grid and marks are drawn in placeholder colours and written as classes
// (bench-ink-text, bench-ink-grid, bench-ink-mark, bench-ink-muted) that the image's own stylesheet
// colours as site.css's --chart-* do, dark under prefers-color-scheme (an image cannot read the page's
// CSS); the data keeps its palette. No style attribute.
'use strict';
const { Chart, registerables } = require('chart.js');
const { SvgCanvas } = require('red-agate-svg-canvas');
const { Rect2D } = require('red-agate-svg-canvas/bin/drawing/canvas/TransferMatrix2D');
const theme = require('../../../shared/src/charts/chart-theme');
const { chartLabels } = require('../../../shared/src/charts/chart-labels');
const { chartLayout, chartConfig } = require('../../../shared/src/charts/chart-config');
const { escapeHtml } = require('../../../shared/src/escape');

Chart.register(...registerables);

// The content column's width at 1280 px (docsify's layout with the site's sidebar): a whole row, or
// one of the two columns of a .bench-pair (site.css).
const WIDE_PX = 910;
const CELL_PX = 439;

// The theme's inks as site.css's --chart-* gives them: light (text: docsify's --color-text) and dark
// (:root[data-theme="dark"], and docsify's dark --color-text). docs/test/prerender/chart-images.test.js
// compares them with site.css.
const INK_THEMES = {
  light: { text: '#333', grid: 'rgba(0, 0, 0, 0.1)', mark: '#222', muted: '#555' },
  dark: { text: '#ddd', grid: 'rgba(255, 255, 255, 0.16)', mark: '#eee', muted: '#bbb' },
};

// Placeholder colours of the theme's inks (never a data colour) and the class each one becomes.
const INKS = [
  { key: 'text', colour: '#010203', cls: 'bench-ink-text' },
  { key: 'grid', colour: '#020304', cls: 'bench-ink-grid' },
  { key: 'mark', colour: '#030405', cls: 'bench-ink-mark' },
  { key: 'muted', colour: '#040506', cls: 'bench-ink-muted' },
];

// Advance widths in em of a sans-serif face (rounded up to DejaVu Sans, the widest the browser may
// pick for the chart's font stack), for Chart.js's layout:
// where the axes end, how wide a legend entry is. The browser draws the text with its own font,
// anchored where Chart.js placed it.
function textWidthEm(text) {
  let em = 0;
  for (const ch of text) {
    if (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch)) em += 1;
    else if (/[iljtf.,:;'|!()[\] ]/.test(ch)) em += 0.34;
    else if (/[mwMW@%]/.test(ch)) em += 0.98;
    else if (/[A-Z]/.test(ch)) em += 0.74;
    else em += 0.64;
  }
  return em;
}

class SvgContext extends SvgCanvas {
  resetTransform() { this.setTransform(1, 0, 0, 1, 0, 0); }

  // Chart.js clears the whole canvas before it draws: the image stays transparent.
  clearRect() {}

  measureText(text) {
    const size = /(\d+(?:\.\d+)?)px/.exec(this.font);
    return { width: textWidthEm(String(text)) * (size ? Number(size[1]) : 12) };
  }
}

// Numbers with more than one decimal, as red-agate writes them.
const roundNumbers = (s) => s.replace(/-?\d+\.\d{2,}/g, (n) => String(Math.round(Number(n) * 10) / 10));
// The same in the attribute values of markup only: a text's content is a label as the chart shows it
// ("0.13", "1.23K"), never rounded.
const roundAttributes = (markup) => markup.replace(/(\s[\w:-]+=")([^"]*)"/g, (all, name, value) => `${name}${roundNumbers(value)}"`);

// A path's data in its short form: "M 39,163.5 L 426.8,163.5" -> "M39 163.5L426.8 163.5".
const shortPath = (d) => d.replace(/\s*([MLCQAZHV])\s*/gi, '$1').replace(/,/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * red-agate's SVG made small and CSP-safe: ids unique on the page, equal clip paths shared, no style
 * attribute (a font becomes font-size / font-weight), theme inks as classes, one group for
 * consecutive shapes that share their attributes, numbers of attributes to 0.1 px (a text's content as
 * it is).
 */
function compactSvg(raw, idPrefix, fontFamily) {
  const defs = /<defs>([\s\S]*?)<\/defs>/.exec(raw);
  const body = raw.slice(raw.indexOf('</defs>') + '</defs>'.length, raw.lastIndexOf('</svg>'));
  const clipIds = new Map(); // red-agate's id -> the page's id
  const clipDefs = new Map(); // path -> the page's id
  for (const m of (defs ? defs[1] : '').matchAll(/<clipPath id="([^"]+)" fill-rule="(\w+)" ><path d="([^"]*)" \/><\/clipPath>/g)) {
    const key = `${m[2]} ${roundNumbers(m[3])}`;
    if (!clipDefs.has(key)) clipDefs.set(key, `${idPrefix}-c${clipDefs.size + 1}`);
    clipIds.set(m[1], clipDefs.get(key));
  }
  const groups = [];
  for (const m of body.matchAll(/<g ([^>]*)>\n?([\s\S]*?)\n?<\/g>/g)) {
    let attrs = m[1].replace(/\s+/g, ' ').trim();
    attrs = attrs.replace(/clip-path="url\(#([^)]+)\)"/, (all, id) => {
      if (!clipIds.has(id)) throw new Error(`chart image ${idPrefix}: clip path ${id} is not defined`);
      return `clip-path="url(#${clipIds.get(id)})"`;
    });
    const classes = [];
    for (const ink of INKS) {
      attrs = attrs.replace(new RegExp(`(fill|stroke)="${ink.colour}"`, 'gi'), (all, what) => {
        classes.push(`${ink.cls}${what === 'stroke' ? '-line' : ''}`);
        return '';
      });
    }
    // Opacity 1 and miter limit 4 are SVG's defaults.
    attrs = attrs.replace(/\s(?:fill-opacity|stroke-opacity)="1"|\sstroke-miterlimit="4"|\sstroke-linecap="butt"|\sstroke-linejoin="miter"|\sfill-rule="nonzero"/g, '');
    if (classes.length) attrs += ` class="${classes.join(' ')}"`;
    const inner = m[2]
      .replace(/\s+transform="matrix\(1 0 0 1 0 0\)"/g, '')
      .replace(/ style="font:(\w+) (\d+(?:\.\d+)?)px ([^"]*?);"/g, (all, weight, size, family) => {
        if (family.replace(/&apos;/g, "'") !== fontFamily) throw new Error(`chart image ${idPrefix}: a text in another font (${family})`);
        return ` font-size="${size}"${weight === 'normal' ? '' : ` font-weight="${weight}"`}`;
      })
      .replace(/\s*\n\s*/g, ' ')
      .replace(/ (\/?>)/g, '$1');
    if (/\sstyle=/.test(attrs + inner)) throw new Error(`chart image ${idPrefix}: a style attribute is left`);
    attrs = roundNumbers(attrs.replace(/\s+/g, ' ').trim());
    const last = groups[groups.length - 1];
    if (last && last.attrs === attrs) last.inner += roundAttributes(inner);
    else groups.push({ attrs, inner: roundAttributes(inner) });
  }
  for (const g of groups) {
    g.inner = g.inner.replace(/<path d="([^"]*)"\/>/g, (all, d) => `<path d="${shortPath(d)}"/>`);
    // A text moved by a translation only: its position instead ("<text x y>").
    g.inner = g.inner.replace(/<text ([^>]*?) transform="matrix\(1 0 0 1 (-?[\d.]+) (-?[\d.]+)\)"><tspan x="(-?[\d.]+)" y="(-?[\d.]+)">([^<]*)<\/tspan><\/text>/g,
      (all, attrs, tx, ty, x, y, text) => `<text ${attrs} x="${roundNumbers(String(Number(tx) + Number(x)))}" y="${roundNumbers(String(Number(ty) + Number(y)))}">${text}</text>`);
    g.inner = g.inner.replace(/<text ([^>]*?)><tspan x="(-?[\d.]+)" y="(-?[\d.]+)">([^<]*)<\/tspan><\/text>/g, '<text $1 x="$2" y="$3">$4</text>');
    // The attributes every text of the group shares, once on the group.
    const texts = [...g.inner.matchAll(/<text ((?:font-size|font-weight|text-anchor|dominant-baseline)="[^"]*"(?: (?:font-size|font-weight|text-anchor|dominant-baseline)="[^"]*")*) /g)];
    const shared = texts.length > 1 && texts.every((m) => m[1] === texts[0][1]) && (g.inner.match(/<text /g) || []).length === texts.length ? texts[0][1] : null;
    if (shared) {
      g.inner = g.inner.split(`<text ${shared} `).join('<text ');
      g.attrs += ` ${shared}`;
    }
    // Lines only (no fill): the group's paths drawn as one, the same strokes.
    if (/(^| )fill="none"/.test(g.attrs) && /^(<path d="[^"]*"\/>)+$/.test(g.inner)) {
      g.inner = `<path d="${[...g.inner.matchAll(/<path d="([^"]*)"\/>/g)].map((m) => m[1]).join('')}"/>`;
    }
  }
  const clips = [...clipDefs].map(([key, id]) => {
    const [rule, d] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
    return `<clipPath id="${id}"${rule === 'nonzero' ? '' : ` clip-rule="${rule}"`}><path d="${shortPath(d)}"/></clipPath>`;
  }).join('');
  return `<defs>${clips}</defs>${groups.map((g) => `<g ${g.attrs}>${g.inner}</g>`).join('')}`;
}

// The image's stylesheet: the inks of the light theme, the dark theme's when the reader's system
// prefers it.
function inkStyle() {
  const rules = (inks) => INKS.map((ink) => `.${ink.cls}{fill:${inks[ink.key]}}.${ink.cls}-line{stroke:${inks[ink.key]}}`).join('');
  return `<style>${rules(INK_THEMES.light)}@media (prefers-color-scheme:dark){${rules(INK_THEMES.dark)}}</style>`;
}

/**
 * One chart as an SVG file: spec (the figure's data-chart), grid ({ header, rows }: the text of the
 * table after the figure), width in px; id: the figure's id (the prefix of the image's ids); title:
 * the figure's caption. Returns { svg, width, height }.
 */
function chartSvg({ spec, grid, width, id, title }) {
  const labels = chartLabels(spec, grid);
  const height = chartLayout(spec, labels, width).height || Math.round(width / 2);
  const config = chartConfig(spec, labels, undefined, width);
  config.options.responsive = false;
  config.options.devicePixelRatio = 1;
  const saved = { ...theme.ink };
  const defaults = { color: Chart.defaults.color, borderColor: Chart.defaults.borderColor };
  let chart = null;
  try {
    for (const ink of INKS) theme.ink[ink.key] = ink.colour;
    Chart.defaults.color = theme.ink.text;
    Chart.defaults.borderColor = theme.ink.grid;
    theme.applyInk(config.options);
    const ctx = new SvgContext();
    ctx.canvas = { width, height, style: {}, getContext: () => ctx };
    chart = new Chart(ctx, config);
    const family = Chart.defaults.font.family;
    const body = compactSvg(ctx.render(new Rect2D(0, 0, width, height), 'px'), id, family);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="${escapeHtml(family)}"><title>${escapeHtml(title)}</title>${inkStyle()}${body}</svg>\n`;
    return { svg, width, height };
  } finally {
    if (chart) chart.destroy();
    Object.assign(theme.ink, saved);
    Object.assign(Chart.defaults, defaults);
  }
}

// The grid of a markdown-it table starting at tokens[at] (table_open): header and body rows as text.
function tableGrid(tokens, at, inlineText) {
  const grid = { header: [], rows: [] };
  let row = null;
  let inHead = false;
  for (let i = at; i < tokens.length && tokens[i].type !== 'table_close'; i++) {
    const t = tokens[i];
    if (t.type === 'thead_open') inHead = true;
    else if (t.type === 'thead_close') inHead = false;
    else if (t.type === 'tr_open') row = [];
    else if (t.type === 'tr_close') {
      if (inHead && grid.header.length === 0) grid.header = row;
      else if (!inHead) grid.rows.push(row);
    } else if (t.type === 'inline' && row) row.push(inlineText(t).replace(/\s+/g, ' ').trim());
  }
  return grid;
}

// An empty SVG image of the given size, as a data: URL (the CSP's img-src allows data:): no request,
// and the room of the image it stands for (its natural size gives the box its aspect ratio).
function emptyImage(width, height) {
  return `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"/>`)}`;
}

/**
 * Adds the static image to every chart figure of a parsed page, in place: tokens from markdown-it;
 * inlineText: the plain text of an inline token, htmlText: of raw HTML (./markdown.js); srcOf(figure
 * id): the image's URL in the page. The table of a figure is the first after it before the next
 * heading or figure, as the browser finds it. Returns the images, [{ id, svg }], in the page's order.
 */
function addChartImages(tokens, { inlineText, htmlText, srcOf }) {
  const images = [];
  const openDivs = [];
  tokens.forEach((token, i) => {
    if (token.type !== 'html_block') return;
    const figure = /<figure class="bench-chart" id="([a-z0-9-]+)" data-chart="([^"]*)">/.exec(token.content);
    if (figure) {
      let table = -1;
      for (let j = i + 1; j < tokens.length && table < 0; j++) {
        if (tokens[j].type === 'heading_open' || (tokens[j].type === 'html_block' && /class="bench-chart"/.test(tokens[j].content))) break;
        if (tokens[j].type === 'table_open') table = j;
      }
      if (table < 0) throw new Error(`chart image ${figure[1]}: no table after the figure`);
      const spec = JSON.parse(figure[2].replace(/&#(\d+);/g, (m, n) => String.fromCharCode(Number(n)))
        .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
      const caption = /<figcaption\b[^>]*>([\s\S]*?)<\/figcaption>/.exec(token.content);
      const title = caption ? htmlText(caption[1]).replace(/\s+/g, ' ').trim() : '';
      if (!title) throw new Error(`chart image ${figure[1]}: no caption in the figure`);
      const width = openDivs.includes('bench-cell') ? CELL_PX : WIDE_PX;
      let image;
      try {
        image = chartSvg({ spec, grid: tableGrid(tokens, table, inlineText), width, id: figure[1], title });
      } catch (err) {
        throw new Error(`chart image ${figure[1]}: ${err.message}`);
      }
      if (!/<canvas /.test(token.content)) throw new Error(`chart image ${figure[1]}: no canvas in the figure`);
      const img = (lazy) => `<img class="bench-chart-static" src="${escapeHtml(srcOf(figure[1]))}" alt="${escapeHtml(title)}" width="${image.width}" height="${image.height}" decoding="async"${lazy ? ' loading="lazy"' : ''}>`;
      // Without JavaScript the first chart's image loads at once (it is on the first screen), the others
      // as they come near the window. With JavaScript (a <source> for scripting: enabled) an empty image
      // of the same size keeps each one's room, and Chart.js draws the chart there (the first as soon
      // as the first screen is painted; plugins/benchmark-charts.js: the image itself when it fails),
      // so the page never fetches, parses and paints an SVG document for a moment.
      const shown = `<picture class="bench-chart-static"><source media="(scripting: enabled)" srcset="${escapeHtml(emptyImage(image.width, image.height))}">${img(images.length > 0)}</picture>`;
      token.content = token.content.replace(/<canvas /, () => `${shown}\n<canvas `);
      images.push({ id: figure[1], svg: image.svg });
    }
    // The <div class="..."> blocks open around the figures (a .bench-pair's .bench-cell columns).
    for (const m of token.content.matchAll(/<div class="([^"]*)">|<\/div>/g)) {
      if (m[1] !== undefined) openDivs.push(m[1]);
      else openDivs.pop();
    }
  });
  return images;
}

module.exports = { addChartImages, chartSvg, compactSvg, textWidthEm, INK_THEMES };
