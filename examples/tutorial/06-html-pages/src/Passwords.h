#pragma once

#include <drogon/utils/coroutine.h>

#include <optional>
#include <string>

// Passwords are kept as Argon2id hashes (libsodium's crypto_pwhash_str), never
// as they are typed. Each hash has its own random salt, and checking a guess
// costs 64 MiB of memory and a fraction of a second: someone who steals the
// database has to pay that for every guess at every account.

// The hash of a new password, to store.
drogon::Task<std::string> hashPassword(std::string password);

// Whether `password` is the one `hash` was made from. With no hash (no such
// account) it still spends the time of a check and says no, so the answer's
// delay does not tell which account names exist.
drogon::Task<bool> checkPassword(std::string password, std::optional<std::string> hash);
