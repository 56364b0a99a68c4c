// drogon_json_<codec> --threads N --address ADDR --port PORT
// The JSON application of the bench (GET /ping, GET /json, POST /dbop/{db}/{table}); the JSON
// library is chosen at build time (one executable per codec_*.cc). Logs at warn level, no access log.
#include "operations.h"

#include <drogon/drogon.h>
#include <arpa/inet.h>

#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <string>

using namespace drogon;
using jsonbench::ErrorCode;

namespace
{
const std::string kProgram = std::string("drogon_json_") + jsonbench::codec::kName;

void usage(std::ostream &out)
{
    out << "usage: " << kProgram << " --threads N --address ADDR --port PORT\n"
        << "       " << kProgram << " --version   (prints the JSON library and its version)\n"
        << "  --threads N     I/O threads, 1-1024\n"
        << "  --address ADDR  IPv4 or IPv6 address to listen on, e.g. 127.0.0.1\n"
        << "  --port PORT     TCP port, 1-65535\n";
}

[[noreturn]] void usageError(const std::string &message)
{
    std::cerr << kProgram << ": " << message << "\n";
    usage(std::cerr);
    std::exit(2);
}

long parseInteger(const std::string &option, const std::string &text, long min, long max)
{
    char *end = nullptr;
    errno = 0;
    long value = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno != 0 || value < min || value > max)
        usageError(option + " must be an integer from " + std::to_string(min) + " to " +
                   std::to_string(max) + ", got '" + text + "'");
    return value;
}

bool isIpAddress(const std::string &text)
{
    unsigned char buffer[sizeof(struct in6_addr)];
    return inet_pton(AF_INET, text.c_str(), buffer) == 1 ||
           inet_pton(AF_INET6, text.c_str(), buffer) == 1;
}

HttpResponsePtr jsonResponse(HttpStatusCode status, std::string body)
{
    auto resp = HttpResponse::newHttpResponse(status, CT_APPLICATION_JSON);
    resp->setBody(std::move(body));
    return resp;
}

HttpResponsePtr errorResponse(ErrorCode code, std::string_view message)
{
    return jsonResponse(static_cast<HttpStatusCode>(jsonbench::errorHttpStatus(code)),
                        jsonbench::codec::error(code, message));
}

void dbop(const HttpRequestPtr &req,
          std::function<void(const HttpResponsePtr &)> &&callback,
          const std::string &db,
          const std::string &table)
{
    if (!jsonbench::validName(db) || !jsonbench::validName(table))
        return callback(errorResponse(ErrorCode::InvalidPath,
                                      "db and table must match [A-Za-z0-9_.-]{1,64}"));
    std::string_view body = req->body();
    if (body.size() > jsonbench::kMaxBodyBytes)
        return callback(errorResponse(ErrorCode::BodyTooLarge,
                                      "the body is larger than 65536 bytes"));
    if (std::string problem = jsonbench::checkBody(body); !problem.empty())
        return callback(errorResponse(ErrorCode::InvalidJson, problem));
    jsonbench::ParseResult parsed = jsonbench::codec::parseOperations(body);
    if (parsed.error != ErrorCode::None)
        return callback(errorResponse(parsed.error, parsed.message));
    jsonbench::Summary summary;
    if (!jsonbench::applyOperations(db, table, parsed.operations, summary))
        return callback(errorResponse(ErrorCode::TooManyTables,
                                      "the server holds 1024 tables already"));
    callback(jsonResponse(k200OK, jsonbench::codec::summary(summary)));
}
}  // namespace

int main(int argc, char *argv[])
{
    long threads = -1, port = -1;
    std::string address;
    for (int i = 1; i < argc; ++i)
    {
        std::string option = argv[i];
        if (option == "--help" || option == "-h")
        {
            usage(std::cout);
            return 0;
        }
        if (option == "--version")
        {
            std::cout << jsonbench::codec::kName << ' ' << jsonbench::codec::version() << '\n';
            return 0;
        }
        if (option != "--threads" && option != "--address" && option != "--port")
            usageError("unknown argument '" + option + "'");
        if (i + 1 >= argc)
            usageError(option + " needs a value");
        std::string value = argv[++i];
        if (option == "--threads")
            threads = parseInteger(option, value, 1, 1024);
        else if (option == "--port")
            port = parseInteger(option, value, 1, 65535);
        else if (isIpAddress(value))
            address = value;
        else
            usageError("--address must be an IPv4 or IPv6 address, got '" + value + "'");
    }
    if (threads < 0)
        usageError("--threads is required");
    if (address.empty())
        usageError("--address is required");
    if (port < 0)
        usageError("--port is required");

    app().registerHandler(
        "/ping",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback) {
            auto resp = HttpResponse::newHttpResponse(k200OK, CT_TEXT_PLAIN);
            resp->setBody("pong");
            callback(resp);
        },
        {Get});
    app().registerHandler(
        "/json",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback) {
            callback(jsonResponse(k200OK, jsonbench::codec::hello()));
        },
        {Get});
    app().registerHandler("/dbop/{db}/{table}", &dbop, {Post});

    app()
        .setLogLevel(trantor::Logger::kWarn)
        // Bodies above the application's limit (64 KiB) reach the handler, which answers 400 with a
        // JSON error; only bodies above 1 MiB get Drogon's own 413. Kept in memory, never in a file.
        .setClientMaxBodySize(1024 * 1024)
        .setClientMaxMemoryBodySize(1024 * 1024)
        .addListener(address, static_cast<uint16_t>(port))
        .setThreadNum(static_cast<size_t>(threads))
        .run();
    return 0;
}
