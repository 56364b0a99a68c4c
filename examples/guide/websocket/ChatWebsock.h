#pragma once

#include <drogon/PubSubService.h>
#include <drogon/WebSocketController.h>

// [guide:class]
// A chat room on ws://HOST/chat?name=NAME: every text message a member sends
// goes to every member, the sender included.
class ChatWebsock : public drogon::WebSocketController<ChatWebsock>
{
  public:
    void handleNewConnection(const drogon::HttpRequestPtr &req,
                             const drogon::WebSocketConnectionPtr &conn) override;
    void handleNewMessage(const drogon::WebSocketConnectionPtr &conn,
                          std::string &&message,
                          const drogon::WebSocketMessageType &type) override;
    void handleConnectionClosed(const drogon::WebSocketConnectionPtr &conn) override;

    WS_PATH_LIST_BEGIN
    WS_PATH_ADD("/chat", drogon::Get);
    WS_PATH_LIST_END

  private:
    // Topic -> subscribers; safe to use from every I/O thread.
    drogon::PubSubService<std::string> room_;
};
// [/guide:class]
