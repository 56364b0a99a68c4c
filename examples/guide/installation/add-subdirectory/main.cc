// The program of the installation page's add_subdirectory project: one coroutine handler, compiled as
// C++20, with a Drogon that its own CMake builds as C++17 on g++ 12 (installation.test.js checks both).
#include <drogon/drogon.h>

using namespace drogon;

// hello [PORT]: port 8080 unless told.
int main(int argc, char *argv[])
{
    const uint16_t port = argc > 1 ? std::stoi(argv[1]) : 8080;

    // [guide:handler]
    // GET / answers after a 10 ms timer, awaited without blocking the thread.
    app().registerHandler(
        "/",
        [](HttpRequestPtr req) -> Task<HttpResponsePtr> {
            co_await sleepCoro(app().getLoop(), 0.01);
            auto resp = HttpResponse::newHttpResponse();
            resp->setContentTypeCode(CT_TEXT_PLAIN);
            resp->setBody("Hello from a coroutine, compiled as C++" +
                          std::to_string(__cplusplus / 100 % 100) + "\n");
            co_return resp;
        },
        {Get});
    // [/guide:handler]

    LOG_INFO << "Server running on http://127.0.0.1:" << port;
    app().addListener("127.0.0.1", port).run();
}
