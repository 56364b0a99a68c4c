#pragma once

#include <drogon/HttpMiddleware.h>

#include <set>
#include <string>

// [guide:class]
// CORS for the routes it is named on. Pages from the allowed origins may call
// them with credentials (cookies) and a JSON body, and read the X-Note-Count
// header; pages from any other origin get no Access-Control-* header, so their
// browser keeps the answers from them.
class CorsMiddleware : public drogon::HttpMiddleware<CorsMiddleware, false>  // false: main() makes it
{
  public:
    explicit CorsMiddleware(std::set<std::string> allowedOrigins)
        : allowedOrigins_(std::move(allowedOrigins))
    {
    }

    void invoke(const drogon::HttpRequestPtr &req,
                drogon::MiddlewareNextCallback &&nextCb,
                drogon::MiddlewareCallback &&mcb) override;

  private:
    const std::set<std::string> allowedOrigins_;
};
// [/guide:class]
