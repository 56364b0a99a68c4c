# The shell commands of the built-in plugins page, in examples/guide/builtin-plugins after building
# it. builtin-plugins.test.js runs them in this order against a fresh server (config.json with port
# 8080 replaced by a test port) and compares the output with expected/<region>.txt.

# [guide:run]
./build/builtin_plugins config.json
# [/guide:run]

# [guide:hello]
curl -s http://127.0.0.1:8080/hello
# [/guide:hello]

# [guide:access-log]
# AccessLogger writes from a thread of its own, which flushes once a second (trantor's AsyncFileLogger).
sleep 2
cat access.log
# [/guide:access-log]

# [guide:hodor]
for i in 1 2 3 4 5 6; do curl -s -o /dev/null -w '%{http_code} ' http://127.0.0.1:8080/api/items; done; echo
curl -s http://127.0.0.1:8080/api/items
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/hello
# [/guide:hodor]

# [guide:slashes]
curl -s -o /dev/null -w '%{http_code} %{redirect_url}\n' http://127.0.0.1:8080/hello/
curl -s -o /dev/null -w '%{http_code} %{redirect_url}\n' --path-as-is 'http://127.0.0.1:8080//api//items/'
# [/guide:slashes]

# [guide:rewrite]
curl -s -o /dev/null -w '%{http_code} %{redirect_url}\n' 'http://127.0.0.1:8080/v1/items?page=2'
# [/guide:rewrite]

# [guide:bots]
curl -s -A 'BadBot/1.0' http://127.0.0.1:8080/hello
curl -s -A 'BadBot/1.0' -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/no-such-page
# [/guide:bots]

# [guide:metrics]
curl -s http://127.0.0.1:8080/metrics | grep -v _bucket
# [/guide:metrics]
