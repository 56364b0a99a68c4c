#include "Passwords.h"

#include <sodium.h>
#include <trantor/net/EventLoopThread.h>

#include <cstring>
#include <mutex>
#include <stdexcept>

namespace
{
// [guide:thread]
// A hash takes a fraction of a second of one core. It runs on a thread of its
// own, so the I/O threads go on answering other requests meanwhile; one at a
// time, so at most one hash holds its 64 MiB at once.
trantor::EventLoop *hashingLoop()
{
    static trantor::EventLoopThread thread("password-hashing");
    static std::once_flag started;
    std::call_once(started, [] {
        if (sodium_init() < 0)
            throw std::runtime_error("libsodium could not be initialised");
        thread.run();
    });
    return thread.getLoop();
}

// Runs `work` on the hashing thread and comes back to the caller's thread.
template <typename Work>
drogon::Task<decltype(std::declval<Work>()())> onHashingThread(Work work)
{
    auto *caller = trantor::EventLoop::getEventLoopOfCurrentThread();
    co_await drogon::switchThreadCoro(hashingLoop());
    auto result = work();
    if (caller)  // none when the caller is not an event loop's thread
        co_await drogon::switchThreadCoro(caller);
    co_return result;
}
// [/guide:thread]

// [guide:hash]
std::string hashNow(const std::string &password)
{
    char hash[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(hash,
                          password.data(),
                          password.size(),
                          crypto_pwhash_OPSLIMIT_INTERACTIVE,
                          crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
        throw std::runtime_error("out of memory while hashing a password");
    return hash;
}
// [/guide:hash]
}  // namespace

drogon::Task<std::string> hashPassword(std::string password)
{
    co_return co_await onHashingThread([&password] { return hashNow(password); });
}

// [guide:check]
drogon::Task<bool> checkPassword(std::string password, std::optional<std::string> hash)
{
    co_return co_await onHashingThread([&password, &hash] {
        // Made once, from a password nobody knows: checked against when the
        // account does not exist.
        static const std::string noAccount = hashNow("no account has this password");
        const auto &stored = hash ? *hash : noAccount;
        const bool same = crypto_pwhash_str_verify(stored.c_str(), password.data(), password.size()) == 0;
        return same && hash.has_value();
    });
}
// [/guide:check]
