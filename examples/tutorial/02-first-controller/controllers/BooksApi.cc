#include "BooksApi.h"

#include "BookInput.h"
#include "JsonResponses.h"

#include <charconv>

using namespace drogon;

Json::Value BooksApi::toJson(int64_t id, const Book &book)
{
    Json::Value json;
    json["id"] = static_cast<Json::Int64>(id);
    json["title"] = book.title;
    json["author"] = book.author;
    json["status"] = book.status;
    return json;
}

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

// [guide:list]
// GET /api/books, or /api/books?status=reading for the books of one status.
Task<HttpResponsePtr> BooksApi::list(HttpRequestPtr req)
{
    const auto status = req->getParameter("status");
    if (!status.empty() && !isValidStatus(status))
        co_return jsonError(k400BadRequest, "status must be to-read, reading or done", "status");
    Json::Value books(Json::arrayValue);
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto &[id, book] : books_)
        if (status.empty() || book.status == status)
            books.append(toJson(id, book));
    co_return jsonResponse(books);
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
    Book book{*input.title, input.author.value_or(""), input.status.value_or("to-read")};
    std::lock_guard<std::mutex> lock(mutex_);
    const auto id = nextId_++;
    books_[id] = book;
    auto resp = jsonResponse(toJson(id, book), k201Created);
    resp->addHeader("Location", "/api/books/" + std::to_string(id));
    co_return resp;
}
// [/guide:create]

// [guide:get-one]
// GET /api/books/{id}: the book, or 404 with a JSON error.
Task<HttpResponsePtr> BooksApi::getOne(HttpRequestPtr req, std::string id)
{
    const auto number = parseId(id);
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = number ? books_.find(*number) : books_.end();
    if (found == books_.end())
        co_return jsonError(k404NotFound, "no book " + id);
    co_return jsonResponse(toJson(*number, found->second));
}
// [/guide:get-one]

// [guide:update]
// PATCH /api/books/{id}: changes the fields the body has, and only those.
Task<HttpResponsePtr> BooksApi::update(HttpRequestPtr req, std::string id)
{
    const auto number = parseId(id);
    auto body = readBody(req, false);
    if (auto *refusal = std::get_if<HttpResponsePtr>(&body))
        co_return *refusal;
    const auto &input = std::get<BookInput>(body);
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = number ? books_.find(*number) : books_.end();
    if (found == books_.end())
        co_return jsonError(k404NotFound, "no book " + id);
    auto &book = found->second;
    if (input.title)
        book.title = *input.title;
    if (input.author)
        book.author = *input.author;
    if (input.status)
        book.status = *input.status;
    co_return jsonResponse(toJson(*number, book));
}
// [/guide:update]

// [guide:remove]
// DELETE /api/books/{id}: 204 No Content once it is gone.
Task<HttpResponsePtr> BooksApi::remove(HttpRequestPtr req, std::string id)
{
    const auto number = parseId(id);
    std::lock_guard<std::mutex> lock(mutex_);
    if (!number || books_.erase(*number) == 0)
        co_return jsonError(k404NotFound, "no book " + id);
    co_return HttpResponse::newHttpResponse(k204NoContent, CT_NONE);
}
// [/guide:remove]
