# The shell commands of the HTTPS page. https.test.js runs them in a scratch folder, in this order,
# with the ports 8080 and 8443 replaced by test ports, and compares the output of the try-* and
# check-* regions with expected/<region>.txt.

# [guide:make-certs]
mkdir -p certs
# A certificate authority of your own, for testing: clients trust it only when told to.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
  -subj '/CN=Test CA' -keyout certs/ca.key -out certs/ca.crt
# The server's key, and its certificate for localhost and 127.0.0.1, signed by that CA.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
  -subj '/CN=localhost' -addext 'subjectAltName=DNS:localhost,IP:127.0.0.1' \
  -addext 'basicConstraints=critical,CA:FALSE' -addext 'extendedKeyUsage=serverAuth' \
  -CA certs/ca.crt -CAkey certs/ca.key -keyout certs/server.key -out certs/server.crt
# [/guide:make-certs]

# [guide:run]
./build/https_example config.json
# [/guide:run]

# [guide:try-https]
curl -i --cacert certs/ca.crt https://localhost:8443/
curl -sS https://localhost:8443/ 2>&1 || echo "curl exit status $?"
# [/guide:try-https]

# [guide:try-redirect]
curl -i 'http://localhost:8080/some/page?x=1'
curl -sS -L --cacert certs/ca.crt http://localhost:8080/
# [/guide:try-redirect]

# [guide:try-acme]
mkdir -p acme/.well-known/acme-challenge
echo 'token-and-key-thumbprint' > acme/.well-known/acme-challenge/Xy-z_09
curl -i http://localhost:8080/.well-known/acme-challenge/Xy-z_09
# [/guide:try-acme]

# [guide:renew]
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 90 \
  -subj '/CN=localhost' -addext 'subjectAltName=DNS:localhost,IP:127.0.0.1' \
  -addext 'basicConstraints=critical,CA:FALSE' -addext 'extendedKeyUsage=serverAuth' \
  -CA certs/ca.crt -CAkey certs/ca.key -keyout certs/new.key -out certs/new.crt
mv certs/new.key certs/server.key
mv certs/new.crt certs/server.crt
kill -HUP "$(pidof https_example)"
# The server reloads the files on its event loop, a moment after the signal.
sleep 1
# [/guide:renew]

# [guide:check-cert]
served=$(openssl s_client -connect 127.0.0.1:8443 -servername localhost -CAfile certs/ca.crt \
           -verify_return_error </dev/null 2>/dev/null | openssl x509 -noout -fingerprint -sha256)
[ "$served" = "$(openssl x509 -noout -fingerprint -sha256 -in certs/server.crt)" ] &&
  echo 'the server sends the certificate of certs/server.crt'
# [/guide:check-cert]
