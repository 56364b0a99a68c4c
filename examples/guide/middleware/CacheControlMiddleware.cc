#include "CacheControlMiddleware.h"

// [guide:invoke]
drogon::Task<drogon::HttpResponsePtr> CacheControlMiddleware::invoke(
    const drogon::HttpRequestPtr &req,
    drogon::MiddlewareNextAwaiter &&next)
{
    // Before: code here runs on the way in.
    // co_await next passes the request on and gives the response that comes
    // back, from the handler or from a filter that refused the request.
    drogon::HttpResponsePtr resp = co_await next;
    // After: successful answers may be kept by the client for a minute.
    resp->addHeader("cache-control",
                    resp->statusCode() == drogon::k200OK ? "max-age=60" : "no-store");
    co_return resp;
}
// [/guide:invoke]
