#!/bin/sh
# Ubuntu (22.04, 24.04): what building trantor and Drogon needs. Ubuntu is built from Debian's
# packages and uses the same names as install-build-deps.sh, plus debian-archive-keyring, with which
# build-drogon.sh checks Debian's source packages. Not run by the site's tests (no Ubuntu here).
set -e

# As root (a container has no sudo) apt-get runs as it is; otherwise through sudo.
if [ "$(id -u)" -eq 0 ]; then as_root=; else as_root=sudo; fi
$as_root apt-get update
$as_root apt-get install -y cmake g++ make pkg-config dpkg-dev \
  libjsoncpp-dev uuid-dev zlib1g-dev libssl-dev libbrotli-dev libc-ares-dev \
  libsqlite3-dev libpq-dev libhiredis-dev libyaml-cpp-dev debian-archive-keyring
