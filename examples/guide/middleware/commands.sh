# The shell commands of the middleware and filters page. middleware.test.js runs the try-* regions in
# this order against a fresh server (port 8080 replaced by a test port) and compares the output with
# expected/<region>.txt.

# [guide:try-public]
curl -i http://127.0.0.1:8080/public
# [/guide:try-public]

# [guide:try-private]
curl -i -w '\n' http://127.0.0.1:8080/private
curl -i http://127.0.0.1:8080/private -H 'x-api-key: let-me-in'
# [/guide:try-private]
