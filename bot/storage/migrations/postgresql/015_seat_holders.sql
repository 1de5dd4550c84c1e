-- PostgreSQL dialect of ../015_seat_holders.sql: who held a seat before a substitute took it.

CREATE TABLE seat_holders (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL CHECK (seat >= 0),
    from_deal INTEGER NOT NULL CHECK (from_deal >= 0),
    to_deal INTEGER NOT NULL,
    user_id BIGINT,
    name TEXT NOT NULL,
    ai TEXT,
    PRIMARY KEY (table_id, seat, from_deal),
    CHECK (to_deal > from_deal),
    CHECK ((user_id IS NULL) = (ai IS NOT NULL))
);

CREATE INDEX seat_holders_user ON seat_holders (user_id) WHERE user_id IS NOT NULL;
