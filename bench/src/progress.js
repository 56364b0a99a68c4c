'use strict';
// Progress lines, run by run, with an estimate of the time left, and the spread after each
// scenario x server. Formatting only; the figures come from the run records.

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = (ratio) => `${(ratio * 100).toFixed(1)}%`;

function formatLatencyUs(us) {
  return us < 1000 ? `${integer.format(us)} µs` : `${(us / 1000).toFixed(1)} ms`;
}

function formatDuration(seconds) {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  return `${Math.round(seconds / 60)} min`;
}

class Progress {
  constructor(totalRuns, write = (line) => process.stdout.write(line + '\n'), now = () => Date.now()) {
    this.totalRuns = totalRuns;
    this.done = 0;
    this.write = write;
    this.now = now;
    this.startedMs = now();
  }

  // Average wall time per counted run so far (warm-ups and server starts included) x runs left.
  timeLeft() {
    const left = this.totalRuns - this.done;
    if (left === 0) return 'done';
    const perRun = (this.now() - this.startedMs) / 1000 / this.done;
    return `about ${formatDuration(perRun * left)} left`;
  }

  runDone({ scenarioId, serverId, repetition, repetitions, run }) {
    this.done += 1;
    const figure = run.status === 'ok'
      ? `${integer.format(run.requestsPerSecond)} req/s (p99 ${formatLatencyUs(run.latencyUs.p99)})`
      : `FAILED: ${run.failureReason}`;
    this.write(`[${this.done}/${this.totalRuns}] ${scenarioId} ${serverId} rep ${repetition}/${repetitions}: ${figure} - ${this.timeLeft()}`);
  }

  groupDone({ scenarioId, serverId, result, spreadWarningThreshold }) {
    const s = result.summary;
    if (!s) {
      this.write(`  ${scenarioId} ${serverId}: no successful run`);
      return;
    }
    const b = result.bottleneck;
    this.write(`  ${scenarioId} ${serverId}: median ${integer.format(s.requestsPerSecond.median)} req/s `
      + `(min ${integer.format(s.requestsPerSecond.min)}, max ${integer.format(s.requestsPerSecond.max)}), spread ${percent(s.spread)}; `
      + `${integer.format(s.requestsPerServerCpuSecond.median)} req per server CPU-second; `
      + `CPU server ${percent(b.serverCpuUtilization)} client ${percent(b.clientCpuUtilization)} -> saturated: ${b.side}`);
    if (s.okRuns > 1 && s.spread > spreadWarningThreshold) {
      this.write(`  WARNING: ${scenarioId} ${serverId}: spread ${percent(s.spread)} is above ${percent(spreadWarningThreshold)}; `
        + 'the machine was probably not quiet, compare these numbers with care');
    }
    for (const note of result.notes) this.write(`  note (${note.code}): ${note.text}`);
  }
}

module.exports = { Progress, formatLatencyUs, formatDuration };
