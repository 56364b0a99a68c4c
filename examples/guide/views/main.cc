#include <drogon/drogon.h>

#include <cstdlib>
#include <string>
#include <vector>

using namespace drogon;

int main(int argc, char *argv[])
{
    // The port is the first argument, as every program of the guide takes it; 8080 without one.
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);

    // [guide:handler]
    app().registerHandler(
        "/books?visitor={visitor}",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           const std::string &visitor) {
            HttpViewData data;
            data.insert("title", std::string("Reading list"));
            // [[ ]] and {% %} print values as they are: escape anything a
            // client sent, or it becomes part of the page's HTML.
            data.insert("visitor", HttpViewData::htmlTranslate(visitor.empty() ? "stranger" : visitor));
            data.insert("books", std::vector<std::string>{"Dune", "Solaris", "Neuromancer"});
            callback(HttpResponse::newHttpViewResponse("BookList", data));
        },
        {Get});
    // [/guide:handler]

    // [guide:book-page]
    // One book, rendered by BookPage inside the Layout view.
    app().registerHandler(
        "/books/{id}",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           int id) {
            static const std::vector<std::pair<std::string, int>> books{
                {"Dune", 5}, {"Solaris", 4}, {"Neuromancer", 3}};
            if (id < 1 || id > static_cast<int>(books.size()))
            {
                callback(HttpResponse::newNotFoundResponse(req));
                return;
            }
            HttpViewData data;
            data.insert("title", books[id - 1].first);
            data.insert("stars", books[id - 1].second);
            callback(HttpResponse::newHttpViewResponse("BookPage", data));
        },
        {Get});
    // [/guide:book-page]

    app().addListener("127.0.0.1", port).run();
}
