// The main.cc of `drogon_ctl create project`, with two changes: the port comes from the command
// line (the first argument, as every program of the guide takes it; 8080 without one) and the server
// listens on 127.0.0.1 only.
#include <drogon/drogon.h>

#include <cstdlib>

int main(int argc, char *argv[])
{
    const auto port = static_cast<uint16_t>(argc > 1 ? std::atoi(argv[1]) : 8080);
    // Set HTTP listener address and port
    drogon::app().addListener("127.0.0.1", port);
    // Run HTTP framework, the method will block in the internal event loop
    drogon::app().run();
    return 0;
}
