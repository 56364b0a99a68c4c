# The shell commands of the configuration page, in examples/guide/configuration after building it.
# configuration.test.js runs them with a copy of config.json whose port 8080 is a free test port,
# and compares the output with expected/<region>.txt (the session id compared as <id>).

# [guide:run]
./build/config_example config.json
# [/guide:run]

# [guide:try-root]
curl -i -w '\n' http://127.0.0.1:8080/
# [/guide:try-root]

# [guide:try-body-limit]
head -c 2000000 /dev/zero > big.bin
curl -i --data-binary @big.bin http://127.0.0.1:8080/
# [/guide:try-body-limit]

# [guide:bad-config]
printf '{ "app": { "client_max_body_size": "lots" } }' > bad.json
./build/config_example bad.json
# [/guide:bad-config]
