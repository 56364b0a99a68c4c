// client_options: a command-line program that shows HttpClient's options against client_backend
// (HTTP, port 9090) and tls_backend (HTTPS, port 9443): the user agent, cookies, a file upload, and
// the checks of the server's certificate. It waits for each answer: fine in a program like this one,
// never in a handler.
#include <drogon/drogon.h>
#include <trantor/net/EventLoopThread.h>

#include <iostream>
#include <string>

using namespace drogon;

// GET path with client: the answer's body, or why no answer came.
static std::string get(const HttpClientPtr &client, const std::string &path)
{
    auto req = HttpRequest::newHttpRequest();
    req->setPath(path);
    auto [result, resp] = client->sendRequest(req, 5.0);
    if (result != ReqResult::Ok)
        return "no answer: " + to_string(result);
    return std::string(resp->body());
}

// Prints "label: answer" once the answer is there (Drogon's log lines go to
// the same output, so nothing is printed while waiting).
static void show(const std::string &label, const HttpClientPtr &client, const std::string &path)
{
    const auto answer = get(client, path);
    std::cout << label << ": " << answer << std::endl;
}

int main(int argc, char *argv[])
{
    const std::string http = argc > 1 ? argv[1] : "http://127.0.0.1:9090";
    const std::string https = argc > 2 ? argv[2] : "https://localhost:9443";
    const std::string certs = argc > 3 ? argv[3] : "certs";

    // The clients' event loop: a thread of its own (no app().run() here).
    trantor::EventLoopThread thread("clients");
    thread.run();
    auto *loop = thread.getLoop();

    // [guide:user-agent]
    // Every request carries "User-Agent: DrogonClient" unless told otherwise;
    // an empty string sends no User-Agent header at all.
    auto client = HttpClient::newHttpClient(http, loop);
    show("user agent, by default", client, "/agent");
    client->setUserAgent("bookshop-gateway/1.0");
    show("user agent, set", client, "/agent");
    client->setUserAgent("");
    show("user agent, empty", client, "/agent");
    // [/guide:user-agent]

    // [guide:cookies]
    // Cookies are off by default: what Set-Cookie said is not sent back.
    auto forgetful = HttpClient::newHttpClient(http, loop);
    get(forgetful, "/login?user=ann");
    show("cookies off", forgetful, "/me");
    // enableCookies(): the client keeps the cookies of the answers and sends
    // them with its next requests.
    auto browserLike = HttpClient::newHttpClient(http, loop);
    browserLike->enableCookies();
    get(browserLike, "/login?user=ann");
    show("cookies on", browserLike, "/me");
    // [/guide:cookies]

    // [guide:upload]
    // A multipart/form-data POST: a file read from disk, one from memory
    // (since 1.9.13; not copied, so it must live until the request is sent),
    // and a form field.
    const std::string greeting = "hello";
    auto upload = HttpRequest::newFileUploadRequest({
        UploadFile("notes.txt", "", "file", CT_TEXT_PLAIN),
        UploadFile(greeting.data(), greeting.size(), "greeting.txt", "file", CT_TEXT_PLAIN),
    });
    upload->setPath("/upload");
    upload->setParameter("comment", "two files");
    auto [result, resp] = client->sendRequest(upload, 5.0);
    std::cout << "upload:\n" << (result == ReqResult::Ok ? std::string(resp->body()) : to_string(result) + "\n");
    // [/guide:upload]

    // [guide:tls]
    // validateCert (true by default): the server's certificate must be signed
    // by a CA the client trusts and name the host. Ours is signed by a private
    // CA that the system does not know.
    auto strict = HttpClient::newHttpClient(https, loop);
    show("https, system CAs", strict, "/hello");

    // addSSLConfigs passes OpenSSL SSL_CONF_cmd settings: trust the private CA.
    // The server now passes, but it wants a certificate from the client.
    auto trusting = HttpClient::newHttpClient(https, loop);
    trusting->addSSLConfigs({{"VerifyCAFile", certs + "/ca.pem"}});
    show("https, private CA", trusting, "/hello");

    // setCertPath: the client's certificate and its key.
    auto identified = HttpClient::newHttpClient(https, loop);
    identified->addSSLConfigs({{"VerifyCAFile", certs + "/ca.pem"}});
    identified->setCertPath(certs + "/client.pem", certs + "/client.key");
    show("https, private CA and client certificate", identified, "/hello");

    // validateCert false (the last argument): any server certificate passes.
    // Only for tests: anyone between client and server could answer.
    auto blind = HttpClient::newHttpClient(https, loop, false, false);
    blind->setCertPath(certs + "/client.pem", certs + "/client.key");
    show("https, no validation", blind, "/hello");
    // [/guide:tls]
}
