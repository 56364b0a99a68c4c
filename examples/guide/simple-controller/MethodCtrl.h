#pragma once

#include <drogon/HttpSimpleController.h>

// [guide:class]
// No automatic registration (second template argument false): its path
// list is not used, and main() gives it a path. The (empty) list must still
// be there: the base class template refers to it.
class MethodCtrl : public drogon::HttpSimpleController<MethodCtrl, false>
{
  public:
    void asyncHandleHttpRequest(
        const drogon::HttpRequestPtr &req,
        std::function<void(const drogon::HttpResponsePtr &)> &&callback)
        override;

    PATH_LIST_BEGIN
    PATH_LIST_END
};
// [/guide:class]
