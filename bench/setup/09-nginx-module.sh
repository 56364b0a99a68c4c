# Step 9 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): build the nginx hello-world module (bench/nginx-hello) against the installed nginx.
# shellcheck shell=bash
step 'build the nginx hello-world module (bench/nginx-hello)'
module_src="$root/bench/nginx-hello"
module_dir="$BENCH_HOME/nginx-hello"
module_so="$module_dir/ngx_http_hello_world_module.so"
nginx_pkg_version=$(dpkg-query -W -f='${Version}' nginx)
nginx_dev_version=$(dpkg-query -W -f='${Version}' nginx-dev)
# A module must be built against the exact nginx it is loaded into.
[ "$nginx_pkg_version" = "$nginx_dev_version" ] \
  || die "nginx $nginx_pkg_version and nginx-dev $nginx_dev_version differ; upgrade both"
module_key=$( { printf 'nginx-dev %s\n' "$nginx_dev_version"; cat "$module_src/config" "$module_src"/*.c; } | sha256sum | cut -d' ' -f1)
if [ -f "$module_so" ] && [ "$(cat "$module_dir/source.sha256" 2>/dev/null || true)" = "$module_key" ]; then
  note "unchanged: $module_so"
else
  ngx_build="$BENCH_HOME/build/nginx-src"
  rm -rf "$ngx_build"
  # configure writes its Makefile and objs/ where it runs: work on a copy of nginx-dev's tree.
  run cp -a /usr/share/nginx/src "$ngx_build"
  # shellcheck disable=SC1091  # defines NGX_CONF_FLAGS: Debian's own configure flags, incl. --with-compat
  . "$ngx_build/conf_flags"
  cd "$ngx_build"
  run_logged "$BENCH_HOME/logs/nginx-module-configure.log" ./configure "${NGX_CONF_FLAGS[@]}" \
    --add-dynamic-module="$module_src"
  # nginx-dev's configure writes only objs/Makefile (no top-level Makefile).
  run_logged "$BENCH_HOME/logs/nginx-module-build.log" make -f objs/Makefile -j "$jobs" modules
  cd "$root"
  mkdir -p "$module_dir"
  cp "$ngx_build/objs/ngx_http_hello_world_module.so" "$module_so.tmp"
  mv -f "$module_so.tmp" "$module_so"
  printf '%s\n' "$module_key" >"$module_dir/source.sha256"
fi
