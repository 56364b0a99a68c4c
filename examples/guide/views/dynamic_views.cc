// A program whose view is not compiled in: Drogon compiles and loads it at run time (the
// load_dynamic_views settings of dynamic-views.json), and again each time the .csp file changes.
#include <drogon/drogon.h>

#include <string>

using namespace drogon;

int main(int argc, char *argv[])
{
    // [guide:dynamic]
    // The configuration file turns dynamic views on; the handler asks for
    // the view by name, as for a compiled one.
    app().loadConfigFile(argc > 1 ? argv[1] : "dynamic-views.json");
    app().registerHandler(
        "/notice?visitor={visitor}",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           const std::string &visitor) {
            HttpViewData data;
            data.insert("visitor", HttpViewData::htmlTranslate(visitor));
            // Until Notice is compiled and loaded, this answers 404.
            callback(HttpResponse::newHttpViewResponse("Notice", data));
        },
        {Get});
    app().run();
    // [/guide:dynamic]
}
