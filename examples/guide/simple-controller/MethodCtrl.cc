#include "MethodCtrl.h"

// [guide:handler]
void MethodCtrl::asyncHandleHttpRequest(
    const drogon::HttpRequestPtr &req,
    std::function<void(const drogon::HttpResponsePtr &)> &&callback)
{
    auto resp = drogon::HttpResponse::newHttpResponse();
    resp->setContentTypeCode(drogon::CT_TEXT_PLAIN);
    resp->setBody(std::string("You sent a ") + req->methodString() + " request\n");
    callback(resp);
}
// [/guide:handler]
