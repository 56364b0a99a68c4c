-- Each book belongs to the account that added it. Books added before there
-- were accounts have no owner, and nobody sees them.
ALTER TABLE books ADD COLUMN user_id INTEGER REFERENCES users (id);
CREATE INDEX books_by_user ON books (user_id);
