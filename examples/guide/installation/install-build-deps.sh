#!/bin/sh
# Installs what building trantor and Drogon needs, from Debian 12's own packages (the same ones
# bench/setup.sh installs). installation.test.js checks this list against the setup's, runs this
# script, and checks that apt has nothing left to install.
set -e

# [guide:apt]
# As root (a Debian container has no sudo) apt-get runs as it is; otherwise through sudo.
if [ "$(id -u)" -eq 0 ]; then as_root=; else as_root=sudo; fi
$as_root apt-get update
$as_root apt-get install -y cmake g++ make pkg-config dpkg-dev \
  libjsoncpp-dev uuid-dev zlib1g-dev libssl-dev libbrotli-dev libc-ares-dev \
  libsqlite3-dev libpq-dev libhiredis-dev libyaml-cpp-dev
# [/guide:apt]
