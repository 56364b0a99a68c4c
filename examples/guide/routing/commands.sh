# The shell commands of the routing page. Not a script to run as a whole: routing.test.js runs each
# try-* region against one server (port 8080 replaced by a test port) and compares its output with
# expected/<region>.txt. Where only the status matters, -o /dev/null -w '%{http_code}\n' prints it.

# [guide:build]
cmake -S . -B build
cmake --build build
./build/routing 8080
# [/guide:build]

# [guide:try-patterns]
curl http://127.0.0.1:8080/users/42
curl http://127.0.0.1:8080/posts/7/comments/3
curl http://127.0.0.1:8080/between/paris/rome
curl 'http://127.0.0.1:8080/search?q=drogon&page=2'
curl http://127.0.0.1:8080/search
# [/guide:try-patterns]

# [guide:try-types]
curl http://127.0.0.1:8080/articles/hello-world/1.5
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/users/abc
# [/guide:try-types]

# [guide:try-regex]
curl http://127.0.0.1:8080/files/readme.txt
curl http://127.0.0.1:8080/Files/README.MD
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/files/readme.pdf
curl http://127.0.0.1:8080/archive/2024/05
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/catalog/archive/2024/05
# [/guide:try-regex]

# [guide:try-regex-outside]
curl http://127.0.0.1:8080/shop/books/42
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/shop/books/new
curl 'http://127.0.0.1:8080/shop/.*'
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/shop/anything
# [/guide:try-regex-outside]

# [guide:try-methods]
curl http://127.0.0.1:8080/notes
curl -d 'buy milk' http://127.0.0.1:8080/notes
curl -s -o /dev/null -w '%{http_code}\n' -X DELETE http://127.0.0.1:8080/notes
# [/guide:try-methods]

# [guide:try-head]
curl -I http://127.0.0.1:8080/notes
# [/guide:try-head]

# [guide:try-options]
curl -i -X OPTIONS http://127.0.0.1:8080/notes
curl -s -o /dev/null -w '%{http_code}\n' -X OPTIONS http://127.0.0.1:8080/users/me
# [/guide:try-options]

# [guide:try-static]
curl http://127.0.0.1:8080/users/me
curl http://127.0.0.1:8080/USERS/ME
curl -s -o /dev/null -w '%{http_code}\n' -X POST http://127.0.0.1:8080/users/me
curl -X POST http://127.0.0.1:8080/users/5
# [/guide:try-static]

# [guide:try-order]
curl http://127.0.0.1:8080/docs/intro
curl http://127.0.0.1:8080/docs/v2
# [/guide:try-order]

# [guide:try-skip]
curl http://127.0.0.1:8080/orders/7
curl -X DELETE http://127.0.0.1:8080/orders/7
curl -s -o /dev/null -w '%{http_code}\n' -X PATCH http://127.0.0.1:8080/orders/7
# [/guide:try-skip]

# [guide:try-controller]
curl http://127.0.0.1:8080/catalog/abc
# [/guide:try-controller]

# [guide:try-exact]
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/users/me/
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/posts/7/comments
# [/guide:try-exact]
