// The two Drogon installs a reader may have after the Installation page, as the page runner's
// machines show them (machine.js):
//   usr-local  `bash build-drogon.sh`: Drogon in /usr/local, where CMake and the compiler look by
//              themselves. The setup's step 7 installs it into a folder of the cache, which the
//              machine shows as /usr/local.
//   prefix     `bash build-drogon.sh $HOME/drogon`: Drogon in a prefix of the reader's own. The
//              machine's $HOME/drogon is the setup's prefix, its /usr/local is empty, and nothing is
//              added to the PATH but what the Installation page says (the blocks marked install=prefix).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { readState } = require('../../../scripts/build-guide');

const INSTALLS = ['usr-local', 'prefix'];

/** The install called name, from the setup's state.json; throws saying what is missing. */
function installFor(name, env = process.env) {
  const { state, statePath } = readState(env);
  const drogonKey = path.basename(state.drogonPrefix);
  // build-drogon.sh leaves the unpacked sources in ~/drogon-build (Installation copies them from
  // there); the setup unpacked them in its cache.
  const sources = path.join(path.dirname(path.dirname(state.drogonPrefix)), 'src', drogonKey);
  const homeLinks = fs.existsSync(sources) ? { 'drogon-build': sources } : {};
  if (name === 'prefix') return { name, usrLocal: null, homeLinks: { ...homeLinks, drogon: state.drogonPrefix }, drogonKey, state };
  if (name === 'usr-local') {
    const tree = state.drogonUsrLocal;
    if (!tree || !fs.existsSync(path.join(tree, 'lib', 'cmake', 'Drogon', 'DrogonConfig.cmake'))) {
      throw new Error(`no Drogon in /usr/local to follow the pages with: ${statePath} has ${tree ? `drogonUsrLocal ${tree} without lib/cmake/Drogon` : 'no drogonUsrLocal'} (bench/setup/07-drogon-usr-local.sh installs it; run \`npm run bench:setup\`)`);
    }
    return { name, usrLocal: tree, homeLinks, drogonKey: `usr-local-${drogonKey}`, state };
  }
  throw new Error(`unknown install "${name}" (known: ${INSTALLS.join(', ')})`);
}

module.exports = { installFor, INSTALLS };
