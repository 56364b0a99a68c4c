#include "TagsCtrl.h"

#include "BookTags.h"
#include "Books.h"
#include "Tags.h"

using namespace drogon::orm;
using namespace BOOKSHOP_MODELS;

namespace
{
using Callback = std::function<void(const HttpResponsePtr &)>;

HttpResponsePtr answer(const std::string &key, const std::string &text, HttpStatusCode status)
{
    Json::Value body;
    body[key] = text;
    auto resp = HttpResponse::newHttpJsonResponse(body);
    resp->setStatusCode(status);
    return resp;
}

// A missing row (UnexpectedRows): 404 with `notFound`; anything else: 500.
ExceptionCallback failWith(const Callback &callback, const std::string &notFound)
{
    return [callback, notFound](const DrogonDbException &e) {
        if (dynamic_cast<const UnexpectedRows *>(&e.base()))
            callback(answer("error", notFound, k404NotFound));
        else
            callback(answer("error", e.base().what(), k500InternalServerError));
    };
}

constexpr size_t kMaxTags = 3;
}  // namespace

// [guide:for-update]
// POST /books/{id}/tags/{tag}: at most three tags a book. Counting, then
// inserting, is safe only if no other request tags the same book in between:
// the transaction locks the book's row first, so they take turns.
void TagsCtrl::addTag(const HttpRequestPtr &req,
                      std::function<void(const HttpResponsePtr &)> &&callback,
                      int64_t id,
                      int64_t tag)
{
    auto db = app().getDbClient();
    // Immediate: SQLite takes its write lock at BEGIN (PostgreSQL ignores it).
    db->newTransactionAsync(TransactionType::Immediate, [db, id, tag, callback](const std::shared_ptr<Transaction> &trans) {
        if (!trans)
            return callback(answer("error", "no database connection", k503ServiceUnavailable));
        Mapper<Books> books(trans);
        // SELECT ... FOR UPDATE: a second transaction that locks this row waits
        // until this one ends. SQLite has no FOR UPDATE (nor row locks).
        if (db->type() == ClientType::PostgreSQL)
            books.forUpdate();
        books.findByPrimaryKey(
            id,
            [trans, id, tag, callback](const Books &) {
                Mapper<BookTags>(trans).findBy(
                    Criteria(BookTags::Cols::_book_id, CompareOperator::EQ, id),
                    [trans, id, tag, callback](const std::vector<BookTags> &links) {
                        for (const auto &link : links)
                            if (link.getValueOfTagId() == tag)
                                return callback(answer("result", "already tagged", k200OK));
                        if (links.size() >= kMaxTags)
                        {
                            trans->rollback();
                            return callback(answer("error", "a book has at most three tags", k409Conflict));
                        }
                        Mapper<Tags>(trans).findByPrimaryKey(
                            tag,
                            [trans, id, tag, callback](const Tags &) {
                                BookTags link;
                                link.setBookId(id);
                                link.setTagId(tag);
                                Mapper<BookTags>(trans).insert(
                                    link,
                                    [callback](const BookTags &) {
                                        // committed when the last copy of trans goes away
                                        callback(answer("result", "tagged", k201Created));
                                    },
                                    failWith(callback, "books"));
                            },
                            failWith(callback, "no tag " + std::to_string(tag)));
                    },
                    failWith(callback, "books"));
            },
            failWith(callback, "no book " + std::to_string(id)));
    });
}
// [/guide:for-update]
