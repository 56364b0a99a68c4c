// docs/src/code-names/clang-names.js and clang-names.py: clang's front end (libclang 14, Debian's
// python3-clang-14) on real files: every identifier of the lines asked for resolves to its
// declaration, in a coroutine with libstdc++ 12's <coroutine>, in macro arguments and in a C++20
// rewritten comparison; a file that does not parse comes back with its diagnostics; answers are cached.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseUnits } = require('../../src/code-names/clang-names');

const sample = `#include <coroutine>
#include <string>
#define TWICE(x) ((x) + (x))
struct Task {
  struct promise_type {
    Task get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
Task run(std::string name) {
  if (name != "x") co_return;
  int doubled = TWICE(static_cast<int>(name.size()));
  (void)doubled;
  co_await std::suspend_never{};
}
`;

let dir;
let cacheDir;
test.before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clang-names-'));
  // Outside the sample's folder: every file of a unit's folder is part of its cache key.
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clang-names-cache-'));
  fs.writeFileSync(path.join(dir, 'sample.cc'), sample);
  fs.writeFileSync(path.join(dir, 'broken.cc'), 'int main() { undeclared_name(); }\n');
});
test.after(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

const request = (name, lines) => ({ file: path.join(dir, name), args: ['-x', 'c++', '-std=gnu++20'], interest: { [path.join(dir, name)]: lines }, libraryRoots: [] });

test('every identifier of the lines asked for resolves, coroutine and C++20 comparison included', { timeout: 120000 }, async () => {
  const [answer] = await parseUnits([request('sample.cc', [[13, 17]])], { cacheDir, jobs: 1 });
  assert.match(answer.clang, /clang version 14/);
  assert.deepEqual(answer.diagnostics, []);
  const names = answer.occurrences.map(([, line, , name, key]) => [line, name, key && answer.declarations[key].qualified.join('::')]);
  const unresolved = names.filter(([, , q]) => !q);
  assert.deepEqual(unresolved, [], 'no unresolved name');
  const declOf = (line, name) => names.find(([l, n]) => l === line && n === name)[2];
  assert.equal(declOf(13, 'Task'), 'Task');
  assert.match(declOf(13, 'string'), /^std::(__cxx11::)?string$/);
  assert.equal(declOf(14, 'name'), 'run::name', 'an operand of the rewritten != (clang does not annotate it)');
  assert.equal(declOf(15, 'TWICE'), 'TWICE');
  assert.match(declOf(15, 'size'), /^std::(__cxx11::)?basic_string::size$/, 'a macro argument');
  assert.match(declOf(17, 'suspend_never'), /^std::(__n4861::)?suspend_never$/, 'libstdc++ 12 puts coroutines in std::__n4861');
  const macro = Object.values(answer.declarations).find((d) => d.name === 'TWICE');
  assert.equal(macro.kind, 'macro');
  assert.equal(macro.signature, '#define TWICE(x)');
  // Asked again with nothing changed: the cached answer.
  const lines = [];
  const [again] = await parseUnits([request('sample.cc', [[13, 17]])], { cacheDir, jobs: 1, log: (l) => lines.push(l) });
  assert.deepEqual(again, answer);
  assert.ok(lines.some((l) => l.includes('(cached)')), lines.join('\n'));
});

test('a file the unit does not read is not claimed by it (another unit of its folder answers for it)', { timeout: 120000 }, async () => {
  const req = request('sample.cc', [[13, 17]]);
  req.interest[path.join(dir, 'broken.cc')] = [[1, 1]];
  const [answer] = await parseUnits([req], { cacheDir, jobs: 1 });
  assert.deepEqual(answer.files, [path.join(dir, 'sample.cc')]);
  assert.ok(answer.occurrences.every(([file]) => file === path.join(dir, 'sample.cc')));
});

test('a file that does not parse comes back with its error, file and line', { timeout: 120000 }, async () => {
  const [answer] = await parseUnits([request('broken.cc', [[1, 1]])], { cacheDir, jobs: 1 });
  assert.equal(answer.diagnostics.length, 1);
  assert.equal(answer.diagnostics[0].severity, 'error');
  assert.equal(answer.diagnostics[0].line, 1);
  assert.match(answer.diagnostics[0].message, /undeclared_name/);
});
