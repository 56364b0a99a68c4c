#include "GracefulShutdown.h"

#include <drogon/drogon.h>

using namespace drogon;

// [guide:source]
void GracefulShutdown::initAndStart(const Json::Value &config)
{
    drainTimeout_ = config.get("drain_timeout", 20.0).asDouble();

    // A request is in flight from routing until its response is sent.
    app().registerPreRoutingAdvice([this](const HttpRequestPtr &req) {
        req->attributes()->insert("in-flight", true);
        ++inFlight_;
    });
    app().registerPreSendingAdvice(
        [this](const HttpRequestPtr &req, const HttpResponsePtr &) {
            if (req->attributes()->find("in-flight"))
            {
                req->attributes()->erase("in-flight");
                --inFlight_;
            }
        });

    // Runs inside the signal handler: only hand the work to the main loop.
    app().setTermSignalHandler(
        [this] { app().getLoop()->queueInLoop([this] { drain(); }); });
}

void GracefulShutdown::drain()
{
    if (draining_.exchange(true))
        return;  // a second SIGTERM changes nothing
    LOG_WARN << "draining: " << inFlight_ << " request(s) in flight";
    auto *loop = app().getLoop();
    auto deadline = trantor::Date::now().after(drainTimeout_);
    auto timer = std::make_shared<trantor::TimerId>();
    *timer = loop->runEvery(0.05, [this, loop, timer, deadline] {
        if (inFlight_ > 0 && trantor::Date::now() < deadline)
            return;
        loop->invalidateTimer(*timer);
        if (inFlight_ > 0)
            LOG_ERROR << "drain timeout: " << inFlight_ << " request(s) cut off";
        else
            LOG_WARN << "drained, stopping";
        app().quit();
    });
}
// [/guide:source]
