#pragma once

#include <drogon/plugins/Plugin.h>

// [guide:class]
// Builds greetings in the words its configuration gives.
class Greeter : public drogon::Plugin<Greeter>
{
  public:
    void initAndStart(const Json::Value &config) override;
    void shutdown() override;

    std::string greet(const std::string &name) const;

  private:
    std::string greeting_;
    bool excited_{false};
};
// [/guide:class]
