#include "BooksApi.h"

#include "BookInput.h"
#include "Books.h"
#include "JsonResponses.h"

#include <charconv>

using namespace drogon;
using drogon_model::sqlite3::Books;

// [guide:mapper]
// The table through its model: every query the mapper builds binds the values
// it is given as parameters, never as SQL text.
static orm::CoroMapper<Books> books()
{
    return orm::CoroMapper<Books>(app().getDbClient());
}

static Json::Value toJson(const Books &book)
{
    Json::Value json;
    json["id"] = static_cast<Json::Int64>(book.getValueOfId());
    json["title"] = book.getValueOfTitle();
    json["author"] = book.getValueOfAuthor();
    json["status"] = book.getValueOfStatus();
    return json;
}
// [/guide:mapper]

std::optional<int64_t> BooksApi::parseId(const std::string &id)
{
    int64_t number = 0;
    const auto end = id.data() + id.size();
    auto [last, error] = std::from_chars(id.data(), end, number);
    if (error != std::errc() || last != end || id.empty())
        return std::nullopt;
    return number;
}

// [guide:body]
// The JSON body of a POST or PATCH, or the answer that refuses it: 415 for a
// body that is not sent as JSON, 400 for one that does not parse or is wrong.
static std::variant<BookInput, HttpResponsePtr> readBody(const HttpRequestPtr &req, bool isNew)
{
    if (req->contentType() != CT_APPLICATION_JSON)
        return jsonError(k415UnsupportedMediaType, "send the book as JSON (Content-Type: application/json)");
    const auto &json = req->getJsonObject();
    if (!json)
        return jsonError(k400BadRequest, "the body is not valid JSON");
    auto input = readBookInput(*json, isNew);
    if (auto *error = std::get_if<InputError>(&input))
        return jsonError(k400BadRequest, error->message, error->field);
    return std::get<BookInput>(input);
}
// [/guide:body]

// [guide:find]
// The book with this id, or none. findByPrimaryKey throws when no row has it.
static Task<std::optional<Books>> findBook(std::optional<int64_t> id)
{
    if (!id)
        co_return std::nullopt;
    try
    {
        co_return co_await books().findByPrimaryKey(*id);
    }
    catch (const orm::UnexpectedRows &)
    {
        co_return std::nullopt;
    }
}
// [/guide:find]

// [guide:list]
// GET /api/books, or /api/books?status=reading for the books of one status.
Task<HttpResponsePtr> BooksApi::list(HttpRequestPtr req)
{
    const auto status = req->getParameter("status");
    if (!status.empty() && !isValidStatus(status))
        co_return jsonError(k400BadRequest, "status must be to-read, reading or done", "status");
    auto mapper = books();
    mapper.orderBy(Books::Cols::_id);
    const auto found = status.empty()
                           ? co_await mapper.findAll()
                           : co_await mapper.findBy(orm::Criteria(Books::Cols::_status, orm::CompareOperator::EQ, status));
    Json::Value list(Json::arrayValue);
    for (const auto &book : found)
        list.append(toJson(book));
    co_return jsonResponse(list);
}
// [/guide:list]

// [guide:create]
// POST /api/books: 201 Created, with the new book and where it is.
Task<HttpResponsePtr> BooksApi::create(HttpRequestPtr req)
{
    auto body = readBody(req, true);
    if (auto *refusal = std::get_if<HttpResponsePtr>(&body))
        co_return *refusal;
    const auto &input = std::get<BookInput>(body);
    Books book;
    book.setTitle(*input.title);
    book.setAuthor(input.author.value_or(""));
    book.setStatus(input.status.value_or("to-read"));
    const auto saved = co_await books().insert(book);
    auto resp = jsonResponse(toJson(saved), k201Created);
    resp->addHeader("Location", "/api/books/" + std::to_string(saved.getValueOfId()));
    co_return resp;
}
// [/guide:create]

// [guide:get-one]
// GET /api/books/{id}: the book, or 404 with a JSON error.
Task<HttpResponsePtr> BooksApi::getOne(HttpRequestPtr req, std::string id)
{
    const auto book = co_await findBook(parseId(id));
    if (!book)
        co_return jsonError(k404NotFound, "no book " + id);
    co_return jsonResponse(toJson(*book));
}
// [/guide:get-one]

// [guide:update]
// PATCH /api/books/{id}: changes the fields the body has, and only those.
Task<HttpResponsePtr> BooksApi::update(HttpRequestPtr req, std::string id)
{
    auto body = readBody(req, false);
    if (auto *refusal = std::get_if<HttpResponsePtr>(&body))
        co_return *refusal;
    const auto &input = std::get<BookInput>(body);
    auto book = co_await findBook(parseId(id));
    if (!book)
        co_return jsonError(k404NotFound, "no book " + id);
    if (input.title)
        book->setTitle(*input.title);
    if (input.author)
        book->setAuthor(*input.author);
    if (input.status)
        book->setStatus(*input.status);
    co_await books().update(*book);  // only the columns set above
    co_return jsonResponse(toJson(*book));
}
// [/guide:update]

// [guide:remove]
// DELETE /api/books/{id}: 204 No Content once it is gone.
Task<HttpResponsePtr> BooksApi::remove(HttpRequestPtr req, std::string id)
{
    const auto number = parseId(id);
    if (!number || co_await books().deleteByPrimaryKey(*number) == 0)
        co_return jsonError(k404NotFound, "no book " + id);
    co_return HttpResponse::newHttpResponse(k204NoContent, CT_NONE);
}
// [/guide:remove]
