#include "ReportsCtrl.h"

#include "Books.h"

using namespace drogon::orm;
using namespace BOOKSHOP_MODELS;

namespace
{
using Callback = std::function<void(const HttpResponsePtr &)>;

void answerBooks(const Callback &callback, const std::vector<Books> &books)
{
    Json::Value body(Json::arrayValue);
    for (const auto &book : books)
        body.append(book.toJson());
    callback(HttpResponse::newHttpJsonResponse(body));
}

ExceptionCallback fail(const Callback &callback)
{
    return [callback](const DrogonDbException &e) {
        Json::Value body;
        body["error"] = e.base().what();
        auto resp = HttpResponse::newHttpJsonResponse(body);
        resp->setStatusCode(k500InternalServerError);
        callback(resp);
    };
}
}  // namespace

// [guide:inner-join]
// GET /reports/by-author?name=Lem: the books whose author's name contains
// the text. SELECT * FROM books INNER JOIN authors ON ... WHERE authors.name
// LIKE $1: the condition is on the joined table.
void ReportsCtrl::byAuthorName(const HttpRequestPtr &req,
                               std::function<void(const HttpResponsePtr &)> &&callback,
                               const std::string &name)
{
    Mapper<Books>(app().getDbClient())
        .innerJoin("authors", "books.author_id", "authors.id")
        .orderBy("books.id")  // "id" alone would be ambiguous: both tables have one
        .findBy(Criteria("authors.name", CompareOperator::Like, "%" + name + "%"),
                [callback](const std::vector<Books> &books) { answerBooks(callback, books); },
                fail(callback));
}
// [/guide:inner-join]

// [guide:left-join]
// GET /reports/untagged: the books without a tag. A LEFT JOIN keeps every
// book; those with no row in book_tags get NULLs there.
void ReportsCtrl::untagged(const HttpRequestPtr &req,
                           std::function<void(const HttpResponsePtr &)> &&callback)
{
    Mapper<Books>(app().getDbClient())
        .leftJoin("book_tags", "books.id", "book_tags.book_id")
        .orderBy("books.id")
        .findBy(Criteria("book_tags.book_id", CompareOperator::IsNull),
                [callback](const std::vector<Books> &books) { answerBooks(callback, books); },
                fail(callback));
}
// [/guide:left-join]

// [guide:right-join]
// GET /reports/authors-without-books: a RIGHT JOIN keeps every author; an
// author without a book is a row whose books columns are all NULL. A
// Mapper<Books> cannot return authors, but it can count those rows.
void ReportsCtrl::authorsWithoutBooks(const HttpRequestPtr &req,
                                      std::function<void(const HttpResponsePtr &)> &&callback)
{
    Mapper<Books>(app().getDbClient())
        .rightJoin("authors", "books.author_id", "authors.id")
        .count(Criteria("books.id", CompareOperator::IsNull),
               [callback](size_t count) {
                   Json::Value body;
                   body["authors_without_books"] = static_cast<Json::UInt64>(count);
                   callback(HttpResponse::newHttpJsonResponse(body));
               },
               fail(callback));
}
// [/guide:right-join]
