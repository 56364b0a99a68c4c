#include "VisitCounter.h"

#include "Greeter.h"

#include <drogon/drogon.h>

// [guide:source]
void VisitCounter::initAndStart(const Json::Value &config)
{
    LOG_INFO << "VisitCounter ready";
}

void VisitCounter::shutdown()
{
    LOG_INFO << "VisitCounter stopped";
}

std::string VisitCounter::welcome(const std::string &name)
{
    int count = 0;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        count = ++visits_[name];
    }
    // A plugin finds another one as a handler does.
    auto *greeter = drogon::app().getPlugin<Greeter>();
    return greeter->greet(name) + " Visit " + std::to_string(count) + ".\n";
}
// [/guide:source]
