CREATE TABLE authors (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL
);
CREATE TABLE books (
    id BIGSERIAL PRIMARY KEY,
    title TEXT NOT NULL,
    year BIGINT NOT NULL,
    author_id BIGINT NOT NULL REFERENCES authors (id)
);
CREATE TABLE tags (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
-- Which book has which tag: the pivot table of a many-to-many relationship.
CREATE TABLE book_tags (
    book_id BIGINT NOT NULL REFERENCES books (id),
    tag_id BIGINT NOT NULL REFERENCES tags (id),
    PRIMARY KEY (book_id, tag_id)
);

-- Ted Chiang has no book in the shop yet.
INSERT INTO authors (name) VALUES ('Ursula K. Le Guin'), ('Stanislaw Lem'), ('Octavia E. Butler'), ('Ted Chiang');
INSERT INTO books (title, year, author_id) VALUES
    ('The Left Hand of Darkness', 1969, 1),
    ('The Dispossessed', 1974, 1),
    ('A Wizard of Earthsea', 1968, 1),
    ('Solaris', 1961, 2),
    ('The Cyberiad', 1965, 2),
    ('Kindred', 1979, 3),
    ('Parable of the Sower', 1993, 3);
INSERT INTO tags (name) VALUES ('classic'), ('fantasy'), ('science fiction'), ('award winner');
INSERT INTO book_tags (book_id, tag_id) VALUES (1, 1), (1, 3), (2, 3), (3, 2), (4, 1), (4, 3), (5, 3), (7, 3);
