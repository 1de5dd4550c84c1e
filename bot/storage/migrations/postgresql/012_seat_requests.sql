-- PostgreSQL dialect of ../012_seat_requests.sql: substitutes asking for a seat.

CREATE TABLE seat_requests (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    number INTEGER NOT NULL CHECK (number >= 0),
    seat INTEGER NOT NULL CHECK (seat >= 0),
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('asked', 'accepted', 'refused', 'seated', 'dropped')),
    asked_at DOUBLE PRECISION NOT NULL,
    from_deal INTEGER CHECK (from_deal IS NULL OR from_deal >= 0),
    released_ai TEXT,
    PRIMARY KEY (table_id, number)
);

CREATE INDEX seat_requests_open ON seat_requests (table_id)
    WHERE status IN ('asked', 'accepted');
