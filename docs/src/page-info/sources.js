// The file a reader edits to change a page (the target of its "Edit this page" link), per language:
//   - an authored page: its own file (ENG/<file>.md, CHN/<file>.md);
//   - a Traditional Chinese page: the Simplified page it is converted from (JB_TW/ is generated);
//   - a generated page (Benchmarks, Benchmark details, the front page): its template,
//     docs/benchmarks/<generatedBy>.<lang>.md (the zh-CN template for Traditional Chinese);
//   - an API reference page: its template, docs/api-reference/<page id>.<lang>.md.
'use strict';

const TEMPLATES_DIR = 'docs/benchmarks';

/** The language whose text a page in `code` is written in (zh-TW: zh-CN). */
function authoredCode(manifest, code) {
  const lang = manifest.languages.find((l) => l.code === code);
  if (!lang) throw new Error(`unknown language code "${code}"`);
  return lang.derivedFrom || lang.code;
}

/** The repository path (relative, '/'-separated) of the file to edit for page in language code. */
function editSource(manifest, page, code) {
  const from = authoredCode(manifest, code);
  if (page.generatedBy === 'api-reference') return `docs/api-reference/${page.id}.${from}.md`;
  if (page.generatedBy) return `${TEMPLATES_DIR}/${page.generatedBy}.${from}.md`;
  return page.entries[from].relPath;
}

/** The "Edit this page" URL of a repository path: <url>/edit/<branch>/<path> (GitHub's form), or null without a repository. */
function editUrl(repository, relPath) {
  if (!repository) return null;
  return `${repository.url}/edit/${repository.branch.split('/').map(encodeURIComponent).join('/')}/${relPath.split('/').map(encodeURIComponent).join('/')}`;
}

module.exports = { editSource, editUrl, authoredCode };
