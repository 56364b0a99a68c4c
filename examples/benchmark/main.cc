// drogon_benchmark --threads N --address ADDR --port PORT
// Serves BenchmarkCtrl (GET /benchmark). Logs at warn level, no access log.
#include <drogon/drogon.h>
#include <arpa/inet.h>

#include <cerrno>
#include <cstdlib>
#include <iostream>
#include <string>

namespace
{
const char *kUsage =
    "usage: drogon_benchmark --threads N --address ADDR --port PORT\n"
    "  --threads N     I/O threads, 1-1024\n"
    "  --address ADDR  IPv4 or IPv6 address to listen on, e.g. 127.0.0.1\n"
    "  --port PORT     TCP port, 1-65535\n";

[[noreturn]] void usageError(const std::string &message)
{
    std::cerr << "drogon_benchmark: " << message << "\n" << kUsage;
    std::exit(2);
}

long parseInteger(const std::string &option,
                  const std::string &text,
                  long min,
                  long max)
{
    char *end = nullptr;
    errno = 0;
    long value = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno != 0 || value < min ||
        value > max)
        usageError(option + " must be an integer from " + std::to_string(min) +
                   " to " + std::to_string(max) + ", got '" + text + "'");
    return value;
}

bool isIpAddress(const std::string &text)
{
    unsigned char buffer[sizeof(struct in6_addr)];
    return inet_pton(AF_INET, text.c_str(), buffer) == 1 ||
           inet_pton(AF_INET6, text.c_str(), buffer) == 1;
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
            std::cout << kUsage;
            return 0;
        }
        if (option != "--threads" && option != "--address" &&
            option != "--port")
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
            usageError("--address must be an IPv4 or IPv6 address, got '" +
                       value + "'");
    }
    if (threads < 0)
        usageError("--threads is required");
    if (address.empty())
        usageError("--address is required");
    if (port < 0)
        usageError("--port is required");

    drogon::app()
        .setLogLevel(trantor::Logger::kWarn)
        .addListener(address, static_cast<uint16_t>(port))
        .setThreadNum(static_cast<size_t>(threads))
        .run();
    return 0;
}
