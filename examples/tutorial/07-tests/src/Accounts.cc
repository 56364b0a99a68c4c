#include "Accounts.h"

#include "Passwords.h"

#include <drogon/HttpAppFramework.h>

using namespace drogon;
using drogon_model::sqlite3::Users;

static orm::CoroMapper<Users> users()
{
    return orm::CoroMapper<Users>(app().getDbClient());
}

Task<std::optional<Users>> createAccount(AccountInput input)
{
    Users user;
    user.setName(input.name);
    user.setPasswordHash(co_await hashPassword(input.password));
    bool inserted = false;
    try
    {
        user = co_await users().insert(user);
        inserted = true;
    }
    catch (const orm::DrogonDbException &)
    {
        // The name's UNIQUE constraint, or another failure: asked below (no
        // co_await inside a catch block).
    }
    if (inserted)
        co_return user;
    if (co_await users().count(orm::Criteria(Users::Cols::_name, input.name)) == 0)
        throw std::runtime_error("could not add the account " + input.name);
    co_return std::nullopt;
}

Task<std::optional<Users>> findAccount(AccountInput input)
{
    auto found = co_await users().findBy(orm::Criteria(Users::Cols::_name, input.name));
    std::optional<std::string> hash;
    if (!found.empty())
        hash = found.front().getValueOfPasswordHash();
    if (!co_await checkPassword(input.password, hash))
        co_return std::nullopt;
    co_return found.front();
}

void startSession(const HttpRequestPtr &req, const Users &user)
{
    auto session = req->session();
    session->clear();
    session->insert("user_id", user.getValueOfId());
    session->insert("user_name", user.getValueOfName());
    session->changeSessionIdToClient();
}
