/**
 *
 *  CheckCsrf.cc
 *
 */

#include "CheckCsrf.h"

#include <sodium.h>

using namespace drogon;

// [guide:filter]
void CheckCsrf::doFilter(const HttpRequestPtr &req,
                          FilterCallback &&fcb,
                          FilterChainCallback &&fccb)
{
    const auto expected = req->session()->getOptional<std::string>("csrf_token");
    const auto &sent = req->getParameter("csrf_token");
    // sodium_memcmp takes as long whatever the first differing character:
    // the time of the answer does not give the token away bit by bit.
    if (expected && sent.size() == expected->size() &&
        sodium_memcmp(sent.data(), expected->data(), sent.size()) == 0)
    {
        fccb();
        return;
    }
    auto resp = HttpResponse::newHttpResponse(k403Forbidden, CT_TEXT_PLAIN);
    resp->setBody("This form has expired. Go back, reload the page and send it again.\n");
    fcb(resp);
}
// [/guide:filter]
