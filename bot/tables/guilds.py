"""Each guild's settings: the defaults its new tables start with."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import ValidationError

from bot.storage import Store
from bot.tables.errors import TableError
from bot.tables.settings import GuildSettings


class Guilds:
    """Reads and validates guild settings."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    async def get(self, guild_id: int) -> GuildSettings:
        data = await self.store.load_guild_settings(guild_id)
        return GuildSettings() if data is None else GuildSettings.model_validate(data)

    async def set(
        self, guild_id: int, settings: GuildSettings | Mapping[str, Any]
    ) -> GuildSettings:
        """Validate and store a guild's settings; tables opened from now on use them.

        Raises TableError naming the setting that is wrong."""
        if not isinstance(settings, GuildSettings):
            try:
                settings = GuildSettings.model_validate(dict(settings))
            except ValidationError as error:
                item = error.errors()[0]
                where = ".".join(str(loc) for loc in item["loc"]) or "settings"
                raise TableError(
                    "Invalid setting '{where}': {detail}", where=where, detail=item["msg"]
                ) from None
        await self.store.save_guild_settings(
            guild_id, settings.model_dump(mode="json"), self.clock()
        )
        return settings
