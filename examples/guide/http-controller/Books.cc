#include "Books.h"

using namespace drogon;
using namespace api::v1;

namespace
{
HttpResponsePtr error(HttpStatusCode status, const std::string &message)
{
    Json::Value body;
    body["error"] = message;
    auto resp = HttpResponse::newHttpJsonResponse(body);
    resp->setStatusCode(status);
    return resp;
}
}  // namespace

Json::Value Books::toJson(int id, const Book &book)
{
    Json::Value json;
    json["id"] = id;
    json["title"] = book.title;
    json["author"] = book.author;
    return json;
}

// [guide:list]
// GET /api/v1/books[?author=...]
void Books::list(const HttpRequestPtr &req, Callback &&callback)
{
    const std::string author = req->getParameter("author");
    Json::Value all(Json::arrayValue);
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto &[id, book] : books_)
    {
        if (author.empty() || book.author == author)
            all.append(toJson(id, book));
    }
    callback(HttpResponse::newHttpJsonResponse(all));
}
// [/guide:list]

// [guide:get]
// GET /api/v1/books/{id}: Drogon converts the path segment to int.
void Books::get(const HttpRequestPtr &req, Callback &&callback, int id)
{
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = books_.find(id);
    if (found == books_.end())
    {
        callback(error(k404NotFound, "no book " + std::to_string(id)));
        return;
    }
    callback(HttpResponse::newHttpJsonResponse(toJson(id, found->second)));
}
// [/guide:get]

// [guide:create]
// POST /api/v1/books with a JSON body {"title": ..., "author": ...}
void Books::create(const HttpRequestPtr &req, Callback &&callback)
{
    auto json = req->getJsonObject();  // null unless the body is valid JSON
    if (!json)
    {
        callback(error(k400BadRequest, "expected a JSON body: " + req->getJsonError()));
        return;
    }
    if (!(*json)["title"].isString() || !(*json)["author"].isString())
    {
        callback(error(k400BadRequest, "title and author must be strings"));
        return;
    }
    Book book{(*json)["title"].asString(), (*json)["author"].asString()};
    std::lock_guard<std::mutex> lock(mutex_);
    const int id = nextId_++;
    books_[id] = book;
    auto resp = HttpResponse::newHttpJsonResponse(toJson(id, book));
    resp->setStatusCode(k201Created);
    resp->addHeader("Location", "/api/v1/books/" + std::to_string(id));
    callback(resp);
}
// [/guide:create]

// [guide:rename]
// PUT /api/v1/books/{id}/title with a form body title=...
void Books::rename(const HttpRequestPtr &req, Callback &&callback, int id)
{
    const std::string title = req->getParameter("title");
    if (title.empty())
    {
        callback(error(k400BadRequest, "the form field title is missing"));
        return;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = books_.find(id);
    if (found == books_.end())
    {
        callback(error(k404NotFound, "no book " + std::to_string(id)));
        return;
    }
    found->second.title = title;
    callback(HttpResponse::newHttpJsonResponse(toJson(id, found->second)));
}
// [/guide:rename]

// [guide:remove]
// DELETE /api/v1/books/{id}
void Books::remove(const HttpRequestPtr &req, Callback &&callback, int id)
{
    std::lock_guard<std::mutex> lock(mutex_);
    if (books_.erase(id) == 0)
    {
        callback(error(k404NotFound, "no book " + std::to_string(id)));
        return;
    }
    auto resp = HttpResponse::newHttpResponse();
    resp->setStatusCode(k204NoContent);
    callback(resp);
}
// [/guide:remove]

// [guide:search]
// GET /search?q=...&limit=...: query parameters as arguments. A missing
// parameter arrives as an empty string, or 0 for a number.
void Books::search(const HttpRequestPtr &req,
                   Callback &&callback,
                   const std::string &query,
                   int limit)
{
    Json::Value found(Json::arrayValue);
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto &[id, book] : books_)
    {
        if (limit > 0 && found.size() >= static_cast<unsigned>(limit))
            break;
        if (book.title.find(query) != std::string::npos)
            found.append(toJson(id, book));
    }
    callback(HttpResponse::newHttpJsonResponse(found));
}
// [/guide:search]

// [guide:note]
// GET /api/v1/books/{id}/notes/<anything>: the pattern's .* took the rest.
void Books::note(const HttpRequestPtr &req, Callback &&callback, int id)
{
    // The path after its sixth '/': what follows /api/v1/books/{id}/notes/.
    std::string rest = req->path();
    for (int slash = 0; slash < 6; ++slash)
        rest = rest.substr(rest.find('/') + 1);
    Json::Value json;
    json["book"] = id;
    json["note"] = rest;
    callback(HttpResponse::newHttpJsonResponse(json));
}
// [/guide:note]

// [guide:review]
// POST /api/v1/books/{id}/reviews: id from the path, review from the body.
void Books::review(const HttpRequestPtr &req, Callback &&callback, int id, Review &&review)
{
    if (!review.error.empty())
    {
        callback(error(k400BadRequest, review.error));
        return;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    if (books_.find(id) == books_.end())
    {
        callback(error(k404NotFound, "no book " + std::to_string(id)));
        return;
    }
    auto &all = reviews_[id];
    all.push_back(std::move(review));
    double sum = 0;
    for (const auto &r : all)
        sum += r.stars;
    Json::Value json;
    json["book"] = id;
    json["reviews"] = static_cast<int>(all.size());
    json["average"] = sum / all.size();
    auto resp = HttpResponse::newHttpJsonResponse(json);
    resp->setStatusCode(k201Created);
    callback(resp);
}

// POST /reviews/check: says whether the body is a review, saves nothing.
void Books::checkReview(Review &&review, Callback &&callback)
{
    if (!review.error.empty())
    {
        callback(error(k400BadRequest, review.error));
        return;
    }
    Json::Value json;
    json["stars"] = review.stars;
    json["text"] = review.text;
    callback(HttpResponse::newHttpJsonResponse(json));
}
// [/guide:review]
