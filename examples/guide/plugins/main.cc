#include "VisitCounter.h"

#include <drogon/drogon.h>

#include <iostream>

using namespace drogon;

int main(int argc, char *argv[])
{
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

    // [guide:handler]
    app().registerHandler(
        "/welcome/{name}",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           const std::string &name) {
            auto *counter = app().getPlugin<VisitCounter>();
            auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
            resp->setBody(counter->welcome(name));
            callback(resp);
        },
        {Get});
    // [/guide:handler]

    app().run();
}
