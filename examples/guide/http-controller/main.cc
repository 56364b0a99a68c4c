#include <drogon/drogon.h>

#include <cstdlib>

int main(int argc, char *argv[])
{
    // The port is the first argument, as every program of the guide takes it; 8080 without one.
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    drogon::app().addListener("127.0.0.1", port).run();
}
