// The backend service the gateway calls. Nothing here uses HttpClient; it gives the client
// something real to talk to, and counts the TCP connections it accepts.
#include <drogon/drogon.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>

using namespace drogon;

static HttpResponsePtr text(const std::string &body, HttpStatusCode code = k200OK)
{
    auto resp = HttpResponse::newHttpResponse(code, CT_TEXT_PLAIN);
    resp->setBody(body);
    return resp;
}

int main(int argc, char *argv[])
{
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 9090);

    // [guide:count]
    // Every TCP connection a client opens to this server, counted once.
    static std::atomic<int> connections{0};
    app().setConnectionCallback([](const trantor::TcpConnectionPtr &conn) {
        if (conn->connected())
            ++connections;
    });
    app().registerHandler(
        "/connections",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback) {
            callback(text(std::to_string(connections.load()) + "\n"));
        },
        {Get});
    // [/guide:count]

    app().registerHandler(
        "/hello?name={name}",
        [](const HttpRequestPtr &,
           std::function<void(const HttpResponsePtr &)> &&callback,
           const std::string &name) { callback(text("Hello, " + name + "!")); },
        {Get});

    // {"text": "abc"} -> {"reversed": "cba"}, by characters
    app().registerHandler(
        "/reverse",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            auto json = req->getJsonObject();
            if (!json || !(*json)["text"].isString())
            {
                callback(text("expected {\"text\": \"...\"}\n", k400BadRequest));
                return;
            }
            std::string s = (*json)["text"].asString();
            std::reverse(s.begin(), s.end());
            // Put the bytes of each UTF-8 character back in order: after the
            // reverse, its continuation bytes come before its first byte.
            for (auto it = s.begin(); it != s.end();)
            {
                auto start = it;
                while (it != s.end() && (static_cast<unsigned char>(*it) & 0xC0) == 0x80)
                    ++it;
                if (it != s.end())
                    ++it;
                std::reverse(start, it);
            }
            Json::Value answer;
            answer["reversed"] = s;
            callback(HttpResponse::newHttpJsonResponse(answer));
        },
        {Post});

    // Answers after `ms` milliseconds.
    app().registerHandler(
        "/slow?ms={ms}",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback, int ms) {
            trantor::EventLoop::getEventLoopOfCurrentThread()->runAfter(
                std::clamp(ms, 0, 10000) / 1000.0,
                [callback = std::move(callback)] { callback(text("finally\n")); });
        },
        {Get});

    // Closes the connection without answering.
    app().registerHandler(
        "/hangup",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&) {
            if (auto conn = req->getConnectionPtr().lock())
                conn->forceClose();
        },
        {Get});

    // Answers with the status asked for.
    app().registerHandler(
        "/status?code={code}",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback, int code) {
            callback(text("status " + std::to_string(code) + "\n",
                          static_cast<HttpStatusCode>(std::clamp(code, 200, 599))));
        },
        {Get});

    // For client_options (the client's options: user agent, cookies, uploads).
    // Answers with the User-Agent header it got.
    app().registerHandler(
        "/agent",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            const auto agent = req->getHeader("user-agent");
            callback(text(agent.empty() ? "(none)" : agent));
        },
        {Get});

    // Sets a cookie user=NAME, and a Secure cookie token (sent back over HTTPS only).
    app().registerHandler(
        "/login?user={user}",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback, const std::string &user) {
            auto resp = text("logged in as " + user);
            resp->addCookie("user", user);
            Cookie token("token", "t0k3n");
            token.setSecure(true);
            resp->addCookie(token);
            callback(resp);
        },
        {Get});

    // Says which cookies came with the request.
    app().registerHandler(
        "/me",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            const auto user = req->getCookie("user");
            const auto token = req->getCookie("token");
            callback(text(user.empty() ? "who are you?" : "you are " + user + ", token: " + (token.empty() ? "none" : token)));
        },
        {Get});

    // A multipart/form-data upload: each file's field, name, size and content type, then the fields.
    app().registerHandler(
        "/upload",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            MultiPartParser form;
            if (form.parse(req) != 0)
                return callback(text("not a multipart form\n", k400BadRequest));
            std::string answer;
            for (const auto &file : form.getFiles())
            {
                answer += file.getItemName() + ": " + file.getFileName() + ", " + std::to_string(file.fileLength()) + " bytes";
                if (file.getContentType() == CT_TEXT_PLAIN)
                    answer += ", text/plain";
                answer += "\n";
            }
            for (const auto &[name, value] : form.getParameters())
                answer += name + " = " + value + "\n";
            callback(text(answer));
        },
        {Post});

    app().addListener("127.0.0.1", port).run();
}
