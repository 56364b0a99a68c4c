// The JSON application's rules, shared by every JSON library variant: what a /dbop body may contain,
// the in-memory tables the operations act on, and what the answer reports. A codec (codec_*.cc) only
// reads and writes JSON; everything it reads goes through makeOperation() so that every variant
// accepts and refuses exactly the same bodies.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace jsonbench
{
constexpr std::size_t kMaxBodyBytes = 64 * 1024;
constexpr std::size_t kMaxOperations = 100;
constexpr std::size_t kMaxKeyBytes = 256;
constexpr std::size_t kMaxNameBytes = 64;
constexpr std::size_t kMaxTables = 1024;
constexpr std::size_t kMaxDepth = 64;  // nesting of arrays and objects

// Machine-readable error codes; the conformance check compares these, not the messages.
enum class ErrorCode
{
    None,
    InvalidJson,        // not JSON (syntax, invalid UTF-8, trailing data, too deep)
    InvalidOperations,  // JSON, but not a list of valid operations
    BodyTooLarge,       // more than kMaxBodyBytes
    InvalidPath,        // db or table name not [A-Za-z0-9_.-]{1,64}
    TooManyTables,      // the server holds kMaxTables tables already (503)
};
const char *errorCodeName(ErrorCode code);
int errorHttpStatus(ErrorCode code);

enum class OpKind
{
    Set,
    Increment,
    Delete
};
const char *opKindName(OpKind kind);

struct Operation
{
    OpKind kind;
    std::string key;
    std::string record;      // set: the value object as JSON text
    std::size_t fields = 0;  // set: members of the value object
    std::int64_t by = 0;     // increment
};

// What a codec found in one element of the body's array. Strings point into the codec's parsed
// document and are copied by makeOperation().
enum class Field
{
    Missing,
    WrongType,
    Present
};
struct ParsedOperation
{
    bool isObject = false;
    Field op = Field::Missing;
    std::string_view opName;
    Field key = Field::Missing;
    std::string_view keyText;
    Field value = Field::Missing;  // Present only when it is an object
    std::size_t valueFields = 0;  // distinct member names (a repeated name counts once)
    std::string valueText;
    Field by = Field::Missing;  // Present only when it is an integer in int64 range
    std::int64_t byValue = 0;
};

// Member names that repeat in an object are not refused: the last one wins, as in jsoncpp, Go and
// JavaScript, and a value object's size is its count of distinct names (countDistinct).
std::size_t countDistinct(std::vector<std::string_view> &names);

// Returns an empty string and fills `out`, or returns why operation `index` (0-based) is invalid.
std::string makeOperation(const ParsedOperation &parsed, std::size_t index, Operation &out);
// The message for a body that is not an array of 1..kMaxOperations elements.
std::string arrayMessage(std::size_t count, bool isArray);

struct ParseResult
{
    std::vector<Operation> operations;
    ErrorCode error = ErrorCode::None;
    std::string message;
};

// Every codec's last step for one element: appends the operation, or turns `result` into the
// invalid-operations error (no operation kept) and returns false, so the codec stops reading.
bool addOperation(const ParsedOperation &parsed, std::size_t index, ParseResult &result);

enum class OpStatus
{
    Created,
    Replaced,
    Incremented,
    Deleted,
    NotFound,
    Failed
};
const char *opStatusName(OpStatus status);

struct OpResult
{
    OpKind kind;
    std::string key;
    OpStatus status;
    std::int64_t value = 0;      // increment: the counter after it
    std::size_t fields = 0;      // set: members of the stored record
    const char *error = nullptr; // failed: "not-a-counter" or "overflow"
};

struct Summary
{
    std::string db;
    std::string table;
    std::size_t applied = 0;
    std::size_t failed = 0;
    std::vector<OpResult> results;
};

bool validName(std::string_view name);
bool validUtf8(std::string_view text);
// The application's rules for a body beyond what every JSON library checks alike (RFC 8259 leaves
// them to the implementation and the libraries differ), checked before any library parses, with the
// same code in every variant (bench/gin-json/bodyrules.go is the Go copy):
//   - arrays and objects nest at most kMaxDepth levels (the libraries' own limits differ: jsoncpp
//     1000, simdjson 1024, encoding/json 10000, yyjson none);
//   - between values only JSON's own bytes: no byte order mark, no control character other than tab,
//     line feed and carriage return, nothing that cannot start or continue a JSON token;
//   - inside strings no raw control character, only JSON's escapes, and a \u escape of a UTF-16
//     surrogate only as a high one directly followed by a low one; \u0000 is a character like any other;
//   - numbers written as JSON says; an integer (no fraction, no exponent) from -2^63 to 2^64-1, any
//     other number finite as an IEEE 754 double (1e400 is refused, 1e-400 rounds to 0 and is kept).
// UTF-8 itself is checked by the libraries that check it (simdjson, yyjson) and by validUtf8 (jsoncpp).
// Returns an empty string, or what is wrong (an invalid-json error).
std::string checkBody(std::string_view body);

// Applies the operations to table db/table, all under the table's lock (a batch is atomic).
// Returns false only when the table would be one more than kMaxTables.
bool applyOperations(const std::string &db,
                     const std::string &table,
                     const std::vector<Operation> &operations,
                     Summary &summary);

// The codec of this build (one per executable).
namespace codec
{
extern const char *const kName;
std::string version();
std::string hello();  // {"message":"Hello, World!"}, serialized on every call
ParseResult parseOperations(std::string_view body);
std::string summary(const Summary &summary);
std::string error(ErrorCode code, std::string_view message);
}  // namespace codec
}  // namespace jsonbench
