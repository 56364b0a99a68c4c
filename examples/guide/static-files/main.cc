#include <drogon/drogon.h>

#include <cstdlib>

using namespace drogon;

// The settings of the page, in code. config.json holds the same settings.
static void configureStaticFiles()
{
    // [guide:setup]
    app()
        // Files are served from ./public/, relative to the working directory.
        // End it with a slash: a location's relative alias is appended to it.
        .setDocumentRoot("./public/")
        // Keep each file's response in memory for 60 s (the default is 5).
        .setStaticFilesCacheTime(60)
        // Extra headers on every static file response.
        .setStaticFileHeaders({{"Cache-Control", "public, max-age=3600"}})
        // The extensions served from the document root (this replaces the
        // default list), and a content type for one Drogon does not know.
        .setFileTypes({"html", "css", "js", "txt", "png", "md"})
        .registerCustomExtensionMime("md", "text/markdown; charset=utf-8");
    // [/guide:setup]

    // [guide:location]
    // /downloads/... comes from ./public/docs, whatever the extension; a file
    // without one is sent as application/octet-stream.
    app().addALocation("/downloads", "application/octet-stream", "docs");
    // [/guide:location]
}

int main(int argc, char *argv[])
{
    // static_server [PORT [CONFIG]]: the port (the first argument; 8080 without
    // one), and a configuration file to take the settings from instead.
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    if (argc > 2)
        app().loadConfigFile(argv[2]);
    else
        configureStaticFiles();

    // [guide:not-found]
    // Every 404 of the application: missing files and unknown routes.
    auto notFound = HttpResponse::newHttpResponse();
    notFound->setContentTypeCode(CT_TEXT_HTML);
    notFound->setBody("<!doctype html><title>Not found</title>"
                      "<h1>Nothing here</h1><p><a href=\"/\">Home</a></p>\n");
    app().setCustom404Page(notFound);
    // [/guide:not-found]

    app().addListener("127.0.0.1", port).run();
}
