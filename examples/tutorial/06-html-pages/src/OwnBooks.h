#pragma once

#include "Books.h"

#include <drogon/HttpRequest.h>
#include <drogon/HttpTypes.h>
#include <drogon/orm/CoroMapper.h>

#include <optional>
#include <string>

// The books table through its model: every query the mapper builds binds the
// values it is given as parameters, never as SQL text.
drogon::orm::CoroMapper<drogon_model::sqlite3::Books> books();

// The signed-in user, as the SignedIn filter left it in the request.
int64_t userOf(const drogon::HttpRequestPtr &req);

// The book a path names, if it is the user's own; otherwise why not: 404 when
// there is no such book, 403 Forbidden when it is someone else's.
struct OwnBook
{
    std::optional<drogon_model::sqlite3::Books> book;
    drogon::HttpStatusCode refusal{drogon::k200OK};
    std::string reason;
};
drogon::Task<OwnBook> findOwnBook(const drogon::HttpRequestPtr &req, std::string id);
