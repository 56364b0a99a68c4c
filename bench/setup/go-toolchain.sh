#!/usr/bin/env bash
# The Go toolchain that builds bench/gin-json, for bench/setup.sh: the first Go on this machine that is
# new enough for the go directive of bench/gin-json/go.mod (PATH, /usr/local/go, Debian's /usr/lib/go,
# a toolchain fetched earlier); else the toolchain pinned in bench/pins.json, fetched from the Go module
# proxy as the module golang.org/toolchain (the form `go` itself downloads toolchains in), checked
# against the pinned SHA-256 of the zip and the pinned h1: hash the Go checksum database has for it,
# and kept under $BENCH_HOME/go-toolchain. Debian 12's golang-go is 1.19, too old for the gin module.
#
# Usage: bash bench/setup/go-toolchain.sh <go needed> <pinned toolchain version> <arch> <zip sha256> <h1>
#   (sha256 and h1 are empty when bench/pins.json pins no toolchain for this architecture)
# Prints go_bin=<path> and go_version=<goX.Y.Z> on stdout; what it does on stderr.
# Environment: DROGON_BENCH_HOME (cache), DROGON_BENCH_GOPROXY (default https://proxy.golang.org),
#   DROGON_BENCH_SYSTEM_GO=ignore (pass over the machine's Go, to test the fetch).
set -Eeuo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BENCH_HOME=${DROGON_BENCH_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/drogon-docs-bench}
proxy=${DROGON_BENCH_GOPROXY:-https://proxy.golang.org}
note() { printf '    %s\n' "$*" >&2; }
die() { printf 'error: [setup-go] %s\n' "$*" >&2; exit 1; }

[ $# -eq 5 ] || die 'usage: bash bench/setup/go-toolchain.sh <go needed> <pinned version> <arch> <zip sha256> <h1>'
go_needed=$1 pinned=$2 arch=$3 zip_sha256=$4 zip_h1=$5
[[ "$go_needed" =~ ^[0-9]+(\.[0-9]+){1,2}$ ]] || die "go needed must be a version such as 1.25.0, got '$go_needed'"
[[ "$pinned" =~ ^[0-9]+(\.[0-9]+){1,2}$ ]] || die "pinned toolchain must be a version such as 1.25.0, got '$pinned'"
[[ "$arch" =~ ^[a-z0-9]+$ ]] || die "arch must be a Go architecture such as amd64, got '$arch'"
[[ "$proxy" =~ ^(https?|file)://[A-Za-z0-9.:/_-]+$ ]] || die "DROGON_BENCH_GOPROXY must be an http(s) or file URL (as GOPROXY), got '$proxy'"

module_version="v0.0.1-go$pinned.linux-$arch"
toolchain_dir="$BENCH_HOME/go-toolchain/go$pinned.linux-$arch"

candidates=("$toolchain_dir/bin/go")
[ "${DROGON_BENCH_SYSTEM_GO:-}" = ignore ] || candidates=("$(command -v go || true)" /usr/local/go/bin/go /usr/lib/go/bin/go "${candidates[@]}")
seen='' tried=' '
for candidate in "${candidates[@]}"; do
  [ -n "$candidate" ] && [ -x "$candidate" ] && [[ "$tried" != *" $candidate "* ]] || continue
  tried+="$candidate "
  # A fetched toolchain counts only once it was checked completely.
  [ "$candidate" != "$toolchain_dir/bin/go" ] || [ -f "$toolchain_dir/.complete" ] || continue
  # GOTOOLCHAIN=local: never let this go switch to another toolchain on its own.
  version=$(GOTOOLCHAIN=local "$candidate" env GOVERSION 2>/dev/null || true)
  seen+="${seen:+, }$candidate ${version:-(no version)}"
  if [ -n "$version" ] && dpkg --compare-versions "${version#go}" ge "$go_needed"; then
    note "Go: $candidate ($version)"
    printf 'go_bin=%s\ngo_version=%s\n' "$candidate" "$version"
    exit 0
  fi
done

what="Go $go_needed or later is needed to build bench/gin-json (go directive of its go.mod); found: ${seen:-no go on PATH, in /usr/local/go/bin or /usr/lib/go/bin} (Debian 12's golang-go is 1.19)"
[ -n "$zip_sha256" ] && [ -n "$zip_h1" ] \
  || die "$what; bench/pins.json pins no Go toolchain for linux-$arch to fetch: install Go $go_needed or later for linux-$arch from https://go.dev/dl/ (or add goToolchain.zips.linux-$arch to bench/pins.json)"
dpkg --compare-versions "$pinned" ge "$go_needed" \
  || die "$what; the pinned toolchain go$pinned (bench/pins.json goToolchain.version) is older than that: pin Go $go_needed or later there"
for tool in curl sha256sum unzip node; do command -v "$tool" >/dev/null || die "$what; fetching go$pinned needs $tool, which is not installed"; done

note "$what: fetching go$pinned from the Go module proxy ($proxy, module golang.org/toolchain@$module_version)"
work=$(mktemp -d "${TMPDIR:-/tmp}/setup-go.XXXXXX")
trap 'rm -rf "$work"' EXIT
url="$proxy/golang.org/toolchain/@v/$module_version.zip"
curl -fsSL --retry 3 --max-time 900 -o "$work/toolchain.zip" "$url" || die "could not download $url (curl exit $?)"
got=$(sha256sum "$work/toolchain.zip" | cut -d' ' -f1)
[ "$got" = "$zip_sha256" ] || die "$url has SHA-256 $got, but bench/pins.json pins $zip_sha256 (goToolchain.zips.linux-$arch.sha256): not used"
unzip -q "$work/toolchain.zip" -d "$work/x" || die "could not unzip $url"
got_h1=$(node "$root/bench/setup/go-dirhash.js" "$work/x" "golang.org/toolchain@$module_version") || die "could not hash the extracted toolchain"
[ "$got_h1" = "$zip_h1" ] || die "golang.org/toolchain@$module_version hashes to $got_h1, but bench/pins.json pins $zip_h1 (the Go checksum database's value): not used"
version=$(GOTOOLCHAIN=local "$work/x/golang.org/toolchain@$module_version/bin/go" env GOVERSION) || die "the fetched go does not run"
[ "$version" = "go$pinned" ] || die "the fetched toolchain reports $version, expected go$pinned"
rm -rf "$toolchain_dir"
mkdir -p "$(dirname "$toolchain_dir")"
mv "$work/x/golang.org/toolchain@$module_version" "$toolchain_dir"
: >"$toolchain_dir/.complete"
note "Go: $toolchain_dir/bin/go ($version; SHA-256 and h1 checked)"
printf 'go_bin=%s\ngo_version=%s\n' "$toolchain_dir/bin/go" "$version"
