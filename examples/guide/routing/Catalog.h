#pragma once

#include <drogon/HttpController.h>

#include <string>

// [guide:controller]
// The routes of an HttpController are registered when the program starts, before main() runs.
class Catalog : public drogon::HttpController<Catalog>
{
  public:
    METHOD_LIST_BEGIN
    // /catalog/{id}: METHOD_ADD puts the class name in front of the pattern.
    METHOD_ADD(Catalog::item, "/{id}", drogon::Get);
    // A regular expression, used as it is: each group is an argument.
    ADD_METHOD_VIA_REGEX(Catalog::month,
                         "/archive/([0-9]{4})/([0-9]{2})",
                         drogon::Get);
    METHOD_LIST_END

    using Callback = std::function<void(const drogon::HttpResponsePtr &)>;
    void item(const drogon::HttpRequestPtr &req,
              Callback &&callback,
              const std::string &id);
    void month(const drogon::HttpRequestPtr &req,
               Callback &&callback,
               int year,
               int month);
};
// [/guide:controller]
