#include "AccountInput.h"

#include <algorithm>

namespace
{
bool isNameCharacter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

size_t countCharacters(const std::string &text)
{
    return std::count_if(text.begin(), text.end(), [](unsigned char c) { return (c & 0xC0) != 0x80; });
}
}  // namespace

std::variant<AccountInput, InputError> readAccountInput(const Json::Value &body)
{
    if (!body.isObject())
        return InputError{"", "the body must be a JSON object"};
    for (const auto &field : body.getMemberNames())
        if (field != "name" && field != "password")
            return InputError{field, "unknown field " + field};
    const auto name = body["name"].isString() ? body["name"].asString() : "";
    if (name.size() < 3 || name.size() > 32 || !std::all_of(name.begin(), name.end(), isNameCharacter))
        return InputError{"name", "name must have 3 to 32 lowercase letters, digits, - or _"};
    const auto password = body["password"].isString() ? body["password"].asString() : "";
    if (countCharacters(password) < 10 || countCharacters(password) > 200)
        return InputError{"password", "password must have 10 to 200 characters"};
    return AccountInput{name, password};
}
