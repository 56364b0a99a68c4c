// simdjson (Debian 12's libsimdjson-dev) DOM API: the whole body is validated (UTF-8 included)
// before any value is read. Answers are written with json_text.h.
#include "json_text.h"
#include "operations.h"

#include <simdjson.h>

namespace jsonbench::codec
{
const char *const kName = "simdjson";

// SIMDJSON_VERSION is an unquoted token sequence (3.0.1).
#define JSON_BENCH_TEXT(x) #x
#define JSON_BENCH_EXPAND(x) JSON_BENCH_TEXT(x)
std::string version()
{
    return JSON_BENCH_EXPAND(SIMDJSON_VERSION);
}

namespace
{
simdjson::dom::parser &parser()
{
    thread_local simdjson::dom::parser instance;
    return instance;
}
}  // namespace

std::string hello()
{
    std::string out = "{";
    text::appendMember(out, "message");
    text::appendString(out, "Hello, World!");
    out.push_back('}');
    return out;
}

ParseResult parseOperations(std::string_view body)
{
    ParseResult result;
    simdjson::dom::element root;
    // realloc_if_needed: the body is copied into simdjson's padded buffer.
    auto failure = parser().parse(body.data(), body.size(), true).get(root);
    if (failure)
    {
        result.error = ErrorCode::InvalidJson;
        result.message = std::string("the body is not JSON: ") + simdjson::error_message(failure);
        return result;
    }
    simdjson::dom::array array;
    if (root.get_array().get(array) || array.size() == 0 || array.size() > kMaxOperations)
    {
        bool isArray = root.is_array();
        result.error = ErrorCode::InvalidOperations;
        result.message = arrayMessage(isArray ? array.size() : 0, isArray);
        return result;
    }
    result.operations.reserve(array.size());
    std::size_t index = 0;
    for (simdjson::dom::element element : array)
    {
        ParsedOperation parsed;
        simdjson::dom::object object;
        parsed.isObject = !element.get_object().get(object);
        if (parsed.isObject)
        {
            for (auto field : object)
            {
                simdjson::dom::element v = field.value;
                if (field.key == "op")
                {
                    parsed.op = v.is_string() ? Field::Present : Field::WrongType;
                    if (v.is_string())
                        parsed.opName = v.get_string().value_unsafe();
                }
                else if (field.key == "key")
                {
                    parsed.key = v.is_string() ? Field::Present : Field::WrongType;
                    if (v.is_string())
                        parsed.keyText = v.get_string().value_unsafe();
                }
                else if (field.key == "value")
                {
                    parsed.value = v.is_object() ? Field::Present : Field::WrongType;
                    if (v.is_object())
                    {
                        thread_local std::vector<std::string_view> names;
                        names.clear();
                        // A named object: value_unsafe() of a temporary result is a reference into it.
                        simdjson::dom::object members = v.get_object().value_unsafe();
                        for (auto member : members)
                            names.push_back(member.key);
                        parsed.valueFields = countDistinct(names);
                        parsed.valueText = simdjson::minify(v);
                    }
                }
                else if (field.key == "by")
                {
                    // INT64 only: a double (3.0) or an unsigned above INT64_MAX is refused.
                    bool integer = v.type() == simdjson::dom::element_type::INT64;
                    parsed.by = integer ? Field::Present : Field::WrongType;
                    parsed.byValue = integer ? v.get_int64().value_unsafe() : 0;
                }
            }
        }
        if (!addOperation(parsed, index++, result))
            return result;
    }
    return result;
}

std::string summary(const Summary &summary)
{
    std::string out = "{";
    out.reserve(96 + summary.results.size() * 96);
    text::appendMember(out, "db");
    text::appendString(out, summary.db);
    text::appendMember(out, "table");
    text::appendString(out, summary.table);
    text::appendMember(out, "operations");
    text::appendInteger(out, static_cast<std::int64_t>(summary.results.size()));
    text::appendMember(out, "applied");
    text::appendInteger(out, static_cast<std::int64_t>(summary.applied));
    text::appendMember(out, "failed");
    text::appendInteger(out, static_cast<std::int64_t>(summary.failed));
    text::appendMember(out, "results");
    out.push_back('[');
    bool first = true;
    for (const auto &r : summary.results)
    {
        if (!first)
            out.push_back(',');
        first = false;
        out.push_back('{');
        text::appendMember(out, "op");
        text::appendString(out, opKindName(r.kind));
        text::appendMember(out, "key");
        text::appendString(out, r.key);
        text::appendMember(out, "status");
        text::appendString(out, opStatusName(r.status));
        if (r.status == OpStatus::Failed)
        {
            text::appendMember(out, "error");
            text::appendString(out, r.error);
        }
        else if (r.kind == OpKind::Set)
        {
            text::appendMember(out, "fields");
            text::appendInteger(out, static_cast<std::int64_t>(r.fields));
        }
        else if (r.kind == OpKind::Increment)
        {
            text::appendMember(out, "value");
            text::appendInteger(out, r.value);
        }
        out.push_back('}');
    }
    out += "]}";
    return out;
}

std::string error(ErrorCode code, std::string_view message)
{
    std::string out = "{";
    text::appendMember(out, "error");
    out.push_back('{');
    text::appendMember(out, "code");
    text::appendString(out, errorCodeName(code));
    text::appendMember(out, "message");
    text::appendString(out, message);
    out += "}}";
    return out;
}
}  // namespace jsonbench::codec
