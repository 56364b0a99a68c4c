// Shared helpers for the site's browser tests: build the site into a temp folder, serve it on a free
// port, drive Debian's /usr/bin/chromium through playwright-core, collect console errors and CSP
// violations, and save screenshots under test-output/ (git-ignored).
//
//   const site = await startSite();            // builds into a temp dir (working tree untouched) + serves
//   const browser = await launchBrowser();     // fresh user-data dir
//   const page = await browser.newPage();      // page.problems collects console errors / CSP violations
//   await gotoRoute(page, site.url, '/ENG/Overview');   // waits until docsify rendered that route
//   await showRoute(page, site.url, '/CHN/概述');        // the next page of a walk: by the address's hash
//   await screenshot(page, 'eng-overview');
//   await browser.close(); await site.close();
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..', '..', '..');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const screenshotDir = path.join(repoRoot, 'test-output');

const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

// Builds the site from the current sources into a fresh temp folder (nothing in the working tree is
// written) and serves it. Pass siteDir to serve an existing folder instead (e.g. a modified copy).
// Under `npm test`, DROGON_TEST_SITE names the site scripts/test.js built once from the same sources
// for every browser test file: it is served as it is (a test that changes files works on copySite).
async function startSite({ siteDir } = {}) {
  const { startSiteServer } = require('../../src/serve.js');
  let tempDir = null;
  if (!siteDir && process.env.DROGON_TEST_SITE) siteDir = process.env.DROGON_TEST_SITE;
  if (!siteDir) {
    const { buildSite } = require('../../src/build.js');
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-site-'));
    siteDir = path.join(tempDir, 'site');
    await buildSite({ siteDir, writeSources: false, quiet: true });
  }
  const server = await startSiteServer({ root: siteDir, port: 0 });
  return {
    url: server.url,
    siteDir,
    async close() {
      await server.close();
      if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

// Copies a built site folder into a fresh temp folder, for tests that modify it.
function copySite(siteDir) {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-site-copy-'));
  const copy = path.join(tempDir, 'site');
  fs.cpSync(siteDir, copy, { recursive: true });
  return { siteDir: copy, remove: () => fs.rmSync(tempDir, { recursive: true, force: true }) };
}

// Launches headless Chromium with a fresh user-data dir. Returns { context, newPage(), close() }.
// javaScriptEnabled: false opens pages as a reader (or crawler) without JavaScript. bypassCSP: true lets
// a test inject a script the site's CSP would refuse (axe-core); such a context checks no CSP.
async function launchBrowser({ viewport = { width: 1280, height: 900 }, javaScriptEnabled = true, bypassCSP = false } = {}) {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: run \`apt-get -o DPkg::Lock::Timeout=600 install -y chromium fonts-noto-cjk\``);
  }
  const { chromium } = require('playwright-core');
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drogon-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath, headless: true, args: chromiumArgs, viewport, javaScriptEnabled, bypassCSP,
    });
  } catch (err) {
    fs.rmSync(userDataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    context,
    async newPage() {
      const page = await context.newPage();
      watchProblems(page);
      return page;
    },
    async close() {
      try { await context.close(); } finally { fs.rmSync(userDataDir, { recursive: true, force: true }); }
    },
  };
}

// page.problems: console errors and warnings, page errors and CSP violations, as strings (docsify warns,
// for instance, when a code block's Prism language is not loaded).
// page.failedResponses: URLs that answered 4xx/5xx (the console message of a 404 does not name it).
function watchProblems(page) {
  page.problems = [];
  page.failedResponses = [];
  page.on('response', (res) => { if (res.status() >= 400) page.failedResponses.push(`${res.status()} ${decodeURIComponent(res.url())}`); });
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error' || msg.type() === 'warning' || /Content Security Policy/i.test(text)) page.problems.push(`console ${msg.type()}: ${text}`);
  });
  page.on('pageerror', (err) => page.problems.push(`page error: ${err.message}`));
  return page;
}

// Opens a docsify route (e.g. '/ENG/Overview' or '/ENG/Overview?id=x') and waits until our
// site plugin reports it rendered (html[data-rendered-route] set in docsify's doneEach hook).
async function gotoRoute(page, siteUrl, route, { timeout = 15000 } = {}) {
  const base = siteUrl.endsWith('/') ? siteUrl : siteUrl + '/';
  const wantPath = route.split('?')[0];
  await page.goto(`${base}#${route}`, { waitUntil: 'load', timeout });
  await waitForRendered(page, wantPath, { timeout });
}

// Shows a route the way a reader who follows a link gets it: on a tab that already shows this site,
// by changing the address's hash (docsify renders the route without loading the site again, about
// half the time of a load: tests that walk every page use it); else by loading it (gotoRoute).
async function showRoute(page, siteUrl, route, { timeout = 15000 } = {}) {
  const base = siteUrl.endsWith('/') ? siteUrl : siteUrl + '/';
  const onSite = page.url().startsWith(`${base}#/`) && await page.evaluate(() => !!window.Docsify).catch(() => false);
  if (!onSite) return gotoRoute(page, siteUrl, route, { timeout });
  await page.evaluate((r) => { window.location.hash = r; }, route);
  return waitForRendered(page, route.split('?')[0], { timeout });
}

// Waits until docsify finished rendering the route path (without query), as reported by the site plugin.
async function waitForRendered(page, routePath, { timeout = 15000 } = {}) {
  await page.waitForFunction(
    (want) => document.documentElement.getAttribute('data-rendered-route') === want,
    routePath, { timeout });
}

// fullPage: false takes the first screen only, for tests that visit every page (a full-page capture of
// 123 long pages is most of such a test's time).
async function screenshot(page, name, { fullPage = true } = {}) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name.replace(/[^\p{L}\p{N}._-]+/gu, '_')}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

module.exports = { startSite, copySite, launchBrowser, watchProblems, gotoRoute, showRoute, waitForRendered, screenshot,
  chromiumPath, screenshotDir, repoRoot };
