'use strict';
// The kinds of system call a request's calls are grouped into (bench/scenarios.json's categories of the
// system-call counts: reads, writes, accepts, epoll, close; every other call in OTHER_CATEGORY), for the
// counts as they run and for compare.

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

module.exports = { OTHER_CATEGORY, callsByCategory };
