#include "operations.h"

#include <memory>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace jsonbench
{
const char *errorCodeName(ErrorCode code)
{
    switch (code)
    {
        case ErrorCode::InvalidJson:
            return "invalid-json";
        case ErrorCode::InvalidOperations:
            return "invalid-operations";
        case ErrorCode::BodyTooLarge:
            return "body-too-large";
        case ErrorCode::InvalidPath:
            return "invalid-path";
        case ErrorCode::TooManyTables:
            return "too-many-tables";
        case ErrorCode::None:
            break;
    }
    return "none";
}

int errorHttpStatus(ErrorCode code)
{
    return code == ErrorCode::TooManyTables ? 503 : 400;
}

const char *opKindName(OpKind kind)
{
    switch (kind)
    {
        case OpKind::Set:
            return "set";
        case OpKind::Increment:
            return "increment";
        case OpKind::Delete:
            return "delete";
    }
    return "?";
}

const char *opStatusName(OpStatus status)
{
    switch (status)
    {
        case OpStatus::Created:
            return "created";
        case OpStatus::Replaced:
            return "replaced";
        case OpStatus::Incremented:
            return "incremented";
        case OpStatus::Deleted:
            return "deleted";
        case OpStatus::NotFound:
            return "not-found";
        case OpStatus::Failed:
            return "failed";
    }
    return "?";
}

std::string arrayMessage(std::size_t count, bool isArray)
{
    if (!isArray)
        return "the body must be a JSON array of 1 to 100 operations";
    return "the body must hold 1 to 100 operations, it holds " +
           std::to_string(count);
}

std::string makeOperation(const ParsedOperation &parsed,
                          std::size_t index,
                          Operation &out)
{
    const std::string where = "operation " + std::to_string(index) + ": ";
    if (!parsed.isObject)
        return where + "must be an object";
    if (parsed.op != Field::Present)
        return where + "\"op\" must be a string";
    if (parsed.opName == "set")
        out.kind = OpKind::Set;
    else if (parsed.opName == "increment")
        out.kind = OpKind::Increment;
    else if (parsed.opName == "delete")
        out.kind = OpKind::Delete;
    else
        return where + "\"op\" must be \"set\", \"increment\" or \"delete\"";
    if (parsed.key != Field::Present || parsed.keyText.empty() ||
        parsed.keyText.size() > kMaxKeyBytes)
        return where + "\"key\" must be a string of 1 to 256 bytes";
    out.key.assign(parsed.keyText);
    if (out.kind == OpKind::Set)
    {
        if (parsed.value != Field::Present)
            return where + "\"value\" must be an object";
        out.record = parsed.valueText;
        out.fields = parsed.valueFields;
    }
    else if (out.kind == OpKind::Increment)
    {
        if (parsed.by != Field::Present)
            return where + "\"by\" must be an integer";
        out.by = parsed.byValue;
    }
    return {};
}

bool addOperation(const ParsedOperation &parsed, std::size_t index, ParseResult &result)
{
    Operation operation;
    std::string problem = makeOperation(parsed, index, operation);
    if (!problem.empty())
    {
        result.error = ErrorCode::InvalidOperations;
        result.message = std::move(problem);
        result.operations.clear();
        return false;
    }
    result.operations.push_back(std::move(operation));
    return true;
}

bool validName(std::string_view name)
{
    if (name.empty() || name.size() > kMaxNameBytes)
        return false;
    for (char c : name)
    {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                  (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
        if (!ok)
            return false;
    }
    return true;
}

// RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF.
bool validUtf8(std::string_view text)
{
    const auto *s = reinterpret_cast<const unsigned char *>(text.data());
    std::size_t n = text.size(), i = 0;
    while (i < n)
    {
        unsigned char c = s[i];
        if (c < 0x80)
        {
            ++i;
            continue;
        }
        std::size_t len;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF)
            len = 2;
        else if (c >= 0xE0 && c <= 0xEF)
        {
            len = 3;
            if (c == 0xE0)
                lo = 0xA0;
            if (c == 0xED)
                hi = 0x9F;
        }
        else if (c >= 0xF0 && c <= 0xF4)
        {
            len = 4;
            if (c == 0xF0)
                lo = 0x90;
            if (c == 0xF4)
                hi = 0x8F;
        }
        else
            return false;
        if (i + len > n)
            return false;
        if (s[i + 1] < lo || s[i + 1] > hi)
            return false;
        for (std::size_t k = 2; k < len; ++k)
            if (s[i + k] < 0x80 || s[i + k] > 0xBF)
                return false;
        i += len;
    }
    return true;
}

std::size_t nestingDepth(std::string_view text)
{
    std::size_t depth = 0, deepest = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i)
    {
        char c = text[i];
        if (inString)
        {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        }
        else if (c == '"')
            inString = true;
        else if (c == '[' || c == '{')
        {
            if (++depth > deepest)
                deepest = depth;
        }
        else if ((c == ']' || c == '}') && depth > 0)
            --depth;
    }
    return deepest;
}

namespace
{
struct Entry
{
    bool isCounter = false;
    std::int64_t counter = 0;
    std::size_t fields = 0;
    std::string record;
};

struct Table
{
    std::mutex mutex;
    std::unordered_map<std::string, Entry> entries;
};

class Store
{
  public:
    Table *find(const std::string &db, const std::string &table)
    {
        std::string name = db + '/' + table;
        {
            std::shared_lock lock(mutex_);
            auto it = tables_.find(name);
            if (it != tables_.end())
                return it->second.get();
        }
        std::unique_lock lock(mutex_);
        auto it = tables_.find(name);
        if (it != tables_.end())
            return it->second.get();
        if (tables_.size() >= kMaxTables)
            return nullptr;
        return tables_.emplace(std::move(name), std::make_unique<Table>())
            .first->second.get();
    }

  private:
    std::shared_mutex mutex_;
    std::unordered_map<std::string, std::unique_ptr<Table>> tables_;
};

Store &store()
{
    static Store instance;
    return instance;
}
}  // namespace

bool applyOperations(const std::string &db,
                     const std::string &tableName,
                     const std::vector<Operation> &operations,
                     Summary &summary)
{
    Table *table = store().find(db, tableName);
    if (!table)
        return false;
    summary.db = db;
    summary.table = tableName;
    summary.results.reserve(operations.size());
    std::lock_guard lock(table->mutex);
    for (const auto &op : operations)
    {
        OpResult result{op.kind, op.key, OpStatus::Failed};
        switch (op.kind)
        {
            case OpKind::Set:
            {
                auto [it, created] = table->entries.try_emplace(op.key);
                it->second.isCounter = false;
                it->second.counter = 0;
                it->second.record = op.record;
                it->second.fields = op.fields;
                result.status = created ? OpStatus::Created : OpStatus::Replaced;
                result.fields = op.fields;
                break;
            }
            case OpKind::Increment:
            {
                auto [it, created] = table->entries.try_emplace(op.key);
                Entry &entry = it->second;
                if (created)
                    entry.isCounter = true;
                std::int64_t next;
                if (!entry.isCounter)
                    result.error = "not-a-counter";
                else if (__builtin_add_overflow(entry.counter, op.by, &next))
                    result.error = "overflow";
                else
                {
                    entry.counter = next;
                    result.status = OpStatus::Incremented;
                    result.value = next;
                }
                break;
            }
            case OpKind::Delete:
                result.status = table->entries.erase(op.key) ? OpStatus::Deleted
                                                             : OpStatus::NotFound;
                break;
        }
        if (result.status == OpStatus::Failed)
            ++summary.failed;
        else
            ++summary.applied;
        summary.results.push_back(std::move(result));
    }
    return true;
}
}  // namespace jsonbench
