-- The accounts. No password is stored: password_hash is its Argon2id hash, as
-- libsodium writes it ($argon2id$v=19$m=65536,t=2,p=1$<salt>$<hash>).
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL
);
