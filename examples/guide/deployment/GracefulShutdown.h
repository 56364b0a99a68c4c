#pragma once

#include <drogon/plugins/Plugin.h>

#include <atomic>

// [guide:class]
// On SIGTERM, waits until no request is in flight (or drain_timeout seconds
// have passed), then stops the application. Drogon's own SIGTERM handler
// stops at once, cutting off the requests it is still working on.
class GracefulShutdown : public drogon::Plugin<GracefulShutdown>
{
  public:
    void initAndStart(const Json::Value &config) override;
    void shutdown() override
    {
    }

    bool draining() const
    {
        return draining_;
    }
    int inFlight() const
    {
        return inFlight_;
    }

  private:
    void drain();

    std::atomic<int> inFlight_{0};
    std::atomic<bool> draining_{false};
    double drainTimeout_{20};
};
// [/guide:class]
