# The shell commands of the HttpController page. Not a script to run as a whole: http-controller.test.js
# runs each try-* region in this order against a fresh server (port 8080 replaced by a test port) and
# compares its output with expected/<region>.txt. -w '\n' ends each answer with a line break.

# [guide:run]
./build/http_controller 8080
# [/guide:run]

# [guide:try-list]
curl -w '\n' http://127.0.0.1:8080/api/v1/books
curl -w '\n' 'http://127.0.0.1:8080/api/v1/books?author=Scott%20Meyers'
# [/guide:try-list]

# [guide:try-get]
curl -w '\n' http://127.0.0.1:8080/api/v1/books/2
curl -i http://127.0.0.1:8080/api/v1/books/9
# [/guide:try-get]

# [guide:try-create]
curl -i -X POST http://127.0.0.1:8080/api/v1/books \
  -H 'Content-Type: application/json' \
  -d '{"title": "A Tour of C++", "author": "Bjarne Stroustrup"}'
# [/guide:try-create]

# [guide:try-create-bad]
curl -w '\n' -X POST http://127.0.0.1:8080/api/v1/books -H 'Content-Type: application/json' -d '{"title": '
curl -w '\n' -X POST http://127.0.0.1:8080/api/v1/books -H 'Content-Type: application/json' -d '{"title": 3}'
# [/guide:try-create-bad]

# [guide:try-rename]
curl -w '\n' -X PUT http://127.0.0.1:8080/api/v1/books/3/title -d 'title=A Tour of C%2B%2B, third edition'
# [/guide:try-rename]

# [guide:try-search]
curl -w '\n' 'http://127.0.0.1:8080/search?q=C%2B%2B'
curl -w '\n' 'http://127.0.0.1:8080/search?q=C%2B%2B&limit=1'
# [/guide:try-search]

# [guide:try-remove]
curl -i -X DELETE http://127.0.0.1:8080/api/v1/books/1
curl -i -X DELETE http://127.0.0.1:8080/api/v1/books/1
# [/guide:try-remove]

# [guide:try-note]
curl -w '\n' http://127.0.0.1:8080/api/v1/books/2/notes/chapter-3/intro
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/api/v1/books/2/notes
# [/guide:try-note]

# [guide:try-review]
curl -w '\n' -X POST http://127.0.0.1:8080/api/v1/books/2/reviews \
  -H 'Content-Type: application/json' -d '{"stars": 5, "text": "Clear"}'
curl -w '\n' -X POST http://127.0.0.1:8080/api/v1/books/2/reviews \
  -H 'Content-Type: application/json' -d '{"stars": 4, "text": "Dense"}'
curl -w '\n' -X POST http://127.0.0.1:8080/api/v1/books/2/reviews \
  -H 'Content-Type: application/json' -d '{"stars": 9, "text": "Wow"}'
# [/guide:try-review]

# [guide:try-check]
curl -w '\n' -X POST http://127.0.0.1:8080/reviews/check \
  -H 'Content-Type: application/json' -d '{"stars": 3, "text": "Fine"}'
curl -w '\n' -X POST http://127.0.0.1:8080/reviews/check -d 'stars=3'
# [/guide:try-check]
