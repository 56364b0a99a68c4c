#!/bin/sh
# Fedora: what building trantor and Drogon from their git tags needs (build-from-git.sh).
# Not run by the site's tests (no Fedora here).
set -e

if [ "$(id -u)" -eq 0 ]; then as_root=; else as_root=sudo; fi
$as_root dnf install -y cmake gcc-c++ make pkgconf-pkg-config git \
  jsoncpp-devel libuuid-devel zlib-devel openssl-devel brotli-devel c-ares-devel \
  sqlite-devel libpq-devel hiredis-devel yaml-cpp-devel
