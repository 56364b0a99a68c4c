// yyjson: its reader validates UTF-8 and refuses trailing data by default; answers are built as a
// mutable document and written by yyjson.
#include "operations.h"

#include <yyjson.h>

#include <cstdlib>
#include <limits>
#include <memory>

namespace jsonbench::codec
{
const char *const kName = "yyjson";

std::string version()
{
    return YYJSON_VERSION_STRING;
}

namespace
{
struct DocFree
{
    void operator()(yyjson_doc *doc) const { yyjson_doc_free(doc); }
    void operator()(yyjson_mut_doc *doc) const { yyjson_mut_doc_free(doc); }
};

std::string write(yyjson_mut_doc *doc)
{
    std::size_t length = 0;
    char *json = yyjson_mut_write(doc, 0, &length);
    if (!json)
        throw std::bad_alloc();
    std::string out(json, length);
    std::free(json);
    return out;
}

std::string_view text(yyjson_val *value)
{
    return {yyjson_get_str(value), yyjson_get_len(value)};
}
}  // namespace

std::string hello()
{
    std::unique_ptr<yyjson_mut_doc, DocFree> doc(yyjson_mut_doc_new(nullptr));
    yyjson_mut_val *root = yyjson_mut_obj(doc.get());
    yyjson_mut_doc_set_root(doc.get(), root);
    yyjson_mut_obj_add_str(doc.get(), root, "message", "Hello, World!");
    return write(doc.get());
}

ParseResult parseOperations(std::string_view body)
{
    ParseResult result;
    yyjson_read_err failure;
    // Without YYJSON_READ_INSITU the input is not modified.
    std::unique_ptr<yyjson_doc, DocFree> doc(yyjson_read_opts(
        const_cast<char *>(body.data()), body.size(), YYJSON_READ_NOFLAG, nullptr, &failure));
    if (!doc)
    {
        result.error = ErrorCode::InvalidJson;
        result.message = std::string("the body is not JSON: ") + failure.msg;
        return result;
    }
    yyjson_val *root = yyjson_doc_get_root(doc.get());
    std::size_t count = yyjson_arr_size(root);
    if (!yyjson_is_arr(root) || count == 0 || count > kMaxOperations)
    {
        result.error = ErrorCode::InvalidOperations;
        result.message = arrayMessage(count, yyjson_is_arr(root));
        return result;
    }
    result.operations.reserve(count);
    std::size_t index, max;
    yyjson_val *element;
    yyjson_arr_foreach(root, index, max, element)
    {
        ParsedOperation parsed;
        parsed.isObject = yyjson_is_obj(element);
        if (parsed.isObject)
        {
            std::size_t fieldIndex, fieldMax;
            yyjson_val *name, *v;
            yyjson_obj_foreach(element, fieldIndex, fieldMax, name, v)
            {
                std::string_view field = text(name);
                if (field == "op")
                {
                    parsed.op = yyjson_is_str(v) ? Field::Present : Field::WrongType;
                    if (yyjson_is_str(v))
                        parsed.opName = text(v);
                }
                else if (field == "key")
                {
                    parsed.key = yyjson_is_str(v) ? Field::Present : Field::WrongType;
                    if (yyjson_is_str(v))
                        parsed.keyText = text(v);
                }
                else if (field == "value")
                {
                    parsed.value = yyjson_is_obj(v) ? Field::Present : Field::WrongType;
                    if (yyjson_is_obj(v))
                    {
                        thread_local std::vector<std::string_view> names;
                        names.clear();
                        std::size_t memberIndex, memberMax;
                        yyjson_val *memberName, *memberValue;
                        yyjson_obj_foreach(v, memberIndex, memberMax, memberName, memberValue)
                            names.push_back(text(memberName));
                        parsed.valueFields = countDistinct(names);
                        std::size_t length = 0;
                        char *json = yyjson_val_write(v, 0, &length);
                        if (!json)
                            throw std::bad_alloc();
                        parsed.valueText.assign(json, length);
                        std::free(json);
                    }
                }
                else if (field == "by")
                {
                    // Integers in int64 range only: reals (3.0) and larger unsigned values are refused.
                    bool integer = yyjson_is_sint(v) ||
                                   (yyjson_is_uint(v) &&
                                    yyjson_get_uint(v) <= static_cast<std::uint64_t>(
                                                              std::numeric_limits<std::int64_t>::max()));
                    parsed.by = integer ? Field::Present : Field::WrongType;
                    parsed.byValue = integer ? yyjson_get_sint(v) : 0;
                }
            }
        }
        if (!addOperation(parsed, index, result))
            return result;
    }
    return result;
}

std::string summary(const Summary &summary)
{
    std::unique_ptr<yyjson_mut_doc, DocFree> holder(yyjson_mut_doc_new(nullptr));
    yyjson_mut_doc *doc = holder.get();
    yyjson_mut_val *root = yyjson_mut_obj(doc);
    yyjson_mut_doc_set_root(doc, root);
    // Strings are not copied by *_add_str*: summary outlives the document.
    yyjson_mut_obj_add_strn(doc, root, "db", summary.db.data(), summary.db.size());
    yyjson_mut_obj_add_strn(doc, root, "table", summary.table.data(), summary.table.size());
    yyjson_mut_obj_add_uint(doc, root, "operations", summary.results.size());
    yyjson_mut_obj_add_uint(doc, root, "applied", summary.applied);
    yyjson_mut_obj_add_uint(doc, root, "failed", summary.failed);
    yyjson_mut_val *results = yyjson_mut_obj_add_arr(doc, root, "results");
    for (const auto &r : summary.results)
    {
        yyjson_mut_val *item = yyjson_mut_arr_add_obj(doc, results);
        yyjson_mut_obj_add_str(doc, item, "op", opKindName(r.kind));
        yyjson_mut_obj_add_strn(doc, item, "key", r.key.data(), r.key.size());
        yyjson_mut_obj_add_str(doc, item, "status", opStatusName(r.status));
        if (r.status == OpStatus::Failed)
            yyjson_mut_obj_add_str(doc, item, "error", r.error);
        else if (r.kind == OpKind::Set)
            yyjson_mut_obj_add_uint(doc, item, "fields", r.fields);
        else if (r.kind == OpKind::Increment)
            yyjson_mut_obj_add_sint(doc, item, "value", r.value);
    }
    return write(doc);
}

std::string error(ErrorCode code, std::string_view message)
{
    std::unique_ptr<yyjson_mut_doc, DocFree> holder(yyjson_mut_doc_new(nullptr));
    yyjson_mut_doc *doc = holder.get();
    yyjson_mut_val *root = yyjson_mut_obj(doc);
    yyjson_mut_doc_set_root(doc, root);
    yyjson_mut_val *detail = yyjson_mut_obj_add_obj(doc, root, "error");
    yyjson_mut_obj_add_str(doc, detail, "code", errorCodeName(code));
    yyjson_mut_obj_add_strn(doc, detail, "message", message.data(), message.size());
    return write(doc);
}
}  // namespace jsonbench::codec
