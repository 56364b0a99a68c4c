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
        [](drogon::HttpStatusCode code, const drogon::HttpRequestPtr &) {
            return jsonError(code, statusText(code));
        });
    // [/guide:errors]
    // [guide:hodor]
    // Hodor's refusals too. Plugins start with the server, so this is set once
    // it has started.
    drogon::app().registerBeginningAdvice([] {
        drogon::app().getPlugin<drogon::plugin::Hodor>()->setRejectResponseFactory(
            [](const drogon::HttpRequestPtr &) {
                return jsonError(drogon::k429TooManyRequests, "too many attempts; wait a minute");
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
