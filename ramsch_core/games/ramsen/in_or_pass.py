"""Ramsen's play or pass (RA-5) and its card play among the seats that said in (RA-6), which
stops at once when a seat draws its last bar (RA-7)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from ramsch_core.actions import Action, Event, registered
from ramsch_core.cards import Card, cards_of
from ramsch_core.errors import (
    IllegalActionError,
    MustBeatError,
    MustFollowSuitError,
    MustTrumpError,
)
from ramsch_core.games.ramsen.exchange import ramsen_state
from ramsch_core.phases import Phase
from ramsch_core.phases.say import Pass, SayingRound
from ramsch_core.result import DealResult
from ramsch_core.tricks.order import TRUMP
from ramsch_core.tricks.play import CardPlay

if TYPE_CHECKING:
    from ramsch_core.contracts import Contract
    from ramsch_core.deal import Deal
    from ramsch_core.games.ramsen.contract import RamsenScorer


@registered
@dataclass(frozen=True, slots=True)
class In(Action):
    """Say play ("in"): take part in the card play of this deal."""

    kind: ClassVar[str] = "in"

    def __str__(self) -> str:
        return "in"


class InOrPass(SayingRound):
    """RA-5: every seat in turn from forehand says in or pass. A seat that exchanged must say
    in; with ``dealer_forced`` a dealer whose predecessors all passed must say in."""

    name: ClassVar[str] = "in_or_pass"

    def __init__(self, players: int, dealer_forced: bool) -> None:
        super().__init__(players)
        self.dealer_forced = dealer_forced

    def copy(self) -> Phase:
        other = InOrPass(self.players, self.dealer_forced)
        other.to_act = self.to_act
        return other

    def _must_play(self, deal: Deal, seat: int) -> IllegalActionError | None:
        """Why ``seat`` must say in, or None when it may pass."""
        state = ramsen_state(deal)
        if state.exchanged.get(seat, 0) > 0:
            return IllegalActionError("You exchanged, so you must play: say in")
        if (
            self.dealer_forced
            and seat == state.dealer
            and all(state.said.get(other) == "pass" for other in range(state.dealer))
        ):
            return IllegalActionError(
                "Everyone before you passed: as the dealer you must play, say in"
            )
        return None

    def legal(self, deal: Deal) -> list[Action]:
        assert self.to_act is not None
        if self._must_play(deal, self.to_act):
            return [In()]
        return [In(), Pass()]

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        state = ramsen_state(deal)
        if isinstance(action, Pass):
            reason = self._must_play(deal, seat)
            if reason:
                raise reason
            what = "pass"
        elif isinstance(action, In):
            what = "in"
        else:
            raise IllegalActionError("You can't do that now: say in or pass")
        state.said[seat] = what
        return self.said(deal, seat, what)


class RamsenPlay(CardPlay):
    """RA-6: five tricks among the ``active`` seats (passed seats are skipped), led by the
    first active seat from forehand; after each trick the play stops if the winner has drawn
    his last bar (RA-7)."""

    def __init__(self, contract: Contract, seats: int, active: tuple[int, ...]) -> None:
        # ``players`` stays every seat of the deal (trick counts, the tally); a trick holds a
        # card of each active seat.
        super().__init__(contract, seats, 5, active[0], active)

    @property
    def scorer(self) -> RamsenScorer:
        from ramsch_core.games.ramsen.contract import RamsenScorer

        scorer = self.contract.scorer
        assert isinstance(scorer, RamsenScorer)
        return scorer

    def _ends_after_trick(self, deal: Deal) -> bool:
        """RA-7: a seat that has drawn his last bar wins at once."""
        return self.scorer.owed(self.trick_counts())[1] is not None

    def _score(self, deal: Deal) -> DealResult:
        # The talon left over is never shown: the result keeps no face-down cards.
        return replace(super()._score(deal), skat=())

    def _refusal(self, deal: Deal, seat: int, card: Card) -> IllegalActionError:
        """The error for a card the three duties forbid, naming the duty ``card`` breaks (not
        only the strongest that binds): a card off the led class when the hand can follow
        breaks Farbzwang, a plain card when the hand must trump breaks Trumpfzwang, and a card
        of the right class that does not beat the trick though another would breaks
        Stechzwang."""
        order = self.contract.order
        hand = cards_of(deal.held[seat])
        led = order.follow_class[self.trick[0]]
        allowed = cards_of(self._allowed(deal, seat))
        listed = tuple(sorted(allowed, key=order.sort_key))
        can_follow = any(order.follow_class[held] == led for held in hand)
        if can_follow and order.follow_class[card] != led:
            if led == TRUMP:
                return MustFollowSuitError(
                    "You must follow a trump: you may play {cards}", cards=listed
                )
            return MustFollowSuitError("You must follow suit: you may play {cards}", cards=listed)
        if not can_follow and not order.is_trump(card):
            return MustTrumpError(
                "You can't follow suit, so you must trump: play {cards}", cards=listed
            )
        return MustBeatError("You must beat the trick: you can with {cards}", cards=listed)
