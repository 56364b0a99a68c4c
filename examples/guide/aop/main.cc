#include <drogon/drogon.h>

#include <atomic>
#include <cstdlib>

using namespace drogon;

namespace
{
// [guide:mark]
// Each advice appends its name to a request attribute; the last one to run
// copies the list into a response header, so a client can see the order.
void mark(const HttpRequestPtr &req, const std::string &step)
{
    auto attributes = req->attributes();
    std::string trace = attributes->get<std::string>("trace");
    attributes->insert("trace", trace.empty() ? step : trace + "," + step);
}
// [/guide:mark]

HttpResponsePtr text(const std::string &body, HttpStatusCode status = k200OK)
{
    auto resp = HttpResponse::newHttpResponse(status, CT_TEXT_PLAIN);
    resp->setBody(body);
    return resp;
}
}  // namespace

int main(int argc, char *argv[])
{
    // The port is the first argument, as every program of the guide takes it; 8080 without one.
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);

    // [guide:start]
    app().registerBeginningAdvice([] { LOG_INFO << "the event loop is running"; });

    static std::atomic<int> connections{0};
    app().registerNewConnectionAdvice(
        [](const trantor::InetAddress &peer, const trantor::InetAddress &local) {
            ++connections;
            return true;  // false would close the connection at once
        });
    // [/guide:start]

    // [guide:creation]
    // Runs inside newHttpResponse(), newHttpJsonResponse() and Drogon's other
    // response factories, for every response they make, before the code that
    // asked for the response sets anything on it.
    app().registerHttpResponseCreationAdvice(
        [](const HttpResponsePtr &resp) { resp->addHeader("x-content-type-options", "nosniff"); });
    // [/guide:creation]

    // [guide:sync]
    // Runs first, on the I/O thread, for every request. A response returned
    // here is sent at once: no routing, no handler, no pre-sending advice.
    app().registerSyncAdvice([](const HttpRequestPtr &req) -> HttpResponsePtr {
        if (req->path() == "/health")
            return text("ok\n");
        return nullptr;  // carry on
    });
    // [/guide:sync]

    // [guide:around]
    app().registerPreRoutingAdvice([](const HttpRequestPtr &req) { mark(req, "pre-routing"); });
    // An advice with callbacks may answer instead of letting the request go on.
    app().registerPreRoutingAdvice(
        [](const HttpRequestPtr &req, AdviceCallback &&answer, AdviceChainCallback &&next) {
            if (req->getHeader("x-block") == "yes")
            {
                answer(text("blocked before routing\n", k403Forbidden));
                return;
            }
            next();
        });
    app().registerPostRoutingAdvice([](const HttpRequestPtr &req) { mark(req, "post-routing"); });
    app().registerPreHandlingAdvice([](const HttpRequestPtr &req) { mark(req, "pre-handling"); });
    app().registerPostHandlingAdvice(
        [](const HttpRequestPtr &req, const HttpResponsePtr &) { mark(req, "post-handling"); });
    app().registerPreSendingAdvice([](const HttpRequestPtr &req, const HttpResponsePtr &resp) {
        mark(req, "pre-sending");
        resp->addHeader("x-trace", req->attributes()->get<std::string>("trace"));
    });
    // [/guide:around]

    // [guide:handlers]
    app().registerHandler(
        "/hello",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            mark(req, "handler");
            callback(text("hello\n"));
        },
        {Get});
    app().registerHandler(
        "/connections",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            callback(text(std::to_string(connections.load()) + " connections so far\n"));
        },
        {Get});
    // [/guide:handlers]

    app().addListener("127.0.0.1", port).run();
}
