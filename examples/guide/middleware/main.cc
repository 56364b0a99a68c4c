#include <drogon/drogon.h>

#include <cstdlib>

using namespace drogon;

int main(int argc, char *argv[])
{
    // The port is the first argument (the tests give one); 8080 otherwise.
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

    app().addListener("127.0.0.1", port).run();
}
