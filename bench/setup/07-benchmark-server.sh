# Step 7 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): build the Drogon benchmark server (examples/benchmark).
# shellcheck shell=bash
step 'build the Drogon benchmark server (examples/benchmark)'
server_build="$BENCH_HOME/build/benchmark-$(prefix_key "$drogon_ver" "$trantor_ver")"
if [ ! -f "$server_build/CMakeCache.txt" ]; then
  run_logged "$BENCH_HOME/logs/benchmark-configure.log" cmake -S "$root/examples/benchmark" -B "$server_build" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix"
fi
run_logged "$BENCH_HOME/logs/benchmark-build.log" cmake --build "$server_build" -j "$jobs"
server_binary="$server_build/drogon_benchmark"
[ -x "$server_binary" ] || die "server binary not found: $server_binary"
