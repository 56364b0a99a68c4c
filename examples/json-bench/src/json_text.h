// A minimal JSON text writer for the simdjson variant: simdjson (3.0.1 in Debian 12) parses but has
// no public API to build a document, so this variant writes its answers with these helpers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace jsonbench::text
{
inline void appendString(std::string &out, std::string_view s)
{
    static const char *const kHex = "0123456789abcdef";
    out.push_back('"');
    for (char ch : s)
    {
        auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\')
        {
            out.push_back('\\');
            out.push_back(ch);
        }
        else if (c < 0x20)
        {
            out += "\\u00";
            out.push_back(kHex[c >> 4]);
            out.push_back(kHex[c & 15]);
        }
        else
            out.push_back(ch);  // valid UTF-8: the body was validated
    }
    out.push_back('"');
}

inline void appendMember(std::string &out, std::string_view name)
{
    if (out.back() != '{')
        out.push_back(',');
    appendString(out, name);
    out.push_back(':');
}

inline void appendInteger(std::string &out, std::int64_t value)
{
    out += std::to_string(value);
}
}  // namespace jsonbench::text
