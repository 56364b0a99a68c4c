# Step 7 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): install trantor and drogon into /usr/local as well, for the guide's page runner, without touching this machine's /usr/local.
# shellcheck shell=bash
# The Installation page installs into /usr/local by default (`bash build-drogon.sh`). The page runner
# (examples/guide/page-runner/) follows every guide page with that Drogon as well as with the prefix of
# step 5. This step runs the page's command itself, as root, in a private mount namespace where
# /usr/local is a folder of the cache: the machine's /usr/local is never written, and the page runner
# shows that folder as /usr/local in its own namespace.
#
# Built apart from the prefix, not installed from its build: Drogon's config.h names the install prefix
# (the include folder dynamic views compile with) and every library and drogon_ctl carries the
# prefix's lib folder as RUNPATH, so a /usr/local taken from the prefix's build would point back into
# the prefix. The sources are step 4's (hard links): only the build runs again.
usr_local_dir="$BENCH_HOME/usr-local/$(prefix_key "$drogon_ver" "$trantor_ver")"
usr_local_tree="$usr_local_dir/usr-local"
step "install trantor $trantor_ver and drogon $drogon_ver into /usr/local (a folder of the cache, in a mount namespace)"
if [ -f "$usr_local_dir/.complete" ]; then
  note 'cached'
elif ! script_builds_resolved; then
  note "examples/guide/installation/build-drogon.sh does not build trantor $trantor_ver and drogon $drogon_ver: no /usr/local install (the page runner says so)"
  usr_local_tree=
else
  rm -rf "$usr_local_dir"
  # A Debian /usr/local (base-files' folders, empty), and the work folder build-drogon.sh unpacks into,
  # holding step 4's downloads and unpacked sources (apt-get source skips what it finds).
  mkdir -p "$usr_local_dir/work"
  for d in bin etc games include lib man sbin share src; do mkdir -p "$usr_local_tree/$d"; done
  src_root="$BENCH_HOME/src/$(prefix_key "$drogon_ver" "$trantor_ver")"
  for f in "$src_root"/*; do
    case "$(basename "$f")" in
      build-*) ;;
      apt) cp -a "$f" "$usr_local_dir/work/" ;; # apt rewrites its lists: a copy, not links
      *) cp -al "$f" "$usr_local_dir/work/" ;;
    esac
  done
  run_logged "$BENCH_HOME/logs/drogon-usr-local.log" "${as_root[@]}" unshare --mount --propagation private \
    bash -c 'mount --bind "$1" /usr/local && DROGON_BUILD_DIR="$2" exec bash "$3"' usr-local \
    "$usr_local_tree" "$usr_local_dir/work" "$guide_build_script"
  [ -x "$usr_local_tree/bin/drogon_ctl" ] || die "build-drogon.sh installed no bin/drogon_ctl into /usr/local ($usr_local_tree)"
  readelf -d "$usr_local_tree/lib/libdrogon.so" | grep -q 'RUNPATH.*\[/usr/local/lib\]' \
    || die "$usr_local_tree/lib/libdrogon.so was not linked for /usr/local (its RUNPATH is not /usr/local/lib)"
  # The build folders go (the install is what is kept); the marker last.
  rm -rf "$usr_local_dir/work"
  printf 'trantor=%s\ndrogon=%s\nbuildScriptSha256=%s\n' "$trantor_ver" "$drogon_ver" "$guide_build_sha" >"$usr_local_dir/.complete"
fi
