# Step 10 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): check that nginx loads the module (nginx -t, no server started).
# shellcheck shell=bash
step 'check that nginx loads the module (nginx -t, no server started)'
nginx_binary=$(command -v nginx || true)
[ -n "$nginx_binary" ] || nginx_binary=/usr/sbin/nginx
[ -x "$nginx_binary" ] || die "nginx binary not found"
mkdir -p "$tmp_dir/nginx/logs"
cat >"$tmp_dir/nginx/nginx.conf" <<EOF
load_module $module_so;
daemon off;
error_log stderr warn;
pid $tmp_dir/nginx/nginx.pid;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path $tmp_dir/nginx/body;
  proxy_temp_path $tmp_dir/nginx/proxy;
  fastcgi_temp_path $tmp_dir/nginx/fastcgi;
  uwsgi_temp_path $tmp_dir/nginx/uwsgi;
  scgi_temp_path $tmp_dir/nginx/scgi;
  server { listen 127.0.0.1:1; location = /benchmark { hello_world; } }
}
EOF
run_logged "$BENCH_HOME/logs/nginx-t.log" "$nginx_binary" -t -q -p "$tmp_dir/nginx" -c "$tmp_dir/nginx/nginx.conf"
