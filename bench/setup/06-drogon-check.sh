# Step 6 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): check the Drogon build: ORM backends, drogon_ctl, the Redis client; mark the prefix complete.
# shellcheck shell=bash
step "check the Drogon build (ORM backends, drogon_ctl, Redis client)"
if [ -f "$prefix/.complete" ]; then
  note 'cached'
else
  # The ORM backends are switched on only when CMake finds their client libraries: check, don't assume.
  for backend in USE_POSTGRESQL USE_SQLITE3; do
    grep -q "^#define $backend 1" "$drogon_config_h" \
      || die "drogon was built without $backend (client library not found at configure time; see $BENCH_HOME/logs/)"
  done
  [ -x "$prefix/bin/drogon_ctl" ] || die "drogon_ctl was not installed at $prefix/bin/drogon_ctl"
  # Redis support is compiled in only when CMake finds hiredis: the library must link against it.
  readelf -d "$prefix/lib/libdrogon.so" | grep -q 'NEEDED.*libhiredis' \
    || die "drogon was built without Redis support (hiredis not found at configure time; see $BENCH_HOME/logs/)"
  # Marker last: an interrupted build is redone from scratch next time. It names the script that
  # built the prefix (empty when the setup built it itself), for the installation test.
  printf 'trantor=%s\ndrogon=%s\n%s\n' "$trantor_ver" "$drogon_ver" "$built_by" >"$prefix/.complete"
fi
drogon_build_script_sha=$(sed -n 's/^buildScriptSha256=//p' "$prefix/.complete")
