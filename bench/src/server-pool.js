'use strict';
// The servers of one part of the run (a scenario's rounds, the sweep), all started at its beginning,
// pinned to the server CPUs, and kept up while the others take their turn under load. One that died
// is stopped (its group reaped) and started again the next time it is needed, with its warm-up;
// if that fails, the caller records a failed run with the reason and goes on with the others.
const { startServer, stopServer, ServerStartError } = require('./servers');

class ServerPool {
  // ctx: { state, cpu, scenariosData, openFilesLimit, logDir, scratchDirOf }; serverInfo: id -> results.servers entry
  constructor({ ctx, serverInfo, logPrefix }) {
    this.ctx = ctx;
    this.serverInfo = serverInfo;
    this.logPrefix = logPrefix;
    this.handles = new Map(); // id -> running handle
    this.starts = new Map(); // id -> how many times started
    this.probes = new Map(); // id -> how it answered a Connection: close request (first start)
  }

  // Resolves { server, started } or { error } (a reason for the run record). warmUp(server) runs after
  // a (re)start.
  async ensure(def, warmUp = async () => {}) {
    let server = this.handles.get(def.id);
    if (server && server.exit) {
      await stopServer(server, this.ctx.scenariosData); // reap what is left of its group before a restart
      this.handles.delete(def.id);
      server = null;
    }
    if (server) return { server, started: false };
    const starts = (this.starts.get(def.id) || 0) + 1;
    this.starts.set(def.id, starts);
    try {
      server = await startServer(def, {
        ...this.ctx, logName: `${this.logPrefix}.${def.id}.server${starts}`, scratchDir: this.ctx.scratchDirOf(def),
      });
    } catch (err) {
      if (!(err instanceof ServerStartError)) throw err;
      return { error: `server did not start: ${err.message}` };
    }
    this.handles.set(def.id, server);
    const info = this.serverInfo.get(def.id);
    info.commandLine = server.commandLine;
    if (server.serverHeader) info.serverHeader = server.serverHeader;
    if (!this.probes.has(def.id)) {
      this.probes.set(def.id, { connectionHeaderOnClose: server.connectionHeaderOnClose, closesWithHeader: server.closesWithHeader });
    }
    await warmUp(server);
    return { server, started: true };
  }

  probe(id) {
    return this.probes.get(id) || null;
  }

  async stopAll() {
    for (const [id, server] of this.handles) {
      await stopServer(server, this.ctx.scenariosData);
      this.handles.delete(id);
    }
  }
}

module.exports = { ServerPool };
