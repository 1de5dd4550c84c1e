-- PostgreSQL dialect of ../003_games.sql: a started table is a match keyed by game and
-- variant; the action log takes any kind the core's registry knows; deal_scores' Ramsch
-- flags become per-seat tags; tables remember the deal their channel message shows.
-- PostgreSQL alters constraints and drops columns in place: no table is rebuilt (ALTER TABLE
-- fires no row trigger, so the append-only log is untouched).

ALTER TABLE sessions RENAME TO matches;

ALTER TABLE matches ADD COLUMN game TEXT NOT NULL DEFAULT 'ramsch';

DROP INDEX sessions_guild;

CREATE INDEX matches_guild ON matches (guild_id, game, variant);

ALTER TABLE actions DROP CONSTRAINT actions_kind_check;

ALTER TABLE actions ADD CONSTRAINT actions_kind_check CHECK (kind <> '');

CREATE TABLE deal_tags (
    table_id BIGINT NOT NULL,
    deal_number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    tag TEXT NOT NULL CHECK (tag <> ''),
    PRIMARY KEY (table_id, deal_number, seat, tag),
    FOREIGN KEY (table_id, deal_number, seat)
        REFERENCES deal_scores (table_id, deal_number, seat)
);

INSERT INTO deal_tags (table_id, deal_number, seat, tag)
SELECT table_id, deal_number, seat, 'loser' FROM deal_scores WHERE loser = 1
UNION ALL
SELECT table_id, deal_number, seat, 'jungfrau' FROM deal_scores WHERE jungfrau = 1
UNION ALL
SELECT table_id, deal_number, seat, 'durchmarsch' FROM deal_scores WHERE durchmarsch = 1
ORDER BY 1, 2, 3, 4;

ALTER TABLE deal_scores DROP COLUMN loser, DROP COLUMN jungfrau, DROP COLUMN durchmarsch;

ALTER TABLE tables ADD COLUMN message_deal INTEGER CHECK (message_deal >= 0);
