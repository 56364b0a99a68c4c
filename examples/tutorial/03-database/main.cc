#include <drogon/drogon.h>

#include "JsonResponses.h"

int main()
{
    // config.json, in the folder the program starts in, says where to listen
    // and what to log.
    drogon::app().loadConfigFile("config.json");
    // [guide:errors]
    // The errors Drogon answers by itself (no route for the path, a method the
    // route does not take, an exception a handler let out) answer in JSON too.
    drogon::app().setCustomErrorHandler(
        [](drogon::HttpStatusCode code, const drogon::HttpRequestPtr &) {
            return jsonError(code, statusText(code));
        });
    // [/guide:errors]
    drogon::app().run();
}
