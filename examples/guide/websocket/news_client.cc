// [guide:client]
// news_client PORT: listens on ws://127.0.0.1:PORT/news and prints every
// message, until Ctrl+C.
#include <drogon/WebSocketClient.h>
#include <drogon/drogon.h>

#include <cstdlib>
#include <iostream>

using namespace drogon;

int main(int argc, char *argv[])
{
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    auto client = WebSocketClient::newWebSocketClient("127.0.0.1", port);
    client->setMessageHandler([](std::string &&message,
                                 const WebSocketClientPtr &,
                                 const WebSocketMessageType &type) {
        if (type == WebSocketMessageType::Text)
            std::cout << message << std::endl;
    });
    auto req = HttpRequest::newHttpRequest();
    req->setPath("/news");
    client->connectToServer(req, [](ReqResult result, const HttpResponsePtr &, const WebSocketClientPtr &) {
        std::cout << (result == ReqResult::Ok ? "listening" : "cannot connect") << std::endl;
        if (result != ReqResult::Ok)
            app().quit();
    });
    app().run();
}
// [/guide:client]
