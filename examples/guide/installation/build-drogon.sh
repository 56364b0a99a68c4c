#!/usr/bin/env bash
# Builds trantor and Drogon from Debian's source packages and installs them into a prefix; this site's
# bench/setup.sh builds its Drogon with this script. Usage: ./build-drogon.sh [PREFIX]   (default /usr/local)
# The sources and build folders go to DROGON_BUILD_DIR (default ~/drogon-build).
set -euo pipefail

prefix=${1:-/usr/local}
work=${DROGON_BUILD_DIR:-$HOME/drogon-build}
mkdir -p "$work"
cd "$work"

# [guide:fetch]
# A private apt configuration that knows only Debian sid's source packages: the machine's own
# apt sources stay as they are, and no sid binary package is ever installed.
mkdir -p apt/lists/partial apt/cache/archives/partial
echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main" > apt/sources.list
private=(-o "Dir::Etc::sourcelist=$PWD/apt/sources.list" -o Dir::Etc::sourceparts=-
         -o "Dir::State::Lists=$PWD/apt/lists" -o "Dir::Cache=$PWD/apt/cache")
[ "$(id -u)" -ne 0 ] || private+=(-o APT::Sandbox::User=root)
apt-get "${private[@]}" update
apt-get "${private[@]}" source --only-source trantor=1.5.28+ds-2 drogon=1.9.13+ds-2
# [/guide:fetch]

# Installing needs sudo only when the prefix is not yours.
as_owner() {
  local dir=$prefix
  while [ ! -e "$dir" ]; do dir=$(dirname "$dir"); done
  if [ -w "$dir" ]; then "$@"; else sudo "$@"; fi
}

# [guide:trantor]
cmake -S trantor-1.5.28+ds -B build-trantor -DCMAKE_BUILD_TYPE=Release \
  -DBUILD_SHARED_LIBS=ON -DBUILD_TESTING=OFF \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_INSTALL_RPATH="$prefix/lib"
cmake --build build-trantor -j "$(nproc)"
as_owner cmake --install build-trantor
# [/guide:trantor]

# [guide:drogon]
cmake -S drogon-1.9.13+ds -B build-drogon -DCMAKE_BUILD_TYPE=Release \
  -DBUILD_SHARED_LIBS=ON -DBUILD_TESTING=OFF -DUSE_SUBMODULE=OFF -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_INSTALL_RPATH="$prefix/lib" \
  -DCMAKE_CXX_STANDARD=20 -DBUILD_CTL=ON -DBUILD_EXAMPLES=OFF -DBUILD_ORM=ON \
  -DBUILD_POSTGRESQL=ON -DBUILD_SQLITE=ON -DBUILD_MYSQL=OFF -DBUILD_REDIS=ON -DBUILD_YAML_CONFIG=ON
cmake --build build-drogon -j "$(nproc)"
as_owner cmake --install build-drogon
# [/guide:drogon]

# A new library folder under /usr/local needs the loader's cache refreshed once.
[ "$prefix" != /usr/local ] || as_owner ldconfig
echo "Drogon installed into $prefix"
