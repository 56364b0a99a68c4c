// Written by hand (not by drogon_ctl): reports that join tables with the
// Mapper's innerJoin, leftJoin and rightJoin (Drogon 1.9.13 and later).
#pragma once

#include <drogon/HttpController.h>

using namespace drogon;

class ReportsCtrl : public drogon::HttpController<ReportsCtrl>
{
  public:
    METHOD_LIST_BEGIN
    ADD_METHOD_TO(ReportsCtrl::byAuthorName, "/reports/by-author?name={name}", Get);
    ADD_METHOD_TO(ReportsCtrl::untagged, "/reports/untagged", Get);
    ADD_METHOD_TO(ReportsCtrl::authorsWithoutBooks, "/reports/authors-without-books", Get);
    METHOD_LIST_END

    void byAuthorName(const HttpRequestPtr &req,
                      std::function<void(const HttpResponsePtr &)> &&callback,
                      const std::string &name);
    void untagged(const HttpRequestPtr &req,
                  std::function<void(const HttpResponsePtr &)> &&callback);
    void authorsWithoutBooks(const HttpRequestPtr &req,
                             std::function<void(const HttpResponsePtr &)> &&callback);
};
