# The shell commands of the page of step 03-database, in the page's order. The step's test runs them in a copy of
# this folder (port 8080 replaced by a free one), and compares each try-* output with expected/<region>.txt.

# [guide:migrate]
sh migrate.sh readinglist.db
# [/guide:migrate]

# [guide:models]
drogon_ctl create model models -f
# [/guide:models]

# [guide:build]
cmake -S . -B build && cmake --build build
# [/guide:build]

# [guide:run]
./build/readinglist
# [/guide:run]

# [guide:try-create]
curl -s -w ' %{http_code}\n' -H 'Content-Type: application/json' \
  -d '{"title": "Dune", "author": "Frank Herbert"}' http://127.0.0.1:8080/api/books
curl -s -w ' %{http_code}\n' -H 'Content-Type: application/json' \
  -d '{"title": "Solaris", "status": "reading"}' http://127.0.0.1:8080/api/books
curl -s -w ' %{http_code}\n' -X PATCH -H 'Content-Type: application/json' \
  -d '{"status": "done"}' http://127.0.0.1:8080/api/books/1
# [/guide:try-create]

# [guide:run-again]
./build/readinglist
# [/guide:run-again]

# [guide:try-after-restart]
curl -s -w ' %{http_code}\n' http://127.0.0.1:8080/api/books
# [/guide:try-after-restart]

# [guide:try-injection]
curl -s -w ' %{http_code}\n' -H 'Content-Type: application/json' \
  -d "{\"title\": \"x'); DROP TABLE books; --\"}" http://127.0.0.1:8080/api/books
curl -s -w ' %{http_code}\n' "http://127.0.0.1:8080/api/books?status=done'%20OR%20'1'='1"
sqlite3 readinglist.db 'SELECT id, title, status FROM books'
# [/guide:try-injection]
