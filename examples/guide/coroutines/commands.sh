# The shell commands of the coroutines page. coroutines.test.js runs the try-* regions in this order
# against a fresh server (port 8080 replaced by a test port) and compares the output with
# expected/<region>.txt.

# [guide:run]
./build/coroutines_example 8080
# [/guide:run]

# [guide:try-sum]
curl 'http://127.0.0.1:8080/sum?a=2&b=3'
curl 'http://127.0.0.1:8080/sum-twice?a=2&b=3'
# [/guide:try-sum]

# [guide:try-notes]
curl -d 'body=buy milk' http://127.0.0.1:8080/notes
curl -d 'body=call Ann' http://127.0.0.1:8080/notes
curl -d 'body=' http://127.0.0.1:8080/notes
# [/guide:try-notes]

# [guide:try-background]
curl http://127.0.0.1:8080/notes/count
curl -X POST 'http://127.0.0.1:8080/notes/purge-later?after=1'
curl http://127.0.0.1:8080/notes/count
sleep 1.5
curl http://127.0.0.1:8080/notes/count
curl -d 'body=water the plants' http://127.0.0.1:8080/notes
curl -X POST http://127.0.0.1:8080/notes/purge
# [/guide:try-background]

# [guide:try-greet]
curl 'http://127.0.0.1:8080/greet-later?name=Ann'
# [/guide:try-greet]

# [guide:try-when-all]
curl 'http://127.0.0.1:8080/both?a=1&b=1'
curl 'http://127.0.0.1:8080/both?a=1&b=-1'
# [/guide:try-when-all]

# [guide:try-mutex]
seq 3 | xargs -P 3 -I{} curl -s -X POST http://127.0.0.1:8080/count/unlocked
seq 3 | xargs -P 3 -I{} curl -s -X POST http://127.0.0.1:8080/count/locked
curl http://127.0.0.1:8080/count
# [/guide:try-mutex]

# [guide:try-broken]
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/broken
# [/guide:try-broken]
