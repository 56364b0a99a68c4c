#include "EchoCtrl.h"

// [guide:handler]
void EchoCtrl::asyncHandleHttpRequest(
    const drogon::HttpRequestPtr &req,
    std::function<void(const drogon::HttpResponsePtr &)> &&callback)
{
    Json::Value answer;
    answer["method"] = req->methodString();
    answer["path"] = req->path();
    answer["tag"] = req->getParameter("tag");           // from the query string
    answer["client"] = req->getHeader("x-client");      // header names ignore case
    answer["body"] = std::string(req->body());
    answer["bodyLength"] = static_cast<Json::UInt64>(req->body().size());
    callback(drogon::HttpResponse::newHttpJsonResponse(answer));
}
// [/guide:handler]
