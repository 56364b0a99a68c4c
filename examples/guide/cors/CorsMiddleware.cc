#include "CorsMiddleware.h"

using namespace drogon;

// [guide:invoke]
void CorsMiddleware::invoke(const HttpRequestPtr &req,
                            MiddlewareNextCallback &&nextCb,
                            MiddlewareCallback &&mcb)
{
    const std::string origin = req->getHeader("origin");
    const bool allowed = allowedOrigins_.count(origin) > 0;

    if (req->method() == Options)  // answered here; the handler never sees it
    {
        auto resp = HttpResponse::newHttpResponse(k204NoContent, CT_NONE);
        resp->addHeader("Vary", "Origin");
        if (req->getHeader("access-control-request-method").empty())
        {
            resp->addHeader("Allow", "GET, POST, OPTIONS");  // a plain OPTIONS request
        }
        else if (!allowed)
        {
            resp->setStatusCode(k403Forbidden);  // a preflight from another origin
        }
        else  // a preflight from an allowed origin: what the real request may do
        {
            resp->addHeader("Access-Control-Allow-Origin", origin);  // never "*" with credentials
            resp->addHeader("Access-Control-Allow-Credentials", "true");
            resp->addHeader("Access-Control-Allow-Methods", "GET, POST");
            resp->addHeader("Access-Control-Allow-Headers", "Content-Type");
            resp->addHeader("Access-Control-Max-Age", "600");  // seconds the browser may reuse this
        }
        mcb(resp);
        return;
    }

    nextCb([origin, allowed, mcb = std::move(mcb)](const HttpResponsePtr &resp) {
        // The answer depends on Origin: caches must keep one copy per origin.
        resp->addHeader("Vary", "Origin");
        if (allowed)
        {
            resp->addHeader("Access-Control-Allow-Origin", origin);
            resp->addHeader("Access-Control-Allow-Credentials", "true");
            resp->addHeader("Access-Control-Expose-Headers", "X-Note-Count");
        }
        mcb(resp);
    });
}
// [/guide:invoke]
