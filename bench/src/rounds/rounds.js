'use strict';
// Rounds: how every timed part measures its servers (the scenarios and JSON scenarios, and each level
// of the parts that run at several levels).
//  - Pool: all servers of a part are started at its beginning, pinned to the server CPUs, warmed up,
//    and kept up while the others take their turn under load. One that died is recorded (ctx.recordExit:
//    the server, the part and block, the round it was about to run, when it exited, its exit code or
//    signal and its log; results.serverExits), stopped (its group reaped) and started again, with its
//    warm-up, before its next turn; one found dead when the part ends is recorded too. One that is
//    excluded (failed conformance) or cannot start gets a failed run with the reason, and the others go on.
//  - Seeded order: a unit (a scenario, a level) runs `repetitions` rounds; each round measures every
//    server once, in an order shuffled by the unit's own seeded stream (prng.js), so slow drift of the
//    machine spreads over all servers instead of turning into a difference between them.
//  - Blocks: a scenario's rounds are cut into consecutive blocks (plan: `blocks`); each block has a
//    pool of its own (its servers started afresh and warmed up), and the runner interleaves the blocks
//    of all scenarios over the run (run.js), so a run repeats at the level where the variance is.
//  - Pairing: the runs of one round are a pair; Drogon's ratio to each other server is the geometric
//    mean of the paired per-round ratios, with a hierarchical bootstrap interval over blocks, then
//    rounds (summarize/bootstrap.js).
const { startServer, stopServer, ServerStartError } = require('../servers/servers');
const { streamFor, shuffled } = require('../helpers/prng');
const { sleep } = require('../../../shared/src/process-group');
const { blockedGeometricMeanInterval, verdictOf } = require('../summarize/bootstrap');

class ServerPool {
  // ctx: { state, cpu, scenariosData, openFilesLimit, logDir, scratchDirOf, recordExit? }; serverInfo: id ->
  // results.servers entry; part: the part's name in an exit record (parts/part-list.js, or
  // conformance). warmUp(def, server, starts): runs after every (re)start of a server (none by default).
  constructor({ ctx, serverInfo, logPrefix, part = 'scenarios', warmUp = async () => {} }) {
    this.ctx = ctx;
    this.serverInfo = serverInfo;
    this.logPrefix = logPrefix;
    this.part = part;
    this.warmUp = warmUp;
    this.handles = new Map(); // id -> running handle
    this.starts = new Map(); // id -> how many times started
    this.probes = new Map(); // id -> how it answered a Connection: close request (first start)
    this.lastBlock = new Map(); // id -> the block (scenario, level) of its last turn
    this.measuredOnce = false; // the pause between runs comes before every run but the part's first
  }

  // A server found dead: recorded with where it was found (never restarted silently).
  noteExit(server, { block, round = null, restarted }) {
    const record = { part: this.part, block: block ?? this.lastBlock.get(server.def.id) ?? this.logPrefix, round, restarted };
    if (this.ctx.recordExit) this.ctx.recordExit(server, record);
  }

  // Resolves { server, started } or { error } (a reason for the run record). where: { block, round }
  // of the turn it is needed for (for the record of a server found dead).
  async ensure(def, where = {}) {
    let server = this.handles.get(def.id);
    let dead = null;
    if (server && server.exit) {
      dead = server;
      await stopServer(server, this.ctx.scenariosData); // reap what is left of its group before a restart
      this.handles.delete(def.id);
      server = null;
    }
    if (server) return { server, started: false };
    const ready = await this.start(def);
    if (dead) this.noteExit(dead, { ...where, restarted: !ready.error });
    return ready;
  }

  async start(def) {
    let server;
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
    await this.warmUp(def, server, starts);
    return { server, started: true };
  }

  // Starts every server of the part that is not excluded; a start that fails is noted, not fatal.
  async startAll(servers, { excluded = new Map(), note = () => {} } = {}) {
    for (const def of servers) {
      if (excluded.has(def.id)) continue;
      const started = await this.ensure(def);
      if (started.error) note(def, started.error);
    }
  }

  probe(id) {
    return this.probes.get(id) || null;
  }

  async stopAll() {
    for (const [id, server] of this.handles) {
      if (server.exit) this.noteExit(server, { restarted: false }); // died after its last turn
      await stopServer(server, this.ctx.scenariosData);
      this.handles.delete(id);
    }
  }
}

// The server order of every round of a unit, from the seed and the unit's name alone. With blocks,
// the rounds are numbered on through the blocks and each says its block: block b holds consecutive
// rounds, the first blocks one more when the rounds do not divide evenly. The orders do not depend on
// the blocks (the same stream, drawn in round order).
function roundOrders(seed, streamName, serverIds, rounds, blocks = null) {
  const random = streamFor(seed, streamName);
  const blockOf = blocks === null ? null : blockNumbers(rounds, blocks);
  return Array.from({ length: rounds }, (_, i) => ({
    round: i + 1, ...(blockOf ? { block: blockOf[i] } : {}), order: shuffled(serverIds, random),
  }));
}

// The block of each of `rounds` rounds cut into `blocks` consecutive blocks (at most one per round).
function blockNumbers(rounds, blocks) {
  if (!Number.isInteger(blocks) || blocks < 1) throw new Error(`blocks must be a whole number >= 1, got ${blocks}`);
  const count = Math.min(blocks, rounds);
  const base = Math.floor(rounds / count);
  const extra = rounds % count;
  const out = [];
  for (let b = 1; b <= count; b++) {
    for (let i = 0; i < base + (b <= extra ? 1 : 0); i++) out.push(b);
  }
  return out;
}

// Rounds through the pool: `rounds` (from roundOrders; one block's, or all of a unit without blocks)
// or, without them, `repetitions` fresh ones of the stream `blockId`. measure(def, server, place) ->
// run; failed(def, place, reason) -> run; onRun(run, { id, round, rounds }) after each (rounds: the
// unit's total). place = { round, positionInRound } (and block, with blocks).
// Returns { rounds, runsOf: id -> runs sorted by round }.
async function runRounds(pool, { seed, blockId, servers, repetitions, rounds: given = null, totalRounds = null, excluded = new Map(), pauseSeconds, measure, failed, onRun = () => {} }) {
  const ids = servers.map((s) => s.id);
  const rounds = given || roundOrders(seed, blockId, ids, repetitions);
  const runsOf = new Map(ids.map((id) => [id, []]));
  for (const { round, block, order } of rounds) {
    for (const [index, id] of order.entries()) {
      const def = servers.find((s) => s.id === id);
      const place = { round, ...(block ? { block } : {}), positionInRound: index + 1 };
      const ready = excluded.has(id) ? { error: excluded.get(id) } : await pool.ensure(def, { block: blockId, round });
      pool.lastBlock.set(id, blockId);
      let run;
      if (ready.error) {
        run = failed(def, place, ready.error);
      } else {
        if (pool.measuredOnce) await sleep(pauseSeconds * 1000);
        run = await measure(def, ready.server, place);
      }
      pool.measuredOnce = true;
      runsOf.get(id).push(run);
      onRun(run, { id, round, rounds: totalRounds ?? rounds.length });
    }
  }
  for (const runs of runsOf.values()) runs.sort((a, b) => a.round - b.round);
  return { rounds, runsOf };
}

// The rounds where both servers have an ok run with a positive figure: reference / other, by round.
function pairedRatios(referenceRuns, otherRuns, metric) {
  return pairsByBlock(referenceRuns, otherRuns, metric).flat();
}

// The same pairs, one array per block in block order (runs without a block: one block).
function pairsByBlock(referenceRuns, otherRuns, metric) {
  const byRound = new Map(otherRuns.filter((r) => r.status === 'ok').map((r) => [r.round, r]));
  const blocks = new Map();
  for (const run of referenceRuns) {
    const other = byRound.get(run.round);
    if (run.status !== 'ok' || !other) continue;
    if (!(run[metric] > 0 && other[metric] > 0)) continue;
    const block = run.block ?? 1;
    if (!blocks.has(block)) blocks.set(block, []);
    blocks.get(block).push(run[metric] / other[metric]);
  }
  return [...blocks.keys()].sort((a, b) => a - b).map((b) => blocks.get(b));
}

// One entry per (metric, other server) for a scenario's results (schema: scenario.comparisons), with
// how many blocks had pairs and the log ratio with its standard error (what pooling over runs needs).
function compareServers({ results, reference, metrics, bootstrap }) {
  const ref = results.find((r) => r.server === reference);
  if (!ref) return [];
  const comparisons = [];
  for (const metric of metrics) {
    for (const other of results) {
      if (other.server === reference) continue;
      const interval = blockedGeometricMeanInterval(pairsByBlock(ref.runs, other.runs, metric), bootstrap);
      comparisons.push({
        metric,
        reference,
        other: other.server,
        pairs: interval.pairs,
        blocks: interval.blocks,
        ratio: interval.ratio,
        ciLow: interval.ciLow,
        ciHigh: interval.ciHigh,
        logRatio: interval.logRatio,
        logStandardError: interval.logStandardError,
        verdict: verdictOf(interval),
        ...(interval.reason ? { reason: interval.reason } : {}),
      });
    }
  }
  return comparisons;
}

module.exports = { ServerPool, roundOrders, blockNumbers, runRounds, pairedRatios, pairsByBlock, compareServers };
