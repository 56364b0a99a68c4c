#!/usr/bin/env bash
# Installs actionlint (the GitHub Actions workflow linter used by scripts/test/actionlint.test.js)
# at a pinned version, built from the Go module proxy, into a cache outside the repository:
#   ${DROGON_DOCS_TOOLS_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/drogon-docs-tools}/bin/actionlint
# and Debian's shellcheck, which actionlint runs on every `run:` script (without it, those go unchecked).
# A second run finds both there and exits at once.
#
# Why v1.7.7 and not the newest (v1.7.12): actionlint v1.7.8 and later declare `go 1.24`/`go 1.25` in
# their go.mod, and Debian 12's golang-go is Go 1.19, which cannot build them (and cannot fetch a newer
# toolchain by itself). v1.7.7 declares `go 1.18` and builds with Debian 12's Go 1.19 (checked: `go
# install` with /usr/lib/go-1.19/bin/go), so a fresh Debian 12 machine needs nothing but Debian packages.
# When bumping the pin, keep ACTIONLINT_MIN_GO equal to the go directive of that version's go.mod.
set -euo pipefail

ACTIONLINT_VERSION=v1.7.7
ACTIONLINT_MIN_GO=1.18
ACTIONLINT_MODULE=github.com/rhysd/actionlint/cmd/actionlint

tools_home=${DROGON_DOCS_TOOLS_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/drogon-docs-tools}
bin_dir=$tools_home/bin
binary=$bin_dir/actionlint

step() { printf '\n==> [actionlint] %s\n' "$*"; }
fail() { printf 'error: [actionlint] %s\n' "$*" >&2; exit 1; }

# shellcheck source=scripts/apt-install.sh
. "$(dirname "$0")/apt-install.sh"

installed_version() {
  # `actionlint -version` prints the version on its first line, e.g. "v1.7.7".
  [ -x "$binary" ] && "$binary" -version 2>/dev/null | head -n 1 || true
}

if ! command -v shellcheck >/dev/null 2>&1; then
  apt_install_missing actionlint shellcheck
  command -v shellcheck >/dev/null 2>&1 || fail "step 'apt-get install shellcheck' finished but 'shellcheck' is not on PATH"
fi

if [ "$(installed_version)" = "$ACTIONLINT_VERSION" ]; then
  printf '==> [actionlint] %s already installed at %s\n' "$ACTIONLINT_VERSION" "$binary"
  exit 0
fi

step "check for a Go toolchain (needs Go >= $ACTIONLINT_MIN_GO)"
if ! command -v go >/dev/null 2>&1; then
  apt_install_missing actionlint golang-go ca-certificates git
  command -v go >/dev/null 2>&1 || fail "step 'apt-get install golang-go' finished but 'go' is still not on PATH"
fi

go_version=$(go env GOVERSION 2>/dev/null || go version | awk '{print $3}')
# "go1.19.8" -> 1 19; "go1.26rc1" -> 1 26
go_major=$(printf '%s' "$go_version" | sed -E 's/^go([0-9]+)\.([0-9]+).*/\1/')
go_minor=$(printf '%s' "$go_version" | sed -E 's/^go([0-9]+)\.([0-9]+).*/\2/')
need_major=${ACTIONLINT_MIN_GO%%.*}
need_minor=${ACTIONLINT_MIN_GO#*.}
if ! [[ $go_major =~ ^[0-9]+$ && $go_minor =~ ^[0-9]+$ ]]; then
  fail "step 'check Go version': cannot read the version of $(command -v go) (got '$go_version')"
fi
if [ "$go_major" -lt "$need_major" ] || { [ "$go_major" -eq "$need_major" ] && [ "$go_minor" -lt "$need_minor" ]; }; then
  fail "step 'check Go version': actionlint $ACTIONLINT_VERSION needs Go >= $ACTIONLINT_MIN_GO, but $(command -v go) is $go_version. Install a newer Go (Debian 12's golang-go 1.19 is enough) or put it first on PATH."
fi
printf '    using %s (%s)\n' "$(command -v go)" "$go_version"

step "go install $ACTIONLINT_MODULE@$ACTIONLINT_VERSION -> $bin_dir"
mkdir -p "$bin_dir"
# GOTOOLCHAIN=local: never switch to a downloaded toolchain; the version check above is the contract.
# GOFLAGS=-buildvcs=false: no VCS stamping (the build runs outside any repository of ours).
GOBIN=$bin_dir GOTOOLCHAIN=local GOFLAGS=-buildvcs=false go install "$ACTIONLINT_MODULE@$ACTIONLINT_VERSION" \
  || fail "step 'go install' failed (command: GOBIN=$bin_dir go install $ACTIONLINT_MODULE@$ACTIONLINT_VERSION)"

got=$(installed_version)
[ "$got" = "$ACTIONLINT_VERSION" ] \
  || fail "step 'verify install': $binary reports version '${got:-<none>}', expected $ACTIONLINT_VERSION"
printf '==> [actionlint] installed %s at %s\n' "$ACTIONLINT_VERSION" "$binary"
