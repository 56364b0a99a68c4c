#include "background.h"

#include <string>

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

// [guide:count]
// A coroutine of its own: it gives the number of notes when awaited.
Task<int> countNotes(DbClientPtr db)
{
    auto rows = co_await db->execSqlCoro("SELECT count(*) FROM notes");
    co_return rows[0][0].as<int>();
}
// [/guide:count]

void registerBackgroundRoutes(DbClientPtr db)
{
    // [guide:async-task]
    // A handler that returns AsyncTask is a coroutine that gets a callback,
    // like an ordinary handler, and answers through it. Nobody awaits an
    // AsyncTask: an exception that leaves it ends the program, so it catches.
    app().registerHandler(
        "/notes/count",
        [db](HttpRequestPtr req,
             std::function<void(const HttpResponsePtr &)> callback) -> AsyncTask {
            try
            {
                const int count = co_await countNotes(db);
                callback(text(std::to_string(count) + " note(s)\n"));
            }
            catch (const DrogonDbException &e)
            {
                callback(text(std::string(e.base().what()) + "\n", k500InternalServerError));
            }
        },
        {Get});
    // [/guide:async-task]

    // [guide:async-run]
    // An ordinary handler that starts a coroutine. async_run runs it until its
    // first co_await and returns; the coroutine goes on later, and answers.
    // async_run keeps the lambda, and so its captures, until the coroutine
    // ends: db and callback are still there after the co_await. As with
    // AsyncTask, an exception must not leave the coroutine.
    app().registerHandler(
        "/notes/purge",
        [db](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            async_run([db, callback = std::move(callback)]() -> Task<> {
                try
                {
                    auto result = co_await db->execSqlCoro("DELETE FROM notes");
                    callback(text("purged " + std::to_string(result.affectedRows()) + " note(s)\n"));
                }
                catch (const DrogonDbException &e)
                {
                    callback(text(std::string(e.base().what()) + "\n", k500InternalServerError));
                }
            });
        },
        {Post});
    // [/guide:async-run]

    // [guide:async-func]
    // async_func wraps a coroutine lambda into a std::function<void()>, for
    // APIs that take a plain function: here a timer. It too keeps the lambda
    // until the coroutine ends.
    app().registerHandler(
        "/notes/purge-later?after={seconds}",
        [db](const HttpRequestPtr &req,
             std::function<void(const HttpResponsePtr &)> &&callback,
             int seconds) {
            app().getLoop()->runAfter(seconds, async_func([db, seconds]() -> Task<> {
                try
                {
                    auto result = co_await db->execSqlCoro("DELETE FROM notes");
                    LOG_INFO << "purged " << result.affectedRows() << " note(s), " << seconds
                             << " s after the request";
                }
                catch (const DrogonDbException &e)
                {
                    LOG_ERROR << "purge failed: " << e.base().what();
                }
            }));
            callback(text("purging in " + std::to_string(seconds) + " s\n"));
        },
        {Post});
    // [/guide:async-func]
}
