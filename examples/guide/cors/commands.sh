# The shell commands of the CORS page: the requests a browser sends, made with curl.
# cors.test.js runs the try-* regions in this order against a fresh server (port 8080 replaced by a
# test port) and compares the output with expected/<region>.txt.

# [guide:run]
./build/cors_example 8080
# [/guide:run]

# [guide:try-preflight]
curl -i -X OPTIONS http://127.0.0.1:8080/api/notes \
     -H 'Origin: http://localhost:5173' \
     -H 'Access-Control-Request-Method: POST' \
     -H 'Access-Control-Request-Headers: content-type'
# [/guide:try-preflight]

# [guide:try-post]
curl -i http://127.0.0.1:8080/api/notes -H 'Origin: http://localhost:5173' \
     -H 'Content-Type: application/json' -d '{"text": "buy milk"}'; echo
# [/guide:try-post]

# [guide:try-refused]
curl -i -X OPTIONS http://127.0.0.1:8080/api/notes \
     -H 'Origin: https://evil.example' \
     -H 'Access-Control-Request-Method: POST'
curl -i http://127.0.0.1:8080/api/notes -H 'Origin: https://evil.example'; echo
# [/guide:try-refused]

# [guide:try-v2]
curl -i -X OPTIONS http://127.0.0.1:8080/v2/notes \
     -H 'Origin: http://localhost:5173' \
     -H 'Access-Control-Request-Method: POST' \
     -H 'Access-Control-Request-Headers: content-type'
curl -i -X OPTIONS http://127.0.0.1:8080/v2/notes \
     -H 'Origin: http://localhost:5173' \
     -H 'Access-Control-Request-Method: POST' \
     -H 'Access-Control-Request-Headers: content-type, x-secret'
# [/guide:try-v2]

# [guide:try-default]
curl -i -X OPTIONS http://127.0.0.1:8080/open \
     -H 'Origin: https://evil.example' \
     -H 'Access-Control-Request-Method: POST'
curl -i http://127.0.0.1:8080/open -H 'Origin: https://evil.example'
# [/guide:try-default]

# [guide:try-v2-count]
curl -i http://127.0.0.1:8080/v2/count -H 'Origin: http://localhost:5173'; echo
curl -i http://127.0.0.1:8080/v2/count -H 'Origin: https://evil.example'; echo
# [/guide:try-v2-count]
