#pragma once

#include <drogon/HttpRequest.h>

#include <string>

// [guide:review]
// A review of a book, as a client sends it: {"stars": 1..5, "text": "..."}.
struct Review
{
    int stars{0};
    std::string text;
    std::string error;  // why the body is not a review; empty when it is one
};

// fromRequest<T> turns a request into a T. Drogon calls it for a handler
// argument of type T that no placeholder fills. The specialisation must be
// in namespace drogon, and seen before the controller that uses it.
namespace drogon
{
template <>
inline Review fromRequest(const HttpRequest &req)
{
    Review review;
    auto json = req.getJsonObject();
    if (!json || !(*json)["stars"].isInt() || !(*json)["text"].isString())
    {
        review.error = "expected {\"stars\": 1..5, \"text\": \"...\"}";
        return review;
    }
    review.stars = (*json)["stars"].asInt();
    review.text = (*json)["text"].asString();
    if (review.stars < 1 || review.stars > 5)
        review.error = "stars must be 1 to 5";
    return review;
}
}  // namespace drogon
// [/guide:review]
