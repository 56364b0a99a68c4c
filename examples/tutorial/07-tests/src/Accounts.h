#pragma once

#include "AccountInput.h"
#include "Users.h"

#include <drogon/HttpRequest.h>
#include <drogon/utils/coroutine.h>

#include <optional>

// What signing up and signing in do, for the JSON API and the HTML pages alike.

// A new account with a hashed password; none when the name is taken.
drogon::Task<std::optional<drogon_model::sqlite3::Users>> createAccount(AccountInput input);

// The account whose name and password these are; none when either is wrong.
drogon::Task<std::optional<drogon_model::sqlite3::Users>> findAccount(AccountInput input);

// Signs `user` in: what the session held before goes, and the session gets a
// new id, so an id someone planted in the browser beforehand is worth nothing.
void startSession(const drogon::HttpRequestPtr &req, const drogon_model::sqlite3::Users &user);
