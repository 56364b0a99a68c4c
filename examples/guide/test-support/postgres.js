// A real PostgreSQL server (Debian's postgresql-15) for the guide's database examples, in a scratch
// folder: initdb + postgres run as the unprivileged `postgres` user (runuser; initdb and postgres
// refuse root), the server listens on a unix socket in that folder only (no TCP), and it is stopped
// with `pg_ctl stop -m fast` in the caller's finally step, then its process group is checked gone.
// It has the role the pages make and the examples connect as (drogon), as a superuser: the tests
// make databases and tables as postgres, the programs use them as drogon (trust: any password).
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnGroup, stopGroup } = require('../../../shared/src/process-group');
const { runChecked, runCommand, sleep } = require('./processes');

const PG_BIN = '/usr/lib/postgresql/15/bin';
// The socket file is named after the port (.s.PGSQL.18300); with listen_addresses='' nothing listens on TCP.
const PG_PORT = 18300;
// The role the pages make (commands.sh#postgresql-setup) and the examples' settings name.
const PAGE_ROLE = 'drogon';

function asPostgresUser(argv) {
  if (process.getuid && process.getuid() === 0) return ['runuser', '-u', 'postgres', '--', ...argv];
  return argv; // not root: the current user owns the scratch folder and may run the server itself
}

/**
 * Starts a scratch server. Returns { socketDir, port, user, dbname, conninfo, env, psql(sql), stop() }.
 * conninfo is a libpq connection string for Drogon's DbClient::newPgClient.
 */
async function startPostgres({ dbname = 'guide', label = 'postgres' } = {}) {
  for (const tool of ['initdb', 'postgres', 'pg_ctl']) {
    if (!fs.existsSync(path.join(PG_BIN, tool))) throw new Error(`${PG_BIN}/${tool} not found: install postgresql-15 (npm run bench:setup does)`);
  }
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-pg-'));
  const dataDir = path.join(scratch, 'data');
  const socketDir = path.join(scratch, 'socket');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  fs.mkdirSync(socketDir);
  fs.chmodSync(scratch, 0o755);
  if (process.getuid && process.getuid() === 0) {
    await runChecked(['chown', 'postgres:postgres', dataDir, socketDir], { label: 'chown scratch folder' });
  }
  let group = null;
  const removeScratch = () => fs.rmSync(scratch, { recursive: true, force: true });
  const stop = async () => {
    try {
      if (group) {
        // The documented way to stop it; then make sure nothing of its group is left.
        await runCommand(asPostgresUser([path.join(PG_BIN, 'pg_ctl'), 'stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']), { label: 'pg_ctl stop', timeoutMs: 40000 });
        const gone = await stopGroup(group.pgid, 5000);
        if (!gone) throw new Error(`postgres process group ${group.pgid} survived SIGKILL`);
        group = null;
      }
    } finally {
      removeScratch();
    }
  };
  try {
    await runChecked(asPostgresUser([path.join(PG_BIN, 'initdb'), '-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']),
      { label: 'initdb', timeoutMs: 120000 });
    const argv = asPostgresUser([path.join(PG_BIN, 'postgres'), '-D', dataDir, '-p', String(PG_PORT), '-k', socketDir,
      '-c', "listen_addresses=", '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']);
    const chunks = [];
    group = spawnGroup(argv, { label, stdio: ['ignore', 'pipe', 'pipe'] });
    group.child.stdout.on('data', (c) => chunks.push(c));
    group.child.stderr.on('data', (c) => chunks.push(c));
    let exited = null;
    group.exited.then((r) => { exited = r; });
    const deadline = Date.now() + 60000;
    for (;;) {
      const ready = await runCommand([path.join(PG_BIN, 'pg_isready'), '-h', socketDir, '-p', String(PG_PORT), '-U', 'postgres'], { label: 'pg_isready', timeoutMs: 10000 });
      if (ready.code === 0) break;
      if (exited) throw new Error(`postgres exited (code ${exited.code}) before accepting connections:\n${Buffer.concat(chunks).toString('utf8')}`);
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections within 60 s:\n${Buffer.concat(chunks).toString('utf8')}`);
      await sleep(100);
    }
    const psqlArgs = (db) => ['psql', '-h', socketDir, '-p', String(PG_PORT), '-U', 'postgres', '-d', db, '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1'];
    await runChecked([...psqlArgs('postgres'), '-c', `CREATE ROLE ${PAGE_ROLE} LOGIN SUPERUSER PASSWORD '${PAGE_ROLE}'`], { label: `create role ${PAGE_ROLE}` });
    // dbname null: no database beyond the server's own (the caller creates it, as a reader would).
    if (dbname !== null) await runChecked([...psqlArgs('postgres'), '-c', `CREATE DATABASE ${dbname}`], { label: 'createdb' });
    return {
      socketDir,
      port: PG_PORT,
      user: 'postgres',
      role: PAGE_ROLE,
      dbname,
      conninfo: `host=${socketDir} port=${PG_PORT} dbname=${dbname} user=postgres`,
      /** Runs SQL with psql; resolves to its unaligned, tuples-only output. */
      psql: async (sql, db = dbname || 'postgres') => (await runChecked([...psqlArgs(db), '-c', sql], { label: 'psql' })).stdout,
      /** Environment for libpq programs (psql, createdb) to reach this server. */
      env: { PGHOST: socketDir, PGPORT: String(PG_PORT), PGUSER: 'postgres' },
      log: () => Buffer.concat(chunks).toString('utf8'),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

module.exports = { startPostgres, PG_PORT, PAGE_ROLE };
