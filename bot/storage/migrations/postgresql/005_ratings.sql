-- PostgreSQL dialect of ../005_ratings.sql: skill ratings per server, board and player, and
-- what each rated match did to each seat.

ALTER TABLE matches ADD COLUMN rated_at DOUBLE PRECISION;

ALTER TABLE matches ADD COLUMN rated INTEGER CHECK (rated IS NULL OR rated IN (0, 1));

CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL CHECK (sigma > 0),
    matches INTEGER NOT NULL CHECK (matches >= 0),
    deals INTEGER NOT NULL CHECK (deals >= 0),
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, variant, user_id)
);

CREATE TABLE rating_changes (
    table_id BIGINT NOT NULL REFERENCES matches (table_id),
    seat INTEGER NOT NULL CHECK (seat >= 0),
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    user_id BIGINT,
    ai TEXT,
    rank INTEGER NOT NULL CHECK (rank >= 1),
    deals INTEGER NOT NULL CHECK (deals >= 0),
    mu_before DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after DOUBLE PRECISION NOT NULL,
    sigma_after DOUBLE PRECISION NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seat),
    CHECK ((user_id IS NULL) = (ai IS NOT NULL))
);

CREATE INDEX rating_changes_board ON rating_changes (guild_id, game, variant, finished_at);

CREATE INDEX rating_changes_user ON rating_changes (user_id, finished_at)
    WHERE user_id IS NOT NULL;

CREATE INDEX matches_unrated ON matches (finished_at, table_id)
    WHERE finished_at IS NOT NULL AND rated_at IS NULL;
