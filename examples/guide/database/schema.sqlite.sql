CREATE TABLE books (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    author TEXT NOT NULL,
    copies INTEGER NOT NULL DEFAULT 1 CHECK (copies >= 0),
    subtitle TEXT  -- NULL: the book has none
);
CREATE TABLE loans (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    book_id INTEGER NOT NULL REFERENCES books (id),
    borrower TEXT NOT NULL CHECK (borrower <> '')
);

INSERT INTO books (title, author, copies) VALUES ('Dune', 'Frank Herbert', 2);
INSERT INTO books (title, author, copies) VALUES ('Solaris', 'Stanislaw Lem', 1);
