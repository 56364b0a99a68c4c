// An HTTPS service that wants a client certificate, for client_options to call. It uses the
// certificates that the page's openssl commands make in certs/.
#include <drogon/drogon.h>

#include <cstdlib>

using namespace drogon;

int main(int argc, char *argv[])
{
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 9443);
    const std::string certs = argc > 2 ? argv[2] : "certs";

    // [guide:listener]
    // HTTPS with the server's certificate for localhost. VerifyMode Require: no
    // handshake without a client certificate, and VerifyCAFile: one signed by
    // the private CA (both are OpenSSL's SSL_CONF_cmd settings).
    app().addListener("127.0.0.1", port, true, certs + "/server.pem", certs + "/server.key", false,
                      {{"VerifyMode", "Require"}, {"VerifyCAFile", certs + "/ca.pem"}});
    app().registerHandler(
        "/hello",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            const auto &cert = req->peerCertificate();  // the client's
            auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
            resp->setBody("hello, client " + (cert ? cert->sha256Fingerprint() : std::string("without a certificate")));
            callback(resp);
        },
        {Get});
    // [/guide:listener]

    app().run();
}
