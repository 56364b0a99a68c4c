# The shell commands of the FAQ page, in examples/guide/faq after building it (run, run-spa and run-cookie
# are the same start, given by each answer that needs the program). faq-example.test.js runs them
# with a scratch copy of config.json and public/ (port 8080 replaced by a test port, 6379 by a
# scratch Redis) and compares their output with expected/<region>.txt.

# [guide:install-redis]
apt-get install -y redis-server
# [/guide:install-redis]

# [guide:stop-redis-service]
systemctl stop redis-server
# [/guide:stop-redis-service]

# [guide:redis-server]
redis-server --port 6379 --bind 127.0.0.1 --save '' --appendonly no
# [/guide:redis-server]

# [guide:run]
./build/faq_example config.json
# [/guide:run]

# [guide:try-visits]
curl -w '\n' http://127.0.0.1:8080/api/visits
curl -w '\n' http://127.0.0.1:8080/api/visits
curl -w '\n' http://127.0.0.1:8080/api/hits
# [/guide:try-visits]

# [guide:run-spa]
./build/faq_example config.json
# [/guide:run-spa]

# [guide:try-spa]
curl -s -o /dev/null -w '%{http_code} %{content_type}\n' http://127.0.0.1:8080/app.js
curl -s -w ' %{http_code}\n' http://127.0.0.1:8080/books/42
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/missing.js
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/api/nothing
# [/guide:try-spa]

# [guide:run-cookie]
./build/faq_example config.json
# [/guide:run-cookie]

# [guide:try-cookie]
curl -s -o /dev/null -D - http://127.0.0.1:8080/api/session | grep -i '^set-cookie'
# [/guide:try-cookie]
