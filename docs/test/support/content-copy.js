// A temp copy of the site's content (manifest, UI strings, translation records, ENG/ CHN/ JB_TW/, bench settings and results,
// the guide's data and examples, the tutorial's steps, the API reference's templates), for tests that modify pages: the
// working tree is never touched. The
// copy is regenerated with the build's generate stage first, so it is consistent even while the
// working tree has unbuilt edits.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..', '..', '..');
const contentDirs = ['ENG', 'CHN', 'JB_TW'];

/** Returns { root, remove() }. options.resultsFile replaces bench/results/latest.json in the copy. */
function copySiteContent({ resultsFile } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-docs-content-'));
  try {
    fs.mkdirSync(path.join(root, 'docs'));
    for (const name of ['manifest.json', 'ui-strings.json', 'translations.json']) {
      if (fs.existsSync(path.join(repoRoot, 'docs', name))) fs.copyFileSync(path.join(repoRoot, 'docs', name), path.join(root, 'docs', name));
    }
    // The guide's data and the example files its pages include (docs/src/guide/), the record of their
    // names and the API reference's templates (docs/src/api-reference/).
    for (const dir of ['docs/guide', 'examples/guide', 'examples/tutorial', 'docs/api-reference']) {
      if (fs.existsSync(path.join(repoRoot, dir))) fs.cpSync(path.join(repoRoot, dir), path.join(root, dir), { recursive: true });
    }
    for (const dir of contentDirs) {
      if (fs.existsSync(path.join(repoRoot, dir))) fs.cpSync(path.join(repoRoot, dir), path.join(root, dir), { recursive: true });
    }
    // The bench settings: pages quote them (docs/src/benchmarks/methodology.js).
    fs.mkdirSync(path.join(root, 'bench'), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, 'bench', 'scenarios.json'), path.join(root, 'bench', 'scenarios.json'));
    // ... and the JSON variants' names (scenarios.json's json.serversFile).
    fs.mkdirSync(path.join(root, 'bench', 'json'), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, 'bench', 'json', 'servers.json'), path.join(root, 'bench', 'json', 'servers.json'));
    const results = path.join(repoRoot, 'bench', 'results');
    if (fs.existsSync(results)) fs.cpSync(results, path.join(root, 'bench', 'results'), { recursive: true });
    if (resultsFile) {
      fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
      fs.copyFileSync(resultsFile, path.join(root, 'bench', 'results', 'latest.json'));
    }
  } catch (err) {
    fs.rmSync(root, { recursive: true, force: true });
    throw err;
  }
  return { root, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

// Writes the generated pages and sidebars into the copy (as `npm run build` would in the repo).
function regenerate(root) {
  const { generatePages } = require('../../src/generate-pages');
  const generated = generatePages({ root });
  for (const [rel, content] of generated.files) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  }
  return generated;
}

/** A regenerated, consistent temp copy: { root, generated, remove() }. */
function generatedContentCopy(options) {
  const copy = copySiteContent(options);
  try {
    return { ...copy, generated: regenerate(copy.root) };
  } catch (err) {
    copy.remove();
    throw err;
  }
}

module.exports = { copySiteContent, generatedContentCopy, regenerate, repoRoot };
