// The database page, against real databases: a SQLite3 file and a PostgreSQL 15 server (Debian's
// package, started once for this file as the postgres user in a scratch folder, stopped with pg_ctl
// stop -m fast even when a test fails). The page's commands create the schema, start the example on it, and run the
// curl commands; their output is expected/*.txt (expected/postgresql/ where PostgreSQL words an
// error its own way). The database is then checked directly: the failed loan left no trace, and
// the rows POST /books added hold NULL where the page says. The committed model classes are what
// drogon_ctl generates from the schemas today. The g++ 12 crash the page warns of is reproduced
// with its program (no Drogon), and the form the page gives instead runs.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { guideState, guideBinary, drogonSourceDir, repoRoot, pickPort, startProgram, startPostgres, runChecked, runCommand, exampleRegion, checkCommand, assertRegionOutput, scratchDir, examplesDir } = require('../test-support/guide-tests');

const chapterDir = path.join(examplesDir, 'database');
const tryRegions = ['try-list', 'try-loan', 'try-loans', 'try-orm', 'try-add', 'try-null'];

// The books after the page's commands: two seeded, one added through the ORM, two by POST /books.
const BOOKS_AFTER = 'Dune|2\nSolaris|0\nNeuromancer|1\nFoundation|1\nThe Left Hand of Darkness|1\n';

// One PostgreSQL server for the whole file: the page's test and the models' test use it in turn.
let pgStarted = null;
const postgres = () => (pgStarted ??= startPostgres({ dbname: null }));
test.after(async () => {
  if (pgStarted) await (await pgStarted).stop();
});

// What main() printed before listening: the two futures' answers (expected/run.txt).
function checkStartLine(server) {
  const line = server.output().split('\n').find((l) => l.startsWith('library: '));
  assertRegionOutput('database', 'run', line || '', { expectedFile: 'database/expected/run.txt' });
}


// The page's command to start the example, with ./build/library and the port of the test.
function serverArgv(region, binary, port, connection) {
  let command = exampleRegion('database/commands.sh', region).replace('./build/library', binary).replace('8080', String(port));
  if (connection) command = command.replace(/'[^']*'$/, `'${connection}'`);
  return ['bash', '-c', `exec ${command}`];
}

test('SQLite3: the page\'s commands on a real database file', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('library');
  const port = await pickPort();
  const work = scratchDir(t, 'guide-sqlite-');
  fs.copyFileSync(path.join(chapterDir, 'schema.sqlite.sql'), path.join(work, 'schema.sqlite.sql'));
  await runChecked(['bash', '-c', exampleRegion('database/commands.sh', 'sqlite-create')], { cwd: work, label: 'sqlite-create' });

  const server = await startProgram(serverArgv('sqlite-run', binary, port), { port, cwd: work, label: 'library (sqlite3)' });
  t.after(() => server.stop());
  checkStartLine(server);
  for (const region of tryRegions) await checkCommand('database', region, { port });
  await server.stop();

  // A database file without the tables: the future's get() throws SQLite's error, main() stops.
  const empty = exampleRegion('database/commands.sh', 'run-empty').replace('./build/library', binary).replace('8080', String(port));
  const stopped = await runCommand(['bash', '-euo', 'pipefail', '-c', empty], { cwd: work, label: 'library on an empty file', timeoutMs: 20000 });
  assert.equal(stopped.code, 1, `library on an empty file: exit ${stopped.code}\n${stopped.stdout}${stopped.stderr}`);
  assertRegionOutput('database', 'run-empty', stopped.stdout + stopped.stderr);

  // The file itself: Ann's loan only; the failed one left Dune's copies as they were.
  const sql = (q) => runChecked(['sqlite3', path.join(work, 'library.db'), q], { label: 'sqlite3' }).then((r) => r.stdout);
  assert.equal(await sql('SELECT book_id, borrower FROM loans'), '2|Ann\n');
  assert.equal(await sql('SELECT title, copies FROM books ORDER BY id'), BOOKS_AFTER);
  // The rows POST /books added: NULL where no subtitle was given, and where DELETE set it (nullptr).
  assert.equal(await sql("SELECT id, subtitle IS NULL, typeof(subtitle) FROM books WHERE id >= 4 ORDER BY id"), '4|1|null\n5|1|null\n');
});

test('PostgreSQL: the page\'s commands on a real server', { timeout: 10 * 60 * 1000 }, async (t) => {
  const binary = await guideBinary('library');
  const port = await pickPort();
  const work = scratchDir(t, 'guide-pg-work-');
  fs.copyFileSync(path.join(chapterDir, 'schema.postgresql.sql'), path.join(work, 'schema.postgresql.sql'));
  const pg = await postgres();
  {
    // createdb and psql reach the scratch server through PGHOST, PGPORT and PGUSER.
    // The page's TCP address is the scratch server's socket folder here (it listens on no TCP port).
    await runChecked(['bash', '-euo', 'pipefail', '-c', exampleRegion('database/commands.sh', 'pg-create').replaceAll('-h 127.0.0.1', `-h ${pg.socketDir}`)], { cwd: work, env: { ...process.env, ...pg.env }, label: 'pg-create' });
    const conninfo = `host=${pg.socketDir} port=${pg.port} dbname=guide user=${pg.role} password=${pg.role}`;
    const server = await startProgram(serverArgv('pg-run', binary, port, conninfo), { port, cwd: work, label: 'library (postgresql)' });
    try {
      checkStartLine(server);
      for (const region of tryRegions) {
        const specific = `database/expected/postgresql/${region}.txt`;
        await checkCommand('database', region, { port, expectedFile: fs.existsSync(path.join(examplesDir, specific)) ? specific : undefined });
      }
    } finally {
      await server.stop();
    }
    assert.equal(await pg.psql('SELECT book_id, borrower FROM loans', 'guide'), '2|Ann\n');
    assert.equal(await pg.psql('SELECT title, copies FROM books ORDER BY id', 'guide'), BOOKS_AFTER);
    assert.equal(await pg.psql('SELECT id, subtitle IS NULL FROM books WHERE id >= 4 ORDER BY id', 'guide'), '4|t\n5|t\n');
  }
});

test('the model classes are what drogon_ctl generates from the schemas', { timeout: 10 * 60 * 1000 }, async (t) => {
  const { state } = guideState();
  const work = scratchDir(t, 'guide-models-');
  const env = { ...process.env, PATH: `${path.dirname(state.drogonCtl)}:${process.env.PATH}` };
  const same = (kind) => {
    for (const name of ['Books.h', 'Books.cc', 'Loans.h', 'Loans.cc']) {
      const generated = fs.readFileSync(path.join(work, 'models', kind, name), 'utf8');
      const committed = fs.readFileSync(path.join(chapterDir, 'models', kind, name), 'utf8');
      assert.ok(generated === committed, `models/${kind}/${name} differs from what drogon_ctl generates now: regenerate it`);
    }
  };
  // SQLite3: the page's command, next to a database made from the schema.
  fs.mkdirSync(path.join(work, 'models', 'sqlite3'), { recursive: true });
  fs.copyFileSync(path.join(chapterDir, 'models', 'sqlite3', 'model.json'), path.join(work, 'models', 'sqlite3', 'model.json'));
  fs.copyFileSync(path.join(chapterDir, 'schema.sqlite.sql'), path.join(work, 'schema.sqlite.sql'));
  await runChecked(['bash', '-c', exampleRegion('database/commands.sh', 'sqlite-create')], { cwd: work, label: 'sqlite-create' });
  await runChecked(['bash', '-c', exampleRegion('database/commands.sh', 'models-sqlite')], { cwd: work, env, label: 'drogon_ctl create model (sqlite3)' });
  same('sqlite3');
  // PostgreSQL: the same model.json, pointed at the scratch server. The database must be called
  // guide (the classes' namespace is its name): the page's test made it, else it is made here.
  const pg = await postgres();
  {
    if ((await pg.psql("SELECT count(*) FROM pg_database WHERE datname = 'guide'")).trim() === '0') {
      await pg.psql('CREATE DATABASE guide');
      await pg.psql(fs.readFileSync(path.join(chapterDir, 'schema.postgresql.sql'), 'utf8'), 'guide');
    }
    const config = JSON.parse(fs.readFileSync(path.join(chapterDir, 'models', 'postgresql', 'model.json'), 'utf8'));
    fs.mkdirSync(path.join(work, 'models', 'postgresql'), { recursive: true });
    fs.writeFileSync(path.join(work, 'models', 'postgresql', 'model.json'), JSON.stringify({ ...config, host: pg.socketDir, port: pg.port }));
    await runChecked([state.drogonCtl, 'create', 'model', 'models/postgresql', '-f'], { cwd: work, label: 'drogon_ctl create model (postgresql)' });
    same('postgresql');
  }
});

test('g++ 12 frees the temporary of a ?: inside a co_await twice; a named optional works (the page\'s program, no Drogon)', { timeout: 5 * 60 * 1000 }, async (t) => {
  const work = scratchDir(t, 'guide-gcc12-');
  fs.copyFileSync(path.join(chapterDir, 'gcc12-conditional.cc'), path.join(work, 'gcc12-conditional.cc'));
  // The region as the page shows it, in one shell. Its last command is killed by SIGABRT (bash
  // runs it in its own place, or reports status 134); a shell's line about the killed job is not
  // the program's output.
  const run = await runCommand(['bash', '-c', exampleRegion('database/commands.sh', 'gcc12')], { cwd: work, label: 'gcc12-conditional', timeoutMs: 120000 });
  assert.ok(run.signal === 'SIGABRT' || run.code === 134, `the region's last command should abort (SIGABRT):\n${JSON.stringify(run)}`);
  assertRegionOutput('database', 'gcc12', `${run.stdout}${run.stderr}`.replace(/^.*\d+ Aborted\b.*\n?/m, ''));
  // A short string (kept inside the std::string, no heap block) crashes too, in its own way; an
  // empty optional (nothing to free) does not.
  const binary = path.join(work, 'gcc12-conditional');
  const short = await runCommand([binary, 'conditional', 'Dune'], { cwd: work, label: 'gcc12-conditional Dune', timeoutMs: 20000 });
  assert.ok(short.signal || short.code !== 0, `a short string did not crash: ${JSON.stringify(short)}`);
  const empty = await runCommand([binary, 'conditional', ''], { cwd: work, label: 'gcc12-conditional (empty)', timeoutMs: 20000 });
  assert.equal(empty.code, 0);
  assert.equal(empty.stdout, 'conditional: done\n');
  // A plain temporary optional, without ?:, is handled right.
  const temporary = await runCommand([binary, 'temporary'], { cwd: work, label: 'gcc12-conditional temporary', timeoutMs: 20000 });
  assert.equal(temporary.code, 0, JSON.stringify(temporary));
  assert.equal(temporary.stdout, 'temporary: done\n');
});

test('the lines of Drogon\'s source the page cites say what it says, in both languages', () => {
  const orm = path.join(drogonSourceDir(), 'orm_lib');
  const file = (rel) => fs.readFileSync(path.join(orm, rel), 'utf8').split('\n');
  const lines = (rel, first, last) => file(rel).slice(first - 1, last).join('\n');
  // insertId(): 0 on PostgreSQL, said in Result.h and returned by ResultImpl's default.
  assert.match(lines('inc/drogon/orm/Result.h', 133, 140), /For postgreSQL databases, this method always returns zero[\s\S]*returning id;[\s\S]*unsigned long long insertId\(\) const noexcept;/);
  assert.match(lines('src/ResultImpl.h', 40, 43), /virtual unsigned long long insertId\(\) const noexcept\s*\{\s*return 0;\s*\}/);
  const pgSources = fs.readdirSync(path.join(orm, 'src', 'postgresql_impl'), { recursive: true }).map((f) => path.join(orm, 'src', 'postgresql_impl', f)).filter((f) => fs.statSync(f).isFile());
  assert.ok(pgSources.length > 3 && !pgSources.some((f) => /insertId/.test(fs.readFileSync(f, 'utf8'))), 'PostgreSQL\'s result now has an insertId() of its own');
  // An optional binds its value or NULL; nullptr binds NULL.
  const optional = lines('inc/drogon/orm/SqlBinder.h', 532, 560);
  assert.equal((optional.match(/self &operator<<\((const )?std::optional<T> &&?parameter\)/g) || []).length, 3, optional);
  assert.equal((optional.match(/return \*this << nullptr;/g) || []).length, 3, optional);
  assert.equal(file('src/SqlBinder.cc')[294], 'SqlBinder &SqlBinder::operator<<(std::nullptr_t)');
  // Strings are copied or moved into objects the binder owns; the awaiter takes the binder over.
  const strings = lines('src/SqlBinder.cc', 182, 225);
  assert.match(strings, /operator<<\(const std::string &str\)\s*\{\s*auto obj = std::make_shared<std::string>\(str\);/);
  assert.match(strings, /operator<<\(std::string &&str\)\s*\{\s*std::shared_ptr<std::string> obj =\s*std::make_shared<std::string>\(std::move\(str\)\);/);
  assert.match(lines('inc/drogon/orm/DbClient.h', 221, 229), /execSqlCoro\(const std::string &sql,[\s\S]*return internal::SqlAwaiter\(std::move\(binder\)\);/);
  assert.match(lines('inc/drogon/orm/DbClient.h', 60, 63), /explicit SqlAwaiter\(internal::SqlBinder &&binder\)\s*: binder_\(std::move\(binder\)\)/);
  // as<T>() of a NULL is T().
  assert.match(lines('inc/drogon/orm/Field.h', 70, 74), /T as\(\) const\s*\{\s*if \(isNull\(\)\)\s*return T\(\);/);
  for (const page of ['ENG/Database.md', 'CHN/数据库.md']) {
    const text = fs.readFileSync(path.join(repoRoot, page), 'utf8');
    for (const cited of ['133–140', '40–43', '532–560', '295', '182–225', '221–229', '60–63', '70–74']) assert.ok(text.includes(cited), `${page} no longer cites lines ${cited}`);
  }
});
