# The shell commands of the page of step 06-html-pages, in the page's order. The step's test runs them in a copy of
# this folder (port 8080 replaced by a free one), and compares each try-* output with expected/<region>.txt.

# [guide:migrate]
sh migrate.sh readinglist.db
# [/guide:migrate]

# [guide:build]
cmake -S . -B build && cmake --build build
# [/guide:build]

# [guide:run]
./build/readinglist
# [/guide:run]

# [guide:try-redirect]
curl -s -o /dev/null -w '%{http_code} %{redirect_url}\n' http://127.0.0.1:8080/
curl -s -o /dev/null -w '%{http_code} %{redirect_url}\n' http://127.0.0.1:8080/books
# [/guide:try-redirect]

# [guide:try-form]
curl -s -c jar.txt http://127.0.0.1:8080/signup | grep -A 3 '<form'
# [/guide:try-form]

# [guide:try-signup]
token=$(curl -s -b jar.txt -c jar.txt http://127.0.0.1:8080/signup |
  sed -n 's/.*name="csrf_token" value="\([^"]*\)".*/\1/p')
curl -s -o /dev/null -w '%{http_code} %{redirect_url}\n' -b jar.txt -c jar.txt \
  --data-urlencode "csrf_token=$token" -d name=ann \
  --data-urlencode 'password=correct horse battery' http://127.0.0.1:8080/signup
# [/guide:try-signup]

# [guide:try-add]
token=$(curl -s -b jar.txt http://127.0.0.1:8080/books |
  sed -n 's/.*name="csrf_token" value="\([^"]*\)".*/\1/p' | head -n 1)
curl -s -o /dev/null -w '%{http_code} %{redirect_url}\n' -b jar.txt \
  --data-urlencode "csrf_token=$token" --data-urlencode 'title=<b>Dune</b>' \
  --data-urlencode 'author=Frank "the" Herbert' http://127.0.0.1:8080/books
curl -s -b jar.txt http://127.0.0.1:8080/books | grep '<td>.*Dune'
# [/guide:try-add]

# [guide:try-forged]
curl -s -w '%{http_code}\n' -b jar.txt -d 'title=Forged' http://127.0.0.1:8080/books
curl -s -w '%{http_code}\n' -b jar.txt -d 'csrf_token=guessed' -d 'title=Forged' http://127.0.0.1:8080/books
# [/guide:try-forged]

# [guide:try-headers]
curl -s -I -b jar.txt http://127.0.0.1:8080/books | grep -i '^content-security-policy'
# [/guide:try-headers]
