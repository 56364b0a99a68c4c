// docs/src/code-names/changelog.js: "since" only where a ChangeLog line adds the name itself.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { addingLines, since, distinctive } = require('../../src/code-names/changelog');

const changelog = `# Changelog

## [Unreleased]

### API changes list

- Add \`HttpRequest::futureThing()\` method.

## [1.9.5] - 2024-01-01

### API changes list

- Add the registerMiddleware method.

- Add a new overload for execSqlCoro.

- Add \`UploadFile\` constructor to create from memory data.

### Fixed

- Fix registerHandler crash.

## [1.8.0] - 2022-01-01

### Added

- Add \`HttpRequest::clearHeaders()\` method.

- Implement when_all coroutine gate.

### Changed

- Add sync_wait everywhere (a changed line, not an added one).

## [1.7.0] - 2021-01-01

### API change list

- Add the registerMiddleware method (first version).
`;

test('the adding lines of released versions, newest first', () => {
  const lines = addingLines(changelog);
  assert.deepEqual(lines.map((l) => l.version), ['1.9.5', '1.8.0', '1.8.0', '1.7.0']);
  assert.ok(!lines.some((l) => /overload|constructor/.test(l.text)), 'an overload or a constructor is not the name itself');
});

test('since: the oldest release that added the name; none for a common word, a fix or an unreleased entry', () => {
  const lines = addingLines(changelog);
  assert.equal(since(lines, { name: 'registerMiddleware', owner: 'HttpAppFramework' }).version, '1.7.0');
  assert.equal(since(lines, { name: 'clearHeaders', owner: 'HttpRequest' }).version, '1.8.0');
  assert.equal(since(lines, { name: 'when_all' }).version, '1.8.0');
  assert.equal(since(lines, { name: 'execSqlCoro', owner: 'DbClient' }), null);
  assert.equal(since(lines, { name: 'UploadFile' }), null);
  assert.equal(since(lines, { name: 'registerHandler', owner: 'HttpAppFramework' }), null);
  assert.equal(since(lines, { name: 'sync_wait' }), null);
  assert.equal(since(lines, { name: 'futureThing', owner: 'HttpRequest' }), null);
  assert.equal(since(lines, { name: 'method' }), null, 'the word "method" of a line is not the method named method');
  assert.ok(distinctive('newHttpJsonResponse') && distinctive('METHOD_ADD') && distinctive('sync_wait') && distinctive('HttpResponse'));
  assert.ok(!distinctive('get') && !distinctive('send') && !distinctive('Mutex'));
});
