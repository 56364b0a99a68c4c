// [guide:includes]
#include <drogon/drogon.h>
#include <drogon/nosql/RedisClient.h>  // RedisClient, RedisResult, RedisException, RedisSubscriber

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <mutex>

using namespace drogon;
using namespace drogon::nosql;
// [/guide:includes]

namespace
{
HttpResponsePtr json(const Json::Value &body, HttpStatusCode status = k200OK)
{
    auto resp = HttpResponse::newHttpJsonResponse(body);
    resp->setStatusCode(status);
    return resp;
}

// [guide:errors]
// Redis could not be reached in time: 503, try again later. Anything else
// (an error reply such as WRONGTYPE, a reply of an unexpected type): 500.
HttpResponsePtr redisError(const RedisException &e)
{
    Json::Value body;
    body["error"] = e.what();
    const bool unreachable = e.code() == RedisErrorCode::kTimeout ||
                             e.code() == RedisErrorCode::kConnectionBroken ||
                             e.code() == RedisErrorCode::kNoConnectionAvailable;
    return json(body, unreachable ? k503ServiceUnavailable : k500InternalServerError);
}
// [/guide:errors]

// [guide:pubsub-state]
// What this copy of the program heard on the channel "news": the last ten
// messages. The subscriber's callback runs on a thread of the Redis client,
// the handlers on I/O threads: a mutex guards the list.
std::shared_ptr<RedisSubscriber> subscriber;  // subscribed as long as it lives
std::mutex newsMutex;
std::deque<std::string> news;

void subscribeToNews()
{
    subscriber = app().getRedisClient()->newSubscriber();
    subscriber->subscribe("news", [](const std::string &channel, const std::string &message) {
        std::lock_guard lock(newsMutex);
        news.push_back(message);
        if (news.size() > 10)
            news.pop_front();
    });
}
// [/guide:pubsub-state]

// Called by main() before app().run(): registers every handler of the page.
void addRoutes()
{
    // [guide:visits]
    // POST /visits/{page}: one command, with callbacks. %s passes the page
    // name as one argument, whatever it contains.
    app().registerHandler(
        "/visits/{page}",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           const std::string &page) {
            auto redis = app().getRedisClient();  // "default"
            redis->execCommandAsync(
                [callback, page](const RedisResult &result) {
                    Json::Value body;
                    body["page"] = page;
                    body["visits"] = static_cast<Json::Int64>(result.asInteger());
                    callback(json(body));
                },
                [callback](const RedisException &e) { callback(redisError(e)); },
                "INCR visits:%s",
                page.c_str());
        },
        {Post});
    // [/guide:visits]

    // [guide:likes]
    // POST /posts/{id}/likes?user=NAME: add a like and count them in one
    // MULTI/EXEC transaction. Inside it each command only gets "QUEUED";
    // EXEC answers with the replies of all of them, in order.
    app().registerHandler(
        "/posts/{id}/likes?user={user}",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           const std::string &id,
           const std::string &user) {
            if (user.empty())
            {
                Json::Value body;
                body["error"] = "who likes it? (user=...)";
                callback(json(body, k400BadRequest));
                return;
            }
            app().getRedisClient()->newTransactionAsync(
                [callback, id, user](const RedisTransactionPtr &trans) {
                    if (!trans)
                    {
                        Json::Value body;
                        body["error"] = "no Redis connection for a transaction";
                        callback(json(body, k503ServiceUnavailable));
                        return;
                    }
                    auto queued = [](const RedisResult &) {};
                    auto failed = [](const RedisException &) {};  // EXEC reports it
                    trans->execCommandAsync(queued, failed, "SADD likes:%s %s", id.c_str(), user.c_str());
                    trans->execCommandAsync(queued, failed, "SCARD likes:%s", id.c_str());
                    trans->execute(
                        [callback, id](const RedisResult &result) {
                            // Redis runs every queued command, even after one failed
                            // (there is no rollback): a failed one is an error reply
                            // in the array.
                            auto replies = result.asArray();
                            for (const auto &reply : replies)
                            {
                                if (reply.type() == RedisResultType::kError)
                                {
                                    callback(redisError(RedisException(RedisErrorCode::kRedisError, reply.asString())));
                                    return;
                                }
                            }
                            Json::Value body;
                            body["post"] = id;
                            body["new"] = replies[0].asInteger() == 1;  // SADD: 0 if already there
                            body["likes"] = static_cast<Json::Int64>(replies[1].asInteger());
                            callback(json(body));
                        },
                        [callback](const RedisException &e) { callback(redisError(e)); });
                });
        },
        {Post});
    // [/guide:likes]

    // [guide:coro]
    // GET /posts/{id}/likes: a coroutine handler. co_await suspends it until
    // Redis answers; an error is thrown where it is awaited.
    app().registerHandler(
        "/posts/{id}/likes",
        [](HttpRequestPtr req, std::string id) -> Task<HttpResponsePtr> {
            auto redis = app().getRedisClient();
            try
            {
                auto members = co_await redis->execCommandCoro("SMEMBERS likes:%s", id.c_str());
                std::vector<std::string> users;
                for (const auto &member : members.asArray())
                    users.push_back(member.asString());
                std::sort(users.begin(), users.end());  // a set has no order
                Json::Value body;
                body["post"] = id;
                body["users"] = Json::arrayValue;
                for (const auto &user : users)
                    body["users"].append(user);
                co_return json(body);
            }
            catch (const RedisException &e)
            {
                co_return redisError(e);
            }
        },
        {Get});
    // [/guide:coro]

    // [guide:pubsub-routes]
    // POST /news with the message as the body: PUBLISH on the channel. Redis
    // answers with the number of subscribers that received it.
    app().registerHandler(
        "/news",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            const std::string message(req->body());
            app().getRedisClient()->execCommandAsync(
                [callback](const RedisResult &result) {
                    Json::Value body;
                    body["receivers"] = static_cast<Json::Int64>(result.asInteger());
                    callback(json(body));
                },
                [callback](const RedisException &e) { callback(redisError(e)); },
                "PUBLISH news %s",
                message.c_str());
        },
        {Post});

    // GET /news: what this copy has heard.
    app().registerHandler(
        "/news",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback) {
            Json::Value body;
            body["news"] = Json::arrayValue;
            std::lock_guard lock(newsMutex);
            for (const auto &message : news)
                body["news"].append(message);
            callback(json(body));
        },
        {Get});
    // [/guide:pubsub-routes]
}
}  // namespace

int main(int argc, char *argv[])
{
    // [guide:main]
    // redis_likes CONFIG_FILE, or redis_likes PORT REDIS_PORT
    if (argc == 2)
    {
        // Listeners and redis_clients from the configuration file.
        app().loadConfigFile(argv[1]);
    }
    else if (argc == 3)
    {
        // The same in code: a client named "default", 1 connection, not
        // fast, a timeout of 1 s.
        app().addListener("127.0.0.1", static_cast<uint16_t>(std::atoi(argv[1])));
        app().createRedisClient("127.0.0.1",
                                static_cast<unsigned short>(std::atoi(argv[2])),
                                "default",
                                "",     // password
                                1,      // number of connections
                                false,  // is_fast
                                1.0);   // timeout in seconds
    }
    else
    {
        std::cerr << "usage: redis_likes CONFIG_FILE | redis_likes PORT REDIS_PORT\n";
        return 2;
    }
    // [/guide:main]

    // [guide:sync]
    // Once, on the main thread, before the server accepts connections: a
    // blocking call is fine here (never in a handler, where it would stop
    // the thread that serves other requests).
    app().registerBeginningAdvice([] {
        try
        {
            auto answer = app().getRedisClient()->execCommandSync(
                [](const RedisResult &result) { return result.asString(); }, "PING");
            LOG_INFO << "Redis answered " << answer;
        }
        catch (const RedisException &e)
        {
            LOG_ERROR << "Redis did not answer PING: " << e.what();
        }
    });
    // [/guide:sync]

    // [guide:pubsub-start]
    // The client exists from app().run() on: subscribe in a beginning advice.
    app().registerBeginningAdvice(subscribeToNews);
    // [/guide:pubsub-start]

    addRoutes();
    app().run();
}
