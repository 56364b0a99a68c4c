# Step 11 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): build yyjson from its Debian source and record the glaze version Debian has.
# shellcheck shell=bash
# ---------- steps 10-12: the JSON application (examples/json-bench, bench/gin-json) ----------
step "build yyjson $yyjson_pin (Debian $yyjson_suite source) and look up glaze ($glaze_suite)"
yyjson_prefix="$BENCH_HOME/prefix/yyjson-${yyjson_pin//:/_}"
glaze_file="$BENCH_HOME/resolved/glaze_$glaze_suite"
if [ -f "$yyjson_prefix/.complete" ] && [ -s "$glaze_file" ]; then
  note "cached: $yyjson_prefix"
else
  json_apt="$BENCH_HOME/apt-json"
  mkdir -p "$json_apt/lists/partial" "$json_apt/cache/archives/partial"
  {
    printf 'deb-src [signed-by=%s] %s %s main\n' "$keyring" "$archive" "$yyjson_suite"
    [ "$glaze_suite" = "$yyjson_suite" ] || printf 'deb-src [signed-by=%s] %s %s main\n' "$keyring" "$archive" "$glaze_suite"
  } >"$json_apt/sources.list"
  # A private apt configuration, as for Drogon: the machine's own apt setup is never read or changed.
  json_apt_opts=(-o "Dir::Etc::sourcelist=$json_apt/sources.list" -o Dir::Etc::sourceparts=-
    -o "Dir::State::Lists=$json_apt/lists" -o "Dir::Cache=$json_apt/cache" -o Acquire::Languages=none
    -o DPkg::Lock::Timeout=600)
  [ "$(id -u)" -ne 0 ] || json_apt_opts+=(-o APT::Sandbox::User=root)
  run apt-get "${json_apt_opts[@]}" update -qq --error-on=any
  # glaze is not built (bench/json/servers.json, notBuilt, says why); the version Debian has is recorded.
  glaze_ver=$(apt-cache "${json_apt_opts[@]}" showsrc --only-source glaze | awk '/^Version:/ {print $2}' | sort -V | tail -n 1)
  printf '%s' "${glaze_ver:-not in $glaze_suite}" >"$glaze_file"
  if [ ! -f "$yyjson_prefix/.complete" ]; then
    # The source record of the pinned version (paragraphs of the signed Sources index).
    yyjson_record=$(apt-cache "${json_apt_opts[@]}" showsrc --only-source yyjson \
      | awk -v v="$yyjson_pin" 'BEGIN { RS = "" } index($0, "\nVersion: " v "\n") { print; exit }')
    [ -n "$yyjson_record" ] || die "yyjson $yyjson_pin is not in $archive $yyjson_suite (versions there: $(apt-cache "${json_apt_opts[@]}" showsrc --only-source yyjson | awk '/^Version:/ {printf "%s ", $2}')); update jsonSourcePackages.yyjson in bench/pins.json"
    yyjson_src="$BENCH_HOME/src/yyjson-${yyjson_pin//:/_}"
    rm -rf "$yyjson_src"; mkdir -p "$yyjson_src"; cd "$yyjson_src"
    if apt-get "${json_apt_opts[@]}" source -qq --only-source "yyjson=$yyjson_pin" >"$BENCH_HOME/logs/yyjson-source.log" 2>&1; then
      yyjson_form='Debian source package (apt-get source)'
      yyjson_tree=$(find "$yyjson_src" -mindepth 1 -maxdepth 1 -type d -name 'yyjson-*' | head -n 1)
    else
      # The archive reachable here serves some pool files only (for yyjson 0.10.0+ds-1: the upstream
      # tarball, not the .dsc): fetch the tarball alone, checked against the signed index's SHA-256.
      note "apt-get source failed ($(grep -m1 -o '404 *Not Found' "$BENCH_HOME/logs/yyjson-source.log" || echo 'see log'); log $BENCH_HOME/logs/yyjson-source.log): fetching the orig tarball alone"
      yyjson_dir=$(sed -n 's/^Directory: //p' <<<"$yyjson_record")
      read -r yyjson_sha _ yyjson_orig < <(awk '/^Checksums-Sha256:/ {c = 1; next} /^[^ ]/ {c = 0} c && $3 ~ /\.orig\.tar\./ {print; exit}' <<<"$yyjson_record")
      [ -n "${yyjson_orig:-}" ] || die "no orig tarball listed for yyjson $yyjson_pin in the Sources index"
      run /usr/lib/apt/apt-helper "${json_apt_opts[@]}" download-file "$archive/$yyjson_dir/$yyjson_orig" \
        "$yyjson_src/$yyjson_orig" "SHA256:$yyjson_sha"
      yyjson_tree="$yyjson_src/yyjson"
      mkdir -p "$yyjson_tree"
      run tar -xf "$yyjson_src/$yyjson_orig" -C "$yyjson_tree" --strip-components=1
      yyjson_form="upstream tarball $yyjson_orig (SHA-256 checked against the signed Sources index; the .dsc answered 404)"
    fi
    cd "$root"
    [ -f "${yyjson_tree:-}/CMakeLists.txt" ] || die "yyjson source not found under $yyjson_src"
    rm -rf "$yyjson_prefix" "$BENCH_HOME/build/yyjson"
    # Static and position-independent: linked into the Drogon JSON app, no runtime path to manage.
    run_logged "$BENCH_HOME/logs/yyjson-configure.log" cmake -S "$yyjson_tree" -B "$BENCH_HOME/build/yyjson" \
      -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON \
      -DCMAKE_INSTALL_PREFIX="$yyjson_prefix" -DCMAKE_INSTALL_LIBDIR=lib
    run_logged "$BENCH_HOME/logs/yyjson-build.log" cmake --build "$BENCH_HOME/build/yyjson" -j "$jobs"
    run_logged "$BENCH_HOME/logs/yyjson-install.log" cmake --install "$BENCH_HOME/build/yyjson"
    printf '%s\n' "$yyjson_form" >"$yyjson_prefix/source-form"
    printf 'yyjson=%s\n' "$yyjson_pin" >"$yyjson_prefix/.complete"
  fi
fi
yyjson_form=$(cat "$yyjson_prefix/source-form")
glaze_version=$(cat "$glaze_file")
note "yyjson $yyjson_pin: $yyjson_form"
note "glaze in Debian $glaze_suite: $glaze_version (not built; reason in bench/json/servers.json)"
