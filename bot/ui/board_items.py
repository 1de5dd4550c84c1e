"""Leaderboard page buttons and the history's record select; both survive restarts."""

from __future__ import annotations

import re
from typing import Any, Literal, Protocol, cast

import discord

from bot.i18n import N_, _
from bot.ui import ids

STATS_COG = "Stats"
HISTORY_COG = "History"


class PageHandler(Protocol):
    async def on_page(
        self,
        interaction: discord.Interaction,
        guild_id: int,
        variant: str,
        period: str,
        offset: int,
        rank: str = "rating",
        min_deals: int = 10,
    ) -> None: ...


class RecordHandler(Protocol):
    async def on_record(
        self, interaction: discord.Interaction, table_id: int | None, deal: int | None
    ) -> None:
        """``deal`` is 0-based; None for a choice that could not be read."""


def _cog(interaction: discord.Interaction, name: str) -> Any:
    return cast(Any, interaction.client).get_cog(name)


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PAGE_TEMPLATE):
    """Prev or Next on a leaderboard: the id holds the guild, variant, period, page offset,
    what the board ranks by and its minimum of deals."""

    LABELS: dict[str, str] = {"prev": N_("◀ Prev"), "next": N_("Next ▶")}  # noqa: RUF012

    def __init__(
        self,
        guild_id: int,
        variant: str,
        period: str,
        offset: int,
        direction: ids.PageDirection,
        *,
        disabled: bool = False,
        rank: Literal["rating", "average"] = "rating",
        min_deals: int = 10,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=_(self.LABELS[direction]),
                custom_id=ids.page_id(
                    guild_id, variant, period, offset, direction, rank, min_deals
                ),
                disabled=disabled,
            )
        )
        self.guild_id = guild_id
        self.variant = variant
        self.period = period
        self.offset = offset
        self.rank: Literal["rating", "average"] = rank
        self.min_deals = min_deals

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        direction = cast(ids.PageDirection, match["direction"])
        rank: Literal["rating", "average"] = "average" if match["rank"] == "a" else "rating"
        return cls(
            int(match["guild"]), match["variant"], match["period"], int(match["offset"]),
            direction, rank=rank, min_deals=int(match["min"] or 10),
        )  # fmt: skip

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = cast(PageHandler, _cog(interaction, STATS_COG))
        await handler.on_page(
            interaction, self.guild_id, self.variant, self.period, self.offset,
            self.rank, self.min_deals,
        )  # fmt: skip


class RecordSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.RECORD_TEMPLATE):
    """Pick a finished deal (of the history, or of the match under whose standings it sits):
    its record comes as a JSON file. Each option's value is ``table:deal``."""

    def __init__(
        self, options: list[discord.SelectOption] | None = None, table_id: int | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.record_id(table_id),
                placeholder=_("Download the record of a deal"),
                options=options or [],
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RecordSelect:
        return cls(table_id=int(match["table"]) if match["table"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(value) for value in data.get("values") or []]
        handler = cast(RecordHandler, _cog(interaction, HISTORY_COG))
        table, _, deal = (values[0] if values else "").partition(":")
        if table.isdigit() and deal.isdigit():
            await handler.on_record(interaction, int(table), int(deal))
        else:
            await handler.on_record(interaction, None, None)


class ResultRecordButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.RESULT_RECORD_TEMPLATE
):
    """Record, under a deal's result: the deal's game record as a JSON file, privately."""

    def __init__(self, table_id: int, deal: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=_("Record"),
                emoji="📄",
                custom_id=ids.result_record_id(table_id, deal),
            )
        )
        self.table_id = table_id
        self.deal = deal

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ResultRecordButton:
        return cls(int(match["table"]), int(match["deal"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        handler = cast(RecordHandler, _cog(interaction, HISTORY_COG))
        await handler.on_record(interaction, self.table_id, self.deal)
