# Step 15 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): write $BENCH_HOME/state.json from what was built.
# shellcheck shell=bash
step "write $BENCH_HOME/state.json"
# Versions are read from what was built and installed, never typed.
drogon_version=$(sed -n 's/^#define DROGON_VERSION "\(.*\)"$/\1/p' "$prefix/include/drogon/version.h")
trantor_version=$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")$/\1/p' "$prefix/lib/cmake/Trantor/TrantorConfigVersion.cmake")
nginx_version=$("$nginx_binary" -v 2>&1 | sed -n 's|^nginx version: nginx/\([^ ]*\).*|\1|p')
# wrk -v exits 1; Debian's wrk prints "wrk debian/4.1.0-3+b2 [epoll] ...": keep the upstream part.
wrk_version=$( { wrk -v 2>&1 || true; } | sed -n 's|^wrk \(debian/\)\{0,1\}\([0-9][^ -]*\).*|\2|p')
ab_version=$(ab -V 2>&1 | sed -n 's/^This is ApacheBench, Version \([^ ]*\).*/\1/p')
for pair in drogon_version trantor_version nginx_version wrk_version ab_version; do
  [ -n "${!pair}" ] || die "could not read ${pair%_version}'s version"
done
run node "$setup_dir/write-state.js" "$BENCH_HOME/state.json" \
  drogonVersion="$drogon_version" trantorVersion="$trantor_version" drogonPrefix="$prefix" \
  drogonServerBinary="$server_binary" nginxBinary="$nginx_binary" nginxVersion="$nginx_version" \
  nginxHelloModule="$module_so" wrkVersion="$wrk_version" abVersion="$ab_version" \
  drogonSourceVersion="$drogon_ver" trantorSourceVersion="$trantor_ver" drogonPinned="$drogon_pin" \
  trantorPinned="$trantor_pin" sourceArchive="$archive $suite" nginxPackageVersion="$nginx_pkg_version" \
  drogonCtl="$prefix/bin/drogon_ctl" drogonUsrLocal="$usr_local_tree" drogonBuildScriptSha256="$drogon_build_script_sha" drogonCmakeFlags="${drogon_cmake_flags[*]}" \
  compiler="$(g++ --version | head -n 1)" cxxStandard=20 \
  sqlitePackageVersion="$(dpkg-query -W -f='${Version}' libsqlite3-dev)" \
  libpqPackageVersion="$(dpkg-query -W -f='${Version}' libpq-dev)" \
  postgresqlPackageVersion="$(dpkg-query -W -f='${Version}' postgresql-15)" \
  drogonJsonJsoncppBinary="$json_build/drogon_json_jsoncpp" drogonJsonSimdjsonBinary="$json_build/drogon_json_simdjson" \
  drogonJsonYyjsonBinary="$json_build/drogon_json_yyjson" jsoncppVersion="$jsoncpp_version" \
  simdjsonVersion="$simdjson_version" yyjsonVersion="$yyjson_version" yyjsonSourceVersion="$yyjson_pin" \
  yyjsonSource="$archive $yyjson_suite: $yyjson_form" glazeSourceVersion="$glaze_version ($archive $glaze_suite; not built)" \
  jsoncppPackageVersion="$(dpkg-query -W -f='${Version}' libjsoncpp-dev)" \
  simdjsonPackageVersion="$(dpkg-query -W -f='${Version}' libsimdjson-dev)" \
  ginJsonStdBinary="$gin_dir/gin_json_std" ginJsonSonicBinary="$gin_dir/gin_json_sonic" goVersion="$go_have" \
  goBinary="$go_bin" ginVersion="$gin_version" sonicVersion="$sonic_version" \
  ginJsonSimdjsonGoBinary="$gin_dir/gin_json_simdjson_go" simdjsonGoVersion="$simdjson_go_version" \
  ohaBinary="$oha_binary" ohaVersion="$oha_version"
note "drogon $drogon_version (source $drogon_ver), trantor $trantor_version (source $trantor_ver)"
note "nginx $nginx_version, wrk $wrk_version, ab $ab_version"
printf '==> [setup] done in %ds: %s\n' "$((SECONDS - started))" "$BENCH_HOME/state.json"
