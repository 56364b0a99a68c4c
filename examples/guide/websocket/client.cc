// [guide:client]
// chat_client PORT NAME [MESSAGE...]: joins the chat as NAME, sends each
// MESSAGE, prints every message the room sends, and leaves once its own last
// message has come back. Without messages it stays until Ctrl+C.
#include <drogon/WebSocketClient.h>
#include <drogon/drogon.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

using namespace drogon;

int main(int argc, char *argv[])
{
    if (argc < 3)
    {
        std::cerr << "usage: chat_client PORT NAME [MESSAGE...]\n";
        return 2;
    }
    const auto port = static_cast<uint16_t>(std::atoi(argv[1]));
    const std::string name = argv[2];
    const std::vector<std::string> messages(argv + 3, argv + argc);
    int exitCode = 0;

    auto client = WebSocketClient::newWebSocketClient("127.0.0.1", port);
    client->setMessageHandler([&](std::string &&message,
                                  const WebSocketClientPtr &ws,
                                  const WebSocketMessageType &type) {
        if (type != WebSocketMessageType::Text)
            return;
        std::cout << message << std::endl;
        if (!messages.empty() && message == name + ": " + messages.back())
        {
            ws->getConnection()->shutdown();  // a normal close (code 1000)
            app().quit();
        }
    });
    client->setConnectionClosedHandler([](const WebSocketClientPtr &) {
        std::cout << "the server closed the connection" << std::endl;
        app().quit();
    });

    auto req = HttpRequest::newHttpRequest();
    req->setPath("/chat");
    req->setParameter("name", name);
    client->connectToServer(
        req,
        [&](ReqResult result,
            const HttpResponsePtr &resp,
            const WebSocketClientPtr &ws) {
            if (result != ReqResult::Ok)
            {
                std::cerr << "cannot connect: " << to_string_view(result) << std::endl;
                exitCode = 1;
                app().quit();
                return;
            }
            std::cout << "connected (HTTP " << resp->statusCode() << ")" << std::endl;
            for (const auto &message : messages)
                ws->getConnection()->send(message);
        });

    // The client runs on the application's event loop; no listener is needed.
    app().run();
    return exitCode;
}
// [/guide:client]
