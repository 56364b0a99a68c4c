# The shell commands of the page of step 05-access, in the page's order. The step's test runs them in a copy of
# this folder (port 8080 replaced by a free one), and compares each try-* output with expected/<region>.txt.

# [guide:migrate]
sh migrate.sh readinglist.db
drogon_ctl create model models -f
# [/guide:migrate]

# [guide:filter]
cd filters && drogon_ctl create filter SignedIn && cd ..
# [/guide:filter]

# [guide:build]
cmake -S . -B build && cmake --build build
# [/guide:build]

# [guide:run]
./build/readinglist
# [/guide:run]

# [guide:try-two-users]
curl -s -o /dev/null -c ann.txt -H 'Content-Type: application/json' \
  -d '{"name": "ann", "password": "correct horse battery"}' http://127.0.0.1:8080/api/signup
curl -s -o /dev/null -c bob.txt -H 'Content-Type: application/json' \
  -d '{"name": "bob", "password": "bob has a long password"}' http://127.0.0.1:8080/api/signup
curl -s -w ' %{http_code}\n' -b ann.txt -H 'Content-Type: application/json' \
  -d '{"title": "Dune"}' http://127.0.0.1:8080/api/books
curl -s -w ' %{http_code}\n' -b bob.txt -H 'Content-Type: application/json' \
  -d '{"title": "Kindred"}' http://127.0.0.1:8080/api/books
curl -s -w ' %{http_code}\n' -b ann.txt http://127.0.0.1:8080/api/books
curl -s -w ' %{http_code}\n' -b bob.txt http://127.0.0.1:8080/api/books
# [/guide:try-two-users]

# [guide:try-refusals]
curl -s -w ' %{http_code}\n' http://127.0.0.1:8080/api/books
curl -s -w ' %{http_code}\n' -b bob.txt http://127.0.0.1:8080/api/books/1
curl -s -w ' %{http_code}\n' -b bob.txt -X DELETE http://127.0.0.1:8080/api/books/1
# [/guide:try-refusals]
