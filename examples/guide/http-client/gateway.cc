// A gateway: each of its handlers calls the backend service with Drogon's HttpClient and answers
// with what came back, or with why nothing came back.
#include <drogon/drogon.h>
#include <trantor/net/EventLoopThread.h>

#include <cstdlib>
#include <iostream>

using namespace drogon;

static HttpResponsePtr text(const std::string &body, HttpStatusCode code = k200OK)
{
    auto resp = HttpResponse::newHttpResponse(code, CT_TEXT_PLAIN);
    resp->setBody(body);
    return resp;
}

// [guide:errors]
// No answer at all: ReqResult says why (Timeout, BadServerAddress when nothing
// accepts the connection, NetworkFailure when it breaks, ...).
static HttpResponsePtr noAnswer(ReqResult result)
{
    return text("no answer from the backend: " + to_string(result) + "\n",
                result == ReqResult::Timeout ? k504GatewayTimeout : k502BadGateway);
}

// An answer that is an error: for the client, a 503 is a good answer like any other.
static HttpResponsePtr badAnswer(const HttpResponsePtr &resp)
{
    return text("the backend answered " + std::to_string(resp->statusCode()) + "\n",
                k502BadGateway);
}
// [/guide:errors]

// [guide:client]
// One client for the backend, made once and shared by every request: it keeps
// its connection open (keep-alive) and sends request after request over it.
static HttpClientPtr backend;
// [/guide:client]

// [guide:main-loop-client]
// A second client for the same backend, made in main() before app().run(),
// without a loop: it takes the app's main loop.
static HttpClientPtr onMainLoop;
// [/guide:main-loop-client]

int main(int argc, char *argv[])
{
    // The port is the first argument, the backend's address the second.
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    const std::string backendUrl = argc > 2 ? argv[2] : "http://127.0.0.1:9090";

    // [guide:startup]
    // The client's event loop: a thread of its own, started here, so that
    // main() can wait for an answer before the server runs.
    trantor::EventLoopThread clientLoop("backend-client");
    clientLoop.run();
    backend = HttpClient::newHttpClient(backendUrl, clientLoop.getLoop());

    // A synchronous request: it blocks until the answer or the timeout. Fine in
    // main(), never in a handler.
    auto ping = HttpRequest::newHttpRequest();
    ping->setPath("/hello");
    ping->setParameter("name", "gateway");
    auto [result, resp] = backend->sendRequest(ping, 2.0);
    if (result != ReqResult::Ok)
    {
        std::cerr << "backend " << backendUrl << ": " << result << std::endl;
        return 1;
    }
    std::cout << "backend " << backendUrl << ": " << resp->body() << std::endl;
    // [/guide:startup]

    // [guide:callback]
    // GET /greet?name=Ann: the backend's /hello, with a callback.
    app().registerHandler(
        "/greet?name={name}",
        [](const HttpRequestPtr &,
           std::function<void(const HttpResponsePtr &)> &&callback,
           const std::string &name) {
            auto req = HttpRequest::newHttpRequest();  // a GET by default
            req->setPath("/hello");
            req->setParameter("name", name);  // encoded into the query string
            backend->sendRequest(
                req,
                [callback = std::move(callback)](ReqResult result, const HttpResponsePtr &resp) {
                    if (result != ReqResult::Ok)
                        return callback(noAnswer(result));
                    if (resp->statusCode() != k200OK)
                        return callback(badAnswer(resp));
                    callback(text("The backend says: " + std::string(resp->body()) + "\n"));
                },
                5.0);  // seconds
        },
        {Get});
    // [/guide:callback]

    // [guide:coroutine]
    // POST /reverse {"text": "..."}: the backend's /reverse, as a coroutine,
    // JSON both ways.
    app().registerHandler(
        "/reverse",
        [](HttpRequestPtr req) -> Task<HttpResponsePtr> {
            auto json = req->getJsonObject();
            if (!json || !(*json)["text"].isString())
                co_return text("expected {\"text\": \"...\"}\n", k400BadRequest);
            Json::Value body;
            body["text"] = (*json)["text"];
            auto out = HttpRequest::newHttpJsonRequest(body);
            out->setMethod(Post);
            out->setPath("/reverse");
            try
            {
                auto resp = co_await backend->sendRequestCoro(out, 2.0);
                if (resp->statusCode() != k200OK)
                    co_return badAnswer(resp);
                auto answer = resp->getJsonObject();  // null if the body is not JSON
                if (!answer)
                    co_return text("the backend sent no JSON\n", k502BadGateway);
                co_return HttpResponse::newHttpJsonResponse(*answer);
            }
            catch (const HttpException &e)  // no answer: e.code() is the ReqResult
            {
                co_return noAnswer(e.code());
            }
        },
        {Post});
    // [/guide:coroutine]

    // [guide:forward]
    // GET /backend/slow?ms=3000, /backend/status?code=503, ...: a GET passed on
    // with a timeout of one second.
    app().registerHandler(
        "/backend/{path}",
        [](HttpRequestPtr req, std::string path) -> Task<HttpResponsePtr> {
            auto out = HttpRequest::newHttpRequest();
            out->setPath("/" + path);
            for (const auto &[key, value] : req->getParameters())
                out->setParameter(key, value);
            try
            {
                auto resp = co_await backend->sendRequestCoro(out, 1.0);
                co_return resp->statusCode() == k200OK ? text(std::string(resp->body()))
                                                       : badAnswer(resp);
            }
            catch (const HttpException &e)
            {
                co_return noAnswer(e.code());
            }
        },
        {Get});
    // [/guide:forward]

    // [guide:fresh]
    // GET /greet-fresh?name=Ann: the same, with a new client for every request.
    // Each new client opens a new connection.
    app().registerHandler(
        "/greet-fresh?name={name}",
        [backendUrl](const HttpRequestPtr &,
                     std::function<void(const HttpResponsePtr &)> &&callback,
                     const std::string &name) {
            auto client = HttpClient::newHttpClient(backendUrl);  // on the app's main loop
            auto req = HttpRequest::newHttpRequest();
            req->setPath("/hello");
            req->setParameter("name", name);
            client->sendRequest(
                req,
                // The callback holds the client, so it lives until the answer.
                [client, callback = std::move(callback)](ReqResult result, const HttpResponsePtr &resp) {
                    if (result != ReqResult::Ok)
                        return callback(noAnswer(result));
                    callback(text("The backend says: " + std::string(resp->body()) + "\n"));
                },
                2.0);
        },
        {Get});
    // [/guide:fresh]

    // [guide:main-loop]
    // No loop argument: the client works on app().getLoop(), the main loop,
    // which runs once app().run() has started. Handlers run after that.
    onMainLoop = HttpClient::newHttpClient(backendUrl);

    // GET /greet-main?name=Ann: the same request through that client; the
    // answer says on which thread its callback ran.
    app().registerHandler(
        "/greet-main?name={name}",
        [](const HttpRequestPtr &,
           std::function<void(const HttpResponsePtr &)> &&callback,
           const std::string &name) {
            auto req = HttpRequest::newHttpRequest();
            req->setPath("/hello");
            req->setParameter("name", name);
            onMainLoop->sendRequest(
                req,
                [callback = std::move(callback)](ReqResult result, const HttpResponsePtr &resp) {
                    if (result != ReqResult::Ok)
                        return callback(noAnswer(result));
                    const bool mainThread = app().getLoop()->isInLoopThread();
                    callback(text("The backend says: " + std::string(resp->body()) +
                                  (mainThread ? " (callback on the main loop)\n" : " (callback on another loop)\n")));
                },
                5.0);
        },
        {Get});
    // [/guide:main-loop]

    app().addListener("127.0.0.1", port).run();
}
