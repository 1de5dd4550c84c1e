"""Each guild's settings: the defaults its new tables start with."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from bot.storage import Store
from bot.tables.errors import ChannelBusy, TableError
from bot.tables.model import Table
from bot.tables.settings import GuildSettings

MAX_HOSTED_LOBBIES = 2
"""Open lobbies one member may host at a time (a table that started no longer counts)."""
MAX_OPEN_TABLES = 25
"""Open tables (lobbies and games) a server may have at a time."""


def check_room(open_tables: Sequence[Table], *, guild_id: int, host_id: int) -> None:
    """ChannelBusy if ``host_id`` may not open another lobby in ``guild_id``: they host
    MAX_HOSTED_LOBBIES lobbies already, or the server has MAX_OPEN_TABLES open tables."""
    hosted = [t for t in open_tables if t.host_id == host_id and t.status == "lobby"]
    if len(hosted) >= MAX_HOSTED_LOBBIES:
        raise ChannelBusy(
            "You host {count} open lobbies already (#{tables}): start or cancel one first",
            count=len(hosted),
            tables=", #".join(str(t.id) for t in hosted),
        )
    in_guild = [t for t in open_tables if t.guild_id == guild_id]
    if len(in_guild) >= MAX_OPEN_TABLES:
        raise ChannelBusy(
            "This server has {count} open tables, as many as it may: finish or abort one first",
            count=len(in_guild),
        )


class Guilds:
    """Reads and validates guild settings."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    async def get(self, guild_id: int) -> GuildSettings:
        data = await self.store.settings.load_guild_settings(guild_id)
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
        await self.store.settings.save_guild_settings(
            guild_id, settings.model_dump(mode="json"), self.clock()
        )
        return settings
