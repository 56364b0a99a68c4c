#include "BookInput.h"

#include <array>
#include <cstddef>

namespace
{
const std::array<std::string, 3> statuses{"to-read", "reading", "done"};

// Characters, not bytes: a title in Chinese counts as many as one in English.
size_t countCharacters(const std::string &text)
{
    size_t count = 0;
    for (unsigned char c : text)
        if ((c & 0xC0) != 0x80)  // not a UTF-8 continuation byte
            ++count;
    return count;
}

// Trims spaces at both ends: "  Dune " is "Dune".
std::string trimmed(const std::string &text)
{
    const auto first = text.find_first_not_of(' ');
    if (first == std::string::npos)
        return "";
    return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

// Reads one text field into `out`, if the body has it.
std::optional<InputError> readText(const Json::Value &body,
                                   const std::string &field,
                                   size_t minLength,
                                   size_t maxLength,
                                   std::optional<std::string> &out)
{
    if (!body.isMember(field))
        return std::nullopt;
    const auto &value = body[field];
    if (!value.isString())
        return InputError{field, field + " must be a string"};
    auto text = trimmed(value.asString());
    const auto length = countCharacters(text);
    if (length < minLength || length > maxLength)
        return InputError{field,
                          field + " must have " + std::to_string(minLength) +
                              " to " + std::to_string(maxLength) + " characters"};
    out = std::move(text);
    return std::nullopt;
}
}  // namespace

bool isValidStatus(const std::string &status)
{
    for (const auto &known : statuses)
        if (status == known)
            return true;
    return false;
}

std::variant<BookInput, InputError> readBookInput(const Json::Value &body, bool isNew)
{
    if (!body.isObject())
        return InputError{"", "the body must be a JSON object"};
    // A field the API does not know is refused, not ignored: a client that
    // sends "titel" learns about it at once.
    for (const auto &name : body.getMemberNames())
        if (name != "title" && name != "author" && name != "status")
            return InputError{name, "unknown field " + name};
    BookInput input;
    if (auto error = readText(body, "title", 1, 200, input.title))
        return *error;
    if (auto error = readText(body, "author", 0, 100, input.author))
        return *error;
    if (body.isMember("status"))
    {
        if (!body["status"].isString() || !isValidStatus(body["status"].asString()))
            return InputError{"status", "status must be to-read, reading or done"};
        input.status = body["status"].asString();
    }
    if (isNew && !input.title)
        return InputError{"title", "title is required"};
    return input;
}
