#pragma once

#include <drogon/HttpController.h>

#include <map>
#include <mutex>
#include <string>

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
};
}  // namespace api::v1
