# Step 5 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): build trantor and drogon (the Installation page's own script, or here when a pin was resolved away).
# shellcheck shell=bash
upstream_dir() { # name version -> extracted source dir (dpkg-source names it name-<upstream version>)
  local v=${2#*:}; printf '%s/%s-%s' "$BENCH_HOME/src/$(prefix_key "$drogon_ver" "$trantor_ver")" "$1" "${v%-*}"
}

# Configures, builds and installs one fetched source package into $prefix, after checking that the
# unpacked source is the Debian version we mean to build.
cmake_install_source() { # name debian-version [extra cmake args...]
  local name=$1 version=$2 src built build
  shift 2
  src=$(upstream_dir "$name" "$version")
  [ -f "$src/CMakeLists.txt" ] || die "$name source not found at $src"
  built=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
  [ "$built" = "$version" ] || die "$name source is $built, expected $version"
  build="$BENCH_HOME/build/$name-${version//:/_}_$flags_key"
  run_logged "$BENCH_HOME/logs/$name-configure.log" cmake -S "$src" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON -DBUILD_TESTING=OFF \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_INSTALL_RPATH="$prefix/lib" "$@"
  run_logged "$BENCH_HOME/logs/$name-build.log" cmake --build "$build" -j "$jobs"
  run_logged "$BENCH_HOME/logs/$name-install.log" cmake --install "$build"
}

# The Installation page's own script builds the pinned versions: one build serves the bench and the
# guide, whose installation test checks this build instead of making a second one (2+ minutes on two
# cores). Only when the archive no longer has a pin does the setup build the version it resolved itself.
guide_build_script="$root/examples/guide/installation/build-drogon.sh"
guide_build_sha=$(sha256sum "$guide_build_script" | cut -c1-16)
script_builds_resolved() { grep -qF "trantor=$trantor_ver drogon=$drogon_ver" "$guide_build_script"; }

step "build trantor $trantor_ver and drogon $drogon_ver"
if [ -f "$prefix/.complete" ]; then
  note 'cached'
else
  rm -rf "$prefix"
  if script_builds_resolved; then
    src_root="$BENCH_HOME/src/$(prefix_key "$drogon_ver" "$trantor_ver")"
    # The sources fetched in step 4 are reused: apt-get source skips what is already unpacked.
    run_logged "$BENCH_HOME/logs/drogon-build.log" env DROGON_BUILD_DIR="$src_root" \
      bash "$guide_build_script" "$prefix"
    drogon_config_h="$src_root/build-drogon/drogon/config.h"
    built_by="buildScriptSha256=$guide_build_sha"
  else
    note "examples/guide/installation/build-drogon.sh does not build trantor $trantor_ver and drogon $drogon_ver: building them here"
    cmake_install_source trantor "$trantor_ver"
    # The +ds repack leaves drogon's trantor/ submodule empty: use the trantor installed above.
    cmake_install_source drogon "$drogon_ver" -DUSE_SUBMODULE=OFF -DCMAKE_PREFIX_PATH="$prefix" \
      "${drogon_cmake_flags[@]}"
    drogon_config_h="$BENCH_HOME/build/drogon-${drogon_ver//:/_}_$flags_key/drogon/config.h"
    built_by="buildScriptSha256="
  fi
fi
