#include "background.h"

#include <drogon/drogon.h>

#include <atomic>
#include <cstdlib>
#include <stdexcept>

using namespace drogon;
using namespace drogon::orm;

namespace
{
HttpResponsePtr text(const std::string &body, HttpStatusCode status = k200OK)
{
    auto resp = HttpResponse::newHttpResponse(status, CT_TEXT_PLAIN);
    resp->setBody(body);
    return resp;
}

// [guide:ask-slow]
// Asks /slow of the server behind `client` to wait `seconds`, and gives the
// answer; an answer other than 200 throws. A coroutine of its own, so that
// when_all can run several at once. Its parameters are taken by value: the
// coroutine keeps them while it is suspended.
Task<std::string> askSlow(HttpClientPtr client, int seconds)
{
    auto request = HttpRequest::newHttpRequest();
    request->setPath("/slow");
    request->setParameter("seconds", std::to_string(seconds));
    auto response = co_await client->sendRequestCoro(request, 10.0);
    if (response->statusCode() != k200OK)
        throw std::runtime_error("/slow?seconds=" + std::to_string(seconds) + " answered " +
                                 std::to_string(response->statusCode()));
    co_return std::string(response->body());
}
// [/guide:ask-slow]
}  // namespace

int main(int argc, char *argv[])
{
    // The port is the first argument, as every program of the guide takes it; 8080 without one.
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);

    // [guide:sum]
    // A coroutine handler: it gets no callback, it returns the response.
    app().registerHandler(
        "/sum?a={a}&b={b}",
        [](HttpRequestPtr req, int a, int b) -> Task<HttpResponsePtr> {
            co_return text(std::to_string(a + b) + "\n");
        },
        {Get});
    // [/guide:sum]

    // [guide:client]
    // Two requests to /sum of this same server, one after the other. Each
    // co_await suspends the handler and frees the thread until the answer.
    app().registerHandler(
        "/sum-twice?a={a}&b={b}",
        [port](HttpRequestPtr req, int a, int b) -> Task<HttpResponsePtr> {
            auto client = HttpClient::newHttpClient("127.0.0.1", port);
            auto ask = [&](int x, int y) {
                auto request = HttpRequest::newHttpRequest();
                request->setPath("/sum");
                request->setParameter("a", std::to_string(x));
                request->setParameter("b", std::to_string(y));
                return client->sendRequestCoro(request, 5.0);  // 5 s timeout
            };
            auto first = co_await ask(a, b);
            const int sum = std::stoi(std::string(first->body()));
            auto second = co_await ask(sum, sum);
            co_return text("(" + std::to_string(a) + " + " + std::to_string(b) + ") * 2 = " +
                           std::string(second->body()));
        },
        {Get});
    // [/guide:client]

    // [guide:db]
    // An SQLite3 database in memory: one connection, so one database.
    static auto db = DbClient::newSqlite3Client("filename=:memory:", 1);
    db->execSqlSync("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL CHECK (body <> ''))");

    app().registerHandler(
        "/notes",
        [](HttpRequestPtr req) -> Task<HttpResponsePtr> {
            if (req->method() == Post)
            {
                try
                {
                    co_await db->execSqlCoro("INSERT INTO notes (body) VALUES ($1)",
                                             req->getParameter("body"));
                }
                catch (const DrogonDbException &e)
                {
                    // A failed query throws where it was awaited.
                    co_return text(std::string("not saved: ") + e.base().what() + "\n",
                                   k400BadRequest);
                }
            }
            auto rows = co_await db->execSqlCoro("SELECT id, body FROM notes ORDER BY id");
            std::string all;
            for (const auto &row : rows)
                all += row["id"].as<std::string>() + ". " + row["body"].as<std::string>() + "\n";
            co_return text(all.empty() ? "no notes\n" : all);
        },
        {Get, Post});
    // [/guide:db]

    // [guide:sync-wait]
    // sync_wait runs a coroutine from ordinary code and blocks until it has
    // finished: in main() before run(), never on an I/O thread, which it
    // would block.
    LOG_INFO << "starting with " << sync_wait(countNotes(db)) << " note(s)";
    registerBackgroundRoutes(db);  // background.cc
    // [/guide:sync-wait]

    // [guide:by-value]
    // Parameters by value: the coroutine keeps its own copies while it is
    // suspended. With const std::string &name, name would refer to a string
    // in Drogon's code that is gone after the first co_await.
    app().registerHandler(
        "/greet-later?name={name}",
        [](HttpRequestPtr req, std::string name) -> Task<HttpResponsePtr> {
            co_await sleepCoro(app().getLoop(), std::chrono::milliseconds(200));
            co_return text("hello, " + name + ", from " + req->peerAddr().toIp() + "\n");
        },
        {Get});
    // [/guide:by-value]

    // [guide:uncaught]
    // An exception that leaves the handler reaches Drogon's exception
    // handler: the client gets 500, the log gets the message.
    app().registerHandler(
        "/broken",
        [](HttpRequestPtr req) -> Task<HttpResponsePtr> {
            auto rows = co_await db->execSqlCoro("SELECT * FROM no_such_table");
            co_return text("unreachable\n");
        },
        {Get});
    // [/guide:uncaught]

    // [guide:slow]
    // A slow service: it answers after `seconds` seconds. sleepCoro is a timer
    // that suspends the handler; the thread serves other requests meanwhile.
    app().registerHandler(
        "/slow?seconds={seconds}",
        [](HttpRequestPtr req, int seconds) -> Task<HttpResponsePtr> {
            if (seconds < 0 || seconds > 5)
                co_return text("seconds must be 0 to 5\n", k400BadRequest);
            co_await sleepCoro(app().getLoop(), std::chrono::seconds(seconds));
            co_return text("slept " + std::to_string(seconds) + " s\n");
        },
        {Get});
    // [/guide:slow]

    // [guide:when-all]
    // Two calls to /slow at once (when_all is in Drogon from 1.9.12): it starts
    // both tasks and resumes the handler when both have finished, with their
    // results in order.
    app().registerHandler(
        "/both?a={a}&b={b}",
        [port](HttpRequestPtr req, int a, int b) -> Task<HttpResponsePtr> {
            try
            {
                // A client each: one client sends one request at a time.
                auto [first, second] =
                    co_await when_all(askSlow(HttpClient::newHttpClient("127.0.0.1", port), a),
                                      askSlow(HttpClient::newHttpClient("127.0.0.1", port), b));
                co_return text(first + second);
            }
            catch (const std::exception &e)
            {
                // A task threw: when_all waited for the others, then threw it here.
                co_return text(std::string("failed: ") + e.what() + "\n", k502BadGateway);
            }
        },
        {Get});
    // [/guide:when-all]

    // [guide:one-client]
    // The same with one client for both tasks: the client sends the second
    // request when the first is answered, so both take as long as in turn.
    app().registerHandler(
        "/both-one-client?a={a}&b={b}",
        [port](HttpRequestPtr req, int a, int b) -> Task<HttpResponsePtr> {
            auto client = HttpClient::newHttpClient("127.0.0.1", port);
            auto [first, second] = co_await when_all(askSlow(client, a), askSlow(client, b));
            co_return text(first + second);
        },
        {Get});
    // [/guide:one-client]

    // [guide:mutex]
    // A read-modify-write across a co_await: read the count, ask /slow (1 s),
    // write the count + 1. Other requests run while a handler is suspended.
    // std::atomic makes each read and each write safe (the handler resumes on
    // the client's thread), not the three steps together.
    static std::atomic<int> unlockedCount{0};
    static std::atomic<int> lockedCount{0};
    static Mutex countMutex;  // drogon::Mutex, from Drogon 1.9.7

    app().registerHandler(
        "/count/unlocked",
        [port](HttpRequestPtr req) -> Task<HttpResponsePtr> {
            const int seen = unlockedCount;
            co_await askSlow(HttpClient::newHttpClient("127.0.0.1", port), 1);
            unlockedCount = seen + 1;
            co_return text(std::to_string(seen + 1) + "\n");
        },
        {Post});

    app().registerHandler(
        "/count/locked",
        [port](HttpRequestPtr req) -> Task<HttpResponsePtr> {
            // Suspends this handler, without blocking the thread, until no other
            // handler holds the mutex. `lock` is a std::unique_lock: the mutex is
            // unlocked when it goes out of scope, here when the handler ends.
            auto lock = co_await countMutex.scoped_lock();
            const int seen = lockedCount;
            co_await askSlow(HttpClient::newHttpClient("127.0.0.1", port), 1);
            lockedCount = seen + 1;
            co_return text(std::to_string(seen + 1) + "\n");
        },
        {Post});

    app().registerHandler(
        "/count",
        [](HttpRequestPtr req) -> Task<HttpResponsePtr> {
            co_return text("unlocked: " + std::to_string(unlockedCount) +
                           "\nlocked: " + std::to_string(lockedCount) + "\n");
        },
        {Get});
    // [/guide:mutex]

    app().addListener("127.0.0.1", port).run();
}
