#pragma once

#include <drogon/HttpMiddleware.h>

// [guide:class]
// The coroutine form of a middleware (C++20): invoke is a coroutine that
// co_awaits the rest of the chain instead of passing a callback to it.
class CacheControlMiddleware : public drogon::HttpCoroMiddleware<CacheControlMiddleware>
{
  public:
    drogon::Task<drogon::HttpResponsePtr> invoke(const drogon::HttpRequestPtr &req,
                                                 drogon::MiddlewareNextAwaiter &&next) override;
};
// [/guide:class]
