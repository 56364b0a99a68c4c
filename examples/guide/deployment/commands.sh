# The shell commands of the deployment page, in the page's order. deployment.test.js runs them word for
# word, as root, in a private mount, PID and network namespace that looks like a Debian machine with
# nginx installed (examples/guide/test-support/debian-namespace.js): build, then install, then the
# try-* regions (their output compared with expected/<region>.txt), show-log. The install region's
# systemctl there is a stand-in that does what systemd does with the unit (systemctl-standin.js).

# [guide:build]
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build
# [/guide:build]

# [guide:nginx]
if [ "$(id -u)" -eq 0 ]; then as_root=; else as_root=sudo; fi
$as_root apt-get install -y nginx
$as_root systemctl start nginx
# [/guide:nginx]

# [guide:install]
# As root (a container has no sudo) the commands run as they are; otherwise through sudo.
if [ "$(id -u)" -eq 0 ]; then as_root=; else as_root=sudo; fi
$as_root useradd --system --no-create-home --shell /usr/sbin/nologin drogon-app
$as_root install -d /srv/drogon-app /srv/drogon-app/public
$as_root install -m 755 build/deploy_app /srv/drogon-app/
$as_root install -m 644 config.json /srv/drogon-app/
$as_root cp -r public/. /srv/drogon-app/public/
$as_root install -m 644 systemd/drogon-app.service /etc/systemd/system/
$as_root install -m 644 nginx/drogon-app.conf /etc/nginx/sites-available/drogon-app
$as_root ln -sf /etc/nginx/sites-available/drogon-app /etc/nginx/sites-enabled/drogon-app
# Debian's own site answers every request no other site claims: without this, requests to
# 127.0.0.1 (not example.com) get its 404.
$as_root rm -f /etc/nginx/sites-enabled/default
$as_root systemd-analyze verify /etc/systemd/system/drogon-app.service
$as_root nginx -t
$as_root systemctl daemon-reload
$as_root systemctl enable --now drogon-app
$as_root systemctl reload nginx
# systemctl returns before the program listens: wait until it answers (a second or two).
until curl -s -o /dev/null http://127.0.0.1:8080/; do sleep 1; done
# [/guide:install]

# [guide:try-whoami]
curl -s --interface 127.0.0.2 http://127.0.0.1/whoami
curl -s --interface 127.0.0.2 -H 'X-Forwarded-For: 203.0.113.7' http://127.0.0.1/whoami
curl -s --interface 127.0.0.2 -H 'X-Forwarded-For: 203.0.113.7' http://127.0.0.1:8080/whoami
# [/guide:try-whoami]

# [guide:try-static]
curl -sI http://127.0.0.1/static/site.css | grep -iE '^(HTTP|etag|server)'
# [/guide:try-static]

# [guide:try-drain]
for i in 1 2 3; do curl -s 'http://127.0.0.1/work?ms=2000' & done
sleep 0.5
if [ "$(id -u)" -eq 0 ]; then as_root=; else as_root=sudo; fi
$as_root systemctl stop drogon-app
wait
# [/guide:try-drain]

# [guide:show-log]
tail -n 3 /var/log/drogon-app/app.*.log
# [/guide:show-log]

# [guide:journal]
if [ "$(id -u)" -eq 0 ]; then as_root=; else as_root=sudo; fi
$as_root journalctl -u drogon-app -n 20 --no-pager
# [/guide:journal]
