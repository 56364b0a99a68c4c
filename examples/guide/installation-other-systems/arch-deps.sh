#!/bin/sh
# Arch Linux: what building trantor and Drogon from their git tags needs (build-from-git.sh).
# Not run by the site's tests (no Arch here).
set -e

if [ "$(id -u)" -eq 0 ]; then as_root=; else as_root=sudo; fi
$as_root pacman -S --needed --noconfirm base-devel cmake git \
  jsoncpp util-linux-libs zlib openssl brotli c-ares sqlite postgresql-libs hiredis yaml-cpp
