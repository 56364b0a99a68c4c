/**
 *
 *  SignedIn.cc
 *
 */

#include "SignedIn.h"

#include "JsonResponses.h"

using namespace drogon;

// [guide:filter]
void SignedIn::doFilter(const HttpRequestPtr &req,
                         FilterCallback &&fcb,
                         FilterChainCallback &&fccb)
{
    auto userId = req->session()->getOptional<int64_t>("user_id");
    if (userId)
    {
        req->attributes()->insert("user_id", *userId);
        fccb();  // on to the handler
        return;
    }
    if (req->path().rfind("/api/", 0) == 0)
        fcb(jsonError(k401Unauthorized, "sign in first"));
    else
        fcb(HttpResponse::newRedirectionResponse("/signin", k303SeeOther));
}
// [/guide:filter]
