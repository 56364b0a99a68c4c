# The shell commands of the compression page, run in examples/guide/compression after building it.
# compression.test.js runs them in a scratch copy of this folder (config.json and public/) with the
# program on a free test port instead of 8080, and compares the output with expected/<region>.txt
# (date and last-modified headers excepted).

# [guide:run]
./build/compression_example 8080
# [/guide:run]

# [guide:try-gzip]
curl -s -o /dev/null -D - -H 'Accept-Encoding: gzip' http://127.0.0.1:8080/text/4000
# [/guide:try-gzip]

# [guide:try-br]
curl -s -o /dev/null -D - -H 'Accept-Encoding: gzip, deflate, br' http://127.0.0.1:8080/text/4000
# [/guide:try-br]

# [guide:try-decoded]
curl -s --compressed http://127.0.0.1:8080/text/4000 | wc -c
# [/guide:try-decoded]

# [guide:try-small]
curl -s -o /dev/null -D - -H 'Accept-Encoding: gzip, br' http://127.0.0.1:8080/text/1000
# [/guide:try-small]

# [guide:try-account]
curl -s -o /dev/null -D - -H 'Accept-Encoding: gzip, br' 'http://127.0.0.1:8080/account?q=drogon'
# [/guide:try-account]

# [guide:precompress]
gzip -9 -k public/app.js
brotli -k public/app.js
wc -c public/app.js*
# [/guide:precompress]

# [guide:try-static]
for accepted in 'gzip, br' gzip identity; do
  curl -s -o /dev/null -H "Accept-Encoding: $accepted" \
    -w "$accepted -> %{size_download} bytes %header{content-encoding}\n" http://127.0.0.1:8080/app.js
done
# [/guide:try-static]
