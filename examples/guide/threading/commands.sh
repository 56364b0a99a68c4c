# The shell commands of the threading page. threading.test.js runs them against the example (port
# 8080 replaced by a test port) and compares the output with expected/<region>.txt.

# [guide:run]
./build/threading_example 8080 2
# [/guide:run]

# [guide:run-one]
./build/threading_example 8080 1
# [/guide:run-one]

# [guide:try-whoami]
curl http://127.0.0.1:8080/whoami http://127.0.0.1:8080/whoami http://127.0.0.1:8080/count http://127.0.0.1:8080/count
# [/guide:try-whoami]

# [guide:try-block]
curl http://127.0.0.1:8080/block &
sleep 2
curl http://127.0.0.1:8080/whoami
wait
# [/guide:try-block]

# [guide:try-wait]
curl http://127.0.0.1:8080/wait &
sleep 2
curl http://127.0.0.1:8080/whoami
wait
# [/guide:try-wait]

# [guide:try-fib]
curl http://127.0.0.1:8080/fib/30
# [/guide:try-fib]
