# The shell commands of the HttpClient page. http-client.test.js starts client_backend (port 9090)
# and client_gateway (port 8080) as the run-* regions do, on test ports, runs the try-* regions in
# this order and compares the output with expected/<region>.txt.

# [guide:run-backend]
./build/client_backend 9090
# [/guide:run-backend]

# [guide:run-gateway]
./build/client_gateway 8080 http://127.0.0.1:9090
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

# [guide:make-certs]
mkdir -p certs
# A private certificate authority (CA) ...
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 \
  -subj '/CN=Bookshop test CA' -keyout certs/ca.key -out certs/ca.pem
# ... that signs the server's certificate, for localhost ...
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
  -subj '/CN=localhost' -keyout certs/server.key -out certs/server.csr
printf 'subjectAltName=DNS:localhost\n' > certs/server.ext
openssl x509 -req -in certs/server.csr -CA certs/ca.pem -CAkey certs/ca.key -CAcreateserial -days 30 \
  -extfile certs/server.ext -out certs/server.pem
# ... and the client's.
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
  -subj '/CN=gateway' -keyout certs/client.key -out certs/client.csr
openssl x509 -req -in certs/client.csr -CA certs/ca.pem -CAkey certs/ca.key -CAcreateserial -days 30 \
  -out certs/client.pem
# [/guide:make-certs]

# [guide:restart-backend]
./build/client_backend 9090
# [/guide:restart-backend]

# [guide:run-tls-backend]
./build/client_tls_backend 9443
# [/guide:run-tls-backend]

# [guide:run-options]
echo 'Notes for the shop' > notes.txt
./build/client_options http://127.0.0.1:9090 https://localhost:9443
# [/guide:run-options]

# [guide:fingerprint]
openssl x509 -in certs/client.pem -noout -fingerprint -sha256
# [/guide:fingerprint]

# [guide:try-main-loop]
curl 'http://127.0.0.1:8080/greet-main?name=Ann'
# [/guide:try-main-loop]
