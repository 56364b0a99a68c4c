#include "SlowApiKeyFilter.h"

#include <drogon/drogon.h>

#include <chrono>

// [guide:filter]
drogon::Task<drogon::HttpResponsePtr> SlowApiKeyFilter::doFilter(const drogon::HttpRequestPtr &req)
{
    if (req->getHeader("x-api-key") == "let-me-in")
        co_return nullptr;  // pass: on to the next middleware or the handler
    // A timer to await: the thread serves other requests meanwhile.
    co_await drogon::sleepCoro(trantor::EventLoop::getEventLoopOfCurrentThread(),
                               std::chrono::milliseconds(500));
    Json::Value body;
    body["error"] = "missing or wrong API key";
    auto resp = drogon::HttpResponse::newHttpJsonResponse(body);
    resp->setStatusCode(drogon::k401Unauthorized);
    co_return resp;  // stop here: this is the answer
}
// [/guide:filter]
