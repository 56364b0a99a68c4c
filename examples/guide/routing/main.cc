// Routes of every kind, registered in main(): path patterns, typed arguments, regular expressions,
// method constraints, and overlapping routes. Every handler answers one line of text that names
// which route answered, so the page's curl commands show who won.
#include <drogon/drogon.h>

#include <cstdlib>
#include <string>

using namespace drogon;
using Callback = std::function<void(const HttpResponsePtr &)>;

static HttpResponsePtr text(const std::string &body)
{
    auto resp = HttpResponse::newHttpResponse();
    resp->setContentTypeCode(CT_TEXT_PLAIN);
    resp->setBody(body + "\n");
    return resp;
}

// [guide:slug]
// Any type with a constructor from std::string can be an argument: Drogon
// builds it from the path segment (and default-constructs it for an empty one).
struct Slug
{
    Slug() = default;
    explicit Slug(const std::string &text) : words(text)
    {
        for (auto &c : words)
            if (c == '-')
                c = ' ';
    }
    std::string words;
};
// [/guide:slug]

int main(int argc, char *argv[])
{
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    auto &app = drogon::app();

    // [guide:patterns]
    // {name}: one path segment, passed to the next argument after the callback.
    app.registerHandler(
        "/users/{id}",
        [](const HttpRequestPtr &, Callback &&callback, int id) {
            callback(text("user " + std::to_string(id)));
        },
        {Get, Post});
    // {}: a segment without a name; arguments are taken in order.
    app.registerHandler(
        "/posts/{}/comments/{}",
        [](const HttpRequestPtr &, Callback &&callback, int post, int comment) {
            callback(text("comment " + std::to_string(comment) + " of post " +
                          std::to_string(post)));
        },
        {Get});
    // {1}, {2}: the argument by its position, whatever the order in the path.
    app.registerHandler(
        "/between/{2}/{1}",
        [](const HttpRequestPtr &, Callback &&callback, const std::string &to,
           const std::string &from) {
            callback(text("from " + from + " to " + to));
        },
        {Get});
    // Query parameters can be arguments too; a missing one arrives empty (or 0).
    app.registerHandler(
        "/search?q={query}&page={page}",
        [](const HttpRequestPtr &, Callback &&callback, const std::string &query,
           int page) {
            callback(text("search \"" + query + "\" page " + std::to_string(page)));
        },
        {Get});
    // [/guide:patterns]

    // [guide:types]
    app.registerHandler(
        "/articles/{slug}/{version}",
        [](const HttpRequestPtr &, Callback &&callback, Slug slug, double version) {
            callback(text("article \"" + slug.words + "\" version " +
                          std::to_string(version).substr(0, 3)));
        },
        {Get});
    // [/guide:types]

    // [guide:regex]
    // The whole path must match; each group in parentheses is an argument.
    app.registerHandlerViaRegex(
        "/files/([a-z]+)\\.(txt|md)",
        [](const HttpRequestPtr &, Callback &&callback, const std::string &name,
           const std::string &extension) {
            callback(text("file " + name + " of type " + extension));
        },
        {Get});
    // [/guide:regex]

    // [guide:regex-outside]
    // With a placeholder in it, the rest of a pattern is a regular expression
    // too: [0-9]+ here.
    app.registerHandler(
        "/shop/{category}/[0-9]+",
        [](const HttpRequestPtr &, Callback &&callback, const std::string &category) {
            callback(text("a numbered item of " + category));
        },
        {Get});
    // Without any placeholder, a pattern is a plain path: this matches only
    // /shop/.* itself, dot and star included.
    app.registerHandler(
        "/shop/.*",
        [](const HttpRequestPtr &, Callback &&callback) {
            callback(text("the path /shop/.* itself"));
        },
        {Get});
    // [/guide:regex-outside]

    // [guide:methods]
    app.registerHandler(
        "/notes",
        [](const HttpRequestPtr &, Callback &&callback) {
            callback(text("all notes"));
        },
        {Get});
    // Options too: Drogon answers CORS preflight requests for this route.
    app.registerHandler(
        "/notes",
        [](const HttpRequestPtr &req, Callback &&callback) {
            auto resp = text("created note: " + std::string(req->body()));
            resp->setStatusCode(k201Created);
            callback(resp);
        },
        {Post, Options});
    // [/guide:methods]

    // [guide:precedence]
    // 1. A path without placeholders is looked up first, whatever the order.
    app.registerHandler(
        "/users/me",
        [](const HttpRequestPtr &, Callback &&callback) {
            callback(text("the current user"));
        },
        {Get});
    // 2. Patterns are tried in the order they were registered: this one is
    //    tried before the next, and takes /docs/v2 too.
    app.registerHandler(
        "/docs/{page}",
        [](const HttpRequestPtr &, Callback &&callback, const std::string &page) {
            callback(text("docs page " + page));
        },
        {Get});
    app.registerHandler(
        "/docs/v{version}",
        [](const HttpRequestPtr &, Callback &&callback, int version) {
            callback(text("docs of version " + std::to_string(version)));
        },
        {Get});
    // 3. A pattern that does not accept the method is skipped.
    app.registerHandler(
        "/orders/{id}",
        [](const HttpRequestPtr &, Callback &&callback, int id) {
            callback(text("order " + std::to_string(id)));
        },
        {Get});
    app.registerHandlerViaRegex(
        "/orders/(.+)",
        [](const HttpRequestPtr &, Callback &&callback, const std::string &id) {
            callback(text("cancelled order " + id));
        },
        {Delete});
    // 4. Registered in main(), after the Catalog controller's /catalog/{id}.
    app.registerHandlerViaRegex(
        "/catalog/([a-z]+)",
        [](const HttpRequestPtr &, Callback &&callback, const std::string &word) {
            callback(text("catalog word " + word));
        },
        {Get});
    // [/guide:precedence]

    app.addListener("127.0.0.1", port).run();
}
