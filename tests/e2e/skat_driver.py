"""Plays full Skat through Discord as its players would: bids, Ja and Passe, the skat, the two
cards laid away by marking them, the declaration with its announcements, Kontra and Re."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.ui import ids
from ramsch_core import Action, Card, DealResult, Match, Play, SkatContest
from ramsch_core.claims import claim_line
from tests.e2e.driver import Game, action_of, logged
from tests.emulator import InteractionHandle, Message, MessageVersion, SimUser
from tests.emulator import components as comp

POSITIONS = ("Vorhand", "Mittelhand", "Hinterhand")


def kind_of(component: dict[str, Any]) -> tuple[str, str | None]:
    """``(kind, arg)`` of a game action control, ``("mark", name)`` of a mark control."""
    custom_id = str(component["custom_id"])
    found = re.fullmatch(ids.ACTION_TEMPLATE, custom_id)
    if found is not None:
        return found["kind"], found["arg"]
    if re.fullmatch(ids.CLAIM_TEMPLATE, custom_id):
        return "claim", None
    found = re.fullmatch(ids.MARK_TEMPLATE, custom_id)
    assert found is not None, custom_id
    return "mark", found["mark"]


CHOICES = ("declare", "call", "give")
"""The action kinds chosen in a select (a Skat declaration, a Schafkopf call, the card given
for a Hochzeit)."""


def claimed(match: Match) -> list[tuple[int, Action]]:
    """The card plays a claim that held plays at once: the rest, each seat's first legal card
    (``claim_line``), as (table seat, action)."""
    deal = match.deal.copy()
    plays: list[tuple[int, Action]] = []
    for action in claim_line(match.deal):
        assert deal.to_act is not None
        plays.append((match.active_seats[deal.to_act], action))
        deal.apply(action)
    return plays


def buttons_by_kind(enabled: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Enabled buttons by the kind of their action (``mark`` for mark controls), and each
    select of declarations or calls as one option per entry of its kind (the select with that
    option alone, as ``one_choice`` makes it)."""
    found: dict[str, list[dict[str, Any]]] = {}
    for component in enabled:
        if component.get("type") == comp.BUTTON:
            found.setdefault(kind_of(component)[0], []).append(component)
        elif component.get("type") == comp.STRING_SELECT and kind_of(component)[0] in CHOICES:
            for option in component.get("options", []):
                found.setdefault(kind_of(component)[0], []).append(one_choice(component, option))
    return found


def one_choice(select: dict[str, Any], option: dict[str, Any]) -> dict[str, Any]:
    """A select of declarations or calls standing for one of its options: ``_click`` on it
    chooses that option."""
    return {**select, "chosen": str(option["value"])}


def choice_arg(component: dict[str, Any]) -> str | None:
    """The argument a control stands for: a button's from its id, a chosen option's value."""
    return str(component["chosen"]) if "chosen" in component else kind_of(component)[1]


@dataclass
class SkatGame(Game):
    """A table of full Skat driven by its simulated players."""

    preset_name: str = "skat"
    game_id: str = "skat"

    # -- who is where -------------------------------------------------------------------------

    def contest(self) -> SkatContest:
        state = self.replay().deal.state
        assert isinstance(state, SkatContest)
        return state

    def at(self, deal_seat: int) -> SimUser:
        """The player in deal seat ``deal_seat`` (0: Vorhand) of the current deal."""
        return self.players[self.replay().active_seats[deal_seat]]

    def hand_text(self, user: SimUser) -> str:
        message = self.hand_message(user)
        assert message is not None
        return message.text

    # -- clicking -----------------------------------------------------------------------------

    def find(
        self, enabled: list[dict[str, Any]], kind: str, arg: str | None = None
    ) -> dict[str, Any]:
        for component in buttons_by_kind(enabled).get(kind, []):
            if arg is None or choice_arg(component) == arg:
                return component
        shown = [kind_of(c) for c in enabled]
        raise AssertionError(f"no enabled {kind} {arg or ''} control; shown: {shown}")

    async def press(
        self, kind: str, arg: str | None = None, *, user: SimUser | None = None
    ) -> InteractionHandle:
        """The player on turn (``user``, checked) presses the control of ``kind`` (and
        ``arg``): an action is recorded for the replay, a mark only changes the hand."""
        on_turn, message, enabled = self.on_turn()
        assert user is None or on_turn is user, f"{on_turn.name} is on turn, not {user.name}"
        component = self.find(enabled, kind, arg)
        return await self._click(on_turn, message, component)

    async def _click(
        self, user: SimUser, message: Message, component: dict[str, Any]
    ) -> InteractionHandle:
        seat = self.players.index(user)
        chosen = component.get("chosen")
        if chosen is None:
            handle = await user.click(message, str(component["custom_id"]))
        else:
            handle = await user.select(message, str(component["custom_id"]), [chosen])
        await handle.wait_ack()
        await self.h.settle()
        assert not self.refusals(handle), self.refusals(handle)
        if self.from_log:
            await self.read_log()
        elif kind_of(component)[0] == "claim":
            self.actions += claimed(self.replay())
        elif kind_of(component)[0] != "mark":
            self.record(seat, action_of(component, None if chosen is None else [chosen]))
        self.check_no_leak()
        return handle

    def choices(self, kind: str = "declare") -> dict[str, str]:
        """The options of the select of ``kind`` on the hand of the player on turn: label to
        value."""
        _user, _message, enabled = self.on_turn()
        return {
            str(option["label"]): str(option["value"])
            for c in enabled
            if c.get("type") == comp.STRING_SELECT and kind_of(c)[0] == kind
            for option in c.get("options", [])
        }

    async def bid_higher(self, value: int) -> InteractionHandle:
        """The bidder jumps to ``value`` with the select of higher bids."""
        user, message, enabled = self.on_turn()
        select = next(c for c in enabled if c.get("type") == comp.STRING_SELECT)
        handle = await user.select(message, str(select["custom_id"]), [str(value)])
        await handle.wait_ack()
        await self.h.settle()
        assert not self.refusals(handle), self.refusals(handle)
        if self.from_log:
            await self.read_log()
        else:
            self.record(self.players.index(user), action_of(select, [str(value)]))
        self.check_no_leak()
        return handle

    async def lay_away(self, cards: list[Card] | None = None) -> list[Card]:
        """The declarer marks two cards (the last two of the hand unless given) and presses
        Drücken; returns the two."""
        user, _, enabled = self.on_turn()
        marks = [kind_of(c)[1] for c in enabled if kind_of(c)[0] == "mark"]
        assert len(marks) == 12, marks
        chosen = cards or [Card[name] for name in marks[-2:] if name is not None]
        for card in chosen:
            await self.press("mark", card.name, user=user)
        text = self.hand_text(user)
        assert "Marked: " in text, text
        await self.press("discard")
        return chosen

    async def play_out(self, *, kontra: bool = False, re: bool = False) -> DealResult:
        """Play the deal to its end with random legal cards; the first defender on turn says
        Kontra (``kontra``) and the declarer answers Re (``re``). Returns its result."""
        number = len(self.replay().finished_deals)
        while len(self.replay().finished_deals) == number:
            user, message, enabled = self.on_turn()
            kinds = {kind_of(c)[0] for c in enabled}
            if kontra and "kontra" in kinds:
                kontra = False
                await self.press("kontra", user=user)
                continue
            if re and "re" in kinds:
                re = False
                await self.press("re", user=user)
                continue
            cards = [c for c in enabled if kind_of(c)[0] == "play"]
            await self._click(user, message, self.rng.choice(cards))
        return self.replay().finished_deals[number].result

    async def click_a_forbidden_card(self) -> str:
        """Play the deal on at random; each player keeps his hand message from a lead, and the
        first time the rules forbid one of its cards he clicks that old button: the click must
        log nothing. Returns the one refusal."""
        number = len(self.replay().finished_deals)
        snapshots: dict[int, MessageVersion] = {}
        while len(self.replay().finished_deals) == number:
            user, message, enabled = self.on_turn()
            seat = self.players.index(user)
            match = self.replay()
            deal, deal_seat = match.deal, match.deal_seat(seat)
            assert deal_seat is not None
            if not deal.trick:
                snapshots[seat] = message.snapshot()
            elif seat in snapshots:
                view = deal.view(deal_seat)
                allowed = {action.card for action in view.legal if isinstance(action, Play)}
                buttons = snapshots[seat].buttons()
                for card in view.hand:
                    old = [b for b in buttons if kind_of(b) == ("play", card.name)]
                    if card in allowed or not old:
                        continue
                    before = logged(self)
                    handle = await user.click(snapshots[seat], str(old[0]["custom_id"]))
                    await handle.wait_ack()
                    await self.h.settle()
                    assert logged(self) == before
                    refusals = self.refusals(handle)
                    assert len(refusals) == 1, refusals
                    return refusals[0]
            cards = [c for c in enabled if kind_of(c)[0] == "play"]
            await self._click(user, message, self.rng.choice(cards))
        raise AssertionError("no card the rules forbid came up in a whole deal")

    async def auto_step(self) -> None:
        """One sensible random click of the player on turn: bid now and then, take the skat
        mostly, lay two away, declare an enabled game, sometimes Kontra, play a card."""
        user, message, enabled = self.on_turn()
        by_kind = buttons_by_kind(enabled)
        rng = self.rng
        if "hold" in by_kind:
            choice = "hold" if rng.random() < 0.5 else "pass"
        elif "bid" in by_kind:
            choice = "bid" if self.contest().bid < 24 and rng.random() < 0.5 else "pass"
        elif "pickup" in by_kind:
            choice = "pickup" if rng.random() < 0.7 else "declare"
        elif "mark" in by_kind:  # laying away: two cards marked enable Drücken
            if "discard" in by_kind:
                await self.press("discard", user=user)
                return
            plain = [c for c in by_kind["mark"] if "✓" not in str(c.get("label"))]
            await self._click(user, message, rng.choice(plain))
            return
        elif "declare" in by_kind:
            choice = "declare"
        elif "kontra" in by_kind or "re" in by_kind:
            doubling = "kontra" if "kontra" in by_kind else "re"
            choice = doubling if rng.random() < 0.3 else "play"
        else:
            choice = "play"
        await self._click(user, message, rng.choice(by_kind[choice]))

    async def auto_deal(self) -> DealResult:
        """Play the current deal to its end with ``auto_step``."""
        number = len(self.replay().finished_deals)
        while len(self.replay().finished_deals) == number:
            await self.auto_step()
        return self.replay().finished_deals[number].result


def result_text(game: Game, number: int) -> str:
    """The posted result of deal ``number`` (0-based)."""
    title = f"Skat #{game.table_id} — "
    deal = f"deal {number + 1} of "
    found = [
        m
        for m in game.h.channel.current_messages()
        if ": result" in m.text and title in m.text and deal in m.text
    ]
    assert len(found) == 1, [m.text for m in found]
    return found[0].text


def match_of(game: Game) -> Match:
    return game.replay()
