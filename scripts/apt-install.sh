# shellcheck shell=bash
# Sourced by scripts/ensure-deps.sh and scripts/install-actionlint.sh (bench/setup.sh has its own step
# reporting and guards service starts while it installs nginx).
# apt_install_missing TAG PACKAGE...: installs those of the Debian packages that are not installed yet,
# as root (or with sudo); on failure prints "error: [TAG] step '...' failed" with the command, exits 1.
apt_install_missing() {
  local tag=$1 p sudo=
  shift
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  printf '\n==> [%s] apt-get install %s\n' "$tag" "${missing[*]}"
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  # Lock timeout: another apt (a second setup, unattended upgrades) may hold the lock for a while.
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq || {
    printf "error: [%s] step 'apt-get update' failed (needed to install %s)\n" "$tag" "${missing[*]}" >&2; exit 1; }
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" || {
    printf "error: [%s] step 'apt-get install %s' failed (command: apt-get install -y --no-install-recommends %s)\n" \
      "$tag" "${missing[*]}" "${missing[*]}" >&2; exit 1; }
}
