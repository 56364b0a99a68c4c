#!/bin/sh
# Brings a database up to date: applies, in order, each migrations/NNN-name.sql
# it has not had yet, each in a transaction of its own. SQLite keeps the number
# of the last one applied in the database file (PRAGMA user_version), so a
# second run applies nothing.
#   sh migrate.sh DATABASE_FILE
set -eu
db=$1
migrations=$(dirname "$0")/migrations
applied=$(sqlite3 "$db" 'PRAGMA user_version;')
for file in "$migrations"/[0-9][0-9][0-9]-*.sql; do
    number=$(expr "$(basename "$file" | cut -c1-3)" + 0)
    [ "$number" -gt "$applied" ] || continue
    { echo 'BEGIN;'; cat "$file"; echo "PRAGMA user_version = $number;"; echo 'COMMIT;'; } |
        sqlite3 -bail "$db"
    echo "applied $(basename "$file")"
done
