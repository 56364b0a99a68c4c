#include "GracefulShutdown.h"

#include <drogon/drogon.h>
#include <drogon/plugins/RealIpResolver.h>

#include <iostream>

using namespace drogon;

int main(int argc, char *argv[])
{
    const std::string configFile = argc > 1 ? argv[1] : "config.json";
    try
    {
        app().loadConfigFile(configFile);
    }
    catch (const std::exception &e)
    {
        std::cerr << "cannot load " << configFile << ": " << e.what() << std::endl;
        return 1;
    }

    // [guide:whoami]
    // The client's address as RealIpResolver found it, and the peer that sent
    // the request (nginx, when it is in front).
    app().registerHandler(
        "/whoami",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
            resp->setBody("client " + plugin::RealIpResolver::GetRealAddr(req).toIp() +
                          " via " + req->peerAddr().toIp() + "\n");
            callback(resp);
        },
        {Get});
    // [/guide:whoami]

    // [guide:work]
    // A slow request: answers after ?ms= milliseconds, without blocking a thread.
    app().registerHandler(
        "/work",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            auto ms = req->getOptionalParameter<int>("ms").value_or(1000);
            trantor::EventLoop::getEventLoopOfCurrentThread()->runAfter(
                ms / 1000.0, [ms, callback = std::move(callback)] {
                    auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
                    resp->setBody("done after " + std::to_string(ms) + " ms\n");
                    callback(resp);
                });
        },
        {Get});
    // [/guide:work]

    // [guide:healthz]
    // For a load balancer: 503 once the server is draining.
    app().registerHandler(
        "/healthz",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback) {
            auto *graceful = app().getPlugin<GracefulShutdown>();
            auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
            if (graceful->draining())
            {
                resp->setStatusCode(k503ServiceUnavailable);
                resp->setBody("draining\n");
            }
            else
            {
                // This request is in flight too.
                resp->setBody("ok, " + std::to_string(graceful->inFlight() - 1) +
                              " other request(s) in flight\n");
            }
            callback(resp);
        },
        {Get});
    // [/guide:healthz]

    app().run();
}
