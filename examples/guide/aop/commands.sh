# The shell commands of the AOP page. aop.test.js runs the try-* regions in this order against a
# fresh server (port 8080 replaced by a test port) and compares the output with expected/<region>.txt.

# [guide:run]
./build/aop_example 8080
# [/guide:run]

# [guide:try-hello]
curl -i http://127.0.0.1:8080/hello
# [/guide:try-hello]

# [guide:try-missing]
curl -s -o /dev/null -D - http://127.0.0.1:8080/nothing-here
# [/guide:try-missing]

# [guide:try-blocked]
curl -i -H 'x-block: yes' http://127.0.0.1:8080/hello
# [/guide:try-blocked]

# [guide:try-health]
curl -i http://127.0.0.1:8080/health
# [/guide:try-health]

# [guide:try-connections]
curl http://127.0.0.1:8080/connections
# [/guide:try-connections]
