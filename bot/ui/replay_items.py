"""The controls of a replay (``/ramsch replay``): step buttons, the history's replay select and
the Replay button under a deal's result. Their ids hold everything a click needs (table, deal,
step), so they work after a restart; the History cog answers them."""

from __future__ import annotations

import re
from typing import Any, Literal, Protocol, cast

import discord

from bot.i18n import _
from bot.ui.ids import PREFIX

Go = Literal["first", "prev", "next", "last", "open"]
"""Which control: a step button (first, previous, next, last) edits the replay in place;
``open`` sends a new private replay (the Replay button under a deal's result)."""
GLYPHS: dict[str, str] = {"first": "⏮", "prev": "◀", "next": "▶", "last": "⏭"}

MAX_STEP = 999
REPLAY_TEMPLATE = (
    rf"{PREFIX}:rp:(?P<table>[0-9]{{1,20}}):(?P<deal>[0-9]{{1,4}}):(?P<step>[0-9]{{1,3}})"
    r":(?P<go>first|prev|next|last|open)"
)
"""A replay control: the table, the deal (0-based), the step it shows (0-based)."""
REPLAY_SELECT_TEMPLATE = rf"{PREFIX}:rps"
"""The history's select of deals to replay; each option's value is ``table:deal``."""

HISTORY_COG = "History"


def replay_id(table_id: int, deal: int, step: int, go: Go) -> str:
    return f"{PREFIX}:rp:{table_id}:{deal}:{step}:{go}"


class ReplayHandler(Protocol):
    async def on_replay(
        self,
        interaction: discord.Interaction,
        table_id: int | None,
        deal: int | None,
        step: int,
        *,
        new: bool,
    ) -> None:
        """Show ``step`` of the deal (0-based): in place, or (``new``) as a new private
        message. ``table_id`` / ``deal`` None: a choice that could not be read."""


def _handler(interaction: discord.Interaction) -> ReplayHandler:
    return cast(ReplayHandler, cast(Any, interaction.client).get_cog(HISTORY_COG))


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REPLAY_TEMPLATE):
    """⏮ ◀ ▶ ⏭ of a replay, or Replay under a deal's result (``open``)."""

    def __init__(
        self, table_id: int, deal: int, step: int, go: Go, *, disabled: bool = False
    ) -> None:
        if go == "open":
            button = discord.ui.Button[Any](
                style=discord.ButtonStyle.secondary,
                label=_("Replay"),
                emoji="🎞️",
                custom_id=replay_id(table_id, deal, step, go),
            )
        else:
            button = discord.ui.Button[Any](
                style=discord.ButtonStyle.primary
                if go == "next" and not disabled
                else discord.ButtonStyle.secondary,
                label=GLYPHS[go],
                custom_id=replay_id(table_id, deal, step, go),
                disabled=disabled,
            )
        super().__init__(button)
        self.table_id = table_id
        self.deal = deal
        self.step = step
        self.go = go

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        go = cast(Go, match["go"])
        return cls(int(match["table"]), int(match["deal"]), int(match["step"]), go)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _handler(interaction).on_replay(
            interaction, self.table_id, self.deal, self.step, new=self.go == "open"
        )


class ReplaySelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=REPLAY_SELECT_TEMPLATE):
    """Pick a finished deal of the history to replay it privately, step by step."""

    def __init__(self, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=REPLAY_SELECT_TEMPLATE,
                placeholder=_("Replay a deal, trick by trick"),
                options=options or [],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplaySelect:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(value) for value in data.get("values") or []]
        table, _sep, deal = (values[0] if values else "").partition(":")
        handler = _handler(interaction)
        if table.isdigit() and deal.isdigit() and len(table) <= 20 and len(deal) <= 4:
            await handler.on_replay(interaction, int(table), int(deal), 0, new=True)
        else:
            await handler.on_replay(interaction, None, None, 0, new=True)


REPLAY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ReplayButton, ReplaySelect)
"""Every replay control, for ``bot.ui.routing.ALL_ITEMS``."""
