// [guide:header]
#pragma once

#include <drogon/HttpSimpleController.h>

class HelloCtrl : public drogon::HttpSimpleController<HelloCtrl>
{
  public:
    void asyncHandleHttpRequest(
        const drogon::HttpRequestPtr &req,
        std::function<void(const drogon::HttpResponsePtr &)> &&callback)
        override;

    PATH_LIST_BEGIN
    PATH_ADD("/hello", drogon::Get);
    PATH_ADD("/hi", drogon::Get, drogon::Post);
    PATH_LIST_END
};
// [/guide:header]
