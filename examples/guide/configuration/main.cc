#include <drogon/drogon.h>

#include <iostream>

using namespace drogon;

int main(int argc, char *argv[])
{
    // [guide:load]
    // The configuration file is the first argument; config.json otherwise.
    const std::string configFile = argc > 1 ? argv[1] : "config.json";
    try
    {
        app().loadConfigFile(configFile);
    }
    catch (const std::exception &e)
    {
        // A missing file, invalid JSON or a bad value: say so and stop.
        std::cerr << "cannot load " << configFile << ": " << e.what() << std::endl;
        return 1;
    }
    // [/guide:load]

    // [guide:handler]
    app().registerHandler(
        "/",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            const Json::Value &custom = app().getCustomConfig();
            Json::Value answer;
            answer["greeting"] = custom["greeting"].asString();
            answer["pageSize"] = custom.get("page_size", 10).asInt();  // 10 if absent
            answer["threads"] = static_cast<Json::UInt64>(app().getThreadNum());
            answer["sessions"] = req->session() != nullptr;
            callback(HttpResponse::newHttpJsonResponse(answer));
        },
        {Get});
    // [/guide:handler]

    // [guide:db]
    // GET /db: the character set of the database client that custom_config's "db_client" names
    // (a file without "db_clients" has none: getDbClient would fail).
    app().registerHandler(
        "/db",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            const std::string name = app().getCustomConfig().get("db_client", "").asString();
            if (name.empty())
            {
                auto resp = HttpResponse::newHttpResponse(k404NotFound, CT_TEXT_PLAIN);
                resp->setBody("no db_client in custom_config\n");
                callback(resp);
                return;
            }
            app().getDbClient(name)->execSqlAsync(
                "SHOW client_encoding",
                [callback](const orm::Result &result) {
                    auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
                    resp->setBody("client_encoding: " + result[0][0].as<std::string>() + "\n");
                    callback(resp);
                },
                [callback](const orm::DrogonDbException &e) {
                    auto resp = HttpResponse::newHttpResponse(k500InternalServerError, CT_TEXT_PLAIN);
                    resp->setBody(std::string(e.base().what()) + "\n");
                    callback(resp);
                });
        },
        {Get});
    // [/guide:db]

    // The listeners come from the file; nothing else to set here.
    app().run();
}
