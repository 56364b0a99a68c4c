# The shell commands of the middleware and filters page. middleware.test.js runs the try-* regions in
# this order against a fresh server (port 8080 replaced by a test port) and compares the output with
# expected/<region>.txt.

# [guide:run]
./build/middleware 8080
# [/guide:run]

# [guide:try-public]
curl -i http://127.0.0.1:8080/public
# [/guide:try-public]

# [guide:try-private]
curl -i -w '\n' http://127.0.0.1:8080/private
curl -i http://127.0.0.1:8080/private -H 'x-api-key: let-me-in'
# [/guide:try-private]

# [guide:try-v2]
curl -i -w '\n' http://127.0.0.1:8080/v2/private
curl -i http://127.0.0.1:8080/v2/private -H 'x-api-key: let-me-in'
# [/guide:try-v2]

# [guide:try-builtin]
# As root: a network namespace of its own, where the program and curl see
# only a loopback interface, given two more addresses to send from.
unshare --net sh -c '
  ip link set lo up
  ip addr add 192.168.1.10/32 dev lo  # an intranet address
  ip addr add 203.0.113.7/32 dev lo   # a public one (of the documentation range)
  ./build/middleware 8080 > /dev/null & server=$!
  until curl -s -o /dev/null http://127.0.0.1:8080/; do sleep 0.1; done
  for from in 127.0.0.1 127.0.0.2 192.168.1.10 203.0.113.7; do
    echo "from $from:" \
      $(curl -s -o /dev/null -w "%{http_code}" --interface $from http://127.0.0.1:8080/local/stats) \
      $(curl -s -o /dev/null -w "%{http_code}" --interface $from http://127.0.0.1:8080/intranet/stats)
  done
  kill $server'
# [/guide:try-builtin]
