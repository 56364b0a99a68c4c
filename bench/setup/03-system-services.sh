# Step 3 of bench/setup.sh (sourced by it; the variables it reads and sets are shared): stop and disable a system nginx, PostgreSQL or Redis.
# shellcheck shell=bash
step 'make sure no system nginx, PostgreSQL or Redis is running'
if [ -d /run/systemd/system ] && command -v systemctl >/dev/null; then
  if systemctl is-active --quiet nginx; then run "${as_root[@]}" systemctl stop nginx; fi
  if systemctl is-enabled --quiet nginx 2>/dev/null; then run "${as_root[@]}" systemctl disable nginx; fi
elif [ -x /etc/init.d/nginx ] && compgen -G '/etc/rc[2-5].d/S*nginx' >/dev/null; then
  # No systemd: remove the boot-time start links so it does not come back.
  run "${as_root[@]}" update-rc.d nginx disable
fi
# However it was started, the system nginx writes Debian's default pid file; the bench's own
# nginx instances use their own pid paths and are left alone.
system_pid=$(cat /run/nginx.pid 2>/dev/null || true)
if [[ "$system_pid" =~ ^[0-9]+$ ]] && [ -e "/proc/$system_pid" ] \
  && [ "$(readlink "/proc/$system_pid/exe" 2>/dev/null || true)" = /usr/sbin/nginx ]; then
  run "${as_root[@]}" kill -QUIT "$system_pid"
  for _ in $(seq 50); do [ -e "/proc/$system_pid" ] || break; sleep 0.1; done
  [ ! -e "/proc/$system_pid" ] || run "${as_root[@]}" kill -TERM "$system_pid"
  sleep 0.2
  [ ! -e "/proc/$system_pid" ] || die "system nginx (pid $system_pid) is still running"
  note "stopped system nginx (pid $system_pid)"
else
  note 'none running'
fi

# Debian's postgresql package creates a cluster (15/main) that starts at boot; the guide's tests run
# their own server in a scratch folder, so the system one is stopped and kept from starting.
if [ -d /run/systemd/system ] && command -v systemctl >/dev/null; then
  if systemctl is-active --quiet postgresql; then run "${as_root[@]}" systemctl stop postgresql; fi
  if systemctl is-enabled --quiet postgresql 2>/dev/null; then run "${as_root[@]}" systemctl disable postgresql; fi
elif [ -x /etc/init.d/postgresql ] && compgen -G '/etc/rc[2-5].d/S*postgresql' >/dev/null; then
  run "${as_root[@]}" update-rc.d postgresql disable
fi
# Debian's redis-server package enables a system Redis on port 6379; the guide's Redis test starts its
# own in a scratch folder, so the system one is stopped and kept from starting, like PostgreSQL.
if [ -d /run/systemd/system ] && command -v systemctl >/dev/null; then
  if systemctl is-active --quiet redis-server; then run "${as_root[@]}" systemctl stop redis-server; fi
  if systemctl is-enabled --quiet redis-server 2>/dev/null; then run "${as_root[@]}" systemctl disable redis-server; fi
elif [ -x /etc/init.d/redis-server ] && compgen -G '/etc/rc[2-5].d/S*redis-server' >/dev/null; then
  run "${as_root[@]}" update-rc.d redis-server disable
fi
if command -v pg_lsclusters >/dev/null; then
  while read -r version cluster _port status _rest; do
    [ "$status" = online ] || continue
    run "${as_root[@]}" pg_ctlcluster "$version" "$cluster" stop
    note "stopped system PostgreSQL cluster $version/$cluster"
  done < <(pg_lsclusters --no-header 2>/dev/null || true)
fi
