#pragma once

#include <drogon/HttpController.h>

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

// [guide:routes]
// The reading list's JSON API. Drogon makes one BooksApi when the program
// starts and calls its handlers from its I/O threads.
class BooksApi : public drogon::HttpController<BooksApi>
{
  public:
    METHOD_LIST_BEGIN
    ADD_METHOD_TO(BooksApi::list, "/api/books", drogon::Get);
    ADD_METHOD_TO(BooksApi::create, "/api/books", drogon::Post);
    ADD_METHOD_TO(BooksApi::getOne, "/api/books/{id}", drogon::Get);
    ADD_METHOD_TO(BooksApi::update, "/api/books/{id}", drogon::Patch);
    ADD_METHOD_TO(BooksApi::remove, "/api/books/{id}", drogon::Delete);
    METHOD_LIST_END

    drogon::Task<drogon::HttpResponsePtr> list(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> create(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> getOne(drogon::HttpRequestPtr req, std::string id);
    drogon::Task<drogon::HttpResponsePtr> update(drogon::HttpRequestPtr req, std::string id);
    drogon::Task<drogon::HttpResponsePtr> remove(drogon::HttpRequestPtr req, std::string id);
    // [/guide:routes]

  private:
    // [guide:store]
    // The books, in memory for now: gone when the program stops. The mutex
    // guards them, as handlers run on several threads at once.
    struct Book
    {
        std::string title;
        std::string author;
        std::string status;
    };
    std::mutex mutex_;
    std::map<int64_t, Book> books_;
    int64_t nextId_{1};
    // [/guide:store]

    static Json::Value toJson(int64_t id, const Book &book);
    // The id in the path as a number; none for "abc" (answered with 404).
    static std::optional<int64_t> parseId(const std::string &id);
};
