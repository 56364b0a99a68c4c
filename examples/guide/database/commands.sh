# The shell commands of the database page, in examples/guide/database after building it.
# database.test.js runs them against a real SQLite3 file and a real PostgreSQL server in scratch
# folders (port 8080 replaced by a test port, the PostgreSQL connection by the scratch server's),
# and compares the output with expected/<region>.txt.

# [guide:sqlite-create]
sqlite3 library.db < schema.sqlite.sql
# [/guide:sqlite-create]

# [guide:sqlite-run]
./build/library 8080 sqlite3 'filename=library.db'
# [/guide:sqlite-run]

# [guide:postgresql-setup]
apt-get install -y postgresql
service postgresql start
su postgres -c "psql -q -c \"CREATE ROLE drogon LOGIN CREATEDB PASSWORD 'drogon'\""
echo '127.0.0.1:5432:*:drogon:drogon' >> ~/.pgpass
chmod 600 ~/.pgpass
# [/guide:postgresql-setup]

# [guide:pg-create]
createdb -h 127.0.0.1 -U drogon guide
psql -h 127.0.0.1 -U drogon -d guide -f schema.postgresql.sql
# [/guide:pg-create]

# [guide:pg-run]
./build/library 8080 postgresql 'host=127.0.0.1 port=5432 dbname=guide user=drogon password=drogon'
# [/guide:pg-run]

# [guide:models-sqlite]
drogon_ctl create model models/sqlite3 -f
# [/guide:models-sqlite]

# [guide:try-list]
curl -w '\n' http://127.0.0.1:8080/books
# [/guide:try-list]

# [guide:try-loan]
curl -w '\n' -d 'borrower=Ann' http://127.0.0.1:8080/books/2/loans
curl -w '\n' -d 'borrower=Bob' http://127.0.0.1:8080/books/2/loans
curl -w '\n' -d 'borrower=' http://127.0.0.1:8080/books/1/loans
curl -w '\n' http://127.0.0.1:8080/books
# [/guide:try-loan]

# [guide:try-orm]
curl -w '\n' -H 'Content-Type: application/json' -d '{"title": "Neuromancer", "author": "William Gibson"}' http://127.0.0.1:8080/orm/books
curl -w '\n' http://127.0.0.1:8080/orm/books/3
curl -w '\n' 'http://127.0.0.1:8080/orm/books?author=Frank%20Herbert'
curl -w '\n' http://127.0.0.1:8080/orm/books/42
# [/guide:try-orm]

# [guide:try-loans]
curl -w '\n' http://127.0.0.1:8080/books/2/loans
curl -w '\n' http://127.0.0.1:8080/books/1/loans
# [/guide:try-loans]

# [guide:try-add]
curl -w '\n' --data-urlencode 'title=Foundation' --data-urlencode 'author=Isaac Asimov' \
     http://127.0.0.1:8080/books
curl -w '\n' --data-urlencode 'title=The Left Hand of Darkness' --data-urlencode 'author=Ursula K. Le Guin' \
     --data-urlencode 'subtitle=A novel of the Hainish Cycle' http://127.0.0.1:8080/books
curl -w '\n' --data-urlencode 'title=Dune' http://127.0.0.1:8080/books
# [/guide:try-add]

# [guide:try-null]
curl -w '%{http_code}\n' -X DELETE http://127.0.0.1:8080/books/5/subtitle
curl -w ' %{http_code}\n' -X DELETE http://127.0.0.1:8080/books/42/subtitle
curl -w '\n' http://127.0.0.1:8080/books
# [/guide:try-null]

# [guide:gcc12]
g++ -std=c++20 gcc12-conditional.cc -o gcc12-conditional
./gcc12-conditional named
./gcc12-conditional
# [/guide:gcc12]

# [guide:run-empty]
touch empty.db
./build/library 8080 sqlite3 'filename=empty.db'
# [/guide:run-empty]
