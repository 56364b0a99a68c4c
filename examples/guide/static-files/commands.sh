# The shell commands of the static files page, in examples/guide/static-files after building it.
# static-files.test.js runs them against the example (port 8080 replaced by a test port) and compares
# the output with expected/<region>.txt.

# [guide:run]
./build/static_server 8080
# [/guide:run]

# [guide:get]
curl -si http://127.0.0.1:8080/letters.txt
# [/guide:get]

# [guide:revalidate]
modified=$(curl -sI http://127.0.0.1:8080/letters.txt | sed -n 's/^last-modified: //ip' | tr -d '\r')
curl -si -H "If-Modified-Since: $modified" http://127.0.0.1:8080/letters.txt
# [/guide:revalidate]

# [guide:range]
curl -si -H 'Range: bytes=0-4' http://127.0.0.1:8080/letters.txt
# [/guide:range]

# [guide:statuses]
for path in /notes.md /downloads/RELEASE /settings.env /docs/RELEASE /no-such-page; do
  curl -s -o /dev/null -w "%{http_code} %{content_type} $path\n" "http://127.0.0.1:8080$path"
done
# [/guide:statuses]

# [guide:not-found]
curl -s http://127.0.0.1:8080/no-such-page
# [/guide:not-found]
