#pragma once

#include <drogon/HttpController.h>

// [guide:routes]
// Accounts: sign up, sign in, who is signed in, sign out. Being signed in is
// a user id in the session, which Drogon keeps on the server and finds again
// by the session cookie the browser or curl sends back.
class AccountApi : public drogon::HttpController<AccountApi>
{
  public:
    METHOD_LIST_BEGIN
    ADD_METHOD_TO(AccountApi::signUp, "/api/signup", drogon::Post);
    ADD_METHOD_TO(AccountApi::signIn, "/api/signin", drogon::Post);
    ADD_METHOD_TO(AccountApi::me, "/api/me", drogon::Get);
    ADD_METHOD_TO(AccountApi::signOut, "/api/signout", drogon::Post);
    METHOD_LIST_END

    drogon::Task<drogon::HttpResponsePtr> signUp(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> signIn(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> me(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> signOut(drogon::HttpRequestPtr req);
};
// [/guide:routes]
