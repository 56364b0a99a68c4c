# The shell commands of the Redis page, in examples/guide/redis after building it.
# redis.test.js runs them against a real redis-server that it starts in a scratch folder: port 8080 is
# replaced by a free test port and 6379 by the scratch server's port. The output of each try-* region
# is expected/<region>.txt.

# [guide:install]
apt-get install -y redis-server
# [/guide:install]

# [guide:stop-service]
systemctl stop redis-server
# [/guide:stop-service]

# [guide:redis-server]
redis-server --port 6379 --bind 127.0.0.1 --save '' --appendonly no
# [/guide:redis-server]

# [guide:run]
./build/redis_likes config.json
# [/guide:run]

# [guide:run-in-code]
./build/redis_likes 8080 6379
# [/guide:run-in-code]

# [guide:try-visits]
curl -w '\n' -X POST http://127.0.0.1:8080/visits/home
curl -w '\n' -X POST http://127.0.0.1:8080/visits/home
curl -w '\n' -X POST 'http://127.0.0.1:8080/visits/my%20page'
redis-cli -p 6379 GET 'visits:my page'
# [/guide:try-visits]

# [guide:try-likes]
curl -w '\n' -X POST 'http://127.0.0.1:8080/posts/7/likes?user=ann'
curl -w '\n' -X POST 'http://127.0.0.1:8080/posts/7/likes?user=bob'
curl -w '\n' -X POST 'http://127.0.0.1:8080/posts/7/likes?user=ann'
curl -w '\n' http://127.0.0.1:8080/posts/7/likes
# [/guide:try-likes]

# [guide:try-errors]
redis-cli -p 6379 SET visits:home lots
curl -w ' %{http_code}\n' -X POST http://127.0.0.1:8080/visits/home
redis-cli -p 6379 SET likes:8 ann
curl -w ' %{http_code}\n' -X POST 'http://127.0.0.1:8080/posts/8/likes?user=bob'
curl -w ' %{http_code}\n' http://127.0.0.1:8080/posts/8/likes
# [/guide:try-errors]

# [guide:run-second]
./build/redis_likes 8081 6379
# [/guide:run-second]

# [guide:try-news]
curl -w '\n' -d 'The shop opens at nine' http://127.0.0.1:8080/news
redis-cli -p 6379 PUBLISH news 'Sent with redis-cli'
# [/guide:try-news]

# [guide:try-news-read]
curl -w '\n' http://127.0.0.1:8081/news
curl -w '\n' http://127.0.0.1:8080/news
# [/guide:try-news-read]

# [guide:try-down]
curl -w ' %{http_code}\n' -X POST http://127.0.0.1:8080/visits/home
# [/guide:try-down]
