"""Plays Ramsen through Discord as its players would: the cutter keeping or leaving the bottom
card of the cut, cards marked and exchanged, the upcard taken by the dealer, In and Pass, cards
played by the three duties; and checks that nobody ever sees a card of another hand or of the
talon."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.ui import faces
from bot.ui.faces import cards_in
from ramsch_core import Card, DealResult, RuleSet
from ramsch_core.games.ramsen.exchange import RamsenState
from tests.e2e.driver import shown_text
from tests.e2e.skat_driver import SkatGame, buttons_by_kind, kind_of
from tests.emulator import InteractionHandle, SimUser


@dataclass
class RamsenGame(SkatGame):
    """A Ramsen table driven by its simulated players. The actions are read from the bot's log
    after every click (``from_log``), so AI seats may sit at the table too."""

    preset_name: str = "ramsen"
    game_id: str = "ramsen"
    from_log: bool = True

    known_rules: RuleSet | None = None

    def rules(self) -> RuleSet:
        """The table's rules as the bot holds them (``seats`` and ``crosses`` change them),
        remembered for after the table has finished."""
        service = getattr(self.h, "service")  # noqa: B009 - in-process hosts only
        if self.table_id in service.tables:
            self.known_rules = service.tables.get(self.table_id).rules
        assert self.known_rules is not None
        return self.known_rules

    def face(self, card: Card) -> str:
        """A card as the table's players see it (Ramsen's German pack)."""
        with faces.showing(self.rules()):
            return faces.face(card)

    def state(self) -> RamsenState:
        state = self.replay().deal.state
        assert isinstance(state, RamsenState)
        return state

    # -- clicking -----------------------------------------------------------------------------

    def kinds(self, user: SimUser) -> dict[str, list[dict[str, Any]]]:
        """The user's enabled controls by kind (``mark``, ``exchange``, ``in``, ``play``...)."""
        return buttons_by_kind(self.controls(user)[1])

    async def exchange(
        self, cards: list[Card], *, upcard: bool = False, user: SimUser | None = None
    ) -> InteractionHandle:
        """The player on turn marks ``cards`` (and the upcard) and confirms the exchange."""
        on_turn, _, _ = self.on_turn()
        assert user is None or user is on_turn, f"{on_turn.name} is on turn"
        for card in cards:
            await self.press("mark", card.name, user=on_turn)
        if upcard:
            await self.press("mark", "upcard", user=on_turn)
        return await self.press("exchange", user=on_turn)

    async def auto_step(self) -> None:
        """One sensible random click of the player on turn: exchange up to two cards (the
        marks first), say in mostly, play an allowed card."""
        user, message, enabled = self.on_turn()
        by_kind = buttons_by_kind(enabled)
        rng = self.rng
        if "schleck" in by_kind:  # RA-8: the cutter keeps the bottom card half the time
            kind = "schleck" if rng.random() < 0.5 else "no_schleck"
            await self._click(user, message, by_kind[kind][0])
            return
        if "exchange" in by_kind:
            marked = [c for c in by_kind.get("mark", []) if "✓" in str(c.get("label"))]
            plain = [
                c
                for c in by_kind.get("mark", [])
                if "✓" not in str(c.get("label")) and kind_of(c)[1] != "upcard"
            ]
            if len(marked) < 2 and plain and rng.random() < 0.4:
                await self._click(user, message, rng.choice(plain))
                return
            await self._click(user, message, by_kind["exchange"][0])
            return
        if "in" in by_kind:
            say = "pass" if "pass" in by_kind and rng.random() < 0.3 else "in"
            await self._click(user, message, by_kind[say][0])
            return
        await self._click(user, message, rng.choice(by_kind["play"]))

    async def auto_deal(self) -> DealResult:
        number = len(self.replay().finished_deals)
        while len(self.replay().finished_deals) == number:
            await self.auto_step()
        return self.replay().finished_deals[number].result

    # -- checks -------------------------------------------------------------------------------

    def check_no_leak(self) -> None:
        """No message of the current deal shows a card its viewer may not know: the public
        ones only cards played and the upcard; a player's own also his hand and his discards.
        The talon is never shown to anyone. Cards are read in either pack."""
        match = self.replay()
        if match.finished:
            return
        deal = match.deal
        state = deal.state
        assert isinstance(state, RamsenState)
        assert (state.upcard is None) == state.choosing  # RA-8: turned up once dealt
        played = set(deal.view(0).played) | ({state.upcard} if state.upcard else set())
        current = re.compile(rf"deal {match.number + 1}(?!\d)")
        for seat, user in enumerate(self.players):
            deal_seat = match.deal_seat(seat)
            known = set(played)
            seen = set()
            if deal_seat is not None:
                view = deal.view(deal_seat)
                seen = set(view.skat)  # the cutter's look at the bottom card of the cut
                known |= set(view.hand) | set(view.laid) | seen
            for message in user.visible_messages():
                text = shown_text(message)
                if f"Ramsen #{self.table_id}" not in text or not current.search(text):
                    continue
                public = message.channel.guild is not None and not message.ephemeral
                allowed = played if public else known
                leaked = cards_in(text) - allowed
                assert not leaked, f"{user.name} sees {leaked} in {message!r}:\n{text}"
                assert not cards_in(text) & set(deal.skat) - (set() if public else seen), text
                self.checks += 1
