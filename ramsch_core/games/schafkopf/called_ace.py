"""The card plays of full Schafkopf: a Sauspiel with the duties of the called Ace (SF-3), and
the Ramsch after an all-pass, in which nobody may double (SF-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ramsch_core.actions import Action, Play
from ramsch_core.cards import Card, Suit
from ramsch_core.errors import IllegalActionError
from ramsch_core.games.schafkopf.contract import SchafkopfContest, called_ace
from ramsch_core.phases.doubling import DoublingPlay, Kontra, Re
from ramsch_core.tricks.play import CardPlay

if TYPE_CHECKING:
    from ramsch_core.actions import Event
    from ramsch_core.contracts import Contract
    from ramsch_core.deal import Deal


class CalledAceError(IllegalActionError):
    """A card that breaks a duty of the called Ace's holder (SF-3)."""


RUN_AWAY = 4
"""SF-3: the cards of the called suit (the Ace counted) that let its holder lead away."""


class SauspielPlay(DoublingPlay):
    """A Sauspiel's card play. ``holder`` holds the called Ace (the hidden partner). While he
    holds it and has not run away: he must play it when its suit is led; he may play it to no
    other trick unless it is his last card; he may lead another card of its suit only with
    four or more of the suit (running away, which ends the duties). When the Ace is played the
    partner becomes public (``SchafkopfContest.partner``)."""

    def __init__(
        self,
        contract: Contract,
        players: int,
        tricks: int,
        declarers: frozenset[int],
        doubling: bool,
        ace_suit: Suit,
        holder: int,
    ) -> None:
        super().__init__(contract, players, tricks, declarers, doubling)
        self.ace_suit = ace_suit
        self.ace = called_ace(ace_suit)
        self.holder = holder
        self.ran_away = False

    def _bound(self, deal: Deal, seat: int) -> bool:
        """Whether ``seat`` is bound by the called Ace's duties now."""
        return seat == self.holder and not self.ran_away and bool(deal.held[seat] >> self.ace & 1)

    def _suit_mask(self) -> int:
        return self.contract.order.class_masks[self.ace_suit]

    def _suit_led(self) -> bool:
        return bool(self.trick) and self.contract.order.follow_class[self.trick[0]] == self.ace_suit

    def _allowed(self, deal: Deal, seat: int) -> int:
        allowed = super()._allowed(deal, seat)
        if not self._bound(deal, seat):
            return allowed
        ace = 1 << self.ace
        hand = deal.held[seat]
        suit = self._suit_mask()
        if not self.trick:
            if (hand & suit).bit_count() >= RUN_AWAY:
                return allowed  # he may run away
            return allowed & ~(suit & ~ace)
        if self._suit_led():
            return ace
        return allowed & ~ace or allowed  # the Ace only as his last card

    def _refusal(self, deal: Deal, seat: int, card: Card) -> IllegalActionError:
        if not self._bound(deal, seat) or not super()._allowed(deal, seat) >> card & 1:
            if self._bound(deal, seat) and self._suit_led():
                return CalledAceError(
                    "The called Ace must be played when its suit is first led: play {card}",
                    card=self.ace,
                )
            return super()._refusal(deal, seat, card)
        if self._suit_led():
            return CalledAceError(
                "The called Ace must be played when its suit is first led: play {card}",
                card=self.ace,
            )
        if not self.trick:
            return CalledAceError(
                "You may not lead another {suit} card before the called Ace: "
                "only with four or more cards of the suit can you run away",
                suit=self.ace_suit,
            )
        return CalledAceError(
            "You may not discard the called Ace {card}: it is played when its suit "
            "is led, or as your last card",
            card=self.ace,
        )

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        running = (
            isinstance(action, Play)
            and not self.trick
            and self._bound(deal, seat)
            and action.card != self.ace
            and bool(self._suit_mask() >> action.card & 1)
        )
        events = super().apply(deal, seat, action)
        if running:
            self.ran_away = True
        if isinstance(action, Play) and action.card == self.ace:
            contest = deal.state
            assert isinstance(contest, SchafkopfContest)
            contest.partner = seat
        return events


class SchafkopfRamschPlay(CardPlay):
    """The Ramsch played when all pass: a plain card play in which nobody doubles (SF-9)."""

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Kontra | Re):
            raise IllegalActionError("Kontra and Re are not allowed in a Ramsch")
        return super().apply(deal, seat, action)
