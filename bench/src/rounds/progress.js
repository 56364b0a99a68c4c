'use strict';
// Progress lines, step by step (a measured run, a counted repeat), with an estimate of the time
// left, and the spread after each scenario x server. Formatting only; the figures come from the runs.

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = (ratio) => `${(ratio * 100).toFixed(1)}%`;

// resolutionUs: what the tool measures in (ab: whole milliseconds, 1000); a latency is never shown finer
// than that, and a 0 from such a tool is "< 1 ms", not "0 µs".
function formatLatencyUs(us, resolutionUs = 1) {
  if (resolutionUs >= 1000) {
    const ms = Math.round(us / 1000);
    return ms === 0 ? '< 1 ms' : `${integer.format(ms)} ms`;
  }
  return us < 1000 ? `${integer.format(us)} µs` : `${(us / 1000).toFixed(1)} ms`;
}

function formatDuration(seconds) {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  return `${Math.round(seconds / 60)} min`;
}

function formatRatio(c) {
  const interval = c.ciLow === null ? 'no interval (too few paired rounds)' : `95% CI ${c.ciLow.toFixed(3)}-${c.ciHigh.toFixed(3)}`;
  return `${c.ratio === null ? 'n/a' : c.ratio.toFixed(3)} (${interval}, ${c.pairs} pairs) -> ${c.verdict}`;
}

class Progress {
  // Steps have weights (their estimated seconds): time left = elapsed x weight left / weight done.
  constructor(totalSteps, totalWeight, write = (line) => process.stdout.write(line + '\n'), now = () => Date.now()) {
    this.totalSteps = totalSteps;
    this.totalWeight = totalWeight;
    this.done = 0;
    this.doneWeight = 0;
    this.write = write;
    this.now = now;
    this.startedMs = now();
  }

  timeLeft() {
    if (this.done >= this.totalSteps) return 'done';
    const left = Math.max(0, this.totalWeight - this.doneWeight);
    const perWeight = (this.now() - this.startedMs) / 1000 / Math.max(this.doneWeight, 1e-9);
    return `about ${formatDuration(perWeight * left)} left`;
  }

  step(label, figure, weight = 1) {
    this.done += 1;
    this.doneWeight += weight;
    this.write(`[${this.done}/${this.totalSteps}] ${label}: ${figure} - ${this.timeLeft()}`);
  }

  runDone({ label, run, weight, resolutionUs = 1 }) {
    const latency = run.latencyUs ? ` (p99 ${formatLatencyUs(run.latencyUs.p99, resolutionUs)})` : '';
    const figure = run.status === 'ok'
      ? `${integer.format(run.requestsPerSecond)} req/s${latency}`
      : `FAILED: ${run.failureReason}`;
    this.step(label, figure, weight);
  }

  // Steps that will not run (a part's group without its basis, a server excluded by conformance):
  // counted as done so the step numbers and the time left stay right, with one line saying why.
  skip(steps, weight, line) {
    this.done += steps;
    this.doneWeight += weight;
    this.write(`[${this.done}/${this.totalSteps}] ${line} (${steps} step${steps === 1 ? '' : 's'} skipped) - ${this.timeLeft()}`);
  }

  note(line) {
    this.write(line);
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

  comparisons(scenarioId, comparisons) {
    for (const c of comparisons) {
      const metric = c.metric === 'requestsPerSecond' ? 'req/s' : 'req per server CPU-s';
      this.write(`  ${scenarioId} ${c.reference}/${c.other} ${metric}: ${formatRatio(c)}`);
    }
  }
}

module.exports = { Progress, formatLatencyUs, formatDuration, formatRatio };
