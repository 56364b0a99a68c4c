# The shell commands of the configuration reference, run in examples/guide/configuration-reference
# after building it. configuration-reference.test.js runs them in a scratch copy of this folder,
# with free test ports instead of 8080, 8443, 8444 and 8445.

# [guide:prepare]
mkdir -p certs logs
for name in global listener; do
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
    -subj "/CN=$name.test" -keyout "certs/$name.key" -out "certs/$name.crt" 2>/dev/null
done
# [/guide:prepare]

# [guide:run]
./build/config_reference config.json
# [/guide:run]
