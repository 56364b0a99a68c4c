// [guide:main-define]
#define DROGON_TEST_MAIN
#include <drogon/drogon_test.h>
// [/guide:main-define]
#include <drogon/drogon.h>

#include "greeting.h"

#include <future>
#include <thread>

using namespace drogon;

namespace
{
uint16_t serverPort = 0;  // known once the server listens (see main)

HttpClientPtr client()
{
    return HttpClient::newHttpClient("127.0.0.1", serverPort);
}

HttpRequestPtr greetRequest(const std::string &name)
{
    auto req = HttpRequest::newHttpRequest();
    req->setPath("/greet");
    req->setParameter("name", name);
    return req;
}
}  // namespace

// [guide:plain]
// A plain test of a function: CHECK records a failure and goes on.
DROGON_TEST(Greeting)
{
    CHECK(greeting("Ann") == "Hello, Ann!");
    CHECK(greeting("") == "Hello, stranger!");
}
// [/guide:plain]

// [guide:callback]
// A request to the server running in this process. The test case lasts as
// long as TEST_CTX is alive: the callback holds it until the answer came. It
// holds the client too, which must live until its request is answered.
DROGON_TEST(GreetHandler)
{
    auto http = client();
    http->sendRequest(greetRequest("Ann"),
                      [TEST_CTX, http](ReqResult result, const HttpResponsePtr &resp) {
                          // REQUIRE ends the test case when it fails.
                          REQUIRE(result == ReqResult::Ok);
                          CHECK(resp->getStatusCode() == k200OK);
                          CHECK(resp->body() == "Hello, Ann!");
                      });
}
// [/guide:callback]

// [guide:coroutine]
// The same with a coroutine; CO_REQUIRE is REQUIRE for inside one. TEST_CTX
// is passed as an argument: a coroutine keeps its arguments, but a lambda's
// captures end with the statement, while the coroutine is still waiting.
DROGON_TEST(GreetHandlerCoroutine)
{
    [](std::shared_ptr<test::Case> TEST_CTX) -> AsyncTask {
        auto http = client();
        try
        {
            auto resp = co_await http->sendRequestCoro(greetRequest(""));
            CO_REQUIRE(resp != nullptr);
            CHECK(resp->body() == "Hello, stranger!");
            CHECK(resp->contentType() == CT_TEXT_PLAIN);
        }
        catch (const std::exception &e)
        {
            FAIL("the request failed: ", e.what());  // an exception must not escape
        }
    }(TEST_CTX);
}
// [/guide:coroutine]

// [guide:main]
int main(int argc, char **argv)
{
    // The server runs on a thread of its own, set up there as in any program;
    // the tests start once it answers.
    std::promise<void> listening;
    std::thread server([&listening]() {
        app().registerHandler(
            "/greet?name={name}",
            [](const HttpRequestPtr &req,
               std::function<void(const HttpResponsePtr &)> &&callback,
               const std::string &name) {
                auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
                resp->setBody(greeting(name));
                callback(resp);
            },
            {Get});
        // Port 0: the system picks a free port, known once the server runs.
        app().addListener("127.0.0.1", 0);
        app().registerBeginningAdvice([&listening]() {
            serverPort = app().getListeners().front().toPort();
            listening.set_value();
        });
        app().run();
    });
    listening.get_future().wait();
    // The beginning advice runs just before the listener starts accepting:
    // ask until the server answers (a blocking request, allowed off its loop).
    auto probe = client();
    for (int i = 0; i < 500 && probe->sendRequest(HttpRequest::newHttpRequest()).first != ReqResult::Ok; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));

    const int status = test::run(argc, argv);

    app().getLoop()->queueInLoop([]() { app().quit(); });
    server.join();
    return status;
}
// [/guide:main]
