#include "ApiKeyFilter.h"

// [guide:filter]
void ApiKeyFilter::doFilter(const drogon::HttpRequestPtr &req,
                            drogon::FilterCallback &&fcb,
                            drogon::FilterChainCallback &&fccb)
{
    if (req->getHeader("x-api-key") == "let-me-in")
    {
        fccb();  // pass: on to the next middleware or the handler
        return;
    }
    Json::Value body;
    body["error"] = "missing or wrong API key";
    auto resp = drogon::HttpResponse::newHttpJsonResponse(body);
    resp->setStatusCode(drogon::k401Unauthorized);
    fcb(resp);  // stop here: this is the answer
}
// [/guide:filter]
