#pragma once

#include <drogon/HttpMiddleware.h>

#include <atomic>

// [guide:class]
// Numbers every request it sees: the number goes to the handler (as a request
// attribute) before, and into an x-request-id header of the response after.
class RequestIdMiddleware : public drogon::HttpMiddleware<RequestIdMiddleware>
{
  public:
    void invoke(const drogon::HttpRequestPtr &req,
                drogon::MiddlewareNextCallback &&nextCb,
                drogon::MiddlewareCallback &&mcb) override;

  private:
    std::atomic<int> counter_{0};
};
// [/guide:class]
