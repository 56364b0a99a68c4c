// The ORM page, against real databases: a SQLite3 file and one PostgreSQL 15 server (Debian's, in a
// scratch folder, started once for this file and stopped with pg_ctl even when the test fails).
// drogon_ctl runs the page's commands on both: the committed model classes must be what it generates
// from the schemas today, BooksCtrl.h what `create controller -r` writes, and BooksCtrl.cc must keep
// the signatures it wrote. Both builds of the program (one per database) then answer the page's curl
// commands as expected/*.txt says, and the tables are read directly afterwards.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { guideState, guideBinary, pickPort, startProgram, startBackground, startPostgres, runChecked, runCommand, runRegion, assertRegionOutput, exampleRegion, logMessages, examplesDir, sleep } = require('../test-support/guide-tests');

const chapterDir = path.join(examplesDir, 'orm');
const MODEL_FILES = ['Authors', 'Books', 'BookTags', 'Tags'].flatMap((name) => [`${name}.h`, `${name}.cc`]);
const TRY_REGIONS = ['try-get-one', 'try-list', 'try-bad-page', 'try-create', 'try-tidy', 'try-update', 'try-delete', 'try-joins', 'try-tags'];
// curl's time in the output of try-lock changes from run to run.
const SECONDS = [/ after [\d.]+ s$/m, ' after <seconds> s'];

function scratchDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

function copyInto(dir, ...names) {
  for (const name of names) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.copyFileSync(path.join(chapterDir, name), path.join(dir, name));
  }
}

// A region of commands.sh as the page shows it, run in `cwd` (port 8080 replaced by `port`).
// replace: more of the page's values for the test's (the PostgreSQL server's address).
const runOrmRegion = (region, { cwd, env, port, replace = {} } = {}) => runRegion('orm', region, { replace: { ...(port ? { 8080: port } : {}), ...replace }, cwd, env });
const checkOutput = (region, stdout, options) => assertRegionOutput('orm', region, stdout, options);

function sameAsCommitted(generatedDir, committedRel, names) {
  for (const name of names) {
    const generated = fs.readFileSync(path.join(generatedDir, name), 'utf8');
    const committed = fs.readFileSync(path.join(chapterDir, committedRel, name), 'utf8');
    assert.ok(generated === committed, `orm/${committedRel}/${name} differs from what drogon_ctl generates now: regenerate it (the page's commands)`);
  }
}

// The page's curl commands against one build of the program, then the tables themselves.
// `lockStep(port)` runs what only one database shows (PostgreSQL's row lock), if given.
async function exercise(binary, configFile, cwd, sql, lockStep) {
  const port = await pickPort();
  const config = fs.readFileSync(path.join(cwd, configFile), 'utf8');
  fs.writeFileSync(path.join(cwd, configFile), config.replace('"port": 8080', `"port": ${port}`));
  const server = await startProgram([binary, configFile], { port, cwd, label: path.basename(binary) });
  try {
    for (const region of TRY_REGIONS) checkOutput(region, (await runOrmRegion(region, { port })).stdout);
    if (lockStep) await lockStep(port);
  } finally {
    await server.stop();
  }
  // page=two: getOptionalParameter gave nothing (the first page) and Drogon logged why.
  assert.ok(logMessages(server.output()).includes('ERROR stoll'), `no "ERROR stoll" in the log of ${path.basename(binary)}:\n${server.output()}`);
  // Book 1 is gone with its tags, Dawn and The Lathe of Heaven (tidied) are there, Solaris moved
  // to 1962, book 2 got two more tags and no fourth.
  assert.equal(await sql('SELECT count(*) FROM book_tags WHERE book_id = 1'), '0');
  assert.equal(await sql('SELECT count(*) FROM book_tags WHERE book_id = 2'), '3');
  assert.equal(await sql('SELECT count(*) FROM book_tags'), lockStep ? '9' : '8');
  assert.equal(await sql("SELECT id || ' ' || year || ' ' || author_id FROM books WHERE title = 'Dawn'"), '8 1987 3');
  assert.equal(await sql("SELECT id || ' ' || year FROM books WHERE title = 'The Lathe of Heaven'"), '9 1971');
  assert.equal(await sql("SELECT year FROM books WHERE title = 'Solaris'"), '1962');
  assert.equal(await sql('SELECT count(*) FROM books'), '8');
}

// PostgreSQL: the page's psql holds book 4's row (and adds its third tag) while the page's curl asks
// for a fourth. The handler's SELECT ... FOR UPDATE waits for that transaction, then counts three.
async function lockStep(pg, port, cwd, env) {
  // The page's TCP address is the scratch server's socket folder here (it listens on no TCP port).
  const hold = startBackground(['bash', '-euo', 'pipefail', '-c', exampleRegion('orm/commands.sh', 'try-lock-hold').replaceAll('-h 127.0.0.1', `-h ${pg.socketDir}`)], { cwd, env, label: 'psql holding book 4' });
  try {
    // The row is locked once the transaction sleeps.
    const deadline = Date.now() + 15000;
    while ((await pg.psql("SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%pg_sleep(5)%' AND pid <> pg_backend_pid()", 'bookshop')).trim() !== '1') {
      assert.ok(Date.now() < deadline, `psql did not start its transaction within 15 s:\n${hold.output()}`);
      await sleep(50);
    }
    const started = Date.now();
    checkOutput('try-lock', (await runOrmRegion('try-lock', { port })).stdout, { masks: [SECONDS] });
    const waited = (Date.now() - started) / 1000;
    assert.ok(waited > 2, `the request did not wait for the locked row (answered after ${waited} s)`);
    const exit = await hold.waitForExit(15000);
    assert.equal(exit && exit.code, 0, `psql failed:\n${hold.output()}`);
    // Three tags: psql's, and the two book 4 had; no fourth.
    assert.equal((await pg.psql('SELECT count(*) FROM book_tags WHERE book_id = 4', 'bookshop')).trim(), '3');
  } finally {
    await hold.stop();
  }
}

// The convert section of model.json: the function is called where a model is made or updated from
// JSON, not in the setter, and an item that names no table is never applied.
async function checkConvert(ctl, work) {
  const booksCc = fs.readFileSync(path.join(chapterDir, 'models/sqlite3/Books.cc'), 'utf8');
  // The function each call is in: the last line before it that starts a definition at the margin.
  const calling = [];
  let current = null;
  for (const line of booksCc.split('\n')) {
    if (/^[A-Za-z].*\(/.test(line)) current = line.replace(/\(.*$/, '');
    if (line.includes('tidyTitle(')) calling.push(current);
  }
  assert.deepEqual(calling, ['Books::Books', 'Books::Books', 'void Books::updateByMasqueradedJson', 'void Books::updateByJson'],
    'tidyTitle is called in the two JSON constructors, updateByMasqueradedJson and updateByJson, and nowhere else (not in setTitle)');
  assert.match(booksCc, /^#include "TitleConvert\.h"$/m, 'Books.cc includes TitleConvert.h');
  const dir = path.join(work, 'convert-no-table');
  fs.mkdirSync(path.join(dir, 'models'), { recursive: true });
  fs.copyFileSync(path.join(work, 'bookshop.db'), path.join(dir, 'bookshop.db'));
  const config = fs.readFileSync(path.join(chapterDir, 'models/sqlite3/model.json'), 'utf8');
  assert.match(config, /\n\s*"table": "books",\n/);
  fs.writeFileSync(path.join(dir, 'models/model.json'), config.replace(/\n\s*"table": "books",\n/, '\n'));
  await runChecked([ctl, 'create', 'model', 'models', '-f'], { cwd: dir, label: 'drogon_ctl with a convert item without a table' });
  assert.ok(!fs.readFileSync(path.join(dir, 'models/Books.cc'), 'utf8').includes('tidyTitle'), 'a convert item without "table" was applied');
}

test('the ORM page on a real SQLite3 file and a real PostgreSQL server', { timeout: 15 * 60 * 1000 }, async (t) => {
  const { state } = guideState();
  const env = { ...process.env, PATH: `${path.dirname(state.drogonCtl)}:${process.env.PATH}` };
  // The two programs build while drogon_ctl runs.
  const binaries = Promise.all([guideBinary('bookshop_sqlite3'), guideBinary('bookshop_postgresql')]);
  binaries.catch(() => {}); // awaited below; a build failure is reported there
  const work = scratchDir('guide-orm-');
  const pg = await startPostgres({ dbname: null });
  try {
    // SQLite3: the database file, then the models, as the page does it.
    copyInto(work, 'schema.sqlite.sql', 'models/sqlite3/model.json', 'config.sqlite3.json');
    await runOrmRegion('sqlite-create', { cwd: work });
    checkOutput('models-sqlite', (await runOrmRegion('models-sqlite', { cwd: work, env })).stdout);
    sameAsCommitted(path.join(work, 'models/sqlite3'), 'models/sqlite3', MODEL_FILES);
    await checkConvert(state.drogonCtl, work);
    // The relationship methods the page names are in the headers.
    const booksH = fs.readFileSync(path.join(work, 'models/sqlite3/Books.h'), 'utf8');
    assert.match(booksH, /void getAuthor\(const drogon::orm::DbClientPtr &clientPtr,\s+const std::function<void\(Authors\)> &rcb,/);
    assert.match(booksH, /Authors getAuthor\(const drogon::orm::DbClientPtr &clientPtr\) const;/);
    assert.match(booksH, /void getTags\(const drogon::orm::DbClientPtr &clientPtr,\s+const std::function<void\(std::vector<std::pair<Tags,BookTags>>\)> &rcb,/);
    assert.match(fs.readFileSync(path.join(work, 'models/sqlite3/Authors.h'), 'utf8'), /std::vector<Books> getBooks\(const drogon::orm::DbClientPtr &clientPtr\) const;/);
    assert.match(fs.readFileSync(path.join(work, 'models/sqlite3/Tags.h'), 'utf8'), /std::vector<std::pair<Books,BookTags>> getBooks\(const drogon::orm::DbClientPtr &clientPtr\) const;/);
    // The foreign keys drogon_ctl found by itself (1.9.13) became has-one relationships of book_tags.
    const bookTagsH = fs.readFileSync(path.join(work, 'models/sqlite3/BookTags.h'), 'utf8');
    assert.match(bookTagsH, /Books getBooks\(const drogon::orm::DbClientPtr &clientPtr\) const;/);
    assert.match(bookTagsH, /Tags getTags\(const drogon::orm::DbClientPtr &clientPtr\) const;/);

    // PostgreSQL: createdb and psql reach the scratch server through PGHOST, PGPORT and PGUSER;
    // model.json is the page's with the scratch server's socket folder and port.
    const pgEnv = { ...env, ...pg.env };
    copyInto(work, 'schema.postgresql.sql', 'config.postgresql.json');
    await runOrmRegion('pg-create', { cwd: work, env: pgEnv, replace: { '-h 127.0.0.1': `-h ${pg.socketDir}` } });
    const modelJson = fs.readFileSync(path.join(chapterDir, 'models/postgresql/model.json'), 'utf8');
    fs.mkdirSync(path.join(work, 'models/postgresql'), { recursive: true });
    fs.writeFileSync(path.join(work, 'models/postgresql/model.json'),
      modelJson.replace('"host": "127.0.0.1"', `"host": "${pg.socketDir}"`).replace('"port": 5432', `"port": ${pg.port}`));
    await runOrmRegion('models-postgresql', { cwd: work, env }); // its output lists the same tables (FK order may vary)
    sameAsCommitted(path.join(work, 'models/postgresql'), 'models/postgresql', MODEL_FILES);

    // The RESTful controller: the header as drogon_ctl writes it; the source keeps its signatures.
    const ctl = scratchDir('guide-orm-ctl-');
    try {
      checkOutput('controller', (await runOrmRegion('controller', { cwd: ctl, env })).stdout);
      sameAsCommitted(path.join(ctl, 'skeleton'), '.', ['BooksCtrl.h']);
      const generatedCc = fs.readFileSync(path.join(ctl, 'skeleton', 'BooksCtrl.cc'), 'utf8');
      const committedCc = fs.readFileSync(path.join(chapterDir, 'BooksCtrl.cc'), 'utf8');
      const signatures = generatedCc.match(/^void BooksCtrl::\w+\([\s\S]*?\)(?=\n\{)/gm) || [];
      assert.equal(signatures.length, 6, 'drogon_ctl wrote five handlers and a commented-out update');
      for (const signature of signatures) assert.ok(committedCc.includes(signature), `BooksCtrl.cc lost the generated signature:\n${signature}`);
      assert.ok(committedCc.startsWith(generatedCc.slice(0, generatedCc.indexOf('\n\n\nvoid'))), 'BooksCtrl.cc does not start as drogon_ctl wrote it');
    } finally {
      fs.rmSync(ctl, { recursive: true, force: true });
    }

    // restful_api_controllers, as the page says: a controller per table, in a folder that must exist.
    const rest = scratchDir('guide-orm-rest-');
    try {
      fs.copyFileSync(path.join(work, 'bookshop.db'), path.join(rest, 'bookshop.db'));
      // The page's model.json with "enabled": true in its restful_api_controllers.
      const config = fs.readFileSync(path.join(chapterDir, 'models/sqlite3/model.json'), 'utf8');
      assert.match(config, /"restful_api_controllers": \{\n.*\n\s*"enabled": false,/);
      fs.mkdirSync(path.join(rest, 'models'));
      fs.writeFileSync(path.join(rest, 'models/model.json'), config.replace(/("restful_api_controllers": \{\n.*\n\s*"enabled": )false/, '$1true'));
      const missing = await runCommand([state.drogonCtl, 'create', 'model', 'models', '-f'], { cwd: rest, label: 'drogon_ctl without controllers/' });
      assert.notEqual(missing.code, 0);
      assert.match(missing.stdout + missing.stderr, /No such file or directory/);
      fs.mkdirSync(path.join(rest, 'controllers'));
      await runChecked([state.drogonCtl, 'create', 'model', 'models', '-f'], { cwd: rest, label: 'drogon_ctl with restful_api_controllers' });
      for (const table of ['Authors', 'Books', 'BookTags', 'Tags']) {
        for (const name of [`Restful${table}Ctrl.h`, `Restful${table}Ctrl.cc`, `Restful${table}CtrlBase.h`, `Restful${table}CtrlBase.cc`]) {
          assert.ok(fs.existsSync(path.join(rest, 'controllers', name)), `no controllers/${name}`);
        }
      }
      const books = fs.readFileSync(path.join(rest, 'controllers/RestfulBooksCtrl.h'), 'utf8');
      for (const route of ['ADD_METHOD_TO(RestfulBooksCtrl::getOne,"/books/{1}",Get,Options);', 'ADD_METHOD_TO(RestfulBooksCtrl::create,"/books",Post,Options);']) {
        assert.ok(books.includes(route), `RestfulBooksCtrl.h lacks ${route}`);
      }
    } finally {
      fs.rmSync(rest, { recursive: true, force: true });
    }

    // Both programs, each on its own fresh copy of the data.
    const [sqliteBinary, pgBinary] = await binaries;
    await exercise(sqliteBinary, 'config.sqlite3.json', work,
      async (q) => (await runChecked(['sqlite3', path.join(work, 'bookshop.db'), q], { label: 'sqlite3' })).stdout.trim());
    const pgConfig = fs.readFileSync(path.join(work, 'config.postgresql.json'), 'utf8');
    fs.writeFileSync(path.join(work, 'config.postgresql.json'),
      pgConfig.replace('"host": "127.0.0.1"', `"host": "${pg.socketDir}"`).replace('"port": 5432', `"port": ${pg.port}`));
    await exercise(pgBinary, 'config.postgresql.json', work, async (q) => (await pg.psql(q, 'bookshop')).trim(),
      (port) => lockStep(pg, port, work, pgEnv));
  } finally {
    await pg.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
});
