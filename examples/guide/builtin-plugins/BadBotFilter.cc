#include "BadBotFilter.h"

using namespace drogon;

// [guide:source]
void BadBotFilter::doFilter(const HttpRequestPtr &req,
                            FilterCallback &&fcb,
                            FilterChainCallback &&fccb)
{
    if (req->getHeader("user-agent").find("BadBot") != std::string::npos)
    {
        auto resp = HttpResponse::newHttpResponse(k403Forbidden, CT_TEXT_PLAIN);
        resp->setBody("No bots, please.\n");
        fcb(resp);  // answer now: the request goes no further
        return;
    }
    fccb();  // let it through
}
// [/guide:source]
