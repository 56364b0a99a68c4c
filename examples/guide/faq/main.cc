// The FAQ's answers that need a program of their own: where the configured database and Redis
// clients exist, a single-page application with a fallback to index.html, a Secure session cookie.
#include <drogon/drogon.h>
#include <drogon/nosql/RedisClient.h>

#include <iostream>

using namespace drogon;

// "ready" or "null", for the lines this program prints.
static const char *state(bool ready)
{
    return ready ? "ready" : "null";
}

int main(int argc, char *argv[])
{
    app().loadConfigFile(argc > 1 ? argv[1] : "config.json");

    // [guide:too-early]
    // Too early: app().run() makes the clients of db_clients and redis_clients.
    // (This asks only to show it; a Drogon built in Debug mode aborts here on
    // an assertion instead of answering null.)
    std::cout << "before app().run(): database client " << state(app().getDbClient() != nullptr)
              << ", Redis client " << state(app().getRedisClient() != nullptr) << std::endl;
    // [/guide:too-early]

    // [guide:beginning]
    // After the clients are made, before the server accepts connections:
    // once, on the main thread, where a blocking call does no harm.
    app().registerBeginningAdvice([] {
        auto db = app().getDbClient();
        std::cout << "in a beginning advice: database client " << state(db != nullptr)
                  << ", Redis client " << state(app().getRedisClient() != nullptr) << std::endl;
        db->execSqlSync("CREATE TABLE IF NOT EXISTS visits (id INTEGER PRIMARY KEY AUTOINCREMENT)");
    });
    // [/guide:beginning]

    // [guide:handler]
    // In a handler: ask for the client where you use it.
    app().registerHandler(
        "/api/visits",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback) {
            auto db = app().getDbClient();
            db->execSqlAsync(
                "INSERT INTO visits DEFAULT VALUES",
                [db, callback](const orm::Result &) {
                    db->execSqlAsync(
                        "SELECT count(*) FROM visits",
                        [callback](const orm::Result &rows) {
                            Json::Value body;
                            body["visits"] = rows[0][0].as<int64_t>();
                            callback(HttpResponse::newHttpJsonResponse(body));
                        },
                        [callback](const orm::DrogonDbException &e) {
                            auto resp = HttpResponse::newHttpResponse(k500InternalServerError, CT_TEXT_PLAIN);
                            resp->setBody(e.base().what());
                            callback(resp);
                        });
                },
                [callback](const orm::DrogonDbException &e) {
                    auto resp = HttpResponse::newHttpResponse(k500InternalServerError, CT_TEXT_PLAIN);
                    resp->setBody(e.base().what());
                    callback(resp);
                });
        },
        {Get});

    // GET /api/hits: the same for Redis.
    app().registerHandler(
        "/api/hits",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback) {
            app().getRedisClient()->execCommandAsync(
                [callback](const nosql::RedisResult &result) {
                    Json::Value body;
                    body["hits"] = static_cast<Json::Int64>(result.asInteger());
                    callback(HttpResponse::newHttpJsonResponse(body));
                },
                [callback](const nosql::RedisException &e) {
                    auto resp = HttpResponse::newHttpResponse(k503ServiceUnavailable, CT_TEXT_PLAIN);
                    resp->setBody(e.what());
                    callback(resp);
                },
                "INCR hits");
        },
        {Get});
    // [/guide:handler]

    // [guide:spa]
    // A single-page application: its files are served from document_root; any
    // other GET that names no file and is not under /api/ (a path of the
    // application's own router, /books/42 say) gets index.html, so that a
    // reload or a link works. Drogon calls the default handler when no route
    // and no file matched.
    app().setDefaultHandler([](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
        const std::string &path = req->path();
        const bool namesAFile = path.find('.', path.rfind('/')) != std::string::npos;
        if (req->method() != Get || namesAFile || path.rfind("/api/", 0) == 0)
            return callback(HttpResponse::newNotFoundResponse(req));  // still a 404
        callback(HttpResponse::newFileResponse(app().getDocumentRoot() + "/index.html"));
    });
    // [/guide:spa]

    // [guide:secure-cookie]
    // The session cookie marked Secure: after Drogon has added it to the
    // answer, a pre-sending advice (it runs on every answer) sets the
    // attribute that enableSession has no parameter for.
    app().registerPreSendingAdvice([](const HttpRequestPtr &, const HttpResponsePtr &resp) {
        Cookie cookie = resp->getCookie("JSESSIONID");
        if (!cookie)
            return;  // no new session in this answer
        cookie.setSecure(true);
        resp->addCookie(std::move(cookie));
    });
    app().registerHandler(
        "/api/session",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
            resp->setBody(req->session()->sessionId().empty() ? "no session\n" : "a session\n");
            callback(resp);
        },
        {Get});
    // [/guide:secure-cookie]

    app().run();
}
