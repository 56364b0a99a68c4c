// [guide:source]
#include "HelloCtrl.h"

void HelloCtrl::asyncHandleHttpRequest(
    const drogon::HttpRequestPtr &req,
    std::function<void(const drogon::HttpResponsePtr &)> &&callback)
{
    auto resp = drogon::HttpResponse::newHttpResponse();
    resp->setContentTypeCode(drogon::CT_TEXT_PLAIN);
    resp->setBody("Hello from HelloCtrl, path " + req->path() + "\n");
    callback(resp);
}
// [/guide:source]
