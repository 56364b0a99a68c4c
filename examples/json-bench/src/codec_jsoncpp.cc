// jsoncpp, the JSON library Drogon itself uses (Json::Value, HttpResponse::newHttpJsonResponse).
// Strict reader settings so that it refuses what the other libraries refuse (comments, trailing
// data); it does not check UTF-8, so the body is checked first.
#include "operations.h"

#include <json/json.h>

#include <limits>
#include <memory>

namespace jsonbench::codec
{
const char *const kName = "jsoncpp";

std::string version()
{
    return JSONCPP_VERSION_STRING;
}

namespace
{
Json::CharReader &reader()
{
    thread_local std::unique_ptr<Json::CharReader> instance = [] {
        Json::CharReaderBuilder builder;
        Json::CharReaderBuilder::strictMode(&builder.settings_);
        builder.settings_["strictRoot"] = false;     // a bare number is refused below, as elsewhere
        builder.settings_["rejectDupKeys"] = false;  // the last one wins: the rule of operations.h
        return std::unique_ptr<Json::CharReader>(builder.newCharReader());
    }();
    return *instance;
}

std::string write(const Json::Value &value)
{
    thread_local std::unique_ptr<Json::StreamWriter> writer = [] {
        Json::StreamWriterBuilder builder;
        builder["indentation"] = "";
        builder["emitUTF8"] = true;
        return std::unique_ptr<Json::StreamWriter>(builder.newStreamWriter());
    }();
    thread_local std::ostringstream out;
    out.str({});
    writer->write(value, &out);
    return out.str();
}

std::string_view text(const Json::Value &value)
{
    const char *begin = nullptr, *end = nullptr;
    value.getString(&begin, &end);
    return {begin, static_cast<std::size_t>(end - begin)};
}
}  // namespace

std::string hello()
{
    Json::Value value(Json::objectValue);
    value["message"] = "Hello, World!";
    return write(value);
}

ParseResult parseOperations(std::string_view body)
{
    ParseResult result;
    if (!validUtf8(body))
    {
        result.error = ErrorCode::InvalidJson;
        result.message = "the body is not valid UTF-8";
        return result;
    }
    Json::Value root;
    std::string errors;
    bool parsed = false;
    try
    {
        parsed = reader().parse(body.data(), body.data() + body.size(), &root, &errors);
    }
    catch (const std::exception &e)  // jsoncpp throws when nesting exceeds its stack limit
    {
        errors = e.what();
    }
    if (!parsed)
    {
        result.error = ErrorCode::InvalidJson;
        result.message = "the body is not JSON: " + errors;
        return result;
    }
    if (!root.isArray() || root.empty() || root.size() > kMaxOperations)
    {
        result.error = ErrorCode::InvalidOperations;
        result.message = arrayMessage(root.isArray() ? root.size() : 0, root.isArray());
        return result;
    }
    result.operations.reserve(root.size());
    for (Json::ArrayIndex i = 0; i < root.size(); ++i)
    {
        const Json::Value &element = root[i];
        ParsedOperation parsed;
        parsed.isObject = element.isObject();
        if (parsed.isObject)
        {
            if (const Json::Value *op = element.find("op", "op" + 2))
            {
                parsed.op = op->isString() ? Field::Present : Field::WrongType;
                if (op->isString())
                    parsed.opName = text(*op);
            }
            if (const Json::Value *key = element.find("key", "key" + 3))
            {
                parsed.key = key->isString() ? Field::Present : Field::WrongType;
                if (key->isString())
                    parsed.keyText = text(*key);
            }
            if (const Json::Value *value = element.find("value", "value" + 5))
            {
                parsed.value = value->isObject() ? Field::Present : Field::WrongType;
                if (value->isObject())
                {
                    parsed.valueFields = value->size();
                    // The record as it was sent: jsoncpp keeps each value's offsets in the body.
                    parsed.valueText.assign(body.substr(
                        static_cast<std::size_t>(value->getOffsetStart()),
                        static_cast<std::size_t>(value->getOffsetLimit() -
                                                 value->getOffsetStart())));
                }
            }
            if (const Json::Value *by = element.find("by", "by" + 2))
            {
                // Integers only: jsoncpp's isInt64() would also accept 3.0.
                bool integer = by->type() == Json::intValue ||
                               (by->type() == Json::uintValue &&
                                by->asUInt64() <= static_cast<Json::UInt64>(
                                                      std::numeric_limits<Json::Int64>::max()));
                parsed.by = integer ? Field::Present : Field::WrongType;
                if (integer)
                    parsed.byValue = by->asInt64();
            }
        }
        if (!addOperation(parsed, i, result))
            return result;
    }
    return result;
}

std::string summary(const Summary &summary)
{
    Json::Value out(Json::objectValue);
    out["db"] = summary.db;
    out["table"] = summary.table;
    out["operations"] = static_cast<Json::UInt64>(summary.results.size());
    out["applied"] = static_cast<Json::UInt64>(summary.applied);
    out["failed"] = static_cast<Json::UInt64>(summary.failed);
    Json::Value &results = out["results"] = Json::Value(Json::arrayValue);
    for (const auto &r : summary.results)
    {
        Json::Value item(Json::objectValue);
        item["op"] = opKindName(r.kind);
        item["key"] = r.key;
        item["status"] = opStatusName(r.status);
        if (r.status == OpStatus::Failed)
            item["error"] = r.error;
        else if (r.kind == OpKind::Set)
            item["fields"] = static_cast<Json::UInt64>(r.fields);
        else if (r.kind == OpKind::Increment)
            item["value"] = static_cast<Json::Int64>(r.value);
        results.append(std::move(item));
    }
    return write(out);
}

std::string error(ErrorCode code, std::string_view message)
{
    Json::Value out(Json::objectValue);
    Json::Value &detail = out["error"] = Json::Value(Json::objectValue);
    detail["code"] = errorCodeName(code);
    detail["message"] = std::string(message);
    return write(out);
}
}  // namespace jsonbench::codec
