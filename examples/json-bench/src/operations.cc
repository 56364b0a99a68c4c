#include "operations.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>
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

namespace
{
bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// What a byte between values is: whitespace, ':' ',' and the letters of true/false/null are passed
// over (the library checks the structure); anything that cannot start or continue a token is refused.
enum ByteClass : unsigned char
{
    kBad,
    kPass,
    kQuote,
    kNumber,
    kOpen,
    kClose
};
struct ByteClasses
{
    ByteClass of[256] = {};
    ByteClasses()
    {
        for (unsigned char c : std::string_view(" \t\n\r:,truefalsenull"))
            of[c] = kPass;
        for (unsigned char c : std::string_view("-0123456789"))
            of[c] = kNumber;
        of[static_cast<unsigned char>('"')] = kQuote;
        of[static_cast<unsigned char>('[')] = of[static_cast<unsigned char>('{')] = kOpen;
        of[static_cast<unsigned char>(']')] = of[static_cast<unsigned char>('}')] = kClose;
    }
};
const ByteClasses kByteClasses;

std::string hexByte(unsigned char c)
{
    static const char *const kHex = "0123456789abcdef";
    return std::string("0x") + kHex[c >> 4] + kHex[c & 15];
}

// The UTF-16 code unit of a \uXXXX escape at text[i], or -1.
long escapedUnit(std::string_view text, std::size_t i)
{
    if (i + 6 > text.size() || text[i] != '\\' || text[i + 1] != 'u')
        return -1;
    long unit = 0;
    for (std::size_t k = i + 2; k < i + 6; ++k)
    {
        char c = text[k];
        int digit = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
        if (digit < 0)
            return -1;
        unit = unit * 16 + digit;
    }
    return unit;
}

// The first byte at or after p that ends a run of plain string bytes: '"', '\\' or a control
// character (end when none). Eight bytes at a time (SWAR): most of a body is string bytes, and this
// check must cost little next to the JSON libraries it runs before.
inline const unsigned char *nextStringSpecial(const unsigned char *p, const unsigned char *end)
{
    static_assert(std::endian::native == std::endian::little, "the byte order of the word scan");
    constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHighs = 0x8080808080808080ULL;
    for (; end - p >= 8; p += 8)
    {
        std::uint64_t x;
        std::memcpy(&x, p, 8);
        const std::uint64_t quote = x ^ (kOnes * '"'), backslash = x ^ (kOnes * '\\');
        // A byte's high bit is set where it is zero (after the xor) or below 0x20; the lowest such
        // byte is exact (a borrow only reaches bytes above it).
        const std::uint64_t found =
            (((quote - kOnes) & ~quote) | ((backslash - kOnes) & ~backslash) | ((x - kOnes * 0x20) & ~x)) & kHighs;
        if (found)
            return p + (__builtin_ctzll(found) >> 3);
    }
    while (p < end && *p != '"' && *p != '\\' && *p >= 0x20)
        ++p;
    return p;
}

// The escape at p (a backslash, p + 1 < end): the byte after it, or nullptr with the problem set.
const unsigned char *checkEscape(const unsigned char *p, const unsigned char *end, std::string &problem)
{
    std::string_view rest(reinterpret_cast<const char *>(p), static_cast<std::size_t>(end - p));
    switch (p[1])
    {
        case '"':
        case '\\':
        case '/':
        case 'b':
        case 'f':
        case 'n':
        case 'r':
        case 't':
            return p + 2;
        case 'u':
        {
            long unit = escapedUnit(rest, 0);
            if (unit < 0)
                problem = "a \\u escape needs four hex digits";
            else if (unit >= 0xDC00 && unit <= 0xDFFF)
                problem = "a \\u escape is a low surrogate without a high one before it";
            else if (unit < 0xD800 || unit > 0xDBFF)
                return p + 6;
            else if (long low = escapedUnit(rest, 6); low < 0xDC00 || low > 0xDFFF)
                problem = "a \\u escape is a high surrogate not followed by a low one";
            else
                return p + 12;
            return nullptr;
        }
        default:
            problem = std::string("a string holds the invalid escape \\") + static_cast<char>(p[1]);
            return nullptr;
    }
}

std::string quoteToken(std::string_view token)
{
    return token.size() > 40 ? std::string(token.substr(0, 40)) + "..." : std::string(token);
}

// The number that starts at text[i] (a '-' or a digit): sets i after it.
bool scanNumber(std::string_view text, std::size_t &i, std::string &problem)
{
    const std::size_t n = text.size();
    // The token: every byte a number can be made of, so that "1.5.3" or "01" is one malformed token.
    std::size_t end = i;
    while (end < n && (isDigit(text[end]) || text[end] == '-' || text[end] == '+' ||
                       text[end] == '.' || text[end] == 'e' || text[end] == 'E'))
        ++end;
    const std::string_view token = text.substr(i, end - i);
    auto malformed = [&] {
        problem = "the number " + quoteToken(token) + " is not written as JSON allows";
        return false;
    };
    std::size_t p = 0;
    const bool negative = p < token.size() && token[p] == '-';
    if (negative)
        ++p;
    const std::size_t intStart = p;
    while (p < token.size() && isDigit(token[p]))
        ++p;
    const std::string_view intDigits = token.substr(intStart, p - intStart);
    if (intDigits.empty() || (intDigits.size() > 1 && intDigits[0] == '0'))
        return malformed();
    std::string_view fracDigits;
    bool hasFrac = false, hasExp = false;
    if (p < token.size() && token[p] == '.')
    {
        const std::size_t fs = ++p;
        while (p < token.size() && isDigit(token[p]))
            ++p;
        if (p == fs)
            return malformed();
        fracDigits = token.substr(fs, p - fs);
        hasFrac = true;
    }
    long exponent = 0;  // saturated: only its size matters beyond a few hundred
    if (p < token.size() && (token[p] == 'e' || token[p] == 'E'))
    {
        ++p;
        bool expNegative = false;
        if (p < token.size() && (token[p] == '+' || token[p] == '-'))
            expNegative = token[p++] == '-';
        const std::size_t es = p;
        while (p < token.size() && isDigit(token[p]))
        {
            if (exponent < 1000000)
                exponent = exponent * 10 + (token[p] - '0');
            ++p;
        }
        if (p == es)
            return malformed();
        if (expNegative)
            exponent = -exponent;
        hasExp = true;
    }
    if (p != token.size())
        return malformed();
    i = end;
    if (!hasFrac && !hasExp)
    {
        const std::string_view limit =
            negative ? "9223372036854775808" : "18446744073709551615";  // 2^63, 2^64 - 1
        if (intDigits.size() > limit.size() ||
            (intDigits.size() == limit.size() && intDigits > limit))
        {
            problem = "the integer " + quoteToken(token) + " is outside -2^63 to 2^64-1";
            return false;
        }
        return true;
    }
    // value = 0.d1d2... x 10^magnitude, d1 its first non-zero digit. Below 10^308 it is finite; at
    // 10^309 or above it is not; in between the double nearest to it decides.
    long magnitude;
    if (intDigits[0] != '0')
        magnitude = static_cast<long>(intDigits.size()) + exponent;
    else
    {
        std::size_t k = 0;
        while (k < fracDigits.size() && fracDigits[k] == '0')
            ++k;
        if (k == fracDigits.size())
            return true;  // zero
        magnitude = exponent - static_cast<long>(k);
    }
    if (magnitude <= 308)
        return true;
    if (magnitude == 309)
    {
        double value;
        auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
        if (ec == std::errc() && ptr == token.data() + token.size())
            return true;
    }
    problem = "the number " + quoteToken(token) + " is beyond the range of a double";
    return false;
}
}  // namespace

std::string checkBody(std::string_view body)
{
    std::string problem;
    std::size_t depth = 0;
    const auto *const begin = reinterpret_cast<const unsigned char *>(body.data());
    const auto *const end = begin + body.size();
    const unsigned char *p = begin;
    while (p < end)
    {
        const ByteClass kind = kByteClasses.of[*p];
        if (kind == kPass)
        {
            ++p;
            continue;
        }
        if (kind == kQuote)
        {
            // A string: plain runs skipped a word at a time, escapes and control characters checked.
            // An unterminated one is left to the JSON library (it refuses it).
            for (++p;;)
            {
                p = nextStringSpecial(p, end);
                if (p == end)
                    return {};
                if (*p == '"')
                {
                    ++p;
                    break;
                }
                if (*p < 0x20)
                    return "a string holds the control character " + hexByte(*p) + " unescaped";
                if (end - p < 2)  // a backslash at the very end
                    return {};
                if (!(p = checkEscape(p, end, problem)))
                    return problem;
            }
        }
        else if (kind == kNumber)
        {
            std::size_t i = static_cast<std::size_t>(p - begin);
            if (!scanNumber(body, i, problem))
                return problem;
            p = begin + i;
        }
        else if (kind == kOpen)
        {
            if (++depth > kMaxDepth)
                return "the body nests arrays and objects deeper than 64 levels";
            ++p;
        }
        else if (kind == kClose)
        {
            if (depth > 0)
                --depth;
            ++p;
        }
        else
            return "byte " + hexByte(*p) + " at offset " + std::to_string(p - begin) + " is not JSON here";
    }
    return {};
}

std::size_t countDistinct(std::vector<std::string_view> &names)
{
    if (names.size() < 2)
        return names.size();
    std::sort(names.begin(), names.end());
    return static_cast<std::size_t>(std::unique(names.begin(), names.end()) - names.begin());
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
