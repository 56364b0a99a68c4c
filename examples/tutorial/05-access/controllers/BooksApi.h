#pragma once

#include <drogon/HttpController.h>

#include <cstdint>
#include <optional>
#include <string>

// [guide:routes]
// The reading list's JSON API. Drogon makes one BooksApi when the program
// starts and calls its handlers from its I/O threads. Every route goes through
// the SignedIn filter first: each user sees and changes their own books only.
class BooksApi : public drogon::HttpController<BooksApi>
{
  public:
    METHOD_LIST_BEGIN
    ADD_METHOD_TO(BooksApi::list, "/api/books", drogon::Get, "SignedIn");
    ADD_METHOD_TO(BooksApi::create, "/api/books", drogon::Post, "SignedIn");
    ADD_METHOD_TO(BooksApi::getOne, "/api/books/{id}", drogon::Get, "SignedIn");
    ADD_METHOD_TO(BooksApi::update, "/api/books/{id}", drogon::Patch, "SignedIn");
    ADD_METHOD_TO(BooksApi::remove, "/api/books/{id}", drogon::Delete, "SignedIn");
    METHOD_LIST_END

    drogon::Task<drogon::HttpResponsePtr> list(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> create(drogon::HttpRequestPtr req);
    drogon::Task<drogon::HttpResponsePtr> getOne(drogon::HttpRequestPtr req, std::string id);
    drogon::Task<drogon::HttpResponsePtr> update(drogon::HttpRequestPtr req, std::string id);
    drogon::Task<drogon::HttpResponsePtr> remove(drogon::HttpRequestPtr req, std::string id);
    // [/guide:routes]

    // The id in the path as a number; none for "abc" (answered with 404).
    static std::optional<int64_t> parseId(const std::string &id);
};
