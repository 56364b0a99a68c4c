'use strict';
// A real HTTP server for the runner's time-limit test: it answers the runner's readiness check and
// close probe like the benchmark servers, then accepts connections and never answers, so a load
// generator waiting for a response (ab) would hang without the runner's kill timeout.
// usage: node stalling-server.js <port> <answered requests> <body>
const http = require('node:http');

const [port, answered, body] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
let served = 0;
http.createServer((req, res) => {
  served += 1;
  if (served <= answered) res.end(body);
  // else: keep the socket open, send nothing
}).listen(port, '127.0.0.1');
