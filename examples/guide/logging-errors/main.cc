// Logging and error handling: log levels and a rotated log file from config.json, a custom 404
// page, a custom error handler for the errors Drogon answers itself, and an exception handler.
// Usage: logging_errors [PORT] [CONFIG]   (8080 and config.json by default)
#include <drogon/drogon.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

using namespace drogon;
using Callback = std::function<void(const HttpResponsePtr &)>;

static HttpResponsePtr text(const std::string &body)
{
    auto resp = HttpResponse::newHttpResponse();
    resp->setContentTypeCode(CT_TEXT_PLAIN);
    resp->setBody(body + "\n");
    return resp;
}

int main(int argc, char *argv[])
{
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    const std::string configFile = argc > 2 ? argv[2] : "config.json";
    auto &app = drogon::app();

    // [guide:config]
    // The "log" section of the file: where, how big, how many, from which level.
    app.loadConfigFile(configFile);
    // [/guide:config]


    // [guide:levels]
    // One line at each level: only those at or above the configured level are written.
    app.registerHandler(
        "/levels",
        [](const HttpRequestPtr &req, Callback &&callback) {
            LOG_TRACE << "levels: trace, the finest detail";
            LOG_DEBUG << "levels: debug, for the developer";
            LOG_INFO << "levels: info, request from " << req->peerAddr().toIp();
            LOG_WARN << "levels: warn, something to look at";
            LOG_ERROR << "levels: error, something failed";
            callback(text("logged"));
        },
        {Get});
    // [/guide:levels]

    // [guide:handlers]
    app.registerHandler(
        "/divide/{a}/{b}",
        [](const HttpRequestPtr &, Callback &&callback, int a, int b) {
            if (b == 0)
                throw std::invalid_argument("division by zero");
            callback(text(std::to_string(a / b)));
        },
        {Get});
    app.registerHandler(
        "/crash",
        [](const HttpRequestPtr &, Callback &&) -> void {
            throw std::runtime_error("the disk is full");
        },
        {Get});
    // [/guide:handlers]

    // [guide:custom-404]
    // Answered for any path that no route and no static file serves.
    auto notFound = HttpResponse::newHttpResponse();
    notFound->setContentTypeCode(CT_TEXT_HTML);
    notFound->setBody("<h1>Nothing here</h1>\n");
    app.setCustom404Page(notFound);
    // [/guide:custom-404]

    // [guide:error-handler]
    // The errors Drogon answers itself (405 and 403 here) are built here
    // instead of Drogon's HTML pages.
    app.setCustomErrorHandler([](HttpStatusCode code, const HttpRequestPtr &req) {
        Json::Value body;
        body["status"] = static_cast<int>(code);
        body["message"] = std::string(statusCodeToString(code));
        body["path"] = req->path();
        auto resp = HttpResponse::newHttpJsonResponse(body);
        resp->setStatusCode(code);
        return resp;
    });
    // [/guide:error-handler]

    // [guide:exception-handler]
    // Any exception a handler throws (or an argument conversion) ends here.
    app.setExceptionHandler([](const std::exception &e,
                               const HttpRequestPtr &req,
                               Callback &&callback) {
        Json::Value body;
        HttpResponsePtr resp;
        if (dynamic_cast<const std::invalid_argument *>(&e))
        {
            // Bad input, the client's fault: std::stoi throws this too.
            LOG_WARN << "bad request " << req->path() << ": " << e.what();
            body["error"] = std::string("bad input: ") + e.what();
            resp = HttpResponse::newHttpJsonResponse(body);
            resp->setStatusCode(k400BadRequest);
        }
        else
        {
            // Anything else is ours: log the cause, tell the client little.
            LOG_ERROR << "failed " << req->path() << ": " << e.what();
            body["error"] = "internal error";
            resp = HttpResponse::newHttpJsonResponse(body);
            resp->setStatusCode(k500InternalServerError);
        }
        callback(resp);
    });
    // [/guide:exception-handler]

    app.addListener("127.0.0.1", port).run();
}
