#include <drogon/drogon.h>

#include <cstdio>
#include <cstdlib>

#include "App.h"

int main()
{
    // config.json, in the folder the program starts in.
    setUpApp("config.json");
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
