#pragma once

#include <json/value.h>

#include <optional>
#include <string>
#include <variant>

// What a client may send about a book, checked. A field it did not send stays
// empty: a new book takes the default, an update leaves the field as it was.
struct BookInput
{
    std::optional<std::string> title;
    std::optional<std::string> author;
    std::optional<std::string> status;
};

// Why the input was refused: the field at fault (empty for the body as a
// whole) and a sentence for the client.
struct InputError
{
    std::string field;
    std::string message;
};

// Reads a book from a JSON object. A new book needs a title; a change may
// send any of the fields.
std::variant<BookInput, InputError> readBookInput(const Json::Value &body, bool isNew);

// The statuses a book can have: "to-read", "reading", "done".
bool isValidStatus(const std::string &status);
