# The shell commands of the page of step 08-production, in the page's order. The step's test runs them in a copy of
# this folder (port 8080 replaced by a free one), and compares each try-* output with expected/<region>.txt.

# [guide:release]
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build
# [/guide:release]

# [guide:test]
./build/test/readinglist_test
# [/guide:test]

# [guide:no-secret]
./build/readinglist
# [/guide:no-secret]

# [guide:run]
export READINGLIST_PEPPER=$(openssl rand -hex 32)
sh migrate.sh readinglist.db
./build/readinglist
# [/guide:run]

# [guide:install]
if [ "$(id -u)" -eq 0 ]; then as_root=; else as_root=sudo; fi
$as_root apt-get install -y nginx sqlite3 libsodium23
$as_root useradd --system --no-create-home --shell /usr/sbin/nologin readinglist
$as_root install -d /srv/readinglist /srv/readinglist/public /srv/readinglist/migrations
$as_root install -m 755 build/readinglist /srv/readinglist/
$as_root install -m 644 deploy/production.json migrate.sh /srv/readinglist/
$as_root install -m 644 migrations/*.sql /srv/readinglist/migrations/
$as_root install -m 644 public/style.css /srv/readinglist/public/
# The secret: made here, readable by root only.
$as_root install -d -m 700 /etc/readinglist
echo "READINGLIST_PEPPER=$(openssl rand -hex 32)" | $as_root tee /etc/readinglist/secrets > /dev/null
$as_root chmod 600 /etc/readinglist/secrets
$as_root install -m 644 deploy/readinglist.service /etc/systemd/system/
$as_root install -m 644 deploy/readinglist.conf /etc/nginx/sites-available/readinglist
$as_root ln -sf /etc/nginx/sites-available/readinglist /etc/nginx/sites-enabled/readinglist
$as_root nginx -t
$as_root systemctl daemon-reload
$as_root systemctl enable --now readinglist
$as_root systemctl reload nginx
# [/guide:install]

# [guide:try-deployed]
curl -s -o /dev/null -w '%{http_code} %{redirect_url}\n' -H 'Host: readinglist.example.com' http://127.0.0.1/
curl -s -w ' %{http_code}\n' -H 'Host: readinglist.example.com' -H 'Content-Type: application/json' \
  -d '{"name": "ann", "password": "correct horse battery"}' http://127.0.0.1/api/signup
curl -s -w ' %{http_code}\n' -H 'Host: readinglist.example.com' -H 'Content-Type: application/json' \
  -d '{"name": "ann", "password": "not her password"}' http://127.0.0.1/api/signin
# [/guide:try-deployed]

# [guide:show-log]
if [ "$(id -u)" -eq 0 ]; then as_root=; else as_root=sudo; fi
$as_root tail -n 3 /var/log/readinglist/readinglist.log
# [/guide:show-log]
