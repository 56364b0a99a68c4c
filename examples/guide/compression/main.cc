#include <drogon/drogon.h>

#include <cstdlib>
#include <iostream>
#include <string>

using namespace drogon;

// `size` bytes of plain text (a sentence repeated), as a large page or JSON answer would be.
static std::string sampleText(size_t size)
{
    static const std::string sentence = "Drogon compresses text answers of 1 KiB and more. ";
    std::string text;
    text.reserve(size);
    while (text.size() < size)
        text += sentence;
    text.resize(size);
    return text;
}

int main(int argc, char *argv[])
{
    // The port is the first argument, as every program of the guide takes it; 8080 without one.
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    try
    {
        app().loadConfigFile("config.json");  // use_gzip, use_brotli, gzip_static, br_static
    }
    catch (const std::exception &e)
    {
        std::cerr << "cannot load config.json: " << e.what() << std::endl;
        return 1;
    }

    // [guide:text]
    // GET /text/4000: 4000 bytes of text. Nothing here about compression: Drogon compresses the
    // answer when the client accepts gzip or br and the body is text of 1024 bytes or more.
    app().registerHandler(
        "/text/{size}",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback, size_t size) {
            if (size > 1024 * 1024)
            {
                callback(HttpResponse::newHttpResponse(k400BadRequest, CT_TEXT_PLAIN));
                return;
            }
            auto resp = HttpResponse::newHttpResponse();
            resp->setContentTypeCode(CT_TEXT_PLAIN);
            resp->setBody(sampleText(size));
            callback(resp);
        },
        {Get});
    // [/guide:text]

    // [guide:opt-out]
    // GET /account?q=...: a secret next to text the client chose. Over TLS, the compressed size
    // would tell an attacker when their guess matches the secret (BREACH): send it uncompressed.
    app().registerHandler(
        "/account",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            auto resp = HttpResponse::newHttpResponse();
            resp->setContentTypeCode(CT_TEXT_HTML);
            resp->setBody("<p>csrf-token: 2f9c61d0a7b84e55</p><p>You searched for: " +
                          HttpViewData::htmlTranslate(req->getParameter("q")) + "</p>" + sampleText(2000));
            resp->setAllowCompression(false);  // from Drogon 1.9.13
            callback(resp);
        },
        {Get});
    // [/guide:opt-out]

    // GET /download: binary content types are never compressed, whatever their size.
    app().registerHandler(
        "/download",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback) {
            auto resp = HttpResponse::newHttpResponse();
            resp->setContentTypeCode(CT_APPLICATION_OCTET_STREAM);
            resp->setBody(sampleText(4000));
            callback(resp);
        },
        {Get});

    // [guide:vary]
    // The same URL gives different bytes to different clients: say so to caches in between.
    // A pre-sending advice sees every answer, static files included.
    app().registerPreSendingAdvice([](const HttpRequestPtr &, const HttpResponsePtr &resp) {
        resp->addHeader("Vary", "Accept-Encoding");
    });
    // [/guide:vary]

    app().addListener("127.0.0.1", port).run();
}
