// Written by hand (not by drogon_ctl): tagging a book, in a transaction that
// locks the book's row (Mapper::forUpdate) on PostgreSQL.
#pragma once

#include <drogon/HttpController.h>

using namespace drogon;

class TagsCtrl : public drogon::HttpController<TagsCtrl>
{
  public:
    METHOD_LIST_BEGIN
    ADD_METHOD_TO(TagsCtrl::addTag, "/books/{id}/tags/{tag}", Post);
    METHOD_LIST_END

    void addTag(const HttpRequestPtr &req,
                std::function<void(const HttpResponsePtr &)> &&callback,
                int64_t id,
                int64_t tag);
};
