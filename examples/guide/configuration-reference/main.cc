// The program of the configuration reference: everything it does comes from the configuration file
// named by its first argument. Its handlers only show what the settings changed, so that the test
// can check each key the page says it checks.
#include <drogon/drogon.h>
#include <drogon/HttpFilter.h>
#include <drogon/HttpSimpleController.h>
#include <drogon/RequestStream.h>
#include <drogon/WebSocketController.h>

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <iostream>

using namespace drogon;

// [guide:mapped]
// No path of its own: "simple_controllers_map" in the configuration gives it one.
class MappedCtrl : public HttpSimpleController<MappedCtrl>
{
  public:
    MappedCtrl() {}  // a constructor of its own, as drogon_ctl writes: it registers the class by name
    void asyncHandleHttpRequest(const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback) override
    {
        callback(HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN));
    }
    PATH_LIST_BEGIN
    PATH_LIST_END
};
// [/guide:mapped]

// A filter the configuration names for a location and a mapped controller: only requests with the
// header "x-key: open-sesame" pass.
class KeyFilter : public HttpFilter<KeyFilter>
{
  public:
    KeyFilter() {}
    void doFilter(const HttpRequestPtr &req, FilterCallback &&fcb, FilterChainCallback &&fccb) override
    {
        if (req->getHeader("x-key") == "open-sesame")
        {
            fccb();
            return;
        }
        fcb(HttpResponse::newHttpResponse(k401Unauthorized, CT_TEXT_PLAIN));
    }
};

// Echoes every text message (client_max_websocket_message_size).
class EchoWs : public WebSocketController<EchoWs>
{
  public:
    void handleNewMessage(const WebSocketConnectionPtr &conn, std::string &&message, const WebSocketMessageType &type) override
    {
        if (type == WebSocketMessageType::Text)
            conn->send(message);
    }
    void handleNewConnection(const HttpRequestPtr &, const WebSocketConnectionPtr &) override {}
    void handleConnectionClosed(const WebSocketConnectionPtr &) override {}
    WS_PATH_LIST_BEGIN
    WS_PATH_ADD("/echo");
    WS_PATH_LIST_END
};

// Files under `dir`, counted (upload_path/tmp holds request bodies kept on disk).
static size_t filesUnder(const std::string &dir)
{
    std::error_code ec;
    size_t count = 0;
    for (auto it = std::filesystem::recursive_directory_iterator(dir, ec); !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file())
            ++count;
    return count;
}

using Callback = std::function<void(const HttpResponsePtr &)>;

int main(int argc, char *argv[])
{
    // [guide:load]
    const std::string configFile = argc > 1 ? argv[1] : "config.json";
    try
    {
        app().loadConfigFile(configFile);
    }
    catch (const std::exception &e)
    {
        std::cerr << "cannot load " << configFile << ": " << e.what() << std::endl;
        return 1;
    }
    // [/guide:load]

    // What the settings became, as the program sees them.
    app().registerHandler("/info", [](const HttpRequestPtr &, Callback &&callback) {
        LOG_INFO << "GET /info";
        LOG_DEBUG << "a DEBUG line";
        Json::Value info;
        info["threads"] = Json::UInt64(app().getThreadNum());
        info["documentRoot"] = app().getDocumentRoot();
        info["uploadPath"] = app().getUploadPath();
        info["homePage"] = app().getHomePage();
        info["pid"] = int(getpid());
        info["custom"] = app().getCustomConfig();
        callback(HttpResponse::newHttpJsonResponse(info));
    });
    // Multipart upload: each file saved into upload_path.
    app().registerHandler("/upload", [](const HttpRequestPtr &req, Callback &&callback) {
        MultiPartParser parser;
        Json::Value saved(Json::arrayValue);
        if (parser.parse(req) == 0)
            for (const auto &file : parser.getFiles())
                if (file.save() == 0)
                    saved.append(app().getUploadPath() + "/" + file.getFileName());
        callback(HttpResponse::newHttpJsonResponse(saved));
    }, {Post});
    // The body as the handler gets it, and whether Drogon kept it in a file under upload_path/tmp.
    app().registerHandler("/body", [](const HttpRequestPtr &req, Callback &&callback) {
        Json::Value body;
        body["length"] = Json::UInt64(req->body().size());
        body["text"] = std::string(req->body().substr(0, 40));
        body["filesInTmp"] = Json::UInt64(filesUnder(app().getUploadPath() + "/tmp"));
        callback(HttpResponse::newHttpJsonResponse(body));
    }, {Post});
    // JSON in (json_parser_stack_limit) and out (unicode escaping, float precision).
    app().registerHandler("/json", [](const HttpRequestPtr &req, Callback &&callback) {
        Json::Value answer;
        answer["parsed"] = req->getJsonObject() != nullptr;
        answer["text"] = "Grüße";
        answer["pi"] = 3.14159265358979;
        callback(HttpResponse::newHttpJsonResponse(answer));
    }, {Post});
    // Sessions: counts the visits of one client.
    app().registerHandler("/visit", [](const HttpRequestPtr &req, Callback &&callback) {
        auto session = req->session();
        const int visits = session->getOptional<int>("visits").value_or(0) + 1;
        session->insert("visits", visits);
        auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
        resp->setBody(std::to_string(visits));
        callback(resp);
    });
    // A database client of db_clients, by its name.
    app().registerHandler("/db", [](const HttpRequestPtr &, Callback &&callback) {
        app().getDbClient("notes")->execSqlAsync(
            "SELECT 1 + 1",
            [callback](const orm::Result &result) {
                auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
                resp->setBody(result[0][0].as<std::string>());
                callback(resp);
            },
            [callback](const orm::DrogonDbException &e) {
                auto resp = HttpResponse::newHttpResponse(k500InternalServerError, CT_TEXT_PLAIN);
                resp->setBody(e.base().what());
                callback(resp);
            });
    });
    // Answers after 300 ms: requests pile up behind it in a pipelined connection.
    app().registerHandler("/slow", [](const HttpRequestPtr &, Callback &&callback) {
        app().getLoop()->runAfter(0.3, [callback] { callback(HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN)); });
    });
    // Ends the process abnormally (relaunch_on_error starts it again).
    app().registerHandler("/crash", [](const HttpRequestPtr &, Callback &&) { std::abort(); });
    // A request body as a stream (enable_request_stream), or whole when streams are off.
    app().registerHandler("/stream", [](const HttpRequestPtr &req, RequestStreamPtr &&stream, Callback &&callback) {
        if (!stream)
        {
            auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
            resp->setBody("whole body: " + std::to_string(req->body().size()) + " bytes");
            callback(resp);
            return;
        }
        auto received = std::make_shared<size_t>(0);
        stream->setStreamReader(RequestStreamReader::newReader(
            [received](const char *, size_t length) { *received += length; },
            [received, callback](std::exception_ptr) {
                auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
                resp->setBody("streamed: " + std::to_string(*received) + " bytes");
                callback(resp);
            }));
    }, {Post});

    app().run();
}
