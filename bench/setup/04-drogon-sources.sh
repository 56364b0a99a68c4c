# Step 4 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): resolve the pinned trantor and drogon versions and fetch their Debian sid source packages.
# shellcheck shell=bash
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
