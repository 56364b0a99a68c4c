#!/usr/bin/env bash
# Installs what the project needs, so `npm start` and `npm test` work on a fresh Debian 12 machine.
#   npm   npm packages from package-lock.json (skipped when node_modules is current)
#   site  what `npm start` needs (same as npm)
#   all   npm + Debian's chromium (browser tests) and ccache + the bench setup (nginx, wrk, ab, Drogon build)
#         + the guide's example programs (examples/guide, built against that Drogon, in .build/)
#         + actionlint (workflow checks)
set -euo pipefail
mode=${1:-all}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

step() { printf '\n==> [deps] %s\n' "$*"; }
fail() { printf 'error: [deps] %s\n' "$*" >&2; exit 1; }

# node_modules/.package-lock.json is written by npm at install time: newer than the lockfile means current.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "npm ci"
  npm ci --no-audit --no-fund || fail "step 'npm ci' failed (command: npm ci --no-audit --no-fund)"
fi
[ "$mode" = npm ] || [ "$mode" = site ] && exit 0

# shellcheck source=scripts/apt-install.sh
. "$root/scripts/apt-install.sh"
# python3-clang-14 (libclang) and cppreference-doc-en-html: the guide's code-name records (docs/src/code-names/);
# ccache: the guide build (scripts/build-guide.js) takes what an earlier checkout compiled
apt_install_missing deps chromium fonts-noto-cjk python3-clang-14 cppreference-doc-en-html ccache
bash bench/setup.sh
node scripts/build-guide.js
bash scripts/install-actionlint.sh
