#pragma once

#include <drogon/HttpSimpleController.h>

// [guide:class]
// Answers POST /echo with what it received, as JSON.
class EchoCtrl : public drogon::HttpSimpleController<EchoCtrl>
{
  public:
    void asyncHandleHttpRequest(
        const drogon::HttpRequestPtr &req,
        std::function<void(const drogon::HttpResponsePtr &)> &&callback)
        override;

    PATH_LIST_BEGIN
    PATH_ADD("/echo", drogon::Post);
    PATH_LIST_END
};
// [/guide:class]
