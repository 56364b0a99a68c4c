'use strict';
// What differs between the environments of two results files (bench/src/plan/environment.js captures
// one, with the fingerprint that says whether two runs are comparable at all): the compare report and
// the Benchmarks pages' trend name the same changes by the same rule.

// The machine fields worth naming when two results differ (memory and OS are not in the fingerprint,
// but explain a change when they move with it), then every tool version.
const ENVIRONMENT_FIELDS = Object.freeze(['cpuModel', 'cpuCores', 'memoryBytes', 'os', 'kernel', 'compiler']);

/** What differs between two results' environments: [{ field, from, to }], versions as "versions.<name>". */
function environmentChanges(before, after) {
  const changes = [];
  for (const field of ENVIRONMENT_FIELDS) {
    if (before[field] !== after[field]) changes.push({ field, from: before[field], to: after[field] });
  }
  const names = [...new Set([...Object.keys(before.versions), ...Object.keys(after.versions)])].sort();
  for (const name of names) {
    const from = before.versions[name];
    const to = after.versions[name];
    if (from !== to) changes.push({ field: `versions.${name}`, from: from ?? null, to: to ?? null });
  }
  return changes;
}

module.exports = { environmentChanges, ENVIRONMENT_FIELDS };
