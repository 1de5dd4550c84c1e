"""Plays a table as its users would: commands, buttons, what each one sees, and leak checks."""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.tables import TableService
from bot.ui import faces, ids
from ramsch_core import (
    DEFAULT_GAME,
    Action,
    Card,
    Match,
    PassOn,
    PickUp,
    Play,
    Push,
    SkatContest,
    TableOptions,
    action_from_json,
    preset,
)
from ramsch_core.claims import forced_line
from tests.emulator import Channel, Emulator, InteractionHandle, Message, MessageVersion, SimUser
from tests.emulator import components as comp
from tests.emulator.message_model import FLAG_COMPONENTS_V2


class Host(Protocol):
    """Where a game runs: the emulator, the channel, the session seeds, a way to wait."""

    emulator: Emulator
    channel: Channel
    seeds: list[int]

    async def settle(self) -> None: ...


def cards_in(text: str) -> set[Card]:
    """Every card a text shows by its face, in either pack and language (♣J, ♣B, 🌰U...)."""
    return faces.cards_in(text)


def shown_text(message: Message) -> str:
    """All a reader sees of a message, with the options of its selects."""
    options = [
        option.get("label", "")
        for component in comp.walk(message.components)
        for option in component.get("options") or []
    ]
    return "\n".join([message.text, *options])


FINISHED_DEAL_IDS = ("ramsch:rr:", "ramsch:rp:")
"""The ids of the buttons under a finished deal's result: its record, its replay."""


def game_controls(message: Message | MessageVersion) -> list[dict[str, Any]]:
    """The buttons of a message that act on a table (not the Record or the Replay of a finished
    deal, nor Play again and New table under the final standings)."""
    return [
        b
        for b in message.buttons()
        if not b["custom_id"].startswith(FINISHED_DEAL_IDS)
        and not re.fullmatch(ids.AGAIN_TEMPLATE, b["custom_id"])
    ]


def card_of_control(custom_id: str) -> str | None:
    """The card a control plays or marks (``ramsch:a:7:0:play:CJ``, ``ramsch:m:7:0:CJ``)."""
    if found := re.fullmatch(ids.ACTION_TEMPLATE, custom_id):
        return found["arg"] if found["kind"] == "play" else None
    if found := re.fullmatch(ids.MARK_TEMPLATE, custom_id):
        return found["mark"]
    return None


def action_of(component: dict[str, Any], values: list[str] | None = None) -> Action:
    """The core action a hand component stands for (its custom_id, see bot.ui.ids)."""
    match = re.fullmatch(ids.ACTION_TEMPLATE, component["custom_id"])
    assert match is not None, component["custom_id"]
    kind, arg = match["kind"], match["arg"]
    if kind == "play":
        return Play(Card[arg])
    if kind == "pick_up":
        return PickUp()
    if kind == "pass_on":
        return PassOn()
    if kind in SKAT_KINDS:
        return skat_action(kind, arg, values)
    assert kind == "push" and values is not None and len(values) == 2
    return Push((Card[values[0]], Card[values[1]]))


SKAT_KINDS = ("bid", "hold", "pass", "pickup", "discard", "declare", "kontra", "re")
FLAGS = {"s": "schneider", "z": "schwarz", "o": "ouvert"}


def skat_action(kind: str, arg: str | None, values: list[str] | None) -> Action:
    """A Skat action from its control's id, read independently of the bot's codecs: a bid's
    value (a button's argument or the chosen option), the two cards laid away (``S7HK``), a
    declaration (``grand``, ``clubs_sz``: Schneider and Schwarz announced, ``null_o``)."""
    data: dict[str, Any] = {"action": kind}
    if kind == "bid":
        data["value"] = int(values[0] if values else str(arg))
    elif kind == "discard":
        assert arg is not None and len(arg) == 4, arg
        data["cards"] = [arg[:2], arg[2:]]
    elif kind == "declare":
        arg = values[0] if values else arg
        assert arg is not None
        game, _, flags = arg.partition("_")
        data |= {"game": game, "hand": None}
        data |= {name: letter in flags for letter, name in FLAGS.items()}
    return action_from_json(data, 0)[1]


def is_one_view(version: MessageVersion) -> bool:
    """A table or hand message as the bot shows it: Components V2, everything in one
    container, no content or embed beside it."""
    return (
        bool(version.flags & FLAG_COMPONENTS_V2)
        and not version.content
        and not version.embeds
        and [c.get("type") for c in version.components] == [comp.CONTAINER]
    )


@dataclass
class Game:
    """One table driven through Discord by its simulated players (seated in list order)."""

    h: Host
    players: list[SimUser]
    preset_name: str = "skat"
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    table_id: int = 0
    lobby: Message | None = None
    actions: list[tuple[int, Action]] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    checks: int = 0
    forced: int = 0
    """The cards the bot played on its own (each seat's last card), which nobody clicked."""
    from_log: bool = False
    """Take the actions from the bot's log after each step (tables with AI or timer moves,
    which the driver does not click itself); in-process hosts only."""
    game_id: str = DEFAULT_GAME
    known_options: TableOptions | None = None
    deal_marker: str = "deal {number} of"
    """What the messages of the deal being played say (in the players' language)."""

    @property
    def host(self) -> SimUser:
        return self.players[0]

    # -- lobby --------------------------------------------------------------------------------

    async def open(self, **options: Any) -> Message:
        self.options = options
        if self.game_id != DEFAULT_GAME:
            options = {"game": self.game_id, **options}
        handle = await self.host.slash(
            self.h.channel, "ramsch new", preset=self.preset_name, **options
        )
        shown = await handle.wait_response()
        assert len(shown) == 1 and not shown[0].ephemeral, shown
        self.lobby = shown[0]
        found = [
            re.fullmatch(ids.LOBBY_TEMPLATE, button["custom_id"]) for button in self.lobby.buttons()
        ]
        tables = {int(match["table"]) for match in found if match is not None}
        assert len(tables) == 1, self.lobby.text  # by the buttons: any language
        self.table_id = tables.pop()
        return self.lobby

    async def click(self, user: SimUser, message: Any, key: str) -> InteractionHandle:
        handle = await user.click(message, key)
        await handle.wait_ack()
        await self.h.settle()
        return handle

    async def start(self) -> None:
        assert self.lobby is not None
        for user in self.players[1:]:
            await self.click(user, self.lobby, ids.lobby_id(self.table_id, "join"))
        handle = await self.click(self.host, self.lobby, ids.lobby_id(self.table_id, "start"))
        assert not self.refusals(handle), self.refusals(handle)

    @staticmethod
    def refusals(handle: InteractionHandle) -> list[str]:
        """Ephemeral answers to an interaction (refusals and errors)."""
        return [m.text for m in handle.messages if m.ephemeral]

    # -- what players see ---------------------------------------------------------------------

    def table_message(self) -> Message:
        """The channel message that shows the table now (the latest with a My hand button)."""
        key = f"ramsch:t:{self.table_id}:hand"
        for message in reversed(self.h.channel.current_messages()):
            if any(button.get("custom_id") == key for button in message.buttons()):
                return message
        raise AssertionError("no table message in the channel")

    def has_table_message(self) -> bool:
        """Whether the channel shows the table now (a bot in another process posts a new
        table message after a deal a moment after the hands)."""
        try:
            self.table_message()
        except AssertionError:
            return False
        return True

    def hand_message(self, user: SimUser) -> Message | None:
        """The user's newest private message about this table (a DM or an ephemeral hand)."""
        # "**Skat #7** in <#…>", "**Ramsch #7** in <#…>", in Polish "… na kanale <#…>"
        mark = re.compile(rf" #{self.table_id}\*\* [^\d\n]*<#")
        found = [m for m in [*user.dms(), *user.ephemerals()] if mark.search(m.text)]
        return max(found, key=lambda m: m.order) if found else None

    def controls(self, user: SimUser) -> tuple[Message | None, list[dict[str, Any]]]:
        """The user's private message and its enabled card / push controls."""
        message = self.hand_message(user)
        if message is None:
            return None, []
        enabled = [
            c
            for c in comp.interactive(message.components)
            if not c.get("disabled") and not c["custom_id"].endswith(":back")
        ]
        return message, enabled

    def on_turn(self) -> tuple[SimUser, Message, list[dict[str, Any]]]:
        """The one player whose private message has enabled controls."""
        ready = []
        for user in self.players:
            message, enabled = self.controls(user)
            if enabled and message is not None:
                ready.append((user, message, enabled))
        assert len(ready) == 1, f"players with enabled controls: {[r[0].name for r in ready]}"
        return ready[0]

    # -- playing ------------------------------------------------------------------------------

    async def step(self) -> InteractionHandle:
        """The player on turn clicks one of their enabled action controls (not a claim of the
        rest), chosen at random."""
        await self.until_shown()
        user, message, enabled = self.on_turn()
        if getattr(self.h, "card_emojis", False):
            self.check_card_emojis(message)
        assert is_one_view(message.current), message.current
        seat = self.players.index(user)
        actions = [c for c in enabled if not re.fullmatch(ids.CLAIM_TEMPLATE, c["custom_id"])]
        control = self.rng.choice(actions)
        if control["type"] == comp.STRING_SELECT:
            count = control.get("max_values", 1)
            values = self.rng.sample([o["value"] for o in control["options"]], count)
            handle = await user.select(message, control["custom_id"], values)
            action = action_of(control, values)
        else:
            handle = await user.click(message, control["custom_id"])
            action = action_of(control)
        await handle.wait_ack()
        await self.h.settle()
        assert not self.refusals(handle), self.refusals(handle)
        if self.from_log:
            await self.read_log()
        else:
            self.record(seat, action)
            await self.until_shown()
        self.check_no_leak()
        if not self.replay().finished:
            assert is_one_view(self.table_message().current)
        return handle

    def record(self, seat: int, action: Action) -> None:
        """Add a clicked action to the oracle, and the cards of a last trick it leaves, which
        the bot plays at once (each logged as a play)."""
        self.actions.append((seat, action))
        forced = forced_plays(self.replay())
        self.actions += forced
        self.forced += len(forced)

    async def until_shown(self, seconds: float = 10.0) -> None:
        """For a bot in another process (``eventual`` hosts): wait until the player the
        replay says is to act is the one whose hand has enabled controls, and the channel
        shows the table."""
        if not getattr(self.h, "eventual", False):
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while loop.time() < deadline:
            match = self.replay()
            if match.finished or match.to_act is None:
                return
            expected = self.players[match.to_act]
            ready = [user for user in self.players if self.controls(user)[1]]
            if ready == [expected] and self.has_table_message():
                return
            await asyncio.sleep(0.05)
            await self.h.settle()
        raise AssertionError("the bot did not show the next turn in time")

    async def read_log(self) -> None:
        """Every action the bot logged at this table, whoever took it (``from_log`` games)."""
        store = getattr(self.h, "store")  # noqa: B009 - in-process hosts only
        self.actions = [(a.seat, a.action) for a in await store.tables.load_actions(self.table_id)]

    async def play_deal(self) -> None:
        """Play until the deal in progress is over (its result is posted)."""
        number = len(self.replay().finished_deals)
        while len(self.replay().finished_deals) == number:
            await self.step()

    def replay(self) -> Match:
        """The core's replay of every action clicked so far (the oracle)."""
        return Match.replay(self.rules(), self.table_options(), self.h.seeds[-1], self.actions)

    def rules(self) -> Any:
        return preset(self.preset_name, game=self.game_id)

    def table_options(self) -> TableOptions:
        """The table options of the lobby (the bot's own, for in-process hosts: the rules
        editor may have changed them)."""
        service = getattr(self.h, "service", None)
        if service is not None and self.table_id in service.tables:
            self.known_options = service.tables.get(self.table_id).options
        if self.known_options is not None:
            return self.known_options
        seats = self.options.get("seats", self.rules().players)
        return TableOptions(seats=seats, rounds=self.options.get("rounds", 1))

    # -- checks -------------------------------------------------------------------------------

    def check_card_emojis(self, message: Message) -> None:
        """Every card control (a card to play, to mark) carries the picture of its card: a
        custom emoji the application owns, named for that card."""
        owned = {emoji.id: emoji.name for emoji in self.h.emulator.app_emojis.by_id.values()}
        for control in comp.interactive(message.components):
            cards = [(control.get("emoji"), card_of_control(control["custom_id"]))]
            cards += [(o.get("emoji"), o["value"]) for o in control.get("options") or ()]
            for emoji, card in cards:
                if card is None or card not in Card.__members__:
                    continue
                assert emoji and emoji.get("id"), f"{card} without its emoji: {control}"
                name = owned.get(int(emoji["id"]))
                assert name is not None and f"_{card}_" in name, (card, emoji)
                self.checks += 1

    def check_no_leak(self) -> None:
        """No message of the current deal shows a card its viewer may not know yet."""
        match = self.replay()
        if match.finished:
            return
        deal = match.deal
        played = set(deal.view(0).played) | open_cards(match)
        current = self.deal_marker.format(number=match.number + 1)
        for seat, user in enumerate(self.players):
            deal_seat = match.deal_seat(seat)
            known = set(played)
            if deal_seat is not None:
                view = deal.view(deal_seat)
                known |= set(view.hand) | set(view.skat) | set(view.laid)
            for message in user.visible_messages():
                text = shown_text(message)
                # "#1" but not "#12" nor a channel mention "<#15...>" (another table's hand)
                if not re.search(rf"#{self.table_id}(?!\d)", text) or current not in text:
                    continue
                public = message.channel.guild is not None and not message.ephemeral
                allowed = played if public else known
                leaked = cards_in(text) - allowed
                assert not leaked, f"{user.name} sees {leaked} in {message!r}:\n{text}"
                self.checks += 1


def open_cards(match: Match) -> set[Card]:
    """Cards everyone may see besides those played: an Ouvert declarer's hand, once the game
    is declared (worked out from the deal, not by the bot's renderer)."""
    deal = match.deal
    contest = deal.state
    if not isinstance(contest, SkatContest) or deal.phase != "play":
        return set()
    declaration, declarer = contest.declaration, contest.declarer
    if declaration is None or declarer is None or not declaration.ouvert:
        return set()
    return set(deal.hand(declarer))


async def answer(user: SimUser, channel: Any, command: str, /, **options: Any) -> list[Message]:
    """Run a slash command as ``user`` and return what the bot showed in answer."""
    handle = await user.slash(channel, command, **options)
    return await handle.wait_response()


def logged(game: Game) -> int:
    """How many actions the bot logged at the table (stays put when a click is refused)."""
    service: TableService = getattr(game.h, "service")  # noqa: B009 - in-process hosts only
    return service.tables.get(game.table_id).log_length


def forced_plays(match: Match) -> list[tuple[int, Action]]:
    """The plays of a last trick that plays itself (``forced_line``), as (table seat,
    action)."""
    if match.finished:
        return []
    deal = match.deal.copy()
    plays: list[tuple[int, Action]] = []
    for action in forced_line(match.deal):
        assert deal.to_act is not None
        plays.append((match.active_seats[deal.to_act], action))
        deal.apply(action)
    return plays


def last_action(game: Game) -> tuple[int, Action]:
    """The table seat and action the bot applied last (for clicks the driver did not make)."""
    service: TableService = getattr(game.h, "service")  # noqa: B009 - in-process hosts only
    match = service.tables.get(game.table_id).match
    assert match is not None
    deal_seat, action = match.deal.history[-1]
    return match.active_seats[deal_seat], action
