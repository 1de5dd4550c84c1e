"""Plays full Schafkopf through Discord as its players would: Klopfen, weiter and the calls,
Kontra and Re, the cards of the Bavarian pack; and checks after every click that nobody sees
a card he may not, and that nobody but the partner learns who holds the called Sau before it
falls."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.ui.faces import FRENCH_SUITS
from bot.ui.faces import cards_in as faces_in
from ramsch_core import DealResult, RuleSet
from ramsch_core.games.schafkopf.contract import SchafkopfContest, called_ace
from tests.e2e.driver import shown_text
from tests.e2e.skat_driver import SkatGame, buttons_by_kind
from tests.emulator import SimUser

FRENCH_FACE = re.compile(f"[{''.join(FRENCH_SUITS)}](?:10|[AKQJDB987])")
"""A card of the French pack (``♣J``, ``♣B``): never shown at a Schafkopf table."""


@dataclass
class SchafkopfGame(SkatGame):
    """A table of full Schafkopf driven by its simulated players; the actions are read from
    the bot's log after every click (``from_log``), so AI seats may sit at the table too."""

    preset_name: str = "schafkopf"
    game_id: str = "schafkopf"
    from_log: bool = True
    known_rules: RuleSet | None = None
    partner_checks: int = 0

    def rules(self) -> RuleSet:
        service = getattr(self.h, "service")  # noqa: B009 - in-process hosts only
        if self.table_id in service.tables:
            self.known_rules = service.tables.get(self.table_id).rules
        assert self.known_rules is not None
        return self.known_rules

    def contest(self) -> SchafkopfContest:  # type: ignore[override]
        state = self.replay().deal.state
        assert isinstance(state, SchafkopfContest)
        return state

    def kinds(self, user: SimUser) -> dict[str, list[dict[str, Any]]]:
        return buttons_by_kind(self.controls(user)[1])

    def hidden_partner(self) -> int | None:
        """The table seat holding the called Sau while it is unplayed, else None."""
        match = self.replay()
        deal = match.deal
        contest = deal.state
        if not isinstance(contest, SchafkopfContest) or deal.finished:
            return None
        if contest.game != "sauspiel" or contest.ace is None or contest.partner is not None:
            return None
        ace = called_ace(contest.ace)
        for deal_seat in range(deal.players):
            if ace in deal.dealt_hands[deal_seat]:
                return match.active_seats[deal_seat]
        return None

    async def call_round(self, *calls: str | None) -> None:
        """Each seat from forehand in turn: a call's argument (``sauspiel_C``, ``wenz``,
        ``solo_H``) or None for weiter."""
        for call in calls:
            if call is None:
                await self.press("pass")
            else:
                await self.press("call", call)

    async def play_out(self, *, kontra: bool = False, re: bool = False) -> DealResult:
        """Random allowed cards to the end of the deal; Kontra by the first player offered it,
        Re by the first of the declaring side offered it."""
        number = len(self.replay().finished_deals)
        while len(self.replay().finished_deals) == number:
            user, message, enabled = self.on_turn()
            by_kind = buttons_by_kind(enabled)
            if kontra and "kontra" in by_kind:
                kontra = False
                await self._click(user, message, by_kind["kontra"][0])
                continue
            if re and "re" in by_kind:
                re = False
                await self._click(user, message, by_kind["re"][0])
                continue
            await self._click(user, message, self.rng.choice(by_kind["play"]))
        return self.replay().finished_deals[number].result

    async def auto_step(self) -> None:
        """One sensible random click: knock now and then, weiter mostly, else a call; a card."""
        user, message, enabled = self.on_turn()
        by_kind = buttons_by_kind(enabled)
        rng = self.rng
        if "knock" in by_kind:
            choice = "knock" if rng.random() < 0.2 else "no_knock"
        elif "call" in by_kind:
            choice = "call" if rng.random() < 0.35 else "pass"
        elif "play" in by_kind:
            choice = "play"
        else:
            choice = rng.choice(sorted(by_kind))
        await self._click(user, message, rng.choice(by_kind[choice]))

    async def auto_deal(self) -> DealResult:
        number = len(self.replay().finished_deals)
        while len(self.replay().finished_deals) == number:
            await self.auto_step()
        return self.replay().finished_deals[number].result

    # -- checks -------------------------------------------------------------------------------

    def check_no_leak(self) -> None:
        """No message of the current deal shows a card its viewer may not know (the hand while
        knocking is its first four cards), none uses the French pack, and before the called
        Sau falls no message names its holder as the partner to anyone else."""
        match = self.replay()
        if match.finished:
            return
        deal = match.deal
        played = set(deal.view(0).played)
        current = re.compile(rf"deal {match.number + 1} of")
        partner = self.hidden_partner()
        for seat, user in enumerate(self.players):
            deal_seat = match.deal_seat(seat)
            known = set(played)
            if deal_seat is not None:
                known |= set(deal.view(deal_seat).hand)
            for message in user.visible_messages():
                text = shown_text(message)
                if f"Schafkopf #{self.table_id}" not in text or not current.search(text):
                    continue
                assert not FRENCH_FACE.search(text), f"French cards at a Schafkopf table:\n{text}"
                public = message.channel.guild is not None and not message.ephemeral
                leaked = faces_in(text) - (played if public else known)
                assert not leaked, f"{user.name} sees {leaked} in {message!r}:\n{text}"
                self.checks += 1
                if partner is not None and seat != partner:
                    name = self.name_of(partner)
                    for line in text.split("\n"):
                        if name in line:
                            assert "Mitspieler" not in line and f"with **{name}**" not in line, (
                                f"{user.name} learns the partner:\n{text}"
                            )
                    self.partner_checks += 1

    def name_of(self, seat: int) -> str:
        if seat < len(self.players):
            return self.players[seat].name
        return f"AI {seat}"
