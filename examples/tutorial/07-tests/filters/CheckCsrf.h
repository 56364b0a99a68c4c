/**
 *
 *  CheckCsrf.h
 *
 */

#pragma once

#include <drogon/HttpFilter.h>
using namespace drogon;

// [guide:class]
// On every form post that changes something: the form's csrf_token must be
// the session's. Otherwise 403 Forbidden, and nothing changes.
class CheckCsrf : public HttpFilter<CheckCsrf>
{
  public:
    CheckCsrf() {}
    void doFilter(const HttpRequestPtr &req,
                  FilterCallback &&fcb,
                  FilterChainCallback &&fccb) override;
};
// [/guide:class]
