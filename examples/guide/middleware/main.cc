#include <drogon/drogon.h>

#include <cstdlib>

using namespace drogon;

int main(int argc, char *argv[])
{
    // The port is the first argument, as every program of the guide takes it; 8080 without one.
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);

    // [guide:routes]
    auto hello = [](const HttpRequestPtr &req,
                    std::function<void(const HttpResponsePtr &)> &&callback) {
        auto id = req->attributes()->get<int>("requestId");
        auto resp = HttpResponse::newHttpResponse();
        resp->setContentTypeCode(CT_TEXT_PLAIN);
        resp->setBody("Hello, request " + std::to_string(id) + "\n");
        callback(resp);
    };
    // Constraints: the method, then middlewares and filters by class name,
    // outermost first.
    app().registerHandler("/public", hello, {Get, "RequestIdMiddleware"});
    app().registerHandler("/private", hello, {Get, "RequestIdMiddleware", "ApiKeyFilter"});
    // [/guide:routes]

    // [guide:coro-routes]
    // The coroutine forms are named the same way as the others.
    app().registerHandler("/v2/private",
                          hello,
                          {Get, "RequestIdMiddleware", "CacheControlMiddleware", "SlowApiKeyFilter"});
    // [/guide:coro-routes]

    // [guide:builtin-routes]
    // Drogon's own filters: from 127.0.0.1 or ::1 only, or from an intranet
    // address too (10/8, 172.16/12, 192.168/16; IPv6 fe80::/10, fec0::/10).
    // Any other client gets 404 Not Found, as if the path did not exist.
    app().registerHandler("/local/stats", hello, {Get, "drogon::LocalHostFilter"});
    app().registerHandler("/intranet/stats", hello, {Get, "drogon::IntranetIpFilter"});
    // [/guide:builtin-routes]

    app().addListener("127.0.0.1", port).run();
}
