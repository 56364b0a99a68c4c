#include <drogon/drogon.h>

#include <cstdio>
#include <cstdlib>

using namespace drogon;

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
    // The port is the first argument, as every program of the guide takes it; 8080 without one.
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);

    // [guide:enable]
    // Sessions are off until enabled. A session ends after 20 minutes without
    // a request from its client.
    app().enableSession(std::chrono::minutes(20));
    // [/guide:enable]

    // [guide:login]
    app().registerHandler(
        "/login",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            const std::string user = req->getParameter("user");
            if (user.empty())
            {
                callback(text("give a user name: user=...\n", k400BadRequest));
                return;
            }
            auto session = req->session();
            session->clear();                    // nothing from before the login
            session->insert("user", user);
            session->insert("visits", 0);
            session->changeSessionIdToClient();  // a new id once logged in
            callback(text("logged in as " + user + "\n"));
        },
        {Post});
    // [/guide:login]

    // [guide:me]
    app().registerHandler(
        "/me",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            auto session = req->session();
            auto user = session->getOptional<std::string>("user");
            if (!user)
            {
                callback(text("not logged in\n", k401Unauthorized));
                return;
            }
            int visits = 0;
            session->modify<int>("visits", [&visits](int &count) { visits = ++count; });
            callback(text(*user + ", visit " + std::to_string(visits) + "\n"));
        },
        {Get});
    // [/guide:me]

    // [guide:logout]
    app().registerHandler(
        "/logout",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            req->session()->clear();
            callback(text("logged out\n"));
        },
        {Post});
    // [/guide:logout]

    app().addListener("127.0.0.1", port).run();
    // [guide:exit]
    // Leave without destroying Drogon's objects: Drogon 1.9.13 crashes while
    // it destroys its sessions when one changed its id (a login) in the last
    // 10 seconds.
    std::fflush(nullptr);  // what is left in the output buffers
    std::quick_exit(0);
    // [/guide:exit]
}
