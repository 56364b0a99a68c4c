'use strict';
// Stage 3: every scenario x server of the plan. Each group gets a fresh server, a warm-up, then the
// counted repetitions. A server that fails to start or dies makes that run "failed" (with the reason),
// is restarted for the next run, and the other runs go on.
const { startServer, stopServer, prepareServer, ServerStartError } = require('./servers');
const { measureRun, runCommand } = require('./measure');
const { serverResult } = require('./summarize');
const { sleep } = require('./process-group');

async function runMatrix({ plan, cpu, state, scenariosData, openFilesLimit, logDir, scratchDirOf, progress }) {
  const serverInfo = new Map(); // id -> entry of results.servers
  for (const def of plan.servers) {
    const planned = prepareServer(def, { state, cpu, scenariosData, openFilesLimit, scratchDir: scratchDirOf(def) });
    serverInfo.set(def.id, {
      id: def.id,
      name: def.name,
      version: state[def.versionFrom],
      commandLine: planned.commandLine,
      ...(def.baseline ? { baseline: true } : {}),
    });
  }
  const groups = [];
  for (const scenario of plan.scenarios) {
    const toolDef = scenariosData.tools[scenario.tool];
    const common = { scenario, toolDef, cpu, scenariosData, openFilesLimit, logDir, durationSeconds: plan.durationSeconds };
    const group = {
      scenario,
      commandLine: runCommand({ ...common, serverDef: plan.servers[0], logName: 'template' }).template,
      results: [],
    };
    for (const def of plan.servers) {
      const runs = await runGroup({ plan, def, common, state, cpu, scenariosData, openFilesLimit, logDir, scratchDirOf, progress, serverInfo });
      const crossCheckId = plan.scenarios.find((s) => s.tool === 'ab' && s !== scenario && !s.keepAlive
        && s.keepAlive === scenario.keepAlive && s.connections === scenario.connections)?.id;
      const result = serverResult({ serverId: def.id, scenario, runs: runs.records, probe: runs.probe, scenariosData, crossCheckId });
      group.results.push(result);
      progress.groupDone({ scenarioId: scenario.id, serverId: def.id, result, spreadWarningThreshold: scenariosData.spreadWarningThreshold });
    }
    groups.push(group);
  }
  return { servers: [...serverInfo.values()], groups };
}

async function runGroup({ plan, def, common, state, cpu, scenariosData, openFilesLimit, logDir, scratchDirOf, progress, serverInfo }) {
  const name = `${common.scenario.id}.${def.id}`;
  const records = [];
  let server = null;
  let probe = null;
  let starts = 0;
  try {
    for (let repetition = 1; repetition <= plan.repetitions; repetition++) {
      const runCtx = { ...common, repetition, logName: `${name}.rep${repetition}` };
      if (server && server.exit) {
        await stopServer(server, scenariosData); // reap what is left of its group before a restart
        server = null;
      }
      if (!server) {
        starts += 1;
        try {
          server = await startServer(def, {
            state, cpu, scenariosData, openFilesLimit, logDir, logName: `${name}.server${starts}`, scratchDir: scratchDirOf(def),
          });
        } catch (err) {
          if (!(err instanceof ServerStartError)) throw err;
          const { command } = runCommand({ ...runCtx, serverDef: def });
          const run = { repetition, status: 'failed', command, failureReason: `server did not start: ${err.message}` };
          records.push(run);
          progress.runDone({ scenarioId: common.scenario.id, serverId: def.id, repetition, repetitions: plan.repetitions, run });
          continue;
        }
        const info = serverInfo.get(def.id);
        info.commandLine = server.commandLine;
        if (server.serverHeader) info.serverHeader = server.serverHeader;
        probe = probe || { connectionHeaderOnClose: server.connectionHeaderOnClose, closesWithHeader: server.closesWithHeader };
        if (plan.warmupSeconds > 0) {
          // Not counted; its raw output stays in the logs. A failure here shows in the next run.
          await measureRun({ ...runCtx, server, durationSeconds: plan.warmupSeconds, repetition: 0, logName: `${name}.warmup${starts}` });
        }
      }
      if (repetition > 1 || plan.warmupSeconds > 0) await sleep(plan.pauseBetweenRunsSeconds * 1000);
      const run = await measureRun({ ...runCtx, server });
      records.push(run);
      progress.runDone({ scenarioId: common.scenario.id, serverId: def.id, repetition, repetitions: plan.repetitions, run });
    }
  } finally {
    if (server) await stopServer(server, scenariosData);
  }
  return { records, probe };
}

module.exports = { runMatrix };
