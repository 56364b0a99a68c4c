#!/usr/bin/env node
// Static server for the built site (site/, or the folder given). Serves on localhost only: PORT env or 3000.
// Used by `npm start` and by the browser tests (createSiteServer / startSiteServer).
'use strict';
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { inRepo, SITE_DIR } = require('../../shared/src/project-paths');

const defaultSiteDir = inRepo(SITE_DIR);

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

// Maps a request URL to a file inside root, or null when the URL is malformed or escapes root.
function resolveRequestPath(root, requestUrl) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(requestUrl, 'http://localhost').pathname);
  } catch {
    return null; // malformed percent-encoding
  }
  if (pathname.includes('\0')) return null;
  const rootResolved = path.resolve(root);
  const target = path.resolve(rootResolved, '.' + path.posix.normalize('/' + pathname));
  if (target !== rootResolved && !target.startsWith(rootResolved + path.sep)) return null;
  return target;
}

function send(res, status, body, type = 'text/plain; charset=utf-8', head = false) {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
  res.end(head ? undefined : body);
}

function createSiteServer({ root = defaultSiteDir } = {}) {
  return http.createServer((req, res) => {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, 'method not allowed\n', undefined, head);
    }
    let file = resolveRequestPath(root, req.url);
    if (file === null) return send(res, 400, 'bad request\n', undefined, head);
    fs.stat(file, (err, stat) => {
      const pathname = new URL(req.url, 'http://localhost').pathname;
      if (!err && stat.isDirectory() && !pathname.endsWith('/')) {
        // A folder's address ends in "/" (as GitHub Pages and nginx redirect): the prerendered pages'
        // relative URLs resolve from their folder.
        const location = `${pathname}/${new URL(req.url, 'http://localhost').search}`;
        res.writeHead(301, { Location: location, 'Content-Length': 0, 'Cache-Control': 'no-cache' });
        return res.end();
      }
      if (!err && stat.isDirectory()) {
        file = path.join(file, 'index.html');
        try { stat = fs.statSync(file); err = null; } catch (e) { err = e; }
      }
      if (err || !stat.isFile()) return send(res, 404, 'not found\n', undefined, head);
      const type = contentTypes[path.extname(file).toLowerCase()] || 'application/octet-stream';
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': stat.size,
        'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
      if (head) return res.end();
      const stream = fs.createReadStream(file);
      stream.on('error', () => res.destroy());
      stream.pipe(res);
    });
  });
}

// Starts the server; port 0 picks a free port. Resolves to { server, url, close() }.
function startSiteServer({ root = defaultSiteDir, port = 0, host = '127.0.0.1' } = {}) {
  const server = createSiteServer({ root });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      const url = `http://${host === '127.0.0.1' ? 'localhost' : host}:${actual}/`;
      resolve({ server, url, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

// Usage: node docs/src/serve.js [SITE_DIR]  (site/ unless given; npm run bench:page serves its own
// build with it, from a process of its own, as a web server is apart from the browser it serves).
async function main() {
  const root = process.argv[2] ? path.resolve(process.argv[2]) : defaultSiteDir;
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`error: ${path.relative(process.cwd(), root) || root}/index.html not found; run \`npm run build\` first`);
    process.exit(1);
  }
  const rawPort = process.env.PORT ?? '3000';
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`error: PORT must be an integer 0-65535, got "${rawPort}"`);
    process.exit(1);
  }
  let started;
  try {
    started = await startSiteServer({ root, port });
  } catch (err) {
    console.error(`error: cannot listen on 127.0.0.1:${port}: ${err.message}`);
    process.exit(1);
  }
  console.log(`Serving ${path.relative(process.cwd(), root) || root} at ${started.url}  (Ctrl+C stops)`);
  const stop = () => started.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) main();

module.exports = { createSiteServer, startSiteServer, resolveRequestPath, contentTypes };
