// A real Redis server (Debian's redis-server) for the guide's Redis examples: started in a scratch
// folder on a free loopback port of the guide's range, with nothing saved to disk (no RDB, no AOF),
// in its own process group, and stopped by that group (the caller's t.after / finally). It is not the
// system service: the setup disables that one.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pickPort, startProgram, runChecked } = require('./processes');

const REDIS_SERVER = '/usr/bin/redis-server';
const REDIS_CLI = '/usr/bin/redis-cli';

/**
 * Starts a scratch Redis. Returns { port, cli(...args), stop(), start(), close() }: cli runs redis-cli
 * against it and resolves to its output; stop() ends the server (its data is lost, as nothing is
 * saved), start() starts it again on the same port; close() stops it and removes its folder.
 */
async function startRedis({ label = 'redis-server' } = {}) {
  for (const tool of [REDIS_SERVER, REDIS_CLI]) {
    if (!fs.existsSync(tool)) throw new Error(`${tool} not found: install redis-server (npm run bench:setup does)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guide-redis-'));
  const port = await pickPort();
  const argv = [REDIS_SERVER, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir,
    '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--logfile', ''];
  let server = null;
  const redis = {
    port,
    start: async () => {
      if (!server) server = await startProgram(argv, { port, cwd: dir, label });
    },
    stop: async () => {
      if (server) {
        const running = server;
        server = null;
        await running.stop();
      }
    },
    /** Runs redis-cli with these arguments against this server; resolves to its stdout. */
    cli: async (...args) => (await runChecked([REDIS_CLI, '-h', '127.0.0.1', '-p', String(port), ...args], { label: `redis-cli ${args.join(' ')}` })).stdout,
    /** Stops the server and removes its folder. */
    close: async () => {
      try {
        await redis.stop();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  try {
    await redis.start();
  } catch (err) {
    await redis.close();
    throw err;
  }
  return redis;
}

module.exports = { startRedis };
