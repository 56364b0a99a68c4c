#include "Catalog.h"

using namespace drogon;

static HttpResponsePtr text(const std::string &body)
{
    auto resp = HttpResponse::newHttpResponse();
    resp->setContentTypeCode(CT_TEXT_PLAIN);
    resp->setBody(body + "\n");
    return resp;
}

void Catalog::item(const HttpRequestPtr &, Callback &&callback, const std::string &id)
{
    callback(text("catalog item " + id));
}

// [guide:month]
void Catalog::month(const HttpRequestPtr &, Callback &&callback, int year, int month)
{
    callback(text("archive of " + std::to_string(month) + "/" + std::to_string(year)));
}
// [/guide:month]
