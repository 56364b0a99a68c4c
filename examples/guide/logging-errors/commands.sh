# The shell commands of the logging and errors page, run in examples/guide/logging-errors. Not a
# script to run as a whole: logging-errors.test.js starts the server in a scratch copy of the folder
# and runs each region (port 8080 replaced by a test port), comparing its output with
# expected/<region>.txt; dates, times and thread ids of log lines differ from run to run.

# [guide:build]
cmake -S . -B build
cmake --build build
mkdir -p logs
./build/logging_errors 8080 config.json
# [/guide:build]

# [guide:try-levels]
curl http://127.0.0.1:8080/levels
# [/guide:try-levels]

# [guide:show-log]
cat logs/app.log
# [/guide:show-log]

# [guide:try-404]
curl -i http://127.0.0.1:8080/missing
# [/guide:try-404]

# [guide:try-error-handler]
curl -w '\n' -X DELETE http://127.0.0.1:8080/levels
curl -w '\n' -X OPTIONS http://127.0.0.1:8080/crash
# [/guide:try-error-handler]

# [guide:try-exceptions]
curl http://127.0.0.1:8080/divide/6/3
curl -w ' %{http_code}\n' http://127.0.0.1:8080/divide/1/0
curl -w ' %{http_code}\n' http://127.0.0.1:8080/divide/1/x
curl -w ' %{http_code}\n' http://127.0.0.1:8080/crash
# [/guide:try-exceptions]

# [guide:show-errors-log]
tail -n 3 logs/app.log
# [/guide:show-errors-log]

# [guide:try-rotate]
for i in $(seq 30); do curl -s http://127.0.0.1:8080/levels > /dev/null; done
# [/guide:try-rotate]

# [guide:show-rotated]
sleep 1
ls logs
# [/guide:show-rotated]

