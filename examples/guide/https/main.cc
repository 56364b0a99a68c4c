#include <drogon/drogon.h>

#include <atomic>
#include <csignal>
#include <iostream>
#include <string>

using namespace drogon;

int main(int argc, char *argv[])
{
    // [guide:load]
    // Listeners, certificate files and plugins come from the configuration file.
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
    // [/guide:load]

    app().registerHandler(
        "/",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
            resp->setBody(req->isOnSecureConnection() ? "Hello over HTTPS\n" : "Hello over plain HTTP\n");
            callback(resp);
        },
        {Get});

    // [guide:hsts]
    // Tell browsers to use HTTPS for this host for a year, without asking
    // over plain HTTP first. Only HTTPS answers may carry this header.
    app().registerPostHandlingAdvice([](const HttpRequestPtr &req, const HttpResponsePtr &resp) {
        if (req->isOnSecureConnection())
            resp->addHeader("Strict-Transport-Security", "max-age=31536000");
    });
    // [/guide:hsts]

    // [guide:acme]
    // Let's Encrypt's HTTP-01 challenge (certbot --webroot -w acme) asks for
    // http://<host>/.well-known/acme-challenge/<token> over plain HTTP: the
    // configuration exempts these paths from the redirection.
    app().registerHandler(
        "/.well-known/acme-challenge/{token}",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           const std::string &token) {
            // Tokens are base64url; anything else could name another file.
            if (token.empty() ||
                token.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                        "0123456789-_") != std::string::npos)
                return callback(HttpResponse::newNotFoundResponse(req));
            callback(HttpResponse::newFileResponse("acme/.well-known/acme-challenge/" + token, "",
                                                   CT_TEXT_PLAIN));
        },
        {Get});
    // [/guide:acme]

    // [guide:reload]
    // A renewed certificate is written over the same files; `kill -HUP <pid>`
    // (systemd: ExecReload=/bin/kill -HUP $MAINPID) makes the server read them
    // again. New connections get the new certificate; there is no restart.
    static std::atomic<bool> reloadWanted{false};
    std::signal(SIGHUP, [](int) { reloadWanted = true; });  // a signal handler only sets a flag
    app().getLoop()->runEvery(1.0, [] {
        if (reloadWanted.exchange(false))
        {
            app().reloadSSLFiles();
            LOG_INFO << "certificate files reloaded";
        }
    });
    // [/guide:reload]

    app().run();
}
