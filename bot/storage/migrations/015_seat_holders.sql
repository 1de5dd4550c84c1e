-- Who held a seat before a substitute took it (issue 31): a replay, the history and the boards
-- name, for each finished deal, whoever played the seat in that deal. One row per earlier
-- holder and seat: he held the seat for the deals from_deal .. to_deal - 1 (0-based); the seat's
-- `seats` row is its holder from the last row's to_deal on (from deal 0 if it has no row).
-- Written in the transaction that seats the substitute; never deleted (a forgotten user's rows
-- name a former player, as his seats do).
--
-- A database written before this version has no rows: a seat a substitute took over there is
-- taken to have been held by its present holder for all its deals (the earlier holder was not
-- stored then).

CREATE TABLE seat_holders (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL CHECK (seat >= 0),
    from_deal INTEGER NOT NULL CHECK (from_deal >= 0),
    to_deal INTEGER NOT NULL,
    user_id INTEGER,
    name TEXT NOT NULL,
    ai TEXT,
    PRIMARY KEY (table_id, seat, from_deal),
    CHECK (to_deal > from_deal),
    CHECK ((user_id IS NULL) = (ai IS NOT NULL))
);

CREATE INDEX seat_holders_user ON seat_holders (user_id) WHERE user_id IS NOT NULL;
