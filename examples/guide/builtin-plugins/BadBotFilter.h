#pragma once

#include <drogon/HttpFilter.h>

// [guide:class]
// Turns away clients whose User-Agent contains "BadBot".
class BadBotFilter : public drogon::HttpFilter<BadBotFilter>
{
  public:
    void doFilter(const drogon::HttpRequestPtr &req,
                  drogon::FilterCallback &&fcb,
                  drogon::FilterChainCallback &&fccb) override;
};
// [/guide:class]
