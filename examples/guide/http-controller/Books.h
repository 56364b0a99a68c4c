#pragma once

#include "Review.h"

#include <drogon/HttpController.h>

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace api::v1
{
// [guide:class]
// A small REST API over books kept in memory. The class is api::v1::Books,
// so METHOD_ADD paths start with /api/v1/Books (matched ignoring case).
class Books : public drogon::HttpController<Books>
{
  public:
    METHOD_LIST_BEGIN
    METHOD_ADD(Books::list, "", drogon::Get);
    METHOD_ADD(Books::get, "/{id}", drogon::Get);
    METHOD_ADD(Books::create, "", drogon::Post);
    METHOD_ADD(Books::rename, "/{id}/title", drogon::Put);
    METHOD_ADD(Books::remove, "/{id}", drogon::Delete);
    ADD_METHOD_TO(Books::search, "/search?q={query}&limit={limit}", drogon::Get);
    // [guide:more-routes]
    // A regular expression outside {}: .* matches the rest of the path.
    METHOD_ADD(Books::note, "/{id}/notes/.*", drogon::Get);
    // The last argument of review has no placeholder: Drogon makes it from
    // the request with fromRequest<Review> (Review.h).
    METHOD_ADD(Books::review, "/{id}/reviews", drogon::Post);
    // A handler that needs nothing else of the request takes the type first.
    ADD_METHOD_TO(Books::checkReview, "/reviews/check", drogon::Post);
    // [/guide:more-routes]
    METHOD_LIST_END

    using Callback = std::function<void(const drogon::HttpResponsePtr &)>;

    void list(const drogon::HttpRequestPtr &req, Callback &&callback);
    void get(const drogon::HttpRequestPtr &req, Callback &&callback, int id);
    void create(const drogon::HttpRequestPtr &req, Callback &&callback);
    void rename(const drogon::HttpRequestPtr &req, Callback &&callback, int id);
    void remove(const drogon::HttpRequestPtr &req, Callback &&callback, int id);
    void search(const drogon::HttpRequestPtr &req,
                Callback &&callback,
                const std::string &query,
                int limit);
    // [guide:more-handlers]
    void note(const drogon::HttpRequestPtr &req, Callback &&callback, int id);
    void review(const drogon::HttpRequestPtr &req,
                Callback &&callback,
                int id,
                Review &&review);
    void checkReview(Review &&review, Callback &&callback);
    // [/guide:more-handlers]
    // [/guide:class]

  private:
    struct Book
    {
        std::string title;
        std::string author;
    };
    static Json::Value toJson(int id, const Book &book);

    // One Books object serves every request, from every I/O thread.
    std::mutex mutex_;
    std::map<int, Book> books_{{1, {"The C++ Programming Language", "Bjarne Stroustrup"}},
                               {2, {"Effective Modern C++", "Scott Meyers"}}};
    int nextId_{3};
    std::map<int, std::vector<Review>> reviews_;
};
}  // namespace api::v1
