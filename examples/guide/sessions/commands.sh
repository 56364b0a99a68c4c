# The shell commands of the sessions page. sessions.test.js runs the try-* regions in this order
# against a fresh server, in a scratch folder (port 8080 replaced by a test port), and compares the
# output with expected/<region>.txt; the random session id is compared as <id>.

# [guide:run]
./build/sessions 8080
# [/guide:run]

# [guide:try-first]
curl -i http://127.0.0.1:8080/me
# [/guide:try-first]

# [guide:try-login]
curl -c jar.txt -b jar.txt -d 'user=alice' http://127.0.0.1:8080/login
curl -c jar.txt -b jar.txt http://127.0.0.1:8080/me
curl -c jar.txt -b jar.txt http://127.0.0.1:8080/me
# [/guide:try-login]

# [guide:try-other-client]
curl http://127.0.0.1:8080/me
# [/guide:try-other-client]

# [guide:try-logout]
curl -c jar.txt -b jar.txt -X POST http://127.0.0.1:8080/logout
curl -c jar.txt -b jar.txt http://127.0.0.1:8080/me
# [/guide:try-logout]
