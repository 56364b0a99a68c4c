#include <drogon/drogon.h>

#include <cstdio>
#include <cstdlib>

#include "App.h"
#include "Passwords.h"

#include <iostream>

int main(int argc, char *argv[])
{
    // [guide:secret]
    // The one secret, from the environment: never in config.json, which is
    // copied around, nor in the code. systemd sets it from a file only root
    // can read (see the unit).
    const char *pepper = std::getenv("READINGLIST_PEPPER");
    if (!pepper || !setPepper(pepper))
    {
        std::cerr << "READINGLIST_PEPPER must be set to 64 hex digits (openssl rand -hex 32)\n";
        return 1;
    }
    // [/guide:secret]
    // The configuration file: the first argument, or config.json.
    setUpApp(argc > 1 ? argv[1] : "config.json");
    drogon::app().run();
    // [guide:exit]
    // Leave without destroying Drogon's objects: Drogon 1.9.13 crashes while
    // it destroys its sessions when one changed its id (a sign-in) in the last
    // 10 seconds, because the timer that removes the old id
    // (lib/src/SessionManager.cc, line 124) runs in the middle of that.
    std::fflush(nullptr);  // what is left in the output buffers
    std::quick_exit(0);
    // [/guide:exit]
}
