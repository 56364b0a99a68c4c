#pragma once

#include <drogon/HttpFilter.h>

// [guide:class]
// The coroutine form of a filter (C++20): doFilter is a coroutine that
// returns the answer, or nullptr to let the request through. This one is
// ApiKeyFilter made slow for guessers: a wrong key is refused after 0.5 s.
class SlowApiKeyFilter : public drogon::HttpCoroFilter<SlowApiKeyFilter>
{
  public:
    drogon::Task<drogon::HttpResponsePtr> doFilter(const drogon::HttpRequestPtr &req) override;
};
// [/guide:class]
