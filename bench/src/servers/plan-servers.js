'use strict';
// The servers of a plan: those a part or case runs on, the reference their ratios use, and every
// server the plan starts.
function serversOf(plan, kind) {
  return kind === 'json' ? plan.json.servers : plan.servers;
}
function referenceOf(plan, kind) {
  return kind === 'json' ? plan.json.reference : plan.reference;
}

// Every server the plan starts (hello-world first), once.
function allServers(plan) {
  return [...plan.servers, ...(plan.json ? plan.json.servers : [])];
}

module.exports = { serversOf, referenceOf, allServers };
