# Step 13 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): build the gin JSON app (bench/gin-json) with a Go new enough for it.
# shellcheck shell=bash
step 'build the gin JSON app (bench/gin-json: encoding/json, sonic, simdjson-go)'
gin_src="$root/bench/gin-json"
go_needed=$(sed -n 's/^go \([0-9][0-9.]*\)$/\1/p' "$gin_src/go.mod")
[ -n "$go_needed" ] || die "no go directive in $gin_src/go.mod"
# The first Go that is new enough (PATH, /usr/local/go, /usr/lib/go; Debian's golang-go 1.19, which the
# actionlint install may put on PATH, is too old and passed over); else the toolchain pinned in
# bench/pins.json from the Go module proxy, checked against its pinned SHA-256 and h1: hash.
run_to "$tmp_dir/go.env" bash "$setup_dir/go-toolchain.sh" "$go_needed" "$go_toolchain" "$go_arch" "$go_toolchain_sha256" "$go_toolchain_h1"
go_bin=$(sed -n 's/^go_bin=//p' "$tmp_dir/go.env")
go_have=$(sed -n 's/^go_version=//p' "$tmp_dir/go.env")
[ -x "$go_bin" ] && [ -n "$go_have" ] || die "bench/setup/go-toolchain.sh gave no Go (output: $(cat "$tmp_dir/go.env"))"
gin_key=$( { printf '%s\n' "$go_have"; cat "$gin_src/go.mod" "$gin_src/go.sum" "$gin_src"/*.go; } | sha256sum | cut -c1-12)
gin_dir="$BENCH_HOME/gin-json/$gin_key"
if [ -f "$gin_dir/.complete" ]; then
  note "cached: $gin_dir"
else
  rm -rf "$gin_dir"; mkdir -p "$gin_dir"
  cd "$gin_src"
  # -mod=readonly: go.mod and go.sum are the pins; a build that would change them fails.
  run_logged "$BENCH_HOME/logs/gin-json-std-build.log" env GOTOOLCHAIN=local GOFLAGS=-mod=readonly \
    "$go_bin" build -trimpath -o "$gin_dir/gin_json_std" .
  run_logged "$BENCH_HOME/logs/gin-json-sonic-build.log" env GOTOOLCHAIN=local GOFLAGS=-mod=readonly \
    "$go_bin" build -trimpath -tags sonic -o "$gin_dir/gin_json_sonic" .
  # simdjson-go builds on any amd64 machine; it runs only on a CPU with AVX2 and CLMUL (checked below).
  run_logged "$BENCH_HOME/logs/gin-json-simdjson-go-build.log" env GOTOOLCHAIN=local GOFLAGS=-mod=readonly \
    "$go_bin" build -trimpath -tags simdjsongo -o "$gin_dir/gin_json_simdjson_go" .
  cd "$root"
  : >"$gin_dir/.complete"
fi
gin_report=$("$gin_dir/gin_json_std" -version)
sonic_report=$("$gin_dir/gin_json_sonic" -version)
simdjson_go_report=$("$gin_dir/gin_json_simdjson_go" -version)
gin_version=$(sed -n 's/^gin //p' <<<"$gin_report")
sonic_version=$(sed -n 's/^sonic //p' <<<"$sonic_report")
simdjson_go_version=$(sed -n 's/^simdjson-go //p' <<<"$simdjson_go_report")
[ -n "$gin_version" ] && [ -n "$sonic_version" ] && [ -n "$simdjson_go_version" ] \
  || die "could not read gin's, sonic's or simdjson-go's version from the built binaries"
note "$go_have, gin $gin_version, sonic $sonic_version, simdjson-go $simdjson_go_version"
# Not an error: the bench runs the same check and lists the variant as not built, with this reason.
if ! simdjson_go_cpu=$("$gin_dir/gin_json_simdjson_go" -check-cpu); then
  warn "gin + simdjson-go cannot run on this machine: $simdjson_go_cpu (the bench lists it as not built)"
fi
