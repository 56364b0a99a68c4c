#!/usr/bin/env bash
# Builds everything the benchmark needs on Debian 12 (bookworm) and records it in $BENCH_HOME/state.json:
#   Debian packages (nginx, nginx-dev, wrk, ab, build tools), trantor + Drogon built from Debian sid
#   SOURCE packages at the versions pinned in bench/pins.json, the Drogon benchmark server
#   (examples/benchmark) and the nginx hello-world module (bench/nginx-hello).
# Builds are cached outside the repository under $BENCH_HOME, so a second run takes seconds.
# It never leaves a server running: no service starts during the install, and a system nginx is stopped.
#
# Environment: DROGON_BENCH_HOME (cache folder), BENCH_PINS_FILE (another pins file, for tests).
set -Eeuo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BENCH_HOME=${DROGON_BENCH_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/drogon-docs-bench}
pins_file=${BENCH_PINS_FILE:-$root/bench/pins.json}
jobs=$(nproc)
started=$SECONDS

# Servers, load generators and measurement (valgrind counts instructions, h2load sends exact request
# counts, strace counts system calls); Drogon's build dependencies, with the SQLite3 and PostgreSQL
# client libraries its ORM needs and hiredis for its Redis client; PostgreSQL and Redis themselves for
# the guide's database and Redis tests; Coz (causal profiler) for the guide's profiling chapter;
# the brotli command for the compression chapter's precompressed files; the official Prometheus
# client's parser for the built-in plugins chapter's /metrics check.
debian_packages=(nginx nginx-dev wrk apache2-utils valgrind nghttp2-client strace curl ca-certificates unzip
  cmake g++ make pkg-config libjsoncpp-dev uuid-dev zlib1g-dev libssl-dev libbrotli-dev libc-ares-dev dpkg-dev
  libsqlite3-dev sqlite3 libpq-dev postgresql-15 libhiredis-dev redis-server coz-profiler libsimdjson-dev openssl
  brotli python3-prometheus-client)

# Drogon's build switches. They change what is installed, so they are part of the cache key below.
# C++20 as Debian builds it (coroutines on); drogon_ctl, the ORM (SQLite3, PostgreSQL) and the Redis
# client (hiredis) for the guide.
drogon_cmake_flags=(-DCMAKE_CXX_STANDARD=20 -DBUILD_CTL=ON -DBUILD_EXAMPLES=OFF -DBUILD_ORM=ON
  -DBUILD_POSTGRESQL=ON -DBUILD_SQLITE=ON -DBUILD_MYSQL=OFF -DBUILD_REDIS=ON -DBUILD_YAML_CONFIG=OFF)

total_steps=14
step_no=0
step_name='start'

# ---------- reporting ----------
step_started=$SECONDS
step() {
  [ "$step_no" -eq 0 ] || [ $((SECONDS - step_started)) -lt 2 ] || note "(step took $((SECONDS - step_started))s)"
  step_started=$SECONDS
  step_no=$((step_no + 1)); step_name=$1
  printf '==> [setup] step %d/%d: %s\n' "$step_no" "$total_steps" "$step_name"
}
note() { printf '    %s\n' "$*"; }
warn() { printf 'warning: [setup] %s\n' "$*" >&2; }
quote() { local out='' a; for a in "$@"; do out+="${out:+ }$(printf '%q' "$a")"; done; printf '%s' "$out"; }
report_failure() { # exit-code command-text [detail]
  # Reported once: a failure inside $(...) would otherwise be reported again by the caller.
  if [ -n "${tmp_dir:-}" ]; then [ ! -e "$tmp_dir/.reported" ] || return 0; : >"$tmp_dir/.reported"; fi
  printf 'error: [setup] step %d/%d (%s) failed (exit %s)\n  command: %s\n' \
    "$step_no" "$total_steps" "$step_name" "$1" "$2" >&2
  [ -z "${3:-}" ] || printf '%s\n' "$3" >&2
}
die() { # a check failed (no command to blame)
  if [ -n "${tmp_dir:-}" ]; then : >"$tmp_dir/.reported"; fi
  printf 'error: [setup] step %d/%d (%s) failed: %s\n' "$step_no" "$total_steps" "$step_name" "$*" >&2
  exit 1
}
# Any command not run through run/run_logged that fails still names its step and (unexpanded) command.
on_err() {
  local rc=$?
  report_failure "$rc" "$BASH_COMMAND"
  exit "$rc"
}
trap on_err ERR

# run CMD...: print and run; on failure name the step and the exact (expanded) command.
run() {
  note "\$ $(quote "$@")"
  "$@" || { local rc=$?; report_failure "$rc" "$(quote "$@")"; exit "$rc"; }
}
# run_to FILE CMD...: as run, stdout to FILE (a value to read back).
run_to() {
  local out=$1; shift
  note "\$ $(quote "$@") > $out"
  "$@" >"$out" || { local rc=$?; report_failure "$rc" "$(quote "$@")"; exit "$rc"; }
}
# run_logged LOG CMD...: as run, output to LOG (long builds); its tail is shown on failure.
run_logged() {
  local log=$1; shift
  note "\$ $(quote "$@")  (log: $log)"
  "$@" >"$log" 2>&1 || {
    local rc=$?
    report_failure "$rc" "$(quote "$@")" "--- last lines of $log ---
$(tail -n 40 "$log")"
    exit "$rc"
  }
}

as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)

# ---------- cleanup (runs on success and on failure) ----------
policy_rc=/usr/sbin/policy-rc.d
policy_installed=0
policy_backup=
restore_policy_rc() {
  [ "$policy_installed" = 1 ] || return 0
  if [ -n "$policy_backup" ]; then "${as_root[@]}" mv -f "$policy_backup" "$policy_rc"
  else "${as_root[@]}" rm -f "$policy_rc"; fi
  policy_installed=0
}
cleanup() {
  local rc=$?
  trap - ERR
  restore_policy_rc || printf 'error: [setup] could not restore %s\n' "$policy_rc" >&2
  [ -z "${tmp_dir:-}" ] || rm -rf "$tmp_dir"
  exit "$rc"
}
trap cleanup EXIT
tmp_dir=$(mktemp -d "${TMPDIR:-/tmp}/bench-setup.XXXXXX")

# ---------- step 1 ----------
step 'check platform and read pins'
[ -r /etc/os-release ] || die '/etc/os-release missing: this setup supports Debian 12 (bookworm) only'
# shellcheck disable=SC1091
os_codename=$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-}")
[ "$os_codename" = bookworm ] || die "this setup supports Debian 12 (bookworm), found '${os_codename:-unknown}'"
command -v node >/dev/null || die 'node is required (Node 20)'
[ -r "$pins_file" ] || die "pins file not found: $pins_file"
# Validated before use; values come back as KEY=VALUE lines restricted to safe characters.
run_to "$tmp_dir/pins.env" node "$root/bench/setup-pins.js" "$pins_file"
archive='' suite='' keyring='' trantor_pin='' drogon_pin='' yyjson_suite='' yyjson_pin='' glaze_suite='' oha_pin='' oha_rust=''
go_toolchain='' go_arch='' go_toolchain_sha256='' go_toolchain_h1=''
# Split at the first '=' only: values may contain '=' (an h1: hash ends in one).
while IFS= read -r line; do
  key=${line%%=*} value=${line#*=}
  case $key in
    archive) archive=$value ;; suite) suite=$value ;; keyring) keyring=$value ;;
    trantor_pin) trantor_pin=$value ;; drogon_pin) drogon_pin=$value ;;
    yyjson_suite) yyjson_suite=$value ;; yyjson_pin) yyjson_pin=$value ;; glaze_suite) glaze_suite=$value ;; oha_pin) oha_pin=$value ;;
    oha_rust) oha_rust=$value ;; go_toolchain) go_toolchain=$value ;; go_arch) go_arch=$value ;;
    go_toolchain_sha256) go_toolchain_sha256=$value ;; go_toolchain_h1) go_toolchain_h1=$value ;;
    *) die "unexpected line from setup-pins.js: $key" ;;
  esac
done <"$tmp_dir/pins.env"
note "pins: trantor $trantor_pin, drogon $drogon_pin from $archive $suite (source packages)"
note "BENCH_HOME: $BENCH_HOME"
mkdir -p "$BENCH_HOME"/{logs,build,src,prefix,resolved}
# One setup at a time per BENCH_HOME (npm test and a manual setup may overlap).
exec 9>"$BENCH_HOME/setup.lock"
if ! flock -n 9; then
  note 'another bench setup holds the lock; waiting (up to 30 min)'
  flock -w 1800 9 || die "timed out waiting for $BENCH_HOME/setup.lock"
fi

# ---------- step 2 ----------
step 'install Debian packages'
missing=()
for p in "${debian_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  note 'all present'
else
  note "missing: ${missing[*]}"
  # Debian's nginx package starts nginx on port 80; policy-rc.d exit 101 forbids service starts.
  # An existing policy-rc.d is put back afterwards (cleanup restores it even on failure).
  if [ -e "$policy_rc" ]; then
    policy_backup="$BENCH_HOME/policy-rc.d.saved"
    run "${as_root[@]}" cp -p "$policy_rc" "$policy_backup"
  fi
  printf '#!/bin/sh\n# Written by bench/setup.sh while it installs packages: no service starts.\nexit 101\n' >"$tmp_dir/policy-rc.d"
  policy_installed=1
  run "${as_root[@]}" install -m 0755 "$tmp_dir/policy-rc.d" "$policy_rc"
  run "${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
  run "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 \
    install -y -qq --no-install-recommends "${missing[@]}"
  restore_policy_rc
fi

# ---------- step 3 ----------
step 'make sure no system nginx, PostgreSQL or Redis is running'
if [ -d /run/systemd/system ] && command -v systemctl >/dev/null; then
  if systemctl is-active --quiet nginx; then run "${as_root[@]}" systemctl stop nginx; fi
  if systemctl is-enabled --quiet nginx 2>/dev/null; then run "${as_root[@]}" systemctl disable nginx; fi
elif [ -x /etc/init.d/nginx ] && compgen -G '/etc/rc[2-5].d/S*nginx' >/dev/null; then
  # No systemd: remove the boot-time start links so it does not come back.
  run "${as_root[@]}" update-rc.d nginx disable
fi
# However it was started, the system nginx writes Debian's default pid file; the bench's own
# nginx instances use their own pid paths and are left alone.
system_pid=$(cat /run/nginx.pid 2>/dev/null || true)
if [[ "$system_pid" =~ ^[0-9]+$ ]] && [ -e "/proc/$system_pid" ] \
  && [ "$(readlink "/proc/$system_pid/exe" 2>/dev/null || true)" = /usr/sbin/nginx ]; then
  run "${as_root[@]}" kill -QUIT "$system_pid"
  for _ in $(seq 50); do [ -e "/proc/$system_pid" ] || break; sleep 0.1; done
  [ ! -e "/proc/$system_pid" ] || run "${as_root[@]}" kill -TERM "$system_pid"
  sleep 0.2
  [ ! -e "/proc/$system_pid" ] || die "system nginx (pid $system_pid) is still running"
  note "stopped system nginx (pid $system_pid)"
else
  note 'none running'
fi

# Debian's postgresql package creates a cluster (15/main) that starts at boot; the guide's tests run
# their own server in a scratch folder, so the system one is stopped and kept from starting.
if [ -d /run/systemd/system ] && command -v systemctl >/dev/null; then
  if systemctl is-active --quiet postgresql; then run "${as_root[@]}" systemctl stop postgresql; fi
  if systemctl is-enabled --quiet postgresql 2>/dev/null; then run "${as_root[@]}" systemctl disable postgresql; fi
elif [ -x /etc/init.d/postgresql ] && compgen -G '/etc/rc[2-5].d/S*postgresql' >/dev/null; then
  run "${as_root[@]}" update-rc.d postgresql disable
fi
# Debian's redis-server package enables a system Redis on port 6379; the guide's Redis test starts its
# own in a scratch folder, so the system one is stopped and kept from starting, like PostgreSQL.
if [ -d /run/systemd/system ] && command -v systemctl >/dev/null; then
  if systemctl is-active --quiet redis-server; then run "${as_root[@]}" systemctl stop redis-server; fi
  if systemctl is-enabled --quiet redis-server 2>/dev/null; then run "${as_root[@]}" systemctl disable redis-server; fi
elif [ -x /etc/init.d/redis-server ] && compgen -G '/etc/rc[2-5].d/S*redis-server' >/dev/null; then
  run "${as_root[@]}" update-rc.d redis-server disable
fi
if command -v pg_lsclusters >/dev/null; then
  while read -r version cluster _port status _rest; do
    [ "$status" = online ] || continue
    run "${as_root[@]}" pg_ctlcluster "$version" "$cluster" stop
    note "stopped system PostgreSQL cluster $version/$cluster"
  done < <(pg_lsclusters --no-header 2>/dev/null || true)
fi

# ---------- steps 4-6: trantor + Drogon from Debian source packages ----------
# The actual version built replaces the pin when the archive no longer has the pinned one; that
# choice is remembered in resolved/ so later runs reuse the cached build without asking the archive.
resolved_or_pin() { # name pin
  local f="$BENCH_HOME/resolved/$1_$2"
  if [ -s "$f" ]; then
    warn "pinned $1 $2 was not in the archive; using $1 $(cat "$f") as resolved earlier ($f)"
    cat "$f"
  else
    printf '%s' "$2"
  fi
}
trantor_ver=$(resolved_or_pin trantor "$trantor_pin")
drogon_ver=$(resolved_or_pin drogon "$drogon_pin")
flags_key=$(printf '%s\n' "${drogon_cmake_flags[@]}" | sha256sum | cut -c1-8)
prefix_key() { printf 'drogon-%s_trantor-%s_%s' "${1//:/_}" "${2//:/_}" "$flags_key"; }
prefix="$BENCH_HOME/prefix/$(prefix_key "$drogon_ver" "$trantor_ver")"

step 'fetch trantor and drogon source packages (Debian sid, private apt config)'
if [ -f "$prefix/.complete" ]; then
  note "cached build found: $prefix (skipping fetch)"
else
  apt_dir="$BENCH_HOME/apt"
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
  printf 'deb-src [signed-by=%s] %s %s main\n' "$keyring" "$archive" "$suite" >"$apt_dir/sources.list"
  # Own sources list, lists and cache: the machine's apt configuration is never read or changed.
  apt_private=(-o "Dir::Etc::sourcelist=$apt_dir/sources.list" -o Dir::Etc::sourceparts=-
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o Acquire::Languages=none
    -o DPkg::Lock::Timeout=600)
  # _apt cannot enter a private folder under /root; download as root instead of warning each time.
  [ "$(id -u)" -ne 0 ] || apt_private+=(-o APT::Sandbox::User=root)
  # --error-on=any: an unreachable or unsigned archive is an error, not a warning followed by "not found".
  run apt-get "${apt_private[@]}" update -qq --error-on=any

  resolve_version() { # name pin -> prints the version to build
    local name=$1 pin=$2 versions best=''
    versions=$(apt-cache "${apt_private[@]}" showsrc --only-source "$name" | awk '/^Version:/ {print $2}')
    [ -n "$versions" ] || die "source package '$name' not found in $archive $suite"
    if grep -qxF -- "$pin" <<<"$versions"; then printf '%s' "$pin"; return; fi
    for v in $versions; do
      if [ -z "$best" ] || dpkg --compare-versions "$v" gt "$best"; then best=$v; fi
    done
    warn "pinned $name $pin is no longer in $archive $suite; building $name $best instead (recorded in state.json)"
    printf '%s' "$best"
  }
  trantor_ver=$(resolve_version trantor "$trantor_pin")
  drogon_ver=$(resolve_version drogon "$drogon_pin")
  prefix="$BENCH_HOME/prefix/$(prefix_key "$drogon_ver" "$trantor_ver")"
  [ "$trantor_ver" = "$trantor_pin" ] || printf '%s' "$trantor_ver" >"$BENCH_HOME/resolved/trantor_$trantor_pin"
  [ "$drogon_ver" = "$drogon_pin" ] || printf '%s' "$drogon_ver" >"$BENCH_HOME/resolved/drogon_$drogon_pin"

  if [ -f "$prefix/.complete" ]; then
    note "cached build found: $prefix"
  else
    src_root="$BENCH_HOME/src/$(prefix_key "$drogon_ver" "$trantor_ver")"
    rm -rf "$src_root"; mkdir -p "$src_root"
    cd "$src_root"
    # Source only (apt-get source verifies the files against the signed Sources index): no sid binary is installed.
    run apt-get "${apt_private[@]}" source -qq --only-source "trantor=$trantor_ver" "drogon=$drogon_ver"
    cd "$root"
  fi
fi

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

# ---------- step 7 ----------
step 'build the Drogon benchmark server (examples/benchmark)'
server_build="$BENCH_HOME/build/benchmark-$(prefix_key "$drogon_ver" "$trantor_ver")"
if [ ! -f "$server_build/CMakeCache.txt" ]; then
  run_logged "$BENCH_HOME/logs/benchmark-configure.log" cmake -S "$root/examples/benchmark" -B "$server_build" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix"
fi
run_logged "$BENCH_HOME/logs/benchmark-build.log" cmake --build "$server_build" -j "$jobs"
server_binary="$server_build/drogon_benchmark"
[ -x "$server_binary" ] || die "server binary not found: $server_binary"

# ---------- step 8 ----------
step 'build the nginx hello-world module (bench/nginx-hello)'
module_src="$root/bench/nginx-hello"
module_dir="$BENCH_HOME/nginx-hello"
module_so="$module_dir/ngx_http_hello_world_module.so"
nginx_pkg_version=$(dpkg-query -W -f='${Version}' nginx)
nginx_dev_version=$(dpkg-query -W -f='${Version}' nginx-dev)
# A module must be built against the exact nginx it is loaded into.
[ "$nginx_pkg_version" = "$nginx_dev_version" ] \
  || die "nginx $nginx_pkg_version and nginx-dev $nginx_dev_version differ; upgrade both"
module_key=$( { printf 'nginx-dev %s\n' "$nginx_dev_version"; cat "$module_src/config" "$module_src"/*.c; } | sha256sum | cut -d' ' -f1)
if [ -f "$module_so" ] && [ "$(cat "$module_dir/source.sha256" 2>/dev/null || true)" = "$module_key" ]; then
  note "unchanged: $module_so"
else
  ngx_build="$BENCH_HOME/build/nginx-src"
  rm -rf "$ngx_build"
  # configure writes its Makefile and objs/ where it runs: work on a copy of nginx-dev's tree.
  run cp -a /usr/share/nginx/src "$ngx_build"
  # shellcheck disable=SC1091  # defines NGX_CONF_FLAGS: Debian's own configure flags, incl. --with-compat
  . "$ngx_build/conf_flags"
  cd "$ngx_build"
  run_logged "$BENCH_HOME/logs/nginx-module-configure.log" ./configure "${NGX_CONF_FLAGS[@]}" \
    --add-dynamic-module="$module_src"
  # nginx-dev's configure writes only objs/Makefile (no top-level Makefile).
  run_logged "$BENCH_HOME/logs/nginx-module-build.log" make -f objs/Makefile -j "$jobs" modules
  cd "$root"
  mkdir -p "$module_dir"
  cp "$ngx_build/objs/ngx_http_hello_world_module.so" "$module_so.tmp"
  mv -f "$module_so.tmp" "$module_so"
  printf '%s\n' "$module_key" >"$module_dir/source.sha256"
fi

# ---------- step 9 ----------
step 'check that nginx loads the module (nginx -t, no server started)'
nginx_binary=$(command -v nginx || true)
[ -n "$nginx_binary" ] || nginx_binary=/usr/sbin/nginx
[ -x "$nginx_binary" ] || die "nginx binary not found"
mkdir -p "$tmp_dir/nginx/logs"
cat >"$tmp_dir/nginx/nginx.conf" <<EOF
load_module $module_so;
daemon off;
error_log stderr warn;
pid $tmp_dir/nginx/nginx.pid;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path $tmp_dir/nginx/body;
  proxy_temp_path $tmp_dir/nginx/proxy;
  fastcgi_temp_path $tmp_dir/nginx/fastcgi;
  uwsgi_temp_path $tmp_dir/nginx/uwsgi;
  scgi_temp_path $tmp_dir/nginx/scgi;
  server { listen 127.0.0.1:1; location = /benchmark { hello_world; } }
}
EOF
run_logged "$BENCH_HOME/logs/nginx-t.log" "$nginx_binary" -t -q -p "$tmp_dir/nginx" -c "$tmp_dir/nginx/nginx.conf"

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

step 'build the gin JSON app (bench/gin-json: encoding/json, sonic, simdjson-go)'
gin_src="$root/bench/gin-json"
go_needed=$(sed -n 's/^go \([0-9][0-9.]*\)$/\1/p' "$gin_src/go.mod")
[ -n "$go_needed" ] || die "no go directive in $gin_src/go.mod"
# The first Go that is new enough (PATH, /usr/local/go, /usr/lib/go; Debian's golang-go 1.19, which the
# actionlint install may put on PATH, is too old and passed over); else the toolchain pinned in
# bench/pins.json from the Go module proxy, checked against its pinned SHA-256 and h1: hash.
run_to "$tmp_dir/go.env" bash "$root/bench/setup-go.sh" "$go_needed" "$go_toolchain" "$go_arch" "$go_toolchain_sha256" "$go_toolchain_h1"
go_bin=$(sed -n 's/^go_bin=//p' "$tmp_dir/go.env")
go_have=$(sed -n 's/^go_version=//p' "$tmp_dir/go.env")
[ -x "$go_bin" ] && [ -n "$go_have" ] || die "bench/setup-go.sh gave no Go (output: $(cat "$tmp_dir/go.env"))"
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

# ---------- step 13 ----------
step "build the open-loop load generator (oha $oha_pin from crates.io)"
# oha sends requests on a clock (-q) and corrects latency for coordinated omission; the reasons for
# choosing it, and the rates each candidate held here, are in docs/architecture.md.
oha_root="$BENCH_HOME/oha-$oha_pin"
oha_binary="$oha_root/bin/oha"
if [ -x "$oha_binary" ] && [ -f "$oha_root/.complete" ]; then
  note "cached: $oha_binary"
else
  # rustup's cargo first: Debian 12's own cargo (1.65) is too old for oha. No package registry serves a
  # Rust toolchain (crates.io serves crates), so a missing or old one is an error naming what to install;
  # the CI workflows install the pinned Rust before the setup.
  cargo_bin="$HOME/.cargo/bin/cargo"
  [ -x "$cargo_bin" ] || cargo_bin=$(command -v cargo || true)
  rust_hint="install Rust $oha_rust or later with rustup (https://rustup.rs: curl --proto '=https' -sSf https://sh.rustup.rs | sh -s -- -y --default-toolchain $oha_rust), then run the setup again"
  [ -n "$cargo_bin" ] || die "cargo (Rust) is needed to build oha $oha_pin from crates.io, and none is on PATH or in ~/.cargo/bin: $rust_hint"
  cargo_version=$("$cargo_bin" --version 2>/dev/null | sed -n 's/^cargo \([0-9][0-9.]*\).*/\1/p')
  [ -n "$cargo_version" ] && dpkg --compare-versions "$cargo_version" ge "$oha_rust" \
    || die "oha $oha_pin needs Rust $oha_rust or later (its rust-version); $cargo_bin is ${cargo_version:-of unknown version}: $rust_hint"
  note 'first build takes about 12 minutes on 2 cores; cached afterwards'
  rm -rf "$oha_root"
  # --locked: the exact dependency versions of oha's published Cargo.lock.
  run_logged "$BENCH_HOME/logs/oha-build.log" "$cargo_bin" install oha --version "=$oha_pin" --locked \
    --root "$oha_root" --target-dir "$BENCH_HOME/build/oha-$oha_pin"
  : >"$oha_root/.complete"
fi
oha_version=$("$oha_binary" --version | sed -n 's/^oha \([0-9][^ ]*\)$/\1/p')
[ "$oha_version" = "$oha_pin" ] || die "$oha_binary reports version '$oha_version', expected $oha_pin"
note "oha $oha_version"

# ---------- step 14 ----------
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
run node "$root/bench/setup-state.js" "$BENCH_HOME/state.json" \
  drogonVersion="$drogon_version" trantorVersion="$trantor_version" drogonPrefix="$prefix" \
  drogonServerBinary="$server_binary" nginxBinary="$nginx_binary" nginxVersion="$nginx_version" \
  nginxHelloModule="$module_so" wrkVersion="$wrk_version" abVersion="$ab_version" \
  drogonSourceVersion="$drogon_ver" trantorSourceVersion="$trantor_ver" drogonPinned="$drogon_pin" \
  trantorPinned="$trantor_pin" sourceArchive="$archive $suite" nginxPackageVersion="$nginx_pkg_version" \
  drogonCtl="$prefix/bin/drogon_ctl" drogonBuildScriptSha256="$drogon_build_script_sha" drogonCmakeFlags="${drogon_cmake_flags[*]}" \
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
