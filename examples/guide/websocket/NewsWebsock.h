#pragma once

#include <drogon/WebSocketController.h>

#include <mutex>
#include <unordered_set>

// [guide:class]
// Listeners on ws://HOST/news only receive: broadcast() sends a message to
// every connected listener, and may be called from any thread.
class NewsWebsock : public drogon::WebSocketController<NewsWebsock>
{
  public:
    void handleNewConnection(const drogon::HttpRequestPtr &req,
                             const drogon::WebSocketConnectionPtr &conn) override;
    void handleNewMessage(const drogon::WebSocketConnectionPtr &conn,
                          std::string &&message,
                          const drogon::WebSocketMessageType &type) override;
    void handleConnectionClosed(const drogon::WebSocketConnectionPtr &conn) override;

    // Returns how many listeners it was sent to.
    size_t broadcast(const std::string &message);

    WS_PATH_LIST_BEGIN
    WS_PATH_ADD("/news", drogon::Get);
    WS_PATH_LIST_END

  private:
    // Connections arrive and leave on every I/O thread: the set needs a lock.
    std::mutex mutex_;
    std::unordered_set<drogon::WebSocketConnectionPtr> listeners_;
};
// [/guide:class]
