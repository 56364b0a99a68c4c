// A server to profile with Coz: each answer to GET /report is a progress point. Under `coz run`,
// Coz slows everything else down to "speed up" one line at a time, and counts how the rate of
// progress points changes; without Coz the progress point does nothing.
#include <drogon/drogon.h>
// [guide:include]
#include <coz.h>  // Debian: coz-profiler
// [/guide:include]

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using namespace drogon;

// [guide:work]
// Two pieces of work per request: a checksum of the data, and the ten largest values of it.
static uint64_t checksum(const std::vector<uint32_t> &values)
{
    uint64_t hash = 1469598103934665603ull;  // FNV-1a over every byte, eight times
    for (int round = 0; round < 8; ++round)
        for (uint32_t value : values)
            for (int shift = 0; shift < 32; shift += 8)
                hash = (hash ^ ((value >> shift) & 0xff)) * 1099511628211ull;
    return hash;
}

static std::vector<uint32_t> topTen(std::vector<uint32_t> values)
{
    std::sort(values.begin(), values.end(), std::greater<>());
    values.resize(std::min<size_t>(values.size(), 10));
    return values;
}
// [/guide:work]

static std::vector<uint32_t> sampleData(size_t count)
{
    std::vector<uint32_t> values(count);
    uint32_t x = 2463534242u;  // xorshift32: the same data on every run
    for (auto &value : values)
    {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        value = x;
    }
    return values;
}

int main(int argc, char *argv[])
{
    // The port is the first argument, as every program of the guide takes it; 8080 without one.
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    // [guide:seconds]
    // The second argument: stop after that many seconds. Coz writes its profile when the program
    // ends, so a profiling run ends by itself.
    const double seconds = argc > 2 ? std::atof(argv[2]) : 0;
    if (seconds > 0)
        app().getLoop()->runAfter(seconds, [] { app().quit(); });
    // [/guide:seconds]
    static const std::vector<uint32_t> data = sampleData(4096);

    // [guide:handler]
    app().registerHandler(
        "/report",
        [](const HttpRequestPtr &, std::function<void(const HttpResponsePtr &)> &&callback) {
            Json::Value report;
            report["checksum"] = Json::UInt64(checksum(data));
            for (uint32_t value : topTen(data))
                report["top"].append(value);
            callback(HttpResponse::newHttpJsonResponse(report));
            COZ_PROGRESS_NAMED("report sent");  // one unit of work done
        },
        {Get});
    // [/guide:handler]

    app().setLogLevel(trantor::Logger::kWarn).addListener("127.0.0.1", port).run();
}
