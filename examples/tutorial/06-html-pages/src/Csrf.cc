#include "Csrf.h"

#include <drogon/utils/Utilities.h>

std::string csrfToken(const drogon::HttpRequestPtr &req)
{
    auto session = req->session();
    auto token = session->getOptional<std::string>("csrf_token");
    if (token)
        return *token;
    auto fresh = drogon::utils::secureRandomString(32);
    session->insert("csrf_token", fresh);
    return fresh;
}
