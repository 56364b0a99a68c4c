#pragma once

#include <drogon/HttpResponse.h>

#include <string>

// Every answer of the API is JSON, its errors too: {"error": "..."} with the
// field at fault, when there is one, and the status code that says why.
inline drogon::HttpResponsePtr jsonResponse(const Json::Value &body,
                                            drogon::HttpStatusCode code = drogon::k200OK)
{
    auto resp = drogon::HttpResponse::newHttpJsonResponse(body);
    resp->setStatusCode(code);
    return resp;
}

inline drogon::HttpResponsePtr jsonError(drogon::HttpStatusCode code,
                                         const std::string &message,
                                         const std::string &field = "")
{
    Json::Value body;
    body["error"] = message;
    if (!field.empty())
        body["field"] = field;
    return jsonResponse(body, code);
}

// The words of the status line, for the errors Drogon answers by itself.
inline std::string statusText(drogon::HttpStatusCode code)
{
    switch (code)
    {
        case drogon::k400BadRequest:
            return "bad request";
        case drogon::k404NotFound:
            return "no such resource";
        case drogon::k405MethodNotAllowed:
            return "method not allowed here";
        case drogon::k500InternalServerError:
            return "internal error";
        default:
            return "error " + std::to_string(static_cast<int>(code));
    }
}
