#pragma once

#include "BookInput.h"

#include <json/value.h>

#include <string>
#include <variant>

// A name and a password, as sent to sign up or to sign in.
struct AccountInput
{
    std::string name;
    std::string password;
};

// Reads them from a JSON object: a name of 3 to 32 lowercase letters, digits,
// '-' or '_', and a password of 10 to 200 characters.
std::variant<AccountInput, InputError> readAccountInput(const Json::Value &body);
