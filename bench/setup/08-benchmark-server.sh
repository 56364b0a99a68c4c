# Step 8 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): build the Drogon benchmark server (examples/benchmark).
# shellcheck shell=bash
step 'build the Drogon benchmark server (examples/benchmark)'
server_src="$root/examples/benchmark"
# Keyed by content (not by worktree path), as the JSON app's build (step 12): a build configured from
# one checkout names that checkout's source folder in its CMake cache, so a later checkout sharing the
# cache must never rebuild it in place (the first checkout may be gone: "source directory does not exist").
server_key=$( { printf '%s\n' "$prefix"; cat "$server_src/CMakeLists.txt" "$server_src"/*.h "$server_src"/*.cc; } | sha256sum | cut -c1-12)
server_build="$BENCH_HOME/build/benchmark-$(prefix_key "$drogon_ver" "$trantor_ver")-$server_key"
if [ -f "$server_build/.complete" ]; then
  note "cached: $server_build"
else
  rm -rf "$server_build"
  run_logged "$BENCH_HOME/logs/benchmark-configure.log" cmake -S "$server_src" -B "$server_build" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix"
  run_logged "$BENCH_HOME/logs/benchmark-build.log" cmake --build "$server_build" -j "$jobs"
  : >"$server_build/.complete"
fi
server_binary="$server_build/drogon_benchmark"
[ -x "$server_binary" ] || die "server binary not found: $server_binary"
