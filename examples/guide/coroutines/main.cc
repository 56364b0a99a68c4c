#include <drogon/drogon.h>

#include <cstdlib>

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
}  // namespace

int main(int argc, char *argv[])
{
    // The port is the first argument (the tests give one); 8080 otherwise.
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

    app().addListener("127.0.0.1", port).run();
}
