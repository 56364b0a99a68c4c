#include "NewsWebsock.h"

using namespace drogon;

// [guide:source]
void NewsWebsock::handleNewConnection(const HttpRequestPtr &req,
                                      const WebSocketConnectionPtr &conn)
{
    std::lock_guard<std::mutex> lock(mutex_);
    listeners_.insert(conn);
}

void NewsWebsock::handleNewMessage(const WebSocketConnectionPtr &conn,
                                   std::string &&message,
                                   const WebSocketMessageType &type)
{
    // Listeners do not talk; pings are answered by Drogon itself.
}

void NewsWebsock::handleConnectionClosed(const WebSocketConnectionPtr &conn)
{
    std::lock_guard<std::mutex> lock(mutex_);
    listeners_.erase(conn);
}

size_t NewsWebsock::broadcast(const std::string &message)
{
    // Copy the set under the lock, send without it: a slow send never holds
    // up connections arriving or leaving.
    std::vector<WebSocketConnectionPtr> listeners;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        listeners.assign(listeners_.begin(), listeners_.end());
    }
    // send() is safe from any thread: it hands the frame to the thread that
    // owns the connection.
    for (const auto &conn : listeners)
        conn->send(message);
    return listeners.size();
}
// [/guide:source]
