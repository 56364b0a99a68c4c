'use strict';
// The published comparison's wrk shape, scaled to this machine's server threads (scenarios.json
// json.shape.rule says what is kept and why).
function jsonLoadShape(shape, serverThreads) {
  const { published } = shape;
  const perServerThread = published.clientThreads / published.serverThreads;
  const perClientThread = Math.max(1, Math.round(published.connections / published.clientThreads));
  const clientThreads = Math.max(1, Math.round(perServerThread * serverThreads));
  return {
    source: shape.source,
    published: { ...published, connectionsPerClientThread: published.connections / published.clientThreads, clientThreadsPerServerThread: perServerThread },
    here: { serverThreads, clientThreads, connections: clientThreads * perClientThread, connectionsPerClientThread: perClientThread },
    rule: shape.rule,
  };
}

module.exports = { jsonLoadShape };
