#pragma once

#include <drogon/HttpRequest.h>

#include <string>

// [guide:token]
// The session's CSRF token: 32 random characters, made the first time a page
// with a form is shown in this session. Every form that changes something
// sends it back in a hidden field, csrf_token; the CheckCsrf filter compares.
// Another site can make a browser post a form here, but it cannot read this
// page, so it cannot know the token.
std::string csrfToken(const drogon::HttpRequestPtr &req);
// [/guide:token]
