#include "AccountApi.h"

#include "AccountInput.h"
#include "Accounts.h"
#include "JsonResponses.h"
#include "Users.h"

#include <drogon/plugins/RealIpResolver.h>

using namespace drogon;
using drogon_model::sqlite3::Users;

static Json::Value toJson(const Users &user)
{
    Json::Value json;
    json["id"] = static_cast<Json::Int64>(user.getValueOfId());
    json["name"] = user.getValueOfName();
    return json;
}

// The name and password of the body, or the answer that refuses them.
static std::variant<AccountInput, HttpResponsePtr> readBody(const HttpRequestPtr &req)
{
    if (req->contentType() != CT_APPLICATION_JSON)
        return jsonError(k415UnsupportedMediaType, "send the name and password as JSON (Content-Type: application/json)");
    const auto &json = req->getJsonObject();
    if (!json)
        return jsonError(k400BadRequest, "the body is not valid JSON");
    auto input = readAccountInput(*json);
    if (auto *error = std::get_if<InputError>(&input))
        return jsonError(k400BadRequest, error->message, error->field);
    return std::get<AccountInput>(input);
}

// [guide:signup]
// POST /api/signup: 201 and signed in; 409 when the name is taken.
Task<HttpResponsePtr> AccountApi::signUp(HttpRequestPtr req)
{
    auto body = readBody(req);
    if (auto *refusal = std::get_if<HttpResponsePtr>(&body))
        co_return *refusal;
    auto &input = std::get<AccountInput>(body);
    auto user = co_await createAccount(input);
    if (!user)
        co_return jsonError(k409Conflict, "the name " + input.name + " is taken", "name");
    startSession(req, *user);
    co_return jsonResponse(toJson(*user), k201Created);
}
// [/guide:signup]

// [guide:signin]
// POST /api/signin: 200 and signed in, or 401. The answer is the same whether
// the name or the password was wrong.
Task<HttpResponsePtr> AccountApi::signIn(HttpRequestPtr req)
{
    auto body = readBody(req);
    if (auto *refusal = std::get_if<HttpResponsePtr>(&body))
        co_return *refusal;
    auto &input = std::get<AccountInput>(body);
    auto user = co_await findAccount(input);
    if (!user)
    {
        // Behind nginx the peer is nginx: the client is the address
        // RealIpResolver found (the peer's without the plugin).
        LOG_INFO << "failed sign-in for " << input.name << " from "
                 << plugin::RealIpResolver::GetRealAddr(req).toIp();
        co_return jsonError(k401Unauthorized, "wrong name or password");
    }
    startSession(req, *user);
    co_return jsonResponse(toJson(*user));
}
// [/guide:signin]

// [guide:me]
// GET /api/me: who is signed in, or 401.
Task<HttpResponsePtr> AccountApi::me(HttpRequestPtr req)
{
    auto userId = req->session()->getOptional<int64_t>("user_id");
    if (!userId)
        co_return jsonError(k401Unauthorized, "not signed in");
    Json::Value json;
    json["id"] = static_cast<Json::Int64>(*userId);
    json["name"] = req->session()->get<std::string>("user_name");
    co_return jsonResponse(json);
}
// [/guide:me]

// [guide:signout]
// POST /api/signout: 204; the session no longer names anyone.
Task<HttpResponsePtr> AccountApi::signOut(HttpRequestPtr req)
{
    req->session()->clear();
    co_return HttpResponse::newHttpResponse(k204NoContent, CT_NONE);
}
// [/guide:signout]
