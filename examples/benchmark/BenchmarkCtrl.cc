#include "BenchmarkCtrl.h"

void BenchmarkCtrl::asyncHandleHttpRequest(
    const HttpRequestPtr &,
    std::function<void(const HttpResponsePtr &)> &&callback)
{
    auto resp = HttpResponse::newHttpResponse();
    resp->setBody("<p>Hello, world!</p>");
    // Expiration 0: Drogon caches the rendered response and reuses it for every request.
    resp->setExpiredTime(0);
    callback(resp);
}
