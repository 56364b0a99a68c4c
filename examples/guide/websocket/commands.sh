# The shell commands of the WebSocketController page (in examples/guide/websocket, after building it
# like the other chapters). websocket.test.js runs them against the example, with the port 8080
# replaced by a test port, and compares the output with expected/<region>.txt.

# [guide:server]
./build/chat_server 8080
# [/guide:server]

# [guide:bob]
./build/chat_client 8080 bob
# [/guide:bob]

# [guide:alice]
./build/chat_client 8080 alice 'Hello!' 'How are you?'
# [/guide:alice]

# [guide:plain-http]
curl -s -o /dev/null -w '%{http_code}\n' http://127.0.0.1:8080/chat
# [/guide:plain-http]

# [guide:news-listen]
./build/news_client 8080
# [/guide:news-listen]

# [guide:news-listen-second]
./build/news_client 8080
# [/guide:news-listen-second]

# [guide:announce]
curl -s --data 'The server restarts at 22:00.' http://127.0.0.1:8080/announce
curl -s --data 'Back in five minutes.' http://127.0.0.1:8080/announce
# [/guide:announce]
