/**
 *
 *  Counter.cc
 *
 */

#include "Counter.h"

using namespace drogon;

void Counter::initAndStart(const Json::Value &config)
{
    /// Initialize and start the plugin
}

void Counter::shutdown() 
{
    /// Shutdown the plugin
}
