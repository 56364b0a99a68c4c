# The shell commands of the requests and responses page, run in examples/guide/requests-responses.
# requests-responses.test.js runs the try-* regions in this order against a fresh server (port 8080
# replaced by a test port, uploads into a scratch folder) and compares the output with
# expected/<region>.txt.

# [guide:run]
./build/requests_responses 8080
# [/guide:run]

# [guide:try-status]
curl -i http://127.0.0.1:8080/status/418
# [/guide:try-status]

# [guide:try-headers]
curl -i -H 'User-Agent: guide-reader/1.0' http://127.0.0.1:8080/headers
# [/guide:try-headers]

# [guide:try-cookies]
curl -i 'http://127.0.0.1:8080/cookie/set?flavor=oatmeal'
curl -b 'flavor=oatmeal' http://127.0.0.1:8080/cookie/show
curl http://127.0.0.1:8080/cookie/show
# [/guide:try-cookies]

# [guide:try-form]
curl -w '\n' -d 'title=Dune' -d 'year=1965' http://127.0.0.1:8080/form
# [/guide:try-form]

# [guide:try-upload]
printf 'Hello, upload!\n' > note.txt
curl -w '\n' -F 'file=@note.txt' -F 'note=a small file' http://127.0.0.1:8080/upload
# [/guide:try-upload]

# [guide:try-download]
curl -i http://127.0.0.1:8080/download/note.txt
# [/guide:try-download]

# [guide:try-redirect]
curl -i http://127.0.0.1:8080/old-place
curl -L http://127.0.0.1:8080/old-place
# [/guide:try-redirect]

# [guide:try-static]
curl http://127.0.0.1:8080/hello.txt
curl http://127.0.0.1:8080/
# [/guide:try-static]

# [guide:try-errors]
curl -w '\n' http://127.0.0.1:8080/no-such-page
curl -w '\n' -X DELETE http://127.0.0.1:8080/headers
head -c 2000000 /dev/zero > big.bin
curl -i --data-binary @big.bin http://127.0.0.1:8080/form
# [/guide:try-errors]
