# The shell commands of the streaming page. streaming.test.js runs the try-* regions in this order
# against a fresh server started in a scratch folder (port 8080 replaced by a test port) and
# compares the output with expected/<region>.txt.

# [guide:run]
./build/streaming 8080
# [/guide:run]

# [guide:try-download]
curl -sS -o lines.txt 'http://127.0.0.1:8080/download?mb=200'
wc -c < lines.txt
tail -n 2 lines.txt
# [/guide:try-download]

# [guide:try-upload]
head -c 200M /dev/urandom > big.bin
curl -sS -X POST -T big.bin http://127.0.0.1:8080/upload | tee answer.json; echo
cmp big.bin "received/$(grep -o '[0-9a-f-]*\.bin' answer.json)" && echo 'same bytes'
# [/guide:try-upload]

# [guide:try-pipe]
head -c 50K /dev/urandom | curl -sS -o /dev/null -w '%{http_code}\n' -X POST -T - http://127.0.0.1:8080/upload
head -c 50K /dev/urandom | curl -sS -o /dev/null -w '%{http_code}\n' -X POST -T - -H 'Expect:' http://127.0.0.1:8080/upload
# [/guide:try-pipe]

# [guide:try-memory]
awk '/^VmHWM/ { print $1, $2, $3 }' "/proc/$(pidof streaming)/status"
# [/guide:try-memory]

# [guide:try-close]
curl -sS -i -H 'Connection: close' 'http://127.0.0.1:8080/download?mb=1'
# [/guide:try-close]
