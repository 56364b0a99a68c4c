#include "NewsWebsock.h"

#include <drogon/drogon.h>

#include <cstdlib>

using namespace drogon;

int main(int argc, char *argv[])
{
    // The port is the first argument, as every program of the guide takes it; 8080 without one.
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);

    // [guide:announce]
    // POST /announce: the request's body goes to every news listener.
    app().registerHandler(
        "/announce",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            // The one NewsWebsock object Drogon created for /news.
            auto news = DrClassMap::getSingleInstance<NewsWebsock>();
            auto sent = news->broadcast(std::string(req->body()));
            auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
            resp->setBody("sent to " + std::to_string(sent) + " listener(s)\n");
            callback(resp);
        },
        {Post});
    // [/guide:announce]

    // Four I/O threads: connections are spread over them.
    app().setThreadNum(4).addListener("127.0.0.1", port).run();
}
