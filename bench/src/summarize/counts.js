'use strict';
// What the counted parts (instructions, syscalls) and compare share about their counts: the kinds of
// system call a request's calls are grouped into, and each server's count against the reference's.

// The group of every call that no category of bench/scenarios.json (syscalls.categories) names.
const OTHER_CATEGORY = 'other';

// Calls per request by name -> sums per category, every other name in OTHER_CATEGORY.
function callsByCategory(perRequest, categories) {
  const sums = Object.fromEntries([...categories.map((c) => [c.id, 0]), [OTHER_CATEGORY, 0]]);
  for (const [name, value] of Object.entries(perRequest)) {
    const category = categories.find((c) => c.names.includes(name));
    sums[category ? category.id : OTHER_CATEGORY] += value;
  }
  return sums;
}

// Each counted server's `field` (perRequest, total) over the reference's; none without a reference count.
function countComparisons(results, reference, field) {
  const ref = results.find((r) => r.server === reference);
  if (!ref || !(ref[field] > 0)) return [];
  return results.filter((r) => r.server !== reference && r[field] !== null)
    .map((r) => ({ reference, other: r.server, ratio: r[field] / ref[field] }));
}

module.exports = { OTHER_CATEGORY, callsByCategory, countComparisons };
