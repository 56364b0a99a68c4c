#include "OwnBooks.h"

#include <drogon/HttpAppFramework.h>

#include <charconv>

using namespace drogon;
using drogon_model::sqlite3::Books;

orm::CoroMapper<Books> books()
{
    return orm::CoroMapper<Books>(app().getDbClient());
}

int64_t userOf(const HttpRequestPtr &req)
{
    return req->attributes()->get<int64_t>("user_id");
}

// The id in the path as a number; none for "abc".
static std::optional<int64_t> parseId(const std::string &id)
{
    int64_t number = 0;
    const auto end = id.data() + id.size();
    auto [last, error] = std::from_chars(id.data(), end, number);
    if (error != std::errc() || last != end || id.empty())
        return std::nullopt;
    return number;
}

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

Task<OwnBook> findOwnBook(const HttpRequestPtr &req, std::string id)
{
    auto book = co_await findBook(parseId(id));
    if (!book)
        co_return OwnBook{std::nullopt, k404NotFound, "no book " + id};
    if (!book->getUserId() || *book->getUserId() != userOf(req))
        co_return OwnBook{std::nullopt, k403Forbidden, "book " + id + " is not yours"};
    co_return OwnBook{book};
}
