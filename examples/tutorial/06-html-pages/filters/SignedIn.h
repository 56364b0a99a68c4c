/**
 *
 *  SignedIn.h
 *
 */

#pragma once

#include <drogon/HttpFilter.h>
using namespace drogon;

// [guide:class]
// Lets a request through only when its session names a signed-in user, whose
// id the handler then finds in the request's attributes ("user_id"). Anything
// else is answered here: 401 Unauthorized for the JSON API, and for a page, a
// redirection to the sign-in form.
class SignedIn : public HttpFilter<SignedIn>
{
  public:
    SignedIn() {}
    void doFilter(const HttpRequestPtr &req,
                  FilterCallback &&fcb,
                  FilterChainCallback &&fccb) override;
};
// [/guide:class]
