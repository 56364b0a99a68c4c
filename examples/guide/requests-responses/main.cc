#include <drogon/drogon.h>

#include <cstdlib>
#include <filesystem>

using namespace drogon;

int main(int argc, char *argv[])
{
    // The port is the first argument, as every program of the guide takes it; 8080 without one.
    // The upload folder is the second; ./uploads otherwise. Made absolute: Drogon
    // 1.9.13 puts a relative upload folder under the document root, and
    // HttpFile::save() then does it once more (public/uploads/public/uploads).
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    const std::string uploads =
        std::filesystem::absolute(argc > 2 ? argv[2] : "uploads").string();

    // [guide:setup]
    app()
        .setDocumentRoot("public")      // static files: ./public/...
        .setUploadPath(uploads)         // where HttpFile::save() writes
        .setClientMaxBodySize(1 << 20)  // refuse bodies over 1 MiB
        .setCustomErrorHandler([](HttpStatusCode code, const HttpRequestPtr &req) {
            // Drogon's own error answers (404, 405, 413, ...), as JSON.
            Json::Value body;
            body["error"] = static_cast<int>(code);
            body["path"] = req->path();
            auto resp = HttpResponse::newHttpJsonResponse(body);
            resp->setStatusCode(code);
            return resp;
        });
    // [/guide:setup]

    app().addListener("127.0.0.1", port).run();
}
