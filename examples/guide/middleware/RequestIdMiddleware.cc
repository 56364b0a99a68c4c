#include "RequestIdMiddleware.h"

// [guide:invoke]
void RequestIdMiddleware::invoke(const drogon::HttpRequestPtr &req,
                                 drogon::MiddlewareNextCallback &&nextCb,
                                 drogon::MiddlewareCallback &&mcb)
{
    // Before: runs on the way in, before the next middleware and the handler.
    const int id = ++counter_;
    req->attributes()->insert("requestId", id);

    nextCb([id, mcb = std::move(mcb)](const drogon::HttpResponsePtr &resp) {
        // After: runs on the way out, with the response of whatever came next.
        resp->addHeader("x-request-id", std::to_string(id));
        mcb(resp);
    });
}
// [/guide:invoke]
