#pragma once

#include <drogon/HttpController.h>

// [guide:routes]
// The HTML pages: forms that post, and answers that redirect (303 See Other)
// to the page to show next. Every post that changes something goes through
// CheckCsrf; the book pages through SignedIn too.
class Pages : public drogon::HttpController<Pages>
{
  public:
    METHOD_LIST_BEGIN
    ADD_METHOD_TO(Pages::home, "/", drogon::Get);
    ADD_METHOD_TO(Pages::signUpForm, "/signup", drogon::Get);
    ADD_METHOD_TO(Pages::signUp, "/signup", drogon::Post, "CheckCsrf");
    ADD_METHOD_TO(Pages::signInForm, "/signin", drogon::Get);
    ADD_METHOD_TO(Pages::signIn, "/signin", drogon::Post, "CheckCsrf");
    ADD_METHOD_TO(Pages::signOut, "/signout", drogon::Post, "CheckCsrf");
    ADD_METHOD_TO(Pages::list, "/books", drogon::Get, "SignedIn");
    ADD_METHOD_TO(Pages::add, "/books", drogon::Post, "SignedIn", "CheckCsrf");
    ADD_METHOD_TO(Pages::setStatus, "/books/{id}/status", drogon::Post, "SignedIn", "CheckCsrf");
    ADD_METHOD_TO(Pages::remove, "/books/{id}/delete", drogon::Post, "SignedIn", "CheckCsrf");
    METHOD_LIST_END

    drogon::Task<drogon::HttpResponsePtr> home(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> signUpForm(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> signUp(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> signInForm(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> signIn(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> signOut(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> list(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> add(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> setStatus(drogon::HttpRequestPtr req, std::string id);
    drogon::Task<drogon::HttpResponsePtr> remove(drogon::HttpRequestPtr req, std::string id);
};
// [/guide:routes]
