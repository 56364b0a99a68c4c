#include "CorsMiddleware.h"

#include <drogon/drogon.h>

#include <cstdlib>
#include <mutex>
#include <set>
#include <string>

using namespace drogon;

int main(int argc, char *argv[])
{
    // The port is the first argument; the origin allowed to call the API the
    // second (a front end's dev server, say).
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    const std::set<std::string> allowedOrigins{argc > 2 ? argv[2] : "http://localhost:5173"};

    // [guide:api]
    // The API: GET lists the notes, POST {"text": "..."} adds one. The answer
    // carries the number of notes in an X-Note-Count header.
    static std::mutex mutex;
    static Json::Value notes(Json::arrayValue);
    auto api = [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
        std::lock_guard lock(mutex);
        if (req->method() == Post)
        {
            auto json = req->getJsonObject();
            if (!json || !(*json)["text"].isString())
            {
                auto resp = HttpResponse::newHttpResponse(k400BadRequest, CT_TEXT_PLAIN);
                resp->setBody("expected {\"text\": \"...\"}\n");
                return callback(resp);
            }
            notes.append((*json)["text"]);
        }
        auto resp = HttpResponse::newHttpJsonResponse(notes);
        if (req->method() == Post)
            resp->setStatusCode(k201Created);
        resp->addHeader("X-Note-Count", std::to_string(notes.size()));
        callback(resp);
    };
    // [/guide:api]

    // [guide:middleware]
    // The middleware takes its list of origins, so main() makes it (it is not
    // created automatically) and registers it before naming it on routes.
    app().registerMiddleware(std::make_shared<CorsMiddleware>(allowedOrigins));
    // OPTIONS must be one of the route's methods, or the preflight never
    // reaches the middleware.
    app().registerHandler("/api/notes", api, {Get, Post, Options, "CorsMiddleware"});
    // [/guide:middleware]

    // [guide:options-middleware]
    // Since 1.9.13: HttpOptionsMiddleware marks OPTIONS requests so that Drogon
    // passes them to the handler, and two helpers build the CORS headers.
    app().registerMiddleware(std::make_shared<drogon::HttpOptionsMiddleware>());
    auto isAllowed = [allowedOrigins](std::string_view origin) {
        return allowedOrigins.count(std::string(origin)) > 0;
    };
    app().registerHandler(
        "/v2/notes",
        [api, isAllowed](const HttpRequestPtr &req,
                         std::function<void(const HttpResponsePtr &)> &&callback) {
            // The preflight (or a plain OPTIONS): answered with 204, or refused
            // with 403 and an X-Cors-Error header saying why.
            if (auto preflight = HttpResponse::newOptionsResponse(
                    req,
                    std::set<std::string_view>{"content-type"},  // headers the page may send
                    isAllowed,
                    false,  // refuse "Origin: null" (file:// pages, sandboxed frames)
                    true,   // credentials
                    false,  // no private network access
                    600))   // Access-Control-Max-Age
                return callback(preflight);
            api(req, [req, isAllowed, callback = std::move(callback)](const HttpResponsePtr &resp) {
                // Every answer depends on Origin, a refusal too: a shared cache
                // must not give one origin's answer to another. addCorsHeaders
                // adds Vary: Origin only for the origins it is called for.
                resp->addHeader("Vary", "Origin");
                // addCorsHeaders does not check the origin: check it first.
                if (isAllowed(req->getHeader("origin")))
                    resp->addCorsHeaders(req, {"X-Note-Count"}, true);
                callback(resp);
            });
        },
        {Get, Post, Options, "drogon::HttpOptionsMiddleware"});
    // [/guide:options-middleware]

    // [guide:plain-cors]
    // GET /v2/count: readable by the allowed origins, without credentials and
    // without a header to expose: addCorsHeaders(req) with its defaults ({}
    // and std::nullopt). A simple GET has no preflight: no Options needed.
    app().registerHandler(
        "/v2/count",
        [isAllowed](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            Json::Value body;
            {
                std::lock_guard lock(mutex);
                body["notes"] = notes.size();
            }
            auto resp = HttpResponse::newHttpJsonResponse(body);
            resp->addHeader("Vary", "Origin");
            if (isAllowed(req->getHeader("origin")))
                resp->addCorsHeaders(req);
            callback(resp);
        },
        {Get});
    // [/guide:plain-cors]

    // [guide:default]
    // No CORS code at all: Drogon answers preflights by itself.
    app().registerHandler(
        "/open",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback) {
            callback(HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN));
        },
        {Get, Post, Options});
    // [/guide:default]

    // Not on the page: a route without Options, whose preflights Drogon refuses
    // (the page says so; cors.test.js checks it).
    app().registerHandler("/api/notes-without-options", api, {Get, Post, "CorsMiddleware"});

    app().addListener("127.0.0.1", port).run();
}
