# The shell commands of the views page. views.test.js runs the try-* regions against a fresh server
# (port 8080 replaced by a test port) and compares the output with expected/<region>.txt, and runs
# the create region in a scratch folder. views-dynamic.test.js starts dynamic_views as dynamic-start
# does, from a copy of this folder's dynamic/ and dynamic-views.json, and runs try-dynamic and
# dynamic-edit there.

# [guide:create]
mkdir -p by-hand
drogon_ctl create view -o by-hand views/BookList.csp
# [/guide:create]

# [guide:run]
./build/views_example 8080
# [/guide:run]

# [guide:try-page]
curl 'http://127.0.0.1:8080/books?visitor=Ann'
# [/guide:try-page]

# [guide:try-escaped]
curl -s 'http://127.0.0.1:8080/books?visitor=%3Cb%3EAnn%3C%2Fb%3E' | grep Hello
# [/guide:try-escaped]

# [guide:try-layout]
curl http://127.0.0.1:8080/books/2
# [/guide:try-layout]

# [guide:dynamic-start]
./build/dynamic_views dynamic-views.json
# [/guide:dynamic-start]

# [guide:try-dynamic]
# 404 until Notice is compiled and loaded: -f makes curl fail on it, and try again.
until curl -sf 'http://127.0.0.1:8080/notice?visitor=Ann'; do sleep 1; done
# [/guide:try-dynamic]

# [guide:dynamic-edit]
# Drogon compares modification times in whole seconds: an edit in the second of the last compile goes unseen.
sleep 1
sed -i 's/opens at 9/opens at 10 today/' dynamic/Notice.csp
# [/guide:dynamic-edit]

# [guide:dynamic-wait]
# Until Drogon has compiled the edit (a new Notice.so) and removed its lock file.
until [ dynamic-build/Notice.so -nt dynamic/Notice.csp ] && [ ! -e dynamic/Notice.csp.lock ]; do sleep 1; done
# [/guide:dynamic-wait]

# [guide:dynamic-restart]
./build/dynamic_views dynamic-views.json
# [/guide:dynamic-restart]

# [guide:try-dynamic-restarted]
until curl -sf 'http://127.0.0.1:8080/notice?visitor=Ann'; do sleep 1; done
# [/guide:try-dynamic-restarted]
