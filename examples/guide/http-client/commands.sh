# The shell commands of the HttpClient page. http-client.test.js starts client_backend (port 9090)
# and client_gateway (port 8080) as the run-* regions do, on test ports, runs the try-* regions in
# this order and compares the output with expected/<region>.txt.

# [guide:run-backend]
./build/client_backend
# [/guide:run-backend]

# [guide:run-gateway]
./build/client_gateway
# [/guide:run-gateway]

# [guide:try-requests]
curl 'http://127.0.0.1:8080/greet?name=Ann%20Lee'
curl -H 'content-type: application/json' -d '{"text": "stressed"}' http://127.0.0.1:8080/reverse; echo
# [/guide:try-requests]

# [guide:try-errors]
curl -w '%{http_code}\n' 'http://127.0.0.1:8080/backend/status?code=503'
curl -w '%{http_code}\n' 'http://127.0.0.1:8080/backend/slow?ms=3000'
# [/guide:try-errors]

# [guide:try-reuse]
curl http://127.0.0.1:9090/connections
for name in Ann Bob Eve; do curl "http://127.0.0.1:8080/greet-fresh?name=$name"; done
curl http://127.0.0.1:9090/connections
# [/guide:try-reuse]

# [guide:try-down]
curl -w '%{http_code}\n' 'http://127.0.0.1:8080/greet?name=Ann'
# [/guide:try-down]
