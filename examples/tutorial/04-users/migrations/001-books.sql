-- The books of the reading list.
CREATE TABLE books (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    author TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'to-read' CHECK (status IN ('to-read', 'reading', 'done'))
);
