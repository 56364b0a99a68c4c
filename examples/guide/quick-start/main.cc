#include <drogon/drogon.h>

#include <cstdlib>

using namespace drogon;

int main(int argc, char *argv[])
{
    // [guide:text]
    // GET / answers with plain text.
    app().registerHandler(
        "/",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback) {
            auto resp = HttpResponse::newHttpResponse();
            resp->setContentTypeCode(CT_TEXT_PLAIN);
            resp->setBody("Hello, world!\n");
            callback(resp);
        },
        {Get});
    // [/guide:text]

    // [guide:json]
    // GET /hello?name=... answers with JSON. {name} binds the query
    // parameter "name" to the third argument of the handler.
    app().registerHandler(
        "/hello?name={name}",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           const std::string &name) {
            Json::Value json;
            json["message"] = "Hello, " + (name.empty() ? "stranger" : name) + "!";
            callback(HttpResponse::newHttpJsonResponse(json));
        },
        {Get});
    // [/guide:json]

    // [guide:run]
    // The port is the first argument (./build/hello 8080); 8080 without one.
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    LOG_INFO << "Server running on http://127.0.0.1:" << port;
    app().addListener("127.0.0.1", port).run();
    // [/guide:run]
}
