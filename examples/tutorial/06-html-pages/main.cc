#include <drogon/drogon.h>

#include <cstdio>
#include <cstdlib>
#include <drogon/plugins/Hodor.h>

#include "JsonResponses.h"

int main()
{
    // config.json, in the folder the program starts in, says where to listen,
    // what to log, which database to use, and turns sessions and Hodor on.
    drogon::app().loadConfigFile("config.json");
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
        drogon::app().getPlugin<drogon::plugin::Hodor>()->setRejectResponseFactory(
            [](const drogon::HttpRequestPtr &req) {
                if (req->path().rfind("/api/", 0) == 0)
                    return jsonError(drogon::k429TooManyRequests, "too many attempts; wait a minute");
                auto resp = drogon::HttpResponse::newHttpResponse(drogon::k429TooManyRequests, drogon::CT_TEXT_PLAIN);
                resp->setBody("Too many attempts: wait a minute.\n");
                return resp;
            });
    });
    // [/guide:hodor]
    drogon::app().run();
    // [guide:exit]
    // Leave without destroying Drogon's objects: Drogon 1.9.13 crashes while
    // it destroys its sessions when one changed its id (a sign-in) in the last
    // 10 seconds, because the timer that removes the old id
    // (lib/src/SessionManager.cc, line 124) runs in the middle of that.
    std::fflush(nullptr);  // what is left in the output buffers
    std::quick_exit(0);
    // [/guide:exit]
}
