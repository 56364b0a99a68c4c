# Step 12 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): build the Drogon JSON app (examples/json-bench) and read its libraries' versions.
# shellcheck shell=bash
step 'build the Drogon JSON app (examples/json-bench: jsoncpp, simdjson, yyjson)'
json_src="$root/examples/json-bench"
# Keyed by content (not by worktree path), so every checkout with the same sources shares one build.
json_key=$( { printf '%s\n' "$prefix" "$yyjson_prefix"; cat "$json_src/CMakeLists.txt" "$json_src"/src/*; } | sha256sum | cut -c1-12)
json_build="$BENCH_HOME/build/json-bench-$json_key"
if [ -f "$json_build/.complete" ]; then
  note "cached: $json_build"
else
  rm -rf "$json_build"
  run_logged "$BENCH_HOME/logs/json-bench-configure.log" cmake -S "$json_src" -B "$json_build" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix;$yyjson_prefix"
  run_logged "$BENCH_HOME/logs/json-bench-build.log" cmake --build "$json_build" -j "$jobs"
  : >"$json_build/.complete"
fi
json_lib_version() { # variant -> the version its binary reports ("jsoncpp 1.9.5" -> 1.9.5)
  local out
  out=$("$json_build/drogon_json_$1" --version) || die "drogon_json_$1 --version failed"
  [ "${out%% *}" = "$1" ] || die "drogon_json_$1 reports '$out', expected '$1 <version>'"
  printf '%s' "${out#* }"
}
jsoncpp_version=$(json_lib_version jsoncpp)
simdjson_version=$(json_lib_version simdjson)
yyjson_version=$(json_lib_version yyjson)
note "jsoncpp $jsoncpp_version, simdjson $simdjson_version, yyjson $yyjson_version"
