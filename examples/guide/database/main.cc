#include "models/postgresql/Books.h"
#include "models/sqlite3/Books.h"

#include <drogon/drogon.h>
#include <drogon/orm/Mapper.h>

#include <cstdlib>
#include <iostream>
#include <optional>

using namespace drogon;
using namespace drogon::orm;

namespace
{
DbClientPtr db;  // set in main(), before the server starts

HttpResponsePtr json(const Json::Value &body, HttpStatusCode status = k200OK)
{
    auto resp = HttpResponse::newHttpJsonResponse(body);
    resp->setStatusCode(status);
    return resp;
}

HttpResponsePtr error(const std::string &message, HttpStatusCode status)
{
    Json::Value body;
    body["error"] = message;
    return json(body, status);
}

// [guide:list]
// GET /books: plain SQL. The callback runs when the query is done; the I/O
// thread is free in the meantime.
void listBooks(const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback)
{
    db->execSqlAsync(
        "SELECT id, title, author, copies, subtitle FROM books ORDER BY id",
        [callback](const Result &rows) {
            Json::Value books(Json::arrayValue);
            for (const auto &row : rows)
            {
                Json::Value book;
                book["id"] = row["id"].as<int64_t>();
                book["title"] = row["title"].as<std::string>();
                book["author"] = row["author"].as<std::string>();
                book["copies"] = row["copies"].as<int64_t>();
                // as<T>() reads a NULL as T() (""): ask isNull() first.
                book["subtitle"] = row["subtitle"].isNull() ? Json::Value()
                                                            : Json::Value(row["subtitle"].as<std::string>());
                books.append(book);
            }
            callback(json(books));
        },
        [callback](const DrogonDbException &e) {
            callback(error(e.base().what(), k500InternalServerError));
        });
}
// [/guide:list]

// [guide:loan]
// POST /books/{id}/loans with a form field borrower: one fewer copy and one
// more loan, both or neither.
void lendBook(const HttpRequestPtr &req,
              std::function<void(const HttpResponsePtr &)> &&callback,
              int64_t bookId)
{
    const std::string borrower = req->getParameter("borrower");
    db->newTransactionAsync([callback, bookId, borrower](const std::shared_ptr<Transaction> &trans) {
        if (!trans)
        {
            callback(error("no database connection", k503ServiceUnavailable));
            return;
        }
        trans->execSqlAsync(
            "UPDATE books SET copies = copies - 1 WHERE id = $1 AND copies > 0",
            [callback, trans, bookId, borrower](const Result &updated) {
                if (updated.affectedRows() == 0)
                {
                    trans->rollback();
                    callback(error("no copy left", k409Conflict));
                    return;
                }
                trans->execSqlAsync(
                    "INSERT INTO loans (book_id, borrower) VALUES ($1, $2)",
                    [callback, trans, bookId, borrower](const Result &) {
                        // Committed when the last copy of trans goes away.
                        Json::Value loan;
                        loan["book"] = bookId;
                        loan["borrower"] = borrower;
                        callback(json(loan, k201Created));
                    },
                    [callback](const DrogonDbException &e) {
                        // A failed statement rolls the whole transaction back.
                        callback(error(e.base().what(), k400BadRequest));
                    },
                    bookId,
                    borrower);
            },
            [callback](const DrogonDbException &e) {
                callback(error(e.base().what(), k500InternalServerError));
            },
            bookId);
    });
}
// [/guide:loan]

// [guide:insert]
// POST /books with the form fields title, author and, if the book has one,
// subtitle: a new row, and the id the database gave it. A coroutine handler:
// each co_await waits for its statement without blocking the thread.
Task<HttpResponsePtr> addBook(HttpRequestPtr req)
{
    const std::string title = req->getParameter("title");
    const std::string author = req->getParameter("author");
    if (title.empty() || author.empty())
        co_return error("title and author are required", k400BadRequest);
    // No subtitle: an empty std::optional, which binds NULL. A named
    // variable, not a ?: written into the co_await's arguments (g++ 12).
    std::optional<std::string> subtitle;
    if (!req->getParameter("subtitle").empty())
        subtitle = req->getParameter("subtitle");
    try
    {
        int64_t id;
        if (db->type() == ClientType::PostgreSQL)
        {
            // insertId() is always 0 on PostgreSQL: RETURNING gives the id.
            const auto result = co_await db->execSqlCoro(
                "INSERT INTO books (title, author, subtitle) VALUES ($1, $2, $3) RETURNING id",
                title, author, subtitle);
            id = result[0]["id"].as<int64_t>();
        }
        else
        {
            // SQLite3 (and MySQL): insertId() is the new row's id.
            const auto result = co_await db->execSqlCoro(
                "INSERT INTO books (title, author, subtitle) VALUES ($1, $2, $3)",
                title, author, subtitle);
            id = static_cast<int64_t>(result.insertId());
        }
        Json::Value book;
        book["id"] = id;
        book["title"] = title;
        book["subtitle"] = subtitle ? Json::Value(*subtitle) : Json::Value();
        co_return json(book, k201Created);
    }
    catch (const DrogonDbException &e)
    {
        co_return error(e.base().what(), k400BadRequest);
    }
}
// [/guide:insert]

// [guide:null]
// DELETE /books/{id}/subtitle: the column set to NULL, written as nullptr.
void removeSubtitle(const HttpRequestPtr &req,
                    std::function<void(const HttpResponsePtr &)> &&callback,
                    int64_t bookId)
{
    db->execSqlAsync(
        "UPDATE books SET subtitle = $1 WHERE id = $2",
        [callback, bookId](const Result &updated) {
            if (updated.affectedRows() == 0)
                return callback(error("no book " + std::to_string(bookId), k404NotFound));
            callback(HttpResponse::newHttpResponse(k204NoContent, CT_NONE));
        },
        [callback](const DrogonDbException &e) {
            callback(error(e.base().what(), k500InternalServerError));
        },
        nullptr,
        bookId);
}
// [/guide:null]

// [guide:stream]
// GET /books/{id}/loans: a query written as a stream. The SQL, then the value
// of each placeholder with <<; with >>, a callback that gets one row at a
// time as typed values, then an error callback. The statement is sent when
// the whole expression has been evaluated.
void listLoans(const HttpRequestPtr &req,
               std::function<void(const HttpResponsePtr &)> &&callback,
               int64_t bookId)
{
    auto borrowers = std::make_shared<Json::Value>(Json::arrayValue);
    *db << "SELECT borrower FROM loans WHERE book_id = $1 ORDER BY id" << bookId >>
        [borrowers, callback](bool isNull, const std::string &borrower) {
            if (isNull)  // called once more after the last row, or at once if none
                return callback(json(*borrowers));
            borrowers->append(borrower);
        } >>
        [callback](const DrogonDbException &e) {
            callback(error(e.base().what(), k500InternalServerError));
        };
}
// [/guide:stream]

// [guide:orm]
// The same routes for either database: the model class differs, the code
// does not.
template <typename Books>
void addOrmRoutes()
{
    // GET /orm/books/{id}
    app().registerHandler(
        "/orm/books/{id}",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           int64_t id) {
            Mapper<Books> books(db);
            books.findByPrimaryKey(
                id,
                [callback](const Books &book) { callback(json(book.toJson())); },
                [callback, id](const DrogonDbException &e) {
                    // No such row is an exception too: UnexpectedRows.
                    if (dynamic_cast<const UnexpectedRows *>(&e.base()))
                        callback(error("no book " + std::to_string(id), k404NotFound));
                    else
                        callback(error(e.base().what(), k500InternalServerError));
                });
        },
        {Get});

    // GET /orm/books?author=...
    app().registerHandler(
        "/orm/books?author={author}",
        [](const HttpRequestPtr &req,
           std::function<void(const HttpResponsePtr &)> &&callback,
           const std::string &author) {
            Mapper<Books> books(db);
            books.orderBy(Books::Cols::_id).findBy(
                Criteria(Books::Cols::_author, CompareOperator::EQ, author),
                [callback](const std::vector<Books> &found) {
                    Json::Value all(Json::arrayValue);
                    for (const auto &book : found)
                        all.append(book.toJson());
                    callback(json(all));
                },
                [callback](const DrogonDbException &e) {
                    callback(error(e.base().what(), k500InternalServerError));
                });
        },
        {Get});

    // POST /orm/books with a JSON body
    app().registerHandler(
        "/orm/books",
        [](const HttpRequestPtr &req, std::function<void(const HttpResponsePtr &)> &&callback) {
            auto body = req->getJsonObject();
            std::string why;
            if (!body || !Books::validateJsonForCreation(*body, why))
            {
                callback(error(body ? why : "expected a JSON body", k400BadRequest));
                return;
            }
            Mapper<Books> books(db);
            books.insert(
                Books(*body),
                [callback](const Books &inserted) {
                    // The id the database gave the new row is filled in.
                    callback(json(inserted.toJson(), k201Created));
                },
                [callback](const DrogonDbException &e) {
                    callback(error(e.base().what(), k500InternalServerError));
                });
        },
        {Post});
}
// [/guide:orm]
}  // namespace

int main(int argc, char *argv[])
{
    // [guide:main]
    // library PORT sqlite3|postgresql CONNECTION
    if (argc != 4)
    {
        std::cerr << "usage: library PORT sqlite3|postgresql CONNECTION\n";
        return 2;
    }
    const auto port = static_cast<uint16_t>(std::atoi(argv[1]));
    const std::string kind = argv[2];
    if (kind == "sqlite3")
    {
        db = DbClient::newSqlite3Client(argv[3], 1);
        addOrmRoutes<drogon_model::sqlite3::Books>();
    }
    else if (kind == "postgresql")
    {
        db = DbClient::newPgClient(argv[3], 2);  // two connections
        addOrmRoutes<drogon_model::guide::Books>();
    }
    else
    {
        std::cerr << "unknown database kind: " << kind << "\n";
        return 2;
    }
    // [/guide:main]

    // [guide:future]
    // Before the server starts: two queries sent at once, then waited for.
    // get() blocks until the result is there, and throws the error when the
    // query failed. Fine here, never in a handler.
    auto books = db->execSqlAsyncFuture("SELECT count(*) FROM books");
    // int64_t for a BIGINT column: PostgreSQL reads the value as the client
    // sends it, and an int (4 bytes) would fail.
    auto loans = db->execSqlAsyncFuture("SELECT count(*) FROM loans WHERE book_id = $1", int64_t{2});
    try
    {
        const auto titles = books.get()[0][0].as<int64_t>();
        const auto lent = loans.get()[0][0].as<int64_t>();
        std::cout << "library: " << titles << " titles, " << lent << " loans of book 2" << std::endl;
    }
    catch (const DrogonDbException &e)
    {
        std::cerr << "library: " << e.base().what() << std::endl;
        return 1;
    }
    // [/guide:future]

    // [guide:routes]
    app().registerHandler("/books", &listBooks, {Get});
    app().registerHandler("/books", &addBook, {Post});
    app().registerHandler("/books/{id}/subtitle", &removeSubtitle, {Delete});
    app().registerHandler("/books/{id}/loans", &lendBook, {Post});
    app().registerHandler("/books/{id}/loans", &listLoans, {Get});
    app().addListener("127.0.0.1", port).run();
    // [/guide:routes]
}
