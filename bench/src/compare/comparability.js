'use strict';
// Whether two runs can be compared at all, and which of their scenarios: the same environment
// fingerprint and measurement method, else the report lists what changed and flags nothing (an
// environment change is never read as a regression); a scenario only with the same settings.
const { environmentChanges, ENVIRONMENT_FIELDS } = require('../../../shared/src/environment-changes');

// The environment fields the fingerprint stands for (schema: CPU model, core count, kernel, compiler,
// server and load-generator versions), listed when fingerprints differ. memoryBytes and os are shown too:
// they explain a changed machine even though they are not part of the fingerprint.
// Measurement settings that must match, or the medians measure different things.
const METHOD_FIELDS = Object.freeze(['address', 'durationSeconds', 'serverThreads', 'loadGeneratorThreads', 'serverCpus', 'clientCpus']);
// Scenario settings that must match for a scenario to be compared (v1 files: pipelineDepth 1, the
// profile's durationSeconds; JSON scenarios: their path, the body file is in the command line).
const SCENARIO_FIELDS = Object.freeze(['connections', 'keepAlive', 'tool', 'commandLine', 'pipelineDepth', 'durationSeconds', 'path']);

const scenarioField = (results, scenario, field) => {
  if (field === 'pipelineDepth') return scenario.pipelineDepth ?? 1;
  if (field === 'durationSeconds') return scenario.durationSeconds ?? results.method.durationSeconds;
  return scenario[field];
};

/** The settings of a scenario that changed between the runs ([] when it is new or unchanged). */
function scenarioChanges(oldResults, newResults, oldScenario, newScenario) {
  return oldScenario
    ? SCENARIO_FIELDS.filter((f) => scenarioField(oldResults, oldScenario, f) !== scenarioField(newResults, newScenario, f)) : [];
}

function environmentDifferences(oldEnv, newEnv) {
  const diffs = environmentChanges(oldEnv, newEnv).map(({ field, from, to }) => ({ field, old: from, new: to }));
  // Listed last, and alone when the fingerprint changed through nothing the schema exposes.
  if (oldEnv.fingerprint !== newEnv.fingerprint) {
    diffs.push({ field: 'fingerprint', old: oldEnv.fingerprint, new: newEnv.fingerprint });
  }
  return diffs;
}

// v1 files measured each server's runs back to back; v2 interleaves them in shuffled rounds.
const roundsOrder = (method) => (method.rounds ? method.rounds.order : 'back-to-back');

function methodDifferences(oldMethod, newMethod) {
  const diffs = METHOD_FIELDS.filter((f) => oldMethod[f] !== newMethod[f])
    .map((f) => ({ field: `method.${f}`, old: oldMethod[f], new: newMethod[f] }));
  if (roundsOrder(oldMethod) !== roundsOrder(newMethod)) {
    diffs.push({ field: 'method.rounds.order', old: roundsOrder(oldMethod), new: roundsOrder(newMethod) });
  }
  return diffs;
}

// What changed, as the report lists it: { field, old, new } with text values.
function changeLines(report) {
  return [...report.environmentChanges, ...report.methodChanges]
    .map((d) => ({ field: d.field, old: String(d.old ?? '(none)'), new: String(d.new ?? '(none)') }));
}

module.exports = { ENVIRONMENT_FIELDS, METHOD_FIELDS, SCENARIO_FIELDS, scenarioChanges, environmentDifferences, methodDifferences, changeLines };
