# The shell commands of the HttpSimpleController page, one region per step. Not a script to run as a
# whole: simple-controller.test.js runs each try-* region against the example (port 8080 replaced by
# a test port) and compares its output with expected/<region>.txt.

# [guide:create]
drogon_ctl create controller HelloCtrl
# [/guide:create]

# [guide:build]
cmake -S . -B build
cmake --build build
./build/simple_controller 8080
# [/guide:build]

# [guide:try-hello]
curl http://127.0.0.1:8080/hello
curl -X POST http://127.0.0.1:8080/hi
# [/guide:try-hello]

# [guide:try-wrong-method]
curl -i -X POST http://127.0.0.1:8080/hello
# [/guide:try-wrong-method]

# [guide:try-echo]
curl -X POST 'http://127.0.0.1:8080/echo?tag=first' -H 'X-Client: curl' -d 'Hello, echo!'
# [/guide:try-echo]

# [guide:try-method]
curl -X PUT http://127.0.0.1:8080/method
curl -X DELETE http://127.0.0.1:8080/Method
# [/guide:try-method]
