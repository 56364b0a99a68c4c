# The shell commands of the ORM page, in examples/guide/orm after building it. orm.test.js runs them
# in scratch folders against a real SQLite3 file and a real PostgreSQL server (the PostgreSQL
# connection replaced by the scratch server's, port 8080 by a free test port), and compares their
# output with expected/<region>.txt.

# [guide:sqlite-create]
sqlite3 bookshop.db < schema.sqlite.sql
# [/guide:sqlite-create]

# [guide:models-sqlite]
drogon_ctl create model models/sqlite3 -f
# [/guide:models-sqlite]

# [guide:postgresql-setup]
apt-get install -y postgresql
service postgresql start
su postgres -c "psql -q -c \"CREATE ROLE drogon LOGIN CREATEDB PASSWORD 'drogon'\""
echo '127.0.0.1:5432:*:drogon:drogon' >> ~/.pgpass
chmod 600 ~/.pgpass
# [/guide:postgresql-setup]

# [guide:pg-create]
createdb -h 127.0.0.1 -U drogon bookshop
psql -q -h 127.0.0.1 -U drogon -d bookshop -f schema.postgresql.sql
# [/guide:pg-create]

# [guide:models-postgresql]
drogon_ctl create model models/postgresql -f
# [/guide:models-postgresql]

# [guide:controller]
mkdir -p skeleton && cd skeleton
drogon_ctl create controller -r BooksCtrl --resource=/books
cd ..
# [/guide:controller]

# [guide:run-sqlite]
./build/bookshop_sqlite3 config.sqlite3.json
# [/guide:run-sqlite]

# [guide:run-postgresql]
./build/bookshop_postgresql config.postgresql.json
# [/guide:run-postgresql]

# [guide:try-get-one]
curl -w '\n' http://127.0.0.1:8080/books/1
curl -w '\n' http://127.0.0.1:8080/books/42
# [/guide:try-get-one]

# [guide:try-list]
curl -w '\n' http://127.0.0.1:8080/books
curl -w '\n' 'http://127.0.0.1:8080/books?author=1&sort=year'
curl -w '\n' 'http://127.0.0.1:8080/books?since=1970&sort=title&per_page=2&page=2'
# [/guide:try-list]

# [guide:try-bad-page]
curl -w '\n' 'http://127.0.0.1:8080/books?page=two&per_page=2'
curl -w ' %{http_code}\n' 'http://127.0.0.1:8080/books?page=-1'
# [/guide:try-bad-page]

# [guide:try-create]
curl -w ' %{http_code} %header{location}\n' -H 'Content-Type: application/json' \
  -d '{"title": "Dawn", "year": 1987, "author_id": 3}' http://127.0.0.1:8080/books
curl -w ' %{http_code}\n' -H 'Content-Type: application/json' \
  -d '{"title": "Dawn", "year": 1987, "author_id": 9}' http://127.0.0.1:8080/books
curl -w ' %{http_code}\n' -H 'Content-Type: application/json' \
  -d '{"title": "Dawn"}' http://127.0.0.1:8080/books
# [/guide:try-create]

# [guide:try-tidy]
curl -w ' %{http_code}\n' -H 'Content-Type: application/json' \
  -d '{"title": "  The   Lathe of Heaven ", "year": 1971, "author_id": 1}' http://127.0.0.1:8080/books
# [/guide:try-tidy]

# [guide:try-update]
curl -w ' %{http_code}\n' -X PUT -H 'Content-Type: application/json' \
  -d '{"year": 1962}' http://127.0.0.1:8080/books/4
curl -w ' %{http_code}\n' -X PUT -H 'Content-Type: application/json' \
  -d '{"title": null}' http://127.0.0.1:8080/books/4
# [/guide:try-update]

# [guide:try-delete]
curl -w '%{http_code}\n' -X DELETE http://127.0.0.1:8080/books/1
curl -w ' %{http_code}\n' -X DELETE http://127.0.0.1:8080/books/1
curl -w ' %{http_code}\n' http://127.0.0.1:8080/books/1
# [/guide:try-delete]

# [guide:try-joins]
curl -w '\n' 'http://127.0.0.1:8080/reports/by-author?name=Lem'
curl -w '\n' http://127.0.0.1:8080/reports/untagged
curl -w '\n' http://127.0.0.1:8080/reports/authors-without-books
# [/guide:try-joins]

# [guide:try-tags]
curl -w ' %{http_code}\n' -X POST http://127.0.0.1:8080/books/2/tags/1
curl -w ' %{http_code}\n' -X POST http://127.0.0.1:8080/books/2/tags/1
curl -w ' %{http_code}\n' -X POST http://127.0.0.1:8080/books/2/tags/2
curl -w ' %{http_code}\n' -X POST http://127.0.0.1:8080/books/2/tags/4
curl -w ' %{http_code}\n' -X POST http://127.0.0.1:8080/books/3/tags/9
# [/guide:try-tags]

# [guide:try-lock-hold]
psql -h 127.0.0.1 -U drogon -d bookshop -c "BEGIN; SELECT id FROM books WHERE id = 4 FOR UPDATE;
  INSERT INTO book_tags VALUES (4, 2); SELECT pg_sleep(5); COMMIT;"
# [/guide:try-lock-hold]

# [guide:try-lock]
curl -w ' %{http_code} after %{time_total} s\n' -X POST http://127.0.0.1:8080/books/4/tags/4
# [/guide:try-lock]

