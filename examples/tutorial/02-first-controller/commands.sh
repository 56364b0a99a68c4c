# The shell commands of the page of step 02-first-controller, in the page's order. The step's test runs them in a copy of
# this folder (port 8080 replaced by a free one), and compares each try-* output with expected/<region>.txt.

# [guide:build]
cmake -S . -B build && cmake --build build
# [/guide:build]

# [guide:run]
./build/readinglist
# [/guide:run]

# [guide:try-create]
curl -s -i -H 'Content-Type: application/json' \
  -d '{"title": "Dune", "author": "Frank Herbert"}' http://127.0.0.1:8080/api/books
echo
curl -s -w ' %{http_code}\n' -H 'Content-Type: application/json' \
  -d '{"title": "Solaris", "status": "reading"}' http://127.0.0.1:8080/api/books
# [/guide:try-create]

# [guide:try-read]
curl -s -w ' %{http_code}\n' http://127.0.0.1:8080/api/books
curl -s -w ' %{http_code}\n' 'http://127.0.0.1:8080/api/books?status=reading'
curl -s -w ' %{http_code}\n' http://127.0.0.1:8080/api/books/2
# [/guide:try-read]

# [guide:try-change]
curl -s -w ' %{http_code}\n' -X PATCH -H 'Content-Type: application/json' \
  -d '{"status": "done"}' http://127.0.0.1:8080/api/books/1
curl -s -w '%{http_code}\n' -X DELETE http://127.0.0.1:8080/api/books/2
# [/guide:try-change]

# [guide:try-errors]
curl -s -w ' %{http_code}\n' http://127.0.0.1:8080/api/books/2
curl -s -w ' %{http_code}\n' http://127.0.0.1:8080/api/books/abc
curl -s -w ' %{http_code}\n' -d 'title=Dune' http://127.0.0.1:8080/api/books
curl -s -w ' %{http_code}\n' -H 'Content-Type: application/json' \
  -d '{"title": "Dune"' http://127.0.0.1:8080/api/books
curl -s -w ' %{http_code}\n' -H 'Content-Type: application/json' \
  -d '{"titel": "Dune"}' http://127.0.0.1:8080/api/books
curl -s -w ' %{http_code}\n' -H 'Content-Type: application/json' \
  -d '{"title": "   "}' http://127.0.0.1:8080/api/books
curl -s -w ' %{http_code}\n' 'http://127.0.0.1:8080/api/books?status=lost'
curl -s -w ' %{http_code}\n' http://127.0.0.1:8080/nowhere
# [/guide:try-errors]
