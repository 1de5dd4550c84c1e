"""Table buttons and selects that survive restarts: each parses its custom_id, passes the click."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, ClassVar, Protocol, cast

import discord

from bot import i18n
from bot.i18n import N_, _
from bot.ui import ids
from bot.ui.actions import legacy_kind


class ClickHandler(Protocol):
    """What the table cog offers the components; each call answers the interaction."""

    async def on_lobby(
        self, interaction: discord.Interaction, table_id: int, action: ids.LobbyAction
    ) -> None: ...

    async def on_hand(self, interaction: discord.Interaction, table_id: int) -> None: ...

    async def on_invite(self, interaction: discord.Interaction, table_id: int) -> None:
        """The host's choice of players to invite in a private table's lobby."""

    async def on_again(
        self, interaction: discord.Interaction, table_id: int, action: ids.AgainAction
    ) -> None:
        """Play again or New table under a finished table's standings."""

    async def on_back(self, interaction: discord.Interaction, table_id: int) -> None: ...

    async def on_claim(self, interaction: discord.Interaction, table_id: int, deal: int) -> None:
        """The claim of the rest on a hand."""

    async def on_mark(
        self, interaction: discord.Interaction, table_id: int, deal: int, mark: str
    ) -> None:
        """A mark control on a hand (a card to lay away, an announcement)."""

    async def on_action(
        self,
        interaction: discord.Interaction,
        table_id: int,
        deal: int,
        kind: str,
        arg: str | None,
        values: list[str] | None,
    ) -> None:
        """A game action's control: ``kind`` and ``arg`` from its id, ``values`` the choices
        made in a select (None for a button)."""


def handler(interaction: discord.Interaction) -> ClickHandler:
    """The click handler the bot registered (see ``RamschBot.clicks``); from here on the
    replies speak the clicking user's language."""
    i18n.speak_to(interaction)
    return cast(ClickHandler, interaction.client.clicks)  # type: ignore[attr-defined]


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY_TEMPLATE):
    """Join, Leave, Start, Cancel, and the host's Add AI, Remove AI and Rules on a lobby."""

    STYLES: ClassVar[dict[str, tuple[discord.ButtonStyle, str, int]]] = {
        "join": (discord.ButtonStyle.success, N_("Join"), 0),
        "leave": (discord.ButtonStyle.secondary, N_("Leave"), 0),
        "start": (discord.ButtonStyle.primary, N_("Start"), 0),
        "cancel": (discord.ButtonStyle.danger, N_("Cancel"), 0),
        "addai": (discord.ButtonStyle.secondary, N_("Add AI"), 1),
        "removeai": (discord.ButtonStyle.secondary, N_("Remove AI"), 1),
        "rules": (discord.ButtonStyle.secondary, N_("Rules"), 1),
    }

    def __init__(self, table_id: int, action: ids.LobbyAction, *, disabled: bool = False) -> None:
        style, label, row = self.STYLES[action]
        super().__init__(
            discord.ui.Button(
                style=style,
                label=_(label),
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


AI_LEVEL_TEMPLATE = rf"{ids.PREFIX}:t:(?P<table>[0-9]{{1,20}}):ailevel"
"""The lobby's select of the AI seats' levels; each option's value is ``<seat>:<level>``."""
AI_LEVEL_NAMES: dict[str, str] = {
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "random": N_("random"),
}
"""How a level (or the random AI's kind) is named to players."""


def level_name(level: str) -> str:
    """A level's name in the current language (an unknown one as it is)."""
    name = AI_LEVEL_NAMES.get(level)
    return _(name) if name is not None else level


class AILevelSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=AI_LEVEL_TEMPLATE):
    """The host's choice of each AI seat's level in the lobby: one option per AI seat and
    level (``seats``: the lobby's AI seats as (seat, name) pairs, 0-based)."""

    def __init__(
        self, table_id: int, seats: tuple[tuple[int, str], ...] = (), levels: tuple[str, ...] = ()
    ) -> None:
        options = [
            discord.SelectOption(
                label=_("{name}: {level}", name=name, level=level_name(level)),
                value=f"{seat}:{level}",
            )
            for seat, name in seats
            for level in levels
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"{ids.PREFIX}:t:{table_id}:ailevel",
                placeholder=_("AI level…"),
                options=options[:25] or [discord.SelectOption(label="—", value="-")],
                disabled=not options,
            ),
            row=2,
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AILevelSelect:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Set the chosen seat's level through the table service (the lobby message shows it),
        refusals answered like every click's."""
        i18n.speak_to(interaction)
        bot = cast(Any, interaction.client)
        values = chosen_values(interaction)
        seat, _sep, level = (values[0] if values else "").partition(":")
        try:
            bot.service.check_click(
                self.table_id, guild_id=interaction.guild_id, user_id=interaction.user.id
            )
            await interaction.response.defer()
            number = int(seat) if seat.isdigit() and len(seat) <= 2 else -1
            await bot.service.lobby.set_ai_level(self.table_id, interaction.user.id, number, level)
        except Exception as error:
            await bot.report_error(interaction, error)


INVITE_MAX = 5
"""Players the lobby's Invite select takes at once."""


class InviteSelect(
    discord.ui.DynamicItem[discord.ui.UserSelect[Any]], template=ids.INVITE_TEMPLATE
):
    """A private table's Invite in its lobby: the host picks players, who may join from then
    on and get the table's link by DM."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.UserSelect(
                custom_id=ids.invite_id(table_id),
                placeholder=_("Invite players…"),
                min_values=1,
                max_values=INVITE_MAX,
            ),
            row=3,
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> InviteSelect:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).on_invite(interaction, self.table_id)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.HAND_TEMPLATE):
    """ "My hand" on the table message: answers with the clicker's hand, privately."""

    def __init__(self, table_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.primary,
                label=_("My hand"),
                custom_id=ids.hand_id(table_id),
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


class AgainButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.AGAIN_TEMPLATE):
    """Play again (the same seats and rules, once every player confirmed) and New table (a
    lobby with the same rules, the clicker its host) under the final standings."""

    STYLES: ClassVar[dict[str, tuple[discord.ButtonStyle, str]]] = {
        "again": (discord.ButtonStyle.success, N_("Play again")),
        "newtable": (discord.ButtonStyle.secondary, N_("New table")),
    }

    def __init__(self, table_id: int, action: ids.AgainAction, *, row: int | None = None) -> None:
        style, label = self.STYLES[action]
        super().__init__(
            discord.ui.Button(
                style=style, label=_(label), custom_id=ids.again_id(table_id, action)
            ),
            row=row,
        )
        self.table_id = table_id
        self.action: ids.AgainAction = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AgainButton:
        return cls(int(match["table"]), cast(ids.AgainAction, match["action"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).on_again(interaction, self.table_id, self.action)


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BACK_TEMPLATE):
    """ "I'm back": an away player takes their seat back from the AI."""

    def __init__(self, table_id: int, *, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.success,
                label=_("I'm back"),
                custom_id=ids.back_id(table_id),
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


class ClaimButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.CLAIM_TEMPLATE):
    """ "Rest is mine": the player to act claims every trick left for their side; the table
    plays the rest at once if every line of play gives it to them."""

    def __init__(self, table_id: int, deal: int, *, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.primary,
                label=_("Rest is mine"),
                custom_id=ids.claim_id(table_id, deal),
            ),
            row=row,
        )
        self.table_id = table_id
        self.deal = deal

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ClaimButton:
        return cls(int(match["table"]), int(match["deal"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).on_claim(interaction, self.table_id, self.deal)


class ActionItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.ACTION_TEMPLATE):
    """A button (or a select, for actions that name several cards) for one game action of the
    player who sees it; the id carries the table, the deal, the action's kind and argument."""

    def __init__(
        self,
        table_id: int,
        deal: int,
        kind: str,
        arg: str | None = None,
        *,
        item: discord.ui.Button[Any] | discord.ui.Select[Any] | None = None,
    ) -> None:
        custom_id = ids.action_id(table_id, deal, kind, arg)
        if item is None:
            item = discord.ui.Button(label=arg or kind, custom_id=custom_id)
        item.custom_id = custom_id
        super().__init__(item, row=item.row)
        self.table_id = table_id
        self.deal = deal
        self.kind = kind
        self.arg = arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionItem:
        control = item if isinstance(item, discord.ui.Button | discord.ui.Select) else None
        return cls(
            int(match["table"]), int(match["deal"]), match["kind"], match["arg"], item=control
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        values = select_values(interaction)
        await handler(interaction).on_action(
            interaction, self.table_id, self.deal, self.kind, self.arg, values
        )


class CardButton(discord.ui.Item[Any]):
    """A card of a hand as the button that plays it: the same JSON as an ``ActionItem`` of a
    ``discord.ui.Button`` (and the same click: its id is the action's), built at once. A
    hand's render makes ten of these for every hand message it edits, and the discord.py
    objects behind a button cost about 20 µs each. Read like a button: ``custom_id``,
    ``label``, ``emoji``, ``style``, ``disabled``, ``row``."""

    def __init__(
        self,
        custom_id: str,
        label: str,
        emoji: discord.PartialEmoji | None,
        style: discord.ButtonStyle,
        disabled: bool,
        row: int,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self._row = row
        self.custom_id = custom_id
        self.label = label
        self.emoji = emoji
        self.style = style
        self.disabled = disabled

    @property
    def type(self) -> discord.ComponentType:
        return discord.ComponentType.button

    @property
    def width(self) -> int:
        return 1

    def to_component_dict(self) -> dict[str, Any]:
        payload: dict[str, Any] = {"type": 2, "style": self.style.value, "disabled": self.disabled}
        if self.label:
            payload["label"] = self.label
        payload["custom_id"] = self.custom_id
        if self.emoji:
            payload["emoji"] = self.emoji.to_dict()
        return payload


def choice_select(
    table_id: int,
    deal: int,
    kind: str,
    placeholder: str,
    options: list[discord.SelectOption],
    row: int,
) -> ActionItem:
    """A select of the seat's legal actions of ``kind`` (each option's value the argument of
    one, at most 25); disabled, saying only its placeholder, when there is none."""
    select: discord.ui.Select[Any] = discord.ui.Select(
        placeholder=placeholder,
        min_values=1,
        max_values=1,
        options=options[:25] or [discord.SelectOption(label="—", value="-")],
        disabled=not options,
        row=row,
    )
    return ActionItem(table_id, deal, kind, item=select)


class MarkItem(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.MARK_TEMPLATE):
    """A button that marks something on the player's hand before an action (a card to lay
    away, an announcement); the action itself has its own button."""

    def __init__(
        self,
        table_id: int,
        deal: int,
        mark: str,
        *,
        item: discord.ui.Button[Any] | None = None,
    ) -> None:
        custom_id = ids.mark_id(table_id, deal, mark)
        if item is None:
            item = discord.ui.Button(label=mark, custom_id=custom_id)
        item.custom_id = custom_id
        super().__init__(item, row=item.row)
        self.table_id = table_id
        self.deal = deal
        self.mark = mark

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MarkItem:
        button = item if isinstance(item, discord.ui.Button) else None
        return cls(int(match["table"]), int(match["deal"]), match["mark"], item=button)

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction).on_mark(interaction, self.table_id, self.deal, self.mark)


MARKED = "✓ "
"""What the label of a marked control starts with."""


def walk(components: Iterable[Any]) -> Iterator[Any]:
    """Every component of a message, in order: action rows and their items, and Components
    V2's containers and sections with what they hold."""
    for component in components:
        yield component
        yield from walk(getattr(component, "children", None) or ())
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory


def marked_on(message: discord.Message | None) -> tuple[str, ...]:
    """The marks a hand message shows marked (their controls' labels start with MARKED)."""
    if message is None:
        return ()
    found = []
    for child in walk(message.components):
        custom_id = getattr(child, "custom_id", None) or ""
        label = getattr(child, "label", None) or ""
        matched = re.fullmatch(ids.MARK_TEMPLATE, custom_id)
        if matched is not None and label.startswith(MARKED):
            found.append(matched["mark"])
    return tuple(found)


class LegacyActionItem(
    discord.ui.DynamicItem[discord.ui.Item[Any]], template=ids.LEGACY_ACTION_TEMPLATE
):
    """A card, Schieberamsch or lay control of the first versions, still on hand messages sent
    before an upgrade: read as the action it stood for."""

    def __init__(
        self, item: discord.ui.Item[Any], table_id: int, deal: int, form: str, arg: str | None
    ) -> None:
        super().__init__(item)
        self.table_id = table_id
        self.deal = deal
        self.kind, self.arg = legacy_kind(form, arg)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LegacyActionItem:
        return cls(item, int(match["table"]), int(match["deal"]), match["form"], match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = select_values(interaction)
        await handler(interaction).on_action(
            interaction, self.table_id, self.deal, self.kind, self.arg, values
        )


def chosen_values(interaction: discord.Interaction) -> list[str]:
    """The values a player chose in a select."""
    data: dict[str, Any] = dict(interaction.data or {})
    return [str(value) for value in data.get("values") or []]


SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
"""Discord's component types of selects (string, user, role, mentionable, channel)."""


def select_values(interaction: discord.Interaction) -> list[str] | None:
    """The values chosen when the interaction came from a select, None for a button: told by
    the interaction itself, so that a select the message no longer shows (routed as a stale
    click) still reads as one."""
    data: dict[str, Any] = dict(interaction.data or {})
    return chosen_values(interaction) if data.get("component_type") in SELECT_TYPES else None


TABLE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    AILevelSelect,
    InviteSelect,
    HandButton,
    BackButton,
    AgainButton,
    ClaimButton,
    ActionItem,
    MarkItem,
    LegacyActionItem,
)
