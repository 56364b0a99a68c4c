#pragma once

#include <string>
#include <string_view>

// [guide:declaration]
// "Hello, NAME!", or "Hello, stranger!" for an empty name.
std::string greeting(std::string_view name);
// [/guide:declaration]
