#include "ChatWebsock.h"

using namespace drogon;

namespace
{
// What the server remembers about a connection, kept as its context.
struct Member
{
    std::string name;
    SubscriberID subscription;
};
const std::string lobby = "lobby";
}  // namespace

// [guide:connect]
void ChatWebsock::handleNewConnection(const HttpRequestPtr &req,
                                      const WebSocketConnectionPtr &conn)
{
    std::string name = req->getParameter("name");
    if (name.empty())
        name = "anonymous";
    // Every message published to the lobby is sent to this connection.
    auto subscription = room_.subscribe(
        lobby, [conn](const std::string &topic, const std::string &message) {
            conn->send(message);
        });
    conn->setContext(std::make_shared<Member>(Member{name, subscription}));
    room_.publish(lobby, name + " joined");
}
// [/guide:connect]

// [guide:message]
void ChatWebsock::handleNewMessage(const WebSocketConnectionPtr &conn,
                                   std::string &&message,
                                   const WebSocketMessageType &type)
{
    // Pings, pongs and binary frames reach this function too.
    if (type != WebSocketMessageType::Text)
        return;
    auto member = conn->getContext<Member>();
    room_.publish(lobby, member->name + ": " + message);
}
// [/guide:message]

// [guide:close]
void ChatWebsock::handleConnectionClosed(const WebSocketConnectionPtr &conn)
{
    auto member = conn->getContext<Member>();
    room_.unsubscribe(lobby, member->subscription);
    room_.publish(lobby, member->name + " left");
}
// [/guide:close]
