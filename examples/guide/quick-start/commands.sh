# The shell commands of the quick start page, one region per step. Not a script to run as a whole:
# the page shows each region, and quick-start.test.js runs each region the same way, in a fresh
# folder, with the port 8080 replaced by a free test port.

# [guide:create]
mkdir hello && cd hello
# [/guide:create]

# [guide:build]
cmake -S . -B build
cmake --build build
# [/guide:build]

# [guide:run]
./build/hello 8080
# [/guide:run]

# [guide:try-text]
curl http://127.0.0.1:8080/
# [/guide:try-text]

# [guide:try-json]
curl 'http://127.0.0.1:8080/hello?name=Drogon'
# [/guide:try-json]

# [guide:try-headers]
curl -i 'http://127.0.0.1:8080/hello?name=Drogon'
# [/guide:try-headers]

# [guide:try-method]
curl -i -X POST http://127.0.0.1:8080/
# [/guide:try-method]
