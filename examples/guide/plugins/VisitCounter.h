#pragma once

#include <drogon/plugins/Plugin.h>

#include <map>
#include <mutex>

// [guide:class]
// Counts visits per name. It greets through the Greeter plugin, so it
// depends on it.
class VisitCounter : public drogon::Plugin<VisitCounter>
{
  public:
    void initAndStart(const Json::Value &config) override;
    void shutdown() override;

    std::string welcome(const std::string &name);

  private:
    std::mutex mutex_;
    std::map<std::string, int> visits_;
};
// [/guide:class]
