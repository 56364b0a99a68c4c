#include "Exchange.h"

#include <drogon/MultiPart.h>

#include <filesystem>

using namespace drogon;

namespace
{
HttpResponsePtr text(const std::string &body, HttpStatusCode status = k200OK)
{
    auto resp = HttpResponse::newHttpResponse(status, CT_TEXT_PLAIN);
    resp->setBody(body);
    return resp;
}
}  // namespace

// [guide:status]
void Exchange::status(const HttpRequestPtr &req, Callback &&callback, int code)
{
    if (code < 200 || code > 599)
    {
        callback(text("choose a code from 200 to 599\n", k400BadRequest));
        return;
    }
    callback(text("you asked for " + std::to_string(code) + "\n",
                  static_cast<HttpStatusCode>(code)));
}
// [/guide:status]

// [guide:headers]
void Exchange::headers(const HttpRequestPtr &req, Callback &&callback)
{
    // Request headers: any case works, Drogon stores names in lowercase.
    auto resp = text("your user agent: " + req->getHeader("User-Agent") + "\n");
    resp->addHeader("X-Guide-Example", "headers");
    resp->addHeader("Cache-Control", "no-store");
    callback(resp);
}
// [/guide:headers]

// [guide:cookies]
void Exchange::setCookie(const HttpRequestPtr &req, Callback &&callback, const std::string &flavor)
{
    auto resp = text("cookie set\n");
    Cookie cookie("flavor", flavor.empty() ? "plain" : flavor);
    cookie.setPath("/");
    cookie.setHttpOnly(true);
    cookie.setMaxAge(3600);  // seconds
    resp->addCookie(std::move(cookie));
    callback(resp);
}

void Exchange::showCookie(const HttpRequestPtr &req, Callback &&callback)
{
    const std::string flavor = req->getCookie("flavor");  // "" when absent
    callback(text(flavor.empty() ? "no cookie\n" : "your cookie: " + flavor + "\n"));
}
// [/guide:cookies]

// [guide:form]
void Exchange::form(const HttpRequestPtr &req, Callback &&callback)
{
    // Fields of an application/x-www-form-urlencoded body (and of the query).
    Json::Value fields(Json::objectValue);
    for (const auto &[name, value] : req->getParameters())
        fields[name] = value;
    callback(HttpResponse::newHttpJsonResponse(fields));
}
// [/guide:form]

// [guide:upload]
void Exchange::upload(const HttpRequestPtr &req, Callback &&callback)
{
    MultiPartParser multipart;
    if (multipart.parse(req) != 0)
    {
        callback(text("expected a multipart/form-data body\n", k400BadRequest));
        return;
    }
    Json::Value saved(Json::arrayValue);
    for (const auto &file : multipart.getFiles())
    {
        file.save();  // into the upload folder, under the name the client gave
        Json::Value item;
        item["field"] = file.getItemName();
        item["name"] = file.getFileName();
        item["bytes"] = static_cast<Json::UInt64>(file.fileLength());
        item["md5"] = file.getMd5();
        saved.append(item);
    }
    Json::Value answer;
    answer["files"] = saved;
    answer["note"] = multipart.getParameters().count("note")
                         ? multipart.getParameters().at("note")
                         : "";
    callback(HttpResponse::newHttpJsonResponse(answer));
}
// [/guide:upload]

// [guide:download]
void Exchange::download(const HttpRequestPtr &req, Callback &&callback, const std::string &name)
{
    // Only plain file names: no way out of the upload folder.
    if (name.empty() || name.find('/') != std::string::npos || name[0] == '.')
    {
        callback(text("bad file name\n", k400BadRequest));
        return;
    }
    const auto path = std::filesystem::path(app().getUploadPath()) / name;
    if (!std::filesystem::is_regular_file(path))
    {
        callback(text("no such file\n", k404NotFound));
        return;
    }
    // The second argument makes it an attachment: browsers save it as that name.
    callback(HttpResponse::newFileResponse(path.string(), name));
}
// [/guide:download]

// [guide:moved]
void Exchange::moved(const HttpRequestPtr &req, Callback &&callback)
{
    callback(HttpResponse::newRedirectionResponse("/hello.txt", k301MovedPermanently));
}
// [/guide:moved]
