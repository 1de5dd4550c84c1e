"""Each user's language and choice of cards, kept in memory and written through to the store.

The language is the one his Discord client speaks, seen on each of his interactions: a DM the
bot sends on its own (a hand at a new deal) speaks it too. The pack, the four colours and the
card pictures are his own choice (``/ramsch cards``); None means as each table's game shows.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable
from typing import Literal

from bot import i18n
from bot.storage import UserPreferenceRow
from bot.storage.preferences import PreferenceRepository
from bot.ui.faces import Preference

log = logging.getLogger(__name__)


class Preferences:
    """The users' preferences; ``seen`` and ``choose`` update memory at once, the store soon."""

    def __init__(self, saved: PreferenceRepository | None, clock: Callable[[], float]) -> None:
        self.saved = saved
        """Where the preferences are kept (``store.preferences``); None: in memory only."""
        self.clock = clock
        self.rows: dict[int, UserPreferenceRow] = {}
        self._writes: set[asyncio.Task[None]] = set()

    async def load(self) -> None:
        if self.saved is not None:
            self.rows = {row.user_id: row for row in await self.saved.load_user_preferences()}

    async def reload(self, user_id: int) -> None:
        """Read one user's preferences again: another bot process changed them."""
        if self.saved is None:
            return
        rows = await self.saved.load_user_preferences(user_id)
        if rows:
            self.rows[user_id] = rows[0]
        else:
            self.rows.pop(user_id, None)

    def get(self, user_id: int) -> UserPreferenceRow:
        return self.rows.get(user_id) or UserPreferenceRow(user_id)

    def language(self, user_id: int | None, fallback: str) -> str:
        """The language to write to a user in (``fallback`` if he was never seen)."""
        if user_id is None:
            return fallback
        row = self.rows.get(user_id)
        return row.language if row is not None and row.language else fallback

    def cards(self, user_id: int | None) -> Preference:
        """How a user chose to see cards."""
        row = self.rows.get(user_id) if user_id is not None else None
        if row is None:
            return Preference()
        return Preference(row.pack, row.four_colour, row.pictures)

    def seen(self, user_id: int, language: str) -> None:
        """A user's interaction arrived in ``language``: remember it if it is new."""
        row = self.get(user_id)
        if row.language != language:
            self._save(dataclasses.replace(row, language=language))

    async def choose(
        self,
        user_id: int,
        *,
        pack: Literal["french", "german"] | Literal["keep"] | None = "keep",
        four_colour: bool | None = None,
        pictures: bool | None = None,
    ) -> UserPreferenceRow:
        """Change a user's choice of cards; returns it once stored."""
        row = self.get(user_id)
        changes: dict[str, object] = {}
        if pack != "keep":
            changes["pack"] = pack
        if four_colour is not None:
            changes["four_colour"] = four_colour
        if pictures is not None:
            changes["pictures"] = pictures
        row = dataclasses.replace(row, language=row.language or i18n.current(), **changes)  # type: ignore[arg-type]
        self.rows[user_id] = row
        if self.saved is not None:
            await self.saved.save_user_preference(row, self.clock())
        return row

    def _save(self, row: UserPreferenceRow) -> None:
        self.rows[row.user_id] = row
        if self.saved is None:
            return
        task = asyncio.get_running_loop().create_task(self._write(row))
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def _write(self, row: UserPreferenceRow) -> None:
        assert self.saved is not None
        try:
            await self.saved.save_user_preference(row, self.clock())
        except Exception as error:  # only a language to remember: never worth a failed click
            log.warning("Could not store the language of user %d: %s", row.user_id, error)

    def forget(self, user_id: int) -> None:
        """Drop a forgotten user's row from memory (the store deleted it): nothing cached
        writes him back; a later interaction of his starts afresh."""
        self.rows.pop(user_id, None)

    async def flush(self) -> None:
        """Wait for pending writes (shutdown, tests)."""
        while self._writes:
            await asyncio.gather(*list(self._writes), return_exceptions=True)
