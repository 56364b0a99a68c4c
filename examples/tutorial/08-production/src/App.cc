#include "App.h"

#include "JsonResponses.h"

#include <drogon/drogon.h>
#include <drogon/plugins/Hodor.h>

void setUpApp(const std::string &configFile)
{
    // The configuration file says where to listen, what to log, which
    // database to use, and turns sessions and Hodor on.
    drogon::app().loadConfigFile(configFile);
    // [guide:errors]
    // The errors Drogon answers by itself (no route for the path, a method the
    // route does not take, an exception a handler let out) answer in JSON too.
    drogon::app().setCustomErrorHandler(
        [](drogon::HttpStatusCode code, const drogon::HttpRequestPtr &req) {
            if (req->path().rfind("/api/", 0) == 0)
                return jsonError(code, statusText(code));
            auto resp = drogon::HttpResponse::newHttpResponse(code, drogon::CT_TEXT_PLAIN);
            resp->setBody(statusText(code) + "\n");
            return resp;
        });
    // [/guide:errors]
    // [guide:csp]
    // Every page says where its resources may come from: its own site only,
    // no script at all, forms posted back here only, never inside a frame.
    // Should some user's text ever get into a page unescaped, the browser
    // still runs no script from it.
    drogon::app().registerPostHandlingAdvice(
        [](const drogon::HttpRequestPtr &, const drogon::HttpResponsePtr &resp) {
            if (resp->contentType() == drogon::CT_TEXT_HTML)
                resp->addHeader("Content-Security-Policy",
                                "default-src 'none'; style-src 'self'; form-action 'self'; "
                                "frame-ancestors 'none'; base-uri 'none'");
        });
    // [/guide:csp]
    // [guide:hodor]
    // Hodor's refusals too. Plugins start with the server, so this is set once
    // it has started.
    drogon::app().registerBeginningAdvice([] {
        auto *hodor = drogon::app().getPlugin<drogon::plugin::Hodor>();
        if (!hodor)  // not in this configuration
            return;
        hodor->setRejectResponseFactory(
            [](const drogon::HttpRequestPtr &req) {
                if (req->path().rfind("/api/", 0) == 0)
                    return jsonError(drogon::k429TooManyRequests, "too many attempts; wait a minute");
                auto resp = drogon::HttpResponse::newHttpResponse(drogon::k429TooManyRequests, drogon::CT_TEXT_PLAIN);
                resp->setBody("Too many attempts: wait a minute.\n");
                return resp;
            });
    });
    // [/guide:hodor]
}
