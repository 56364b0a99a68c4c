#pragma once

#include <drogon/HttpController.h>

// [guide:class]
// Handlers that each show one part of a request or a response.
class Exchange : public drogon::HttpController<Exchange>
{
  public:
    METHOD_LIST_BEGIN
    ADD_METHOD_TO(Exchange::status, "/status/{code}", drogon::Get);
    ADD_METHOD_TO(Exchange::headers, "/headers", drogon::Get);
    ADD_METHOD_TO(Exchange::setCookie, "/cookie/set?flavor={flavor}", drogon::Get);
    ADD_METHOD_TO(Exchange::showCookie, "/cookie/show", drogon::Get);
    ADD_METHOD_TO(Exchange::form, "/form", drogon::Post);
    ADD_METHOD_TO(Exchange::upload, "/upload", drogon::Post);
    ADD_METHOD_TO(Exchange::download, "/download/{name}", drogon::Get);
    ADD_METHOD_TO(Exchange::moved, "/old-place", drogon::Get);
    METHOD_LIST_END

    using Callback = std::function<void(const drogon::HttpResponsePtr &)>;
    void status(const drogon::HttpRequestPtr &req, Callback &&callback, int code);
    void headers(const drogon::HttpRequestPtr &req, Callback &&callback);
    void setCookie(const drogon::HttpRequestPtr &req, Callback &&callback, const std::string &flavor);
    void showCookie(const drogon::HttpRequestPtr &req, Callback &&callback);
    void form(const drogon::HttpRequestPtr &req, Callback &&callback);
    void upload(const drogon::HttpRequestPtr &req, Callback &&callback);
    void download(const drogon::HttpRequestPtr &req, Callback &&callback, const std::string &name);
    void moved(const drogon::HttpRequestPtr &req, Callback &&callback);
};
// [/guide:class]
