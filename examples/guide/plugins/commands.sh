# The shell commands of the plugins page, in examples/guide/plugins after building it.
# plugins.test.js runs them with a copy of config.json whose port 8080 is a free test port, and
# compares the output with expected/<region>.txt.

# [guide:run]
./build/plugins_example config.json
# [/guide:run]

# [guide:try-welcome]
curl http://127.0.0.1:8080/welcome/alice
curl http://127.0.0.1:8080/welcome/alice
curl http://127.0.0.1:8080/welcome/bob
# [/guide:try-welcome]

# [guide:try-slash]
curl -i http://127.0.0.1:8080/welcome/carol/
# [/guide:try-slash]
