-- What each user chose for himself, and the language his Discord client speaks (seen on his
-- last interaction), so that DMs sent without an interaction speak it too.
--   language: the bot's language code ('de', 'en'); NULL: not seen yet.
--   pack: 'french' or 'german'; NULL: each game's own pack.
--   four_colour: the French pack in the four colours of the tournament deck.
--   pictures: card pictures in the hand and the trick (off: text only).

CREATE TABLE user_preferences (
    user_id INTEGER PRIMARY KEY,
    language TEXT CHECK (language IS NULL OR length(language) BETWEEN 2 AND 8),
    pack TEXT CHECK (pack IS NULL OR pack IN ('french', 'german')),
    four_colour INTEGER NOT NULL DEFAULT 0 CHECK (four_colour IN (0, 1)),
    pictures INTEGER NOT NULL DEFAULT 1 CHECK (pictures IN (0, 1)),
    updated_at REAL NOT NULL
);

-- A table's reminder: seconds into a turn when the player to act is pinged (NULL: at half the
-- turn timer, as before). Taken from the server's settings when the table opens.
ALTER TABLE tables ADD COLUMN reminder REAL CHECK (reminder IS NULL OR reminder >= 0);
