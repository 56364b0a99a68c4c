#include <drogon/drogon.h>
#include <drogon/plugins/PromExporter.h>
#include <drogon/plugins/Redirector.h>
#include <drogon/utils/monitoring/Counter.h>
#include <drogon/utils/monitoring/Histogram.h>

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

    auto text = [](const std::string &body) {
        auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
        resp->setBody(body);
        return resp;
    };
    app().registerHandler(
        "/hello",
        [text](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback) {
            callback(text("Hello!\n"));
        },
        {Get});
    app().registerHandler(
        "/api/items",
        [text](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback) {
            callback(text("[\"apple\",\"pear\"]\n"));
        },
        {Get});

    // [guide:rewrite]
    // Plugins exist once the application runs: register with them then.
    app().registerBeginningAdvice([] {
        auto *redirector = app().getPlugin<plugin::Redirector>();
        // The old API prefix: /v1/... is redirected to /api/...
        redirector->registerPathRewriteHandler([](const HttpRequestPtr &req) {
            if (req->path().rfind("/v1/", 0) != 0)
                return false;  // not changed
            req->setPath("/api/" + req->path().substr(4));
            return true;  // changed: the client gets a redirect to the new path
        });
    });
    // [/guide:rewrite]

    // [guide:metrics]
    // Count every response, and time it, in the collectors that config.json
    // declares for PromExporter.
    app().registerPreSendingAdvice([](const HttpRequestPtr &req,
                                      const HttpResponsePtr &resp) {
        auto *exporter = app().getPlugin<plugin::PromExporter>();
        auto labels = std::vector<std::string>{req->methodString(),
                                               std::to_string(resp->statusCode())};
        exporter->getCollector<monitoring::Counter>("http_responses_total")
            ->metric(labels)
            ->increment();
        static const std::vector<double> bounds{0.001, 0.01, 0.1, 1};
        double seconds = (trantor::Date::now().microSecondsSinceEpoch() -
                          req->creationDate().microSecondsSinceEpoch()) /
                         1e6;
        exporter->getCollector<monitoring::Histogram>("http_response_seconds")
            ->metric(labels, bounds, std::chrono::seconds(0), 0, app().getLoop())
            ->observe(seconds);
    });
    // [/guide:metrics]

    app().run();
}
