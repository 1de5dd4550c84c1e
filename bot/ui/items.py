"""Table buttons and selects that survive restarts: each parses its custom_id, passes the click."""

from __future__ import annotations

import re
from typing import Any, ClassVar, Protocol, cast

import discord

from bot.ui import ids
from ramsch_core import Card


class ClickHandler(Protocol):
    """What the table cog offers the components; each call answers the interaction."""

    async def on_lobby(
        self, interaction: discord.Interaction, table_id: int, action: ids.LobbyAction
    ) -> None: ...

    async def on_hand(self, interaction: discord.Interaction, table_id: int) -> None: ...

    async def on_back(self, interaction: discord.Interaction, table_id: int) -> None: ...

    async def on_card(
        self, interaction: discord.Interaction, table_id: int, deal: int, card: Card
    ) -> None: ...

    async def on_push(
        self, interaction: discord.Interaction, table_id: int, deal: int, action: ids.PushAction
    ) -> None: ...

    async def on_lay(
        self, interaction: discord.Interaction, table_id: int, deal: int, cards: list[Card]
    ) -> None: ...


def handler(interaction: discord.Interaction) -> ClickHandler:
    """The click handler the bot registered (see ``RamschBot.clicks``)."""
    return cast(ClickHandler, interaction.client.clicks)  # type: ignore[attr-defined]


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY_TEMPLATE):
    """Join, Leave, Start, Cancel, and the host's Add AI, Remove AI and Rules on a lobby."""

    STYLES: ClassVar[dict[str, tuple[discord.ButtonStyle, str, int]]] = {
        "join": (discord.ButtonStyle.success, "Join", 0),
        "leave": (discord.ButtonStyle.secondary, "Leave", 0),
        "start": (discord.ButtonStyle.primary, "Start", 0),
        "cancel": (discord.ButtonStyle.danger, "Cancel", 0),
        "addai": (discord.ButtonStyle.secondary, "Add AI", 1),
        "removeai": (discord.ButtonStyle.secondary, "Remove AI", 1),
        "rules": (discord.ButtonStyle.secondary, "Rules", 1),
    }

    def __init__(self, table_id: int, action: ids.LobbyAction, *, disabled: bool = False) -> None:
        style, label, row = self.STYLES[action]
        super().__init__(
            discord.ui.Button(
                style=style,
                label=label,
                custom_id=ids.lobby_id(table_id, action),
                disabled=disabled,
            ),
            row=row,
        )
        self.table_id = table_id
        self.action: ids.LobbyAction = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["table"]), cast(ids.LobbyAction, match["action"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).on_lobby(interaction, self.table_id, self.action)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.HAND_TEMPLATE):
    """ "My hand" on the table message: answers with the clicker's hand, privately."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.primary, label="My hand", custom_id=ids.hand_id(table_id)
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).on_hand(interaction, self.table_id)


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BACK_TEMPLATE):
    """ "I'm back": an away player takes their seat back from the AI."""

    def __init__(self, table_id: int, *, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.success, label="I'm back", custom_id=ids.back_id(table_id)
            ),
            row=row,
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BackButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).on_back(interaction, self.table_id)


class CardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.CARD_TEMPLATE):
    """One card of a hand; playable when enabled."""

    def __init__(
        self, table_id: int, deal: int, card: Card, *, playable: bool = False, row: int = 0
    ) -> None:
        style = discord.ButtonStyle.success if playable else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                style=style,
                label=card.pretty,
                custom_id=ids.card_id(table_id, deal, card),
                disabled=not playable,
            ),
            row=row,
        )
        self.table_id = table_id
        self.deal = deal
        self.card = card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CardButton:
        return cls(int(match["table"]), int(match["deal"]), Card[match["card"]], playable=True)

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).on_card(interaction, self.table_id, self.deal, self.card)


class PushButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PUSH_TEMPLATE):
    """Schieberamsch: pick the two cards up, or pass them on unseen."""

    LABELS: ClassVar[dict[str, str]] = {"pickup": "Pick up", "passon": "Pass on"}

    def __init__(self, table_id: int, deal: int, action: ids.PushAction) -> None:
        style = discord.ButtonStyle.primary if action == "pickup" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                style=style,
                label=self.LABELS[action],
                custom_id=ids.push_id(table_id, deal, action),
                row=2,
            )
        )
        self.table_id = table_id
        self.deal = deal
        self.action: ids.PushAction = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PushButton:
        return cls(int(match["table"]), int(match["deal"]), cast(ids.PushAction, match["action"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).on_push(interaction, self.table_id, self.deal, self.action)


class LaySelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.LAY_TEMPLATE):
    """Schieberamsch: choose the two cards to lay face down for the next player."""

    def __init__(self, table_id: int, deal: int, cards: list[Card] | None = None) -> None:
        options = [discord.SelectOption(label=card.pretty, value=card.name) for card in cards or []]
        super().__init__(
            discord.ui.Select(
                custom_id=ids.lay_id(table_id, deal),
                placeholder="Choose two cards to lay face down",
                min_values=2,
                max_values=2,
                options=options,
                row=3,
            )
        )
        self.table_id = table_id
        self.deal = deal

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LaySelect:
        select = cls(int(match["table"]), int(match["deal"]))
        if isinstance(item, discord.ui.Select):
            select.item.options = list(item.options)
        return select

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(value) for value in data.get("values") or []]
        cards = [Card[value] for value in values if value in Card.__members__]
        await handler(interaction).on_lay(interaction, self.table_id, self.deal, cards)


TABLE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    HandButton,
    BackButton,
    CardButton,
    PushButton,
    LaySelect,
)
