#define DROGON_TEST_MAIN
#include <drogon/drogon_test.h>
#include <drogon/drogon.h>

#include "App.h"

#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <future>
#include <thread>

using namespace drogon;

namespace
{
uint16_t port = 0;  // known once the server listens (see main)

// [guide:client]
// A client of its own for each user: it keeps that user's session cookie.
HttpClientPtr newUser()
{
    auto client = HttpClient::newHttpClient("127.0.0.1", port);
    client->enableCookies();
    return client;
}

// One request with a JSON body (or none), sent and waited for.
Task<HttpResponsePtr> send(HttpClientPtr client, HttpMethod method, std::string path,
                           Json::Value body = Json::Value())
{
    auto req = body.isNull() ? HttpRequest::newHttpRequest() : HttpRequest::newHttpJsonRequest(body);
    req->setMethod(method);
    req->setPath(path);
    co_return co_await client->sendRequestCoro(req);
}

Json::Value account(const std::string &name, const std::string &password)
{
    Json::Value body;
    body["name"] = name;
    body["password"] = password;
    return body;
}

Json::Value book(const std::string &title)
{
    Json::Value body;
    body["title"] = title;
    return body;
}
// [/guide:client]
}  // namespace

// [guide:accounts]
DROGON_TEST(SignUpSignInSignOut)
{
    [](std::shared_ptr<test::Case> TEST_CTX) -> AsyncTask {
        auto ann = newUser();
        auto resp = co_await send(ann, Post, "/api/signup", account("ann", "correct horse battery"));
        CO_REQUIRE(resp->getStatusCode() == k201Created);
        CHECK((*resp->getJsonObject())["name"].asString() == "ann");
        CHECK((co_await send(ann, Get, "/api/me"))->getStatusCode() == k200OK);
        CHECK((co_await send(ann, Post, "/api/signout"))->getStatusCode() == k204NoContent);
        CHECK((co_await send(ann, Get, "/api/me"))->getStatusCode() == k401Unauthorized);
        resp = co_await send(ann, Post, "/api/signin", account("ann", "wrong horse battery"));
        CHECK(resp->getStatusCode() == k401Unauthorized);
        resp = co_await send(ann, Post, "/api/signin", account("ann", "correct horse battery"));
        CHECK(resp->getStatusCode() == k200OK);
        resp = co_await send(newUser(), Post, "/api/signup", account("ann", "another long password"));
        CHECK(resp->getStatusCode() == k409Conflict);
    }(TEST_CTX);
}
// [/guide:accounts]

// [guide:per-user]
DROGON_TEST(BooksArePerUser)
{
    [](std::shared_ptr<test::Case> TEST_CTX) -> AsyncTask {
        auto cleo = newUser();
        auto dan = newUser();
        co_await send(cleo, Post, "/api/signup", account("cleo", "cleo's long password"));
        co_await send(dan, Post, "/api/signup", account("dan", "dan's long password"));
        auto created = co_await send(cleo, Post, "/api/books", book("Kindred"));
        CO_REQUIRE(created->getStatusCode() == k201Created);
        const auto location = created->getHeader("location");
        CHECK((co_await send(cleo, Get, location))->getStatusCode() == k200OK);
        CHECK((co_await send(dan, Get, location))->getStatusCode() == k403Forbidden);
        CHECK((co_await send(dan, Delete, location))->getStatusCode() == k403Forbidden);
        CHECK((co_await send(newUser(), Get, location))->getStatusCode() == k401Unauthorized);
        auto list = co_await send(dan, Get, "/api/books");
        CHECK(list->getJsonObject()->size() == 0);
    }(TEST_CTX);
}
// [/guide:per-user]

// [guide:validation]
DROGON_TEST(Validation)
{
    [](std::shared_ptr<test::Case> TEST_CTX) -> AsyncTask {
        auto eve = newUser();
        co_await send(eve, Post, "/api/signup", account("eve", "eve's long password"));
        Json::Value noTitle;
        noTitle["author"] = "Octavia E. Butler";
        auto resp = co_await send(eve, Post, "/api/books", noTitle);
        CHECK(resp->getStatusCode() == k400BadRequest);
        CHECK((*resp->getJsonObject())["field"].asString() == "title");
        resp = co_await send(eve, Get, "/api/books?status=lost");
        CHECK(resp->getStatusCode() == k400BadRequest);
        auto notJson = HttpRequest::newHttpFormPostRequest();
        notJson->setPath("/api/books");
        notJson->setParameter("title", "Dune");
        CHECK((co_await eve->sendRequestCoro(notJson))->getStatusCode() == k415UnsupportedMediaType);
    }(TEST_CTX);
}
// [/guide:validation]

// [guide:injection]
// Text that would change a query built by pasting strings is stored and found
// as text: the ORM binds every value.
DROGON_TEST(SqlInjection)
{
    [](std::shared_ptr<test::Case> TEST_CTX) -> AsyncTask {
        auto finn = newUser();
        co_await send(finn, Post, "/api/signup", account("finn", "finn's long password"));
        const std::string title = "x'); DROP TABLE books; --";
        auto created = co_await send(finn, Post, "/api/books", book(title));
        CO_REQUIRE(created->getStatusCode() == k201Created);
        auto list = co_await send(finn, Get, "/api/books");
        CO_REQUIRE(list->getJsonObject()->size() == 1);
        CHECK((*list->getJsonObject())[0]["title"].asString() == title);
        CHECK((co_await send(finn, Get, "/api/books?status=done'%20OR%20'1'='1"))->getStatusCode() == k400BadRequest);
        CHECK((co_await send(finn, Get, "/api/books/1%20OR%201=1"))->getStatusCode() == k404NotFound);
        auto signIn = co_await send(newUser(), Post, "/api/signin", account("finn' --", "anything at all"));
        CHECK(signIn->getStatusCode() == k400BadRequest);
    }(TEST_CTX);
}
// [/guide:injection]

// [guide:hashes]
// The database holds an Argon2id hash, never the password.
DROGON_TEST(PasswordsAreHashed)
{
    [](std::shared_ptr<test::Case> TEST_CTX) -> AsyncTask {
        co_await send(newUser(), Post, "/api/signup", account("gus", "gus's long password"));
        auto rows = co_await app().getDbClient()->execSqlCoro(
            "SELECT password_hash FROM users WHERE name = ?", "gus");
        CO_REQUIRE(rows.size() == 1);
        const auto hash = rows[0]["password_hash"].as<std::string>();
        CHECK(hash.rfind("$argon2id$", 0) == 0);
        CHECK(hash.find("gus's long password") == std::string::npos);
    }(TEST_CTX);
}
// [/guide:hashes]

// [guide:csrf]
// A form post without the session's token changes nothing.
DROGON_TEST(FormsNeedTheCsrfToken)
{
    [](std::shared_ptr<test::Case> TEST_CTX) -> AsyncTask {
        auto hana = newUser();
        co_await send(hana, Post, "/api/signup", account("hana", "hana's long password"));
        auto form = HttpRequest::newHttpFormPostRequest();
        form->setPath("/books");
        form->setParameter("title", "Forged");
        form->setParameter("csrf_token", "guessed");
        CHECK((co_await hana->sendRequestCoro(form))->getStatusCode() == k403Forbidden);
        auto list = co_await send(hana, Get, "/api/books");
        CHECK(list->getJsonObject()->size() == 0);
    }(TEST_CTX);
}
// [/guide:csrf]

// [guide:main]
int main(int argc, char **argv)
{
    // A fresh database, brought up to date by the same script as any other.
    std::filesystem::remove("test.db");
    const std::string migrate = std::string("sh '") + SOURCE_DIR + "/migrate.sh' test.db > /dev/null";
    if (std::system(migrate.c_str()) != 0)
        return 1;
    std::promise<void> listening;
    std::thread server([&listening]() {
        setUpApp(std::string(SOURCE_DIR) + "/test/config.json");
        app().addListener("127.0.0.1", 0);  // a free port, picked by the system
        app().registerBeginningAdvice([&listening]() {
            port = app().getListeners().front().toPort();
            listening.set_value();
        });
        app().run();
    });
    listening.get_future().wait();
    // The beginning advice runs just before the listener accepts: ask until
    // the server answers (a blocking request, allowed off its event loop).
    auto probe = HttpClient::newHttpClient("127.0.0.1", port);
    for (int i = 0; i < 500 && probe->sendRequest(HttpRequest::newHttpRequest()).first != ReqResult::Ok; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const int status = test::run(argc, argv);
    app().getLoop()->queueInLoop([]() { app().quit(); });
    server.join();
    // As in main.cc: leave before Drogon 1.9.13 destroys its sessions.
    std::fflush(nullptr);
    std::quick_exit(status);
}
// [/guide:main]
