#include "Pages.h"

#include "AccountInput.h"
#include "Accounts.h"
#include "BookInput.h"
#include "Csrf.h"
#include "OwnBooks.h"

#include <drogon/plugins/RealIpResolver.h>

using namespace drogon;
using drogon_model::sqlite3::Books;

namespace
{
// [guide:render]
// A page: the view, inside the Layout view, with what every page shows (its
// title, who is signed in, the CSRF token for its forms).
HttpResponsePtr page(const HttpRequestPtr &req,
                     const std::string &view,
                     const std::string &title,
                     HttpViewData data,
                     HttpStatusCode code = k200OK)
{
    data.insert("title", title);
    data.insert("user", req->session()->getOptional<std::string>("user_name").value_or(""));
    data.insert("csrf", csrfToken(req));
    auto resp = HttpResponse::newHttpViewResponse(view, data);
    resp->setStatusCode(code);
    return resp;
}
// [/guide:render]

HttpResponsePtr redirect(const std::string &to)
{
    return HttpResponse::newRedirectionResponse(to, k303SeeOther);
}

HttpResponsePtr accountForm(const HttpRequestPtr &req,
                            const std::string &form,
                            const std::string &error = "",
                            HttpStatusCode code = k200OK)
{
    HttpViewData data;
    data.insert("form", form);
    data.insert("error", error);
    data.insert("name", req->getParameter("name"));
    return page(req, "Account", form == "signup" ? "Sign up" : "Sign in", data, code);
}

// The form's fields as the JSON object the API reads, so both check alike.
Json::Value formFields(const HttpRequestPtr &req, std::initializer_list<const char *> names)
{
    Json::Value fields(Json::objectValue);
    for (const auto *name : names)
        if (!req->getParameter(name).empty())
            fields[name] = req->getParameter(name);
    return fields;
}

Task<HttpResponsePtr> listPage(HttpRequestPtr req, std::string error = "", HttpStatusCode code = k200OK)
{
    auto mapper = books();
    mapper.orderBy(Books::Cols::_id);
    HttpViewData data;
    data.insert("books", co_await mapper.findBy(orm::Criteria(Books::Cols::_user_id, orm::CompareOperator::EQ, userOf(req))));
    data.insert("error", error);
    co_return page(req, "BookList", "Your books", data, code);
}
}  // namespace

Task<HttpResponsePtr> Pages::home(HttpRequestPtr req)
{
    co_return redirect(req->session()->getOptional<int64_t>("user_id") ? "/books" : "/signin");
}

Task<HttpResponsePtr> Pages::signUpForm(HttpRequestPtr req)
{
    co_return accountForm(req, "signup");
}

Task<HttpResponsePtr> Pages::signInForm(HttpRequestPtr req)
{
    co_return accountForm(req, "signin");
}

// [guide:signup]
Task<HttpResponsePtr> Pages::signUp(HttpRequestPtr req)
{
    auto input = readAccountInput(formFields(req, {"name", "password"}));
    if (auto *error = std::get_if<InputError>(&input))
        co_return accountForm(req, "signup", error->message, k400BadRequest);
    auto user = co_await createAccount(std::get<AccountInput>(input));
    if (!user)
        co_return accountForm(req, "signup", "That name is taken.", k409Conflict);
    startSession(req, *user);
    co_return redirect("/books");
}
// [/guide:signup]

Task<HttpResponsePtr> Pages::signIn(HttpRequestPtr req)
{
    auto input = readAccountInput(formFields(req, {"name", "password"}));
    std::optional<drogon_model::sqlite3::Users> user;
    if (auto *account = std::get_if<AccountInput>(&input))
        user = co_await findAccount(*account);
    if (!user)
    {
        // The client as RealIpResolver found it, as in AccountApi.cc.
        LOG_INFO << "failed sign-in from " << plugin::RealIpResolver::GetRealAddr(req).toIp();
        co_return accountForm(req, "signin", "Wrong name or password.", k401Unauthorized);
    }
    startSession(req, *user);
    co_return redirect("/books");
}

Task<HttpResponsePtr> Pages::signOut(HttpRequestPtr req)
{
    req->session()->clear();
    co_return redirect("/signin");
}

Task<HttpResponsePtr> Pages::list(HttpRequestPtr req)
{
    co_return co_await listPage(req);
}

// [guide:add]
Task<HttpResponsePtr> Pages::add(HttpRequestPtr req)
{
    auto input = readBookInput(formFields(req, {"title", "author"}), true);
    if (auto *error = std::get_if<InputError>(&input))
        co_return co_await listPage(req, error->message, k400BadRequest);
    const auto &fields = std::get<BookInput>(input);
    Books book;
    book.setTitle(*fields.title);
    book.setAuthor(fields.author.value_or(""));
    book.setStatus("to-read");
    book.setUserId(userOf(req));
    co_await books().insert(book);
    co_return redirect("/books");
}
// [/guide:add]

Task<HttpResponsePtr> Pages::setStatus(HttpRequestPtr req, std::string id)
{
    auto found = co_await findOwnBook(req, id);
    const auto status = req->getParameter("status");
    if (!found.book)
        co_return co_await listPage(req, found.reason, found.refusal);
    if (!isValidStatus(status))
        co_return co_await listPage(req, "status must be to-read, reading or done", k400BadRequest);
    found.book->setStatus(status);
    co_await books().update(*found.book);
    co_return redirect("/books");
}

Task<HttpResponsePtr> Pages::remove(HttpRequestPtr req, std::string id)
{
    auto found = co_await findOwnBook(req, id);
    if (!found.book)
        co_return co_await listPage(req, found.reason, found.refusal);
    co_await books().deleteOne(*found.book);
    co_return redirect("/books");
}
