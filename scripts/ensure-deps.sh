#!/usr/bin/env bash
# Installs what the project needs, so `npm start` and `npm test` work on a fresh Debian 12 machine.
#   npm   npm packages from package-lock.json (skipped when node_modules is current)
#   site  what `npm start` needs (same as npm)
#   all   npm + Debian's chromium (browser tests) + the bench setup (nginx, wrk, ab, Drogon build)
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

apt_install() {
  # Lock timeout: another apt (a second setup, unattended upgrades) may hold the lock for a while.
  local missing=()
  for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  step "apt-get install ${missing[*]}"
  local sudo=; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq || fail "step 'apt-get update' failed"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" \
    || fail "step 'apt-get install ${missing[*]}' failed"
}

apt_install chromium fonts-noto-cjk
bash bench/setup.sh
bash scripts/install-actionlint.sh
