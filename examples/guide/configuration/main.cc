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

    // The listeners come from the file; nothing else to set here.
    app().run();
}
