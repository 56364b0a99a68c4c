#include "Greeter.h"

// [guide:source]
void Greeter::initAndStart(const Json::Value &config)
{
    // config is the "config" object of this plugin's entry in config.json.
    greeting_ = config.get("greeting", "Hello").asString();
    excited_ = config.get("excited", false).asBool();
    LOG_INFO << "Greeter ready, greeting: " << greeting_;
}

void Greeter::shutdown()
{
    LOG_INFO << "Greeter stopped";
}

std::string Greeter::greet(const std::string &name) const
{
    return greeting_ + ", " + name + (excited_ ? "!" : ".");
}
// [/guide:source]
