// docs/src/assemble/css-bundle.js: index.html's bundle block becomes one stylesheet, the listed files
// concatenated in order; a listed file that is not in docs/site, or anything but stylesheet links in
// the block, is an error naming it. The real index.html bundles every site stylesheet it loads.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { bundleStyles } = require('../../src/assemble/css-bundle');

const siteSrc = path.join(__dirname, '..', '..', 'site');

test('the bundle block becomes one link; the bundle holds the files in order', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'css-bundle-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'a.css'), 'a { color: red; }\n');
  fs.writeFileSync(path.join(dir, 'b.css'), 'b { color: blue; }\n');
  const html = '<head>\n  <link rel="stylesheet" href="x.css">\n  <!-- bundle all.css: why -->\n  <link rel="stylesheet" href="a.css">\n  <link rel="stylesheet" href="b.css">\n  <!-- /bundle -->\n</head>';
  const { html: out, bundles } = bundleStyles(html, dir);
  assert.equal(out, '<head>\n  <link rel="stylesheet" href="x.css">\n  <link rel="stylesheet" href="all.css">\n</head>');
  assert.equal(bundles.length, 1);
  const [name, css] = bundles[0];
  assert.equal(name, 'all.css');
  assert.ok(css.indexOf('a { color: red; }') < css.indexOf('b { color: blue; }'));
  assert.throws(() => bundleStyles(html.replace('b.css', 'missing.css'), dir), /the bundle all\.css lists missing\.css, which is not a file of docs\/site/);
  assert.throws(() => bundleStyles(html.replace('b.css', '../b.css'), dir), /lists \.\.\/b\.css/);
  assert.throws(() => bundleStyles(html.replace('<link rel="stylesheet" href="b.css">', '<script src="b.js"></script>'), dir), /may hold only <link rel="stylesheet"/);
});

test('the real index.html: one bundle with every site stylesheet, and no other link to them', () => {
  const html = fs.readFileSync(path.join(siteSrc, 'index.html'), 'utf8');
  const { html: out, bundles } = bundleStyles(html, siteSrc);
  assert.deepEqual(bundles.map(([name]) => name), ['site-bundle.css']);
  const own = fs.readdirSync(siteSrc).filter((f) => f.endsWith('.css'));
  for (const file of own) assert.ok(bundles[0][1].includes(`/* ${file} */`), `${file} is not in the bundle`);
  assert.deepEqual([...out.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]), ['vendor/docsify/themes/core.min.css', 'vendor/docsify/themes/addons/core-dark.min.css', 'site-bundle.css']);
});
