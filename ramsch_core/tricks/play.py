"""The card play every game shares: tricks under a contract, then the contract's score (C-5)."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from ramsch_core.actions import Action, CardPlayed, DealFinished, Play, TrickTaken
from ramsch_core.cards import CARDS_BY_BYTE, Card, cards_of
from ramsch_core.contracts.ramsch import RamschFacts
from ramsch_core.errors import (
    IllegalActionError,
    MustBeatError,
    MustFollowSuitError,
    MustTrumpError,
)
from ramsch_core.kernel.tally import tally
from ramsch_core.phases import Phase
from ramsch_core.result import DealResult, Trick
from ramsch_core.tricks.order import TRUMP

if TYPE_CHECKING:
    from ramsch_core.actions import Event
    from ramsch_core.contracts import Contract
    from ramsch_core.deal import Deal

PLAYS_BY_BYTE: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(tuple(Play(card) for card in cards) for cards in part) for part in CARDS_BY_BYTE
)
"""``CARDS_BY_BYTE`` as Play actions (frozen: one per card serves every deal)."""


class CardPlay(Phase):
    """Tricks one after another, every seat in turn from the leader; the winner leads next.
    After the last trick the contract's scorer decides the deal.

    ``active``: the seats that play, in turn order (default every seat); a game where some
    seats sit a deal out (Ramsen's passed seats) gives the others. A game whose play may end
    before the last trick says so in ``_ends_after_trick``."""

    name: ClassVar[str] = "play"

    def __init__(
        self,
        contract: Contract,
        players: int,
        tricks: int,
        leader: int = 0,
        active: tuple[int, ...] | None = None,
    ) -> None:
        self.contract = contract
        self.layout = contract.layout
        self.players = players
        self.active = tuple(range(players)) if active is None else active
        self.total = tricks
        self.leader = leader
        self.to_act = leader
        self.trick: list[Card] = []
        self.tricks: list[Trick] = []
        self._last: tuple[int, int, int] = (-1, -1, 0)
        """(hand, cards played so far, allowed) of the latest ``_allowed`` under a rule beyond
        following: ``legal`` and then ``apply`` of the same card ask the same question."""

    def copy(self) -> Phase:
        """An independent copy: every field is immutable but the two trick lists (a subclass
        that adds a mutable field copies it too)."""
        other = copy.copy(self)
        other.trick, other.tricks = list(self.trick), list(self.tricks)
        return other

    def _next(self, seat: int) -> int:
        """The seat that plays after ``seat``."""
        active = self.active
        return active[(active.index(seat) + 1) % len(active)]

    def _ends_after_trick(self, deal: Deal) -> bool:
        """Whether the play stops after the trick just taken, before the last one."""
        return False

    def _allowed(self, deal: Deal, seat: int) -> int:
        """The card mask of the cards ``seat`` may play to the current trick."""
        hand = deal.held[seat]
        trick = self.trick
        if not trick:
            return hand  # a lead: any card
        layout = self.layout
        if layout.plain_follow:  # only following binds: one look-up on the card mask
            return hand & layout.card_follow[trick[0]] or hand
        played = len(self.tricks) * self.players + len(self.trick)
        last_hand, last_played, allowed = self._last
        if last_hand == hand and last_played == played:
            return allowed
        bits = [layout.bit_of[card] for card in trick]
        allowed = layout.to_card_mask(layout.legal(layout.from_card_mask(hand), bits))
        self._last = (hand, played, allowed)
        return allowed

    def legal(self, deal: Deal) -> list[Action]:
        assert self.to_act is not None
        allowed = self._allowed(deal, self.to_act)
        t0, t1, t2, t3 = PLAYS_BY_BYTE
        return [
            *t0[allowed & 255], *t1[allowed >> 8 & 255],
            *t2[allowed >> 16 & 255], *t3[allowed >> 24 & 255],
        ]  # fmt: skip

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, Play):
            raise IllegalActionError("You can't do that now: play a card")
        card = action.card
        hand = deal.held[seat]
        if not hand >> card & 1:
            raise IllegalActionError("You don't hold {card}", card=card)
        if not self._allowed(deal, seat) >> card & 1:
            raise self._refusal(deal, seat, card)
        deal.held[seat] = hand & ~(1 << card)
        self.trick.append(card)
        events: list[Event] = [CardPlayed(seat, card)]
        active = self.active
        if len(self.trick) < len(active):
            self.to_act = self._next(seat)
            return events
        cards = tuple(self.trick)
        bits = [self.layout.bit_of[played] for played in cards]
        place = active.index(self.leader) + self.layout.winner_index(bits)
        winner = active[place % len(active)]
        trick = Trick(self.leader, cards, winner)
        self.tricks.append(trick)
        events.append(TrickTaken(len(self.tricks), trick.leader, cards, winner, trick.points))
        self.trick = []
        self.leader = self.to_act = winner
        if len(self.tricks) == self.total or self._ends_after_trick(deal):
            self.to_act = None
            deal.result = self._score(deal)
            events.append(DealFinished(deal.result))
            events += deal.advance(self)
        return events

    def _refusal(self, deal: Deal, seat: int, card: Card) -> IllegalActionError:
        """The error for ``card``, which the play rule forbids, naming the cards that are
        allowed."""
        layout = self.layout
        trick = [layout.bit_of[card] for card in self.trick]
        duty, allowed = layout.duty(layout.from_card_mask(deal.held[seat]), trick)
        order = self.contract.order
        listed = tuple(sorted(cards_of(layout.to_card_mask(allowed)), key=order.sort_key))
        if duty == "trump":
            return MustTrumpError(
                "You can't follow suit, so you must trump: you hold {cards}", cards=listed
            )
        if duty == "beat":
            return MustBeatError("You must beat the trick: you can with {cards}", cards=listed)
        if order.follow_class[self.trick[0]] == TRUMP:
            return MustFollowSuitError("You must follow a trump: you hold {cards}", cards=listed)
        return MustFollowSuitError("You must follow suit: you hold {cards}", cards=listed)

    def trick_counts(self) -> list[int]:
        counts = [0] * self.players
        for trick in self.tricks:
            counts[trick.winner] += 1
        return counts

    def points_taken(self) -> list[int]:
        points = [0] * self.players
        for trick in self.tricks:
            points[trick.winner] += trick.points
        return points

    def _score(self, deal: Deal) -> DealResult:
        """Score the finished tricks with the contract's scorer, from the same tally the
        kernel builds."""
        layout = self.layout
        won = [0] * self.players
        last = [-1] * self.players
        for number, trick in enumerate(self.tricks):
            won[trick.winner] |= layout.mask(trick.cards)
            last[trick.winner] = number
        counts = self.trick_counts()
        facts = tally(layout, won, counts, last, layout.mask(deal.skat), deal.pushes)
        scorer = self.contract.scorer
        score = scorer(facts)
        return DealResult(
            tricks=tuple(self.tricks),
            card_points=score.points,
            trick_counts=tuple(counts),
            losers=score.losers,
            winners=score.winners,
            scores=tuple(Fraction(value) for value in score.scores),
            skat=deal.skat,
            multiplier=score.multiplier,
            contract=self.contract.name,
            detail=RamschFacts.of(score, counts, deal.pushes),
            tags=scorer.tags(score, facts),
            events=scorer.events(score, facts),
            details=score.details,
        )
