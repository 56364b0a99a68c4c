#pragma once

#include <drogon/HttpFilter.h>

// [guide:class]
// Lets a request through only with the header x-api-key: let-me-in.
class ApiKeyFilter : public drogon::HttpFilter<ApiKeyFilter>
{
  public:
    void doFilter(const drogon::HttpRequestPtr &req,
                  drogon::FilterCallback &&fcb,
                  drogon::FilterChainCallback &&fccb) override;
};
// [/guide:class]
