#!/bin/sh
# Installs what building trantor and Drogon needs, from Debian 12's own packages (the same ones
# bench/setup.sh installs). installation.test.js checks this list against the setup's and asks apt
# whether every package is installable and installed.
set -e

# [guide:apt]
sudo apt-get update
sudo apt-get install -y cmake g++ make pkg-config dpkg-dev \
  libjsoncpp-dev uuid-dev zlib1g-dev libssl-dev libbrotli-dev libc-ares-dev \
  libsqlite3-dev libpq-dev libhiredis-dev
# [/guide:apt]
