# The shell commands of the page of step 04-users, in the page's order. The step's test runs them in a copy of
# this folder (port 8080 replaced by a free one), and compares each try-* output with expected/<region>.txt.

# [guide:deps]
if [ "$(id -u)" -eq 0 ]; then as_root=; else as_root=sudo; fi
$as_root apt-get install -y libsodium-dev pkg-config
# [/guide:deps]

# [guide:migrate]
sh migrate.sh readinglist.db
drogon_ctl create model models -f
# [/guide:migrate]

# [guide:build]
cmake -S . -B build && cmake --build build
# [/guide:build]

# [guide:run]
./build/readinglist
# [/guide:run]

# [guide:try-signup]
curl -s -i -c cookies.txt -H 'Content-Type: application/json' \
  -d '{"name": "ann", "password": "correct horse battery"}' http://127.0.0.1:8080/api/signup
echo
curl -s -w ' %{http_code}\n' -b cookies.txt http://127.0.0.1:8080/api/me
# [/guide:try-signup]

# [guide:try-signin]
curl -s -w '%{http_code}\n' -b cookies.txt -X POST http://127.0.0.1:8080/api/signout
curl -s -w ' %{http_code}\n' -b cookies.txt http://127.0.0.1:8080/api/me
curl -s -w ' %{http_code}\n' -c cookies.txt -H 'Content-Type: application/json' \
  -d '{"name": "ann", "password": "correct horse battery"}' http://127.0.0.1:8080/api/signin
curl -s -w ' %{http_code}\n' -b cookies.txt http://127.0.0.1:8080/api/me
# [/guide:try-signin]

# [guide:try-refusals]
curl -s -w ' %{http_code}\n' -H 'Content-Type: application/json' \
  -d '{"name": "ann", "password": "another long one"}' http://127.0.0.1:8080/api/signup
curl -s -w ' %{http_code}\n' -H 'Content-Type: application/json' \
  -d '{"name": "bob", "password": "short"}' http://127.0.0.1:8080/api/signup
# [/guide:try-refusals]

# [guide:try-hash]
sqlite3 readinglist.db 'SELECT id, name, substr(password_hash, 1, 30) FROM users'
# [/guide:try-hash]

# [guide:try-guessing]
for i in 1 2 3 4 5 6 7 8; do
  curl -s -w ' %{http_code}\n' -H 'Content-Type: application/json' \
    -d '{"name": "ann", "password": "guess number '$i'"}' http://127.0.0.1:8080/api/signin
done
# [/guide:try-guessing]
