#include <drogon/drogon.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <iostream>
#include <map>

using namespace drogon;
using namespace drogon::orm;

namespace
{
using Clock = std::chrono::steady_clock;

HttpResponsePtr json(const Json::Value &body, HttpStatusCode status = k200OK)
{
    auto resp = HttpResponse::newHttpJsonResponse(body);
    resp->setStatusCode(status);
    return resp;
}

double millisecondsSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

Json::Int64 rounded(double value)
{
    return static_cast<Json::Int64>(std::llround(value));
}

// [guide:lookup]
// The clients of config.json. A fast client exists once per I/O thread:
// getFastDbClient() returns the one of the calling thread, so it is looked
// up in the handler, on the thread that uses it, never kept elsewhere.
const std::map<std::string, bool> isFast = {{"pool1", false},
                                            {"pool4", false},
                                            {"fast", true},
                                            {"fast_batch", true},
                                            {"timeout", false},
                                            {"statement_timeout", false}};

DbClientPtr client(const std::string &name)
{
    auto found = isFast.find(name);
    if (found == isFast.end())
        return nullptr;
    return found->second ? app().getFastDbClient(name) : app().getDbClient(name);
}
// [/guide:lookup]

HttpResponsePtr noSuchClient(const std::string &name)
{
    Json::Value body;
    body["error"] = "no client " + name;
    return json(body, k404NotFound);
}

// [guide:burst]
// GET /burst/{client}?n=N: N queries at once on one client, answered when
// the last one is done. The query is the cheapest there is, so what this
// measures is the round trips.
void burst(const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           const std::string &name,
           size_t n)
{
    auto db = client(name);
    if (!db)
        return callback(noSuchClient(name));
    n = std::clamp<size_t>(n, 1, 100000);
    struct Burst
    {
        std::atomic<size_t> left;
        std::atomic<size_t> failed{0};
        Clock::time_point start = Clock::now();
        std::function<void(const HttpResponsePtr &)> callback;
    };
    auto state = std::make_shared<Burst>();
    state->left = n;
    state->callback = std::move(callback);
    // Callbacks of a normal client run on its own threads, so the count is atomic.
    auto oneDone = [state, name, n](bool ok) {
        if (!ok)
            ++state->failed;
        if (--state->left > 0)
            return;
        const double ms = millisecondsSince(state->start);
        Json::Value body;
        body["client"] = name;
        body["queries"] = static_cast<Json::UInt64>(n);
        body["failed"] = static_cast<Json::UInt64>(state->failed.load());
        body["ms"] = rounded(ms);
        body["per_second"] = rounded(n / (ms / 1000.0));
        state->callback(json(body));
    };
    for (size_t i = 0; i < n; ++i)
    {
        db->execSqlAsync(
            "SELECT $1::integer",
            [oneDone](const Result &) { oneDone(true); },
            [oneDone](const DrogonDbException &) { oneDone(false); },
            static_cast<int32_t>(i));
    }
}
// [/guide:burst]

// [guide:divide]
// GET /divide/{client}: ten divisions sent at once; the fourth divides by
// zero. Each gets its own answer: a quotient or an error.
void divide(const HttpRequestPtr &req,
            std::function<void(const HttpResponsePtr &)> &&callback,
            const std::string &name)
{
    auto db = client(name);
    if (!db)
        return callback(noSuchClient(name));
    const std::vector<int32_t> divisors = {1, 2, 5, 0, 10, 1, 2, 5, 10, 1};
    auto answers = std::make_shared<std::vector<std::string>>(divisors.size());
    auto left = std::make_shared<std::atomic<size_t>>(divisors.size());
    auto done = [answers, left, callback = std::move(callback)]() {
        if (--*left > 0)
            return;
        Json::Value body(Json::arrayValue);
        for (const auto &answer : *answers)
            body.append(answer);
        callback(json(body));
    };
    for (size_t i = 0; i < divisors.size(); ++i)
    {
        db->execSqlAsync(
            "SELECT 100 / $1::integer",
            [answers, i, done](const Result &r) {
                (*answers)[i] = r[0][0].as<std::string>();
                done();
            },
            [answers, i, done](const DrogonDbException &e) {
                (*answers)[i] = e.base().what();
                done();
            },
            divisors[i]);
    }
}
// [/guide:divide]

// [guide:sleep]
// GET /sleep/{client}?seconds=S: a statement that takes S seconds on the
// server, and how long the client waited for its answer.
void pgSleep(const HttpRequestPtr &req,
             std::function<void(const HttpResponsePtr &)> &&callback,
             const std::string &name,
             double seconds)
{
    auto db = client(name);
    if (!db)
        return callback(noSuchClient(name));
    const auto start = Clock::now();
    db->execSqlAsync(
        "SELECT pg_sleep($1)",
        [callback, start](const Result &) {
            Json::Value body;
            body["done"] = true;
            body["waited_ms"] = rounded(millisecondsSince(start));
            callback(json(body));
        },
        [callback, start](const DrogonDbException &e) {
            Json::Value body;
            body["error"] = e.base().what();
            body["timeout"] = dynamic_cast<const TimeoutError *>(&e) != nullptr;
            body["waited_ms"] = rounded(millisecondsSince(start));
            callback(json(body, k504GatewayTimeout));
        },
        seconds);
}
// [/guide:sleep]
}  // namespace

// [guide:main]
int main(int argc, char *argv[])
{
    if (argc != 2)
    {
        std::cerr << "usage: db_throughput CONFIG_FILE\n";
        return 2;
    }
    app().loadConfigFile(argv[1]);
    app().registerHandler("/burst/{name}?n={n}", &burst, {Get});
    app().registerHandler("/divide/{name}", &divide, {Get});
    app().registerHandler("/sleep/{name}?seconds={seconds}", &pgSleep, {Get});
    app().run();
}
// [/guide:main]
