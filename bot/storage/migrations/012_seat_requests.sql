-- Substitutes (issue 31): a member who is not seated asks for an AI seat or an away player's
-- seat of a running table, the host says yes or no, and on yes he holds the seat from the end
-- of the deal being played. Each request is a row, numbered per table; a row is never deleted
-- (the ratings read which AI kind a seat had before it was taken), only its status moves on:
-- asked -> accepted -> seated, or asked -> refused, or -> dropped (the table ended first, or
-- the seat was no longer free).

CREATE TABLE seat_requests (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    number INTEGER NOT NULL CHECK (number >= 0),
    seat INTEGER NOT NULL CHECK (seat >= 0),
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('asked', 'accepted', 'refused', 'seated', 'dropped')),
    asked_at REAL NOT NULL,
    from_deal INTEGER CHECK (from_deal IS NULL OR from_deal >= 0),
    released_ai TEXT,
    PRIMARY KEY (table_id, number)
);

CREATE INDEX seat_requests_open ON seat_requests (table_id)
    WHERE status IN ('asked', 'accepted');
