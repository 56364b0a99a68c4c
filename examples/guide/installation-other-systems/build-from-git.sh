#!/usr/bin/env bash
# Builds Drogon 1.9.13 (with the trantor of its git submodule) from its release tag and installs it
# into a prefix, with the switches the site's own Drogon is built with. For systems without Debian's
# source packages (Fedora, Arch, macOS). Usage: ./build-from-git.sh [PREFIX]   (default /usr/local)
# Not run by the site's tests: they have no network access to GitHub.
set -euo pipefail

prefix=${1:-/usr/local}
work=${DROGON_BUILD_DIR:-$HOME/drogon-build}
mkdir -p "$work"
cd "$work"

# [guide:clone]
[ -d drogon-1.9.13 ] || git clone --depth 1 --branch v1.9.13 --recurse-submodules \
  https://github.com/drogonframework/drogon.git drogon-1.9.13
# [/guide:clone]

# Installing needs sudo only when the prefix is not yours.
as_owner() {
  local dir=$prefix
  while [ ! -e "$dir" ]; do dir=$(dirname "$dir"); done
  if [ -w "$dir" ]; then "$@"; else sudo "$@"; fi
}

# [guide:drogon]
cmake -S drogon-1.9.13 -B build-drogon -DCMAKE_BUILD_TYPE=Release \
  -DBUILD_SHARED_LIBS=ON -DBUILD_TESTING=OFF \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_INSTALL_RPATH="$prefix/lib" \
  -DCMAKE_CXX_STANDARD=20 -DBUILD_CTL=ON -DBUILD_EXAMPLES=OFF -DBUILD_ORM=ON \
  -DBUILD_POSTGRESQL=ON -DBUILD_SQLITE=ON -DBUILD_MYSQL=OFF -DBUILD_REDIS=ON -DBUILD_YAML_CONFIG=ON
cmake --build build-drogon -j "$(getconf _NPROCESSORS_ONLN)"
as_owner cmake --install build-drogon
# [/guide:drogon]
echo "Drogon installed into $prefix"
