#include <drogon/IOThreadStorage.h>
#include <drogon/drogon.h>
#include <trantor/utils/ConcurrentTaskQueue.h>

#include <chrono>
#include <cstdlib>
#include <thread>

using namespace drogon;

namespace
{
HttpResponsePtr text(const std::string &body)
{
    auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
    resp->setBody(body);
    return resp;
}

uint64_t fibonacci(unsigned n)
{
    return n < 2 ? n : fibonacci(n - 1) + fibonacci(n - 2);
}
}  // namespace

int main(int argc, char *argv[])
{
    // threading_example [PORT [THREADS]]
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    const size_t threads = argc > 2 ? std::atoi(argv[2]) : 2;

    // [guide:threads]
    app().setThreadNum(threads);  // I/O threads, each with its own event loop
    // [/guide:threads]

    // [guide:whoami]
    // Which I/O thread runs this handler: the one that owns the connection.
    app().registerHandler(
        "/whoami",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            callback(text("I/O thread " + std::to_string(app().getCurrentThreadIndex()) + " of " +
                          std::to_string(app().getThreadNum()) + "\n"));
        },
        {Get});
    // [/guide:whoami]

    // [guide:block]
    // Wrong: sleeping blocks the I/O thread, and every connection it owns
    // waits too.
    app().registerHandler(
        "/block",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            std::this_thread::sleep_for(std::chrono::seconds(5));
            callback(text("blocked for 5 s\n"));
        },
        {Get});

    // Right: a timer on the thread's event loop; the thread serves others
    // in the meantime.
    app().registerHandler(
        "/wait",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            trantor::EventLoop::getEventLoopOfCurrentThread()->runAfter(
                5.0, [callback = std::move(callback)]() { callback(text("waited 5 s\n")); });
        },
        {Get});
    // [/guide:block]

    // [guide:offload]
    // CPU-heavy work goes to a pool of worker threads; the callback may be
    // called from there, Drogon sends the response from the right thread.
    static trantor::ConcurrentTaskQueue workers(2, "workers");
    app().registerHandler(
        "/fib/{n}",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           unsigned n) {
            workers.runTaskInQueue([n, callback = std::move(callback)]() {
                callback(text("fib(" + std::to_string(n) + ") = " + std::to_string(fibonacci(n)) + "\n"));
            });
        },
        {Get});
    // [/guide:offload]

    // [guide:storage]
    // One counter per I/O thread: each thread touches only its own, so no lock.
    static IOThreadStorage<uint64_t> served;
    app().registerHandler(
        "/count",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            const uint64_t mine = ++*served;
            callback(text(std::to_string(mine) + " requests on this thread\n"));
        },
        {Get});
    // [/guide:storage]

    app().addListener("127.0.0.1", port).run();
}
