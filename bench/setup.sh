#!/usr/bin/env bash
# Builds everything the benchmark needs on Debian 12 (bookworm) and records it in $BENCH_HOME/state.json:
#   Debian packages (nginx, nginx-dev, wrk, ab, build tools), trantor + Drogon built from Debian sid
#   SOURCE packages at the versions pinned in bench/pins.json, the Drogon benchmark server
#   (examples/benchmark) and the nginx hello-world module (bench/nginx-hello).
# Builds are cached outside the repository under $BENCH_HOME, so a second run takes seconds.
# One script per step in bench/setup/, run in this order by this driver (lib.sh: reporting and cleanup).
# It never leaves a server running: no service starts during the install, and a system nginx is stopped.
#
# Environment: DROGON_BENCH_HOME (cache folder), BENCH_PINS_FILE (another pins file, for tests).
set -Eeuo pipefail
# shellcheck source-path=SCRIPTDIR

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
# client's parser for the built-in plugins chapter's /metrics check; libsodium (Argon2id password hashes)
# for the tutorial's application.
debian_packages=(nginx nginx-dev wrk apache2-utils valgrind nghttp2-client strace curl ca-certificates unzip
  cmake g++ make pkg-config libjsoncpp-dev uuid-dev zlib1g-dev libssl-dev libbrotli-dev libc-ares-dev dpkg-dev
  libsqlite3-dev sqlite3 libpq-dev postgresql postgresql-15 libhiredis-dev redis-server coz-profiler libsimdjson-dev openssl
  brotli python3-prometheus-client libyaml-cpp-dev libsodium-dev)

# Drogon's build switches. They change what is installed, so they are part of the cache key below.
# C++20 as Debian builds it (coroutines on); drogon_ctl, the ORM (SQLite3, PostgreSQL) and the Redis
# client (hiredis) for the guide.
drogon_cmake_flags=(-DCMAKE_CXX_STANDARD=20 -DBUILD_CTL=ON -DBUILD_EXAMPLES=OFF -DBUILD_ORM=ON
  -DBUILD_POSTGRESQL=ON -DBUILD_SQLITE=ON -DBUILD_MYSQL=OFF -DBUILD_REDIS=ON -DBUILD_YAML_CONFIG=ON)

setup_dir="$root/bench/setup"
# The steps, one script each, in order (15: the number the progress lines count to). Each is sourced
# into this shell: a step reads the pins, versions and paths the steps before it set, and names itself
# with `step` (lib.sh), so a failure says which step and which command.
total_steps=15
# shellcheck source=setup/lib.sh
. "$setup_dir/lib.sh"
# shellcheck source=setup/01-platform-and-pins.sh
. "$setup_dir/01-platform-and-pins.sh"
# shellcheck source=setup/02-debian-packages.sh
. "$setup_dir/02-debian-packages.sh"
# shellcheck source=setup/03-system-services.sh
. "$setup_dir/03-system-services.sh"
# shellcheck source=setup/04-drogon-sources.sh
. "$setup_dir/04-drogon-sources.sh"
# shellcheck source=setup/05-drogon-build.sh
. "$setup_dir/05-drogon-build.sh"
# shellcheck source=setup/06-drogon-check.sh
. "$setup_dir/06-drogon-check.sh"
# shellcheck source=setup/07-drogon-usr-local.sh
. "$setup_dir/07-drogon-usr-local.sh"
# shellcheck source=setup/08-benchmark-server.sh
. "$setup_dir/08-benchmark-server.sh"
# shellcheck source=setup/09-nginx-module.sh
. "$setup_dir/09-nginx-module.sh"
# shellcheck source=setup/10-nginx-module-check.sh
. "$setup_dir/10-nginx-module-check.sh"
# shellcheck source=setup/11-yyjson.sh
. "$setup_dir/11-yyjson.sh"
# shellcheck source=setup/12-json-drogon-app.sh
. "$setup_dir/12-json-drogon-app.sh"
# shellcheck source=setup/13-json-gin-app.sh
. "$setup_dir/13-json-gin-app.sh"
# shellcheck source=setup/14-oha.sh
. "$setup_dir/14-oha.sh"
# shellcheck source=setup/15-state.sh
. "$setup_dir/15-state.sh"
