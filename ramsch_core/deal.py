"""One deal of any registered game: the state every game shares, stepped through its phases."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ramsch_core.actions import Action, DealFinished, Event
from ramsch_core.cards import Card, cards_of, mask_of
from ramsch_core.errors import (
    DealFinishedError,
    IllegalActionError,
    InvalidDealError,
    NotYourTurnError,
)
from ramsch_core.phases import Finished, Phase
from ramsch_core.result import DealResult, Trick
from ramsch_core.seats import seat_message
from ramsch_core.tricks.order import TrickOrder
from ramsch_core.tricks.play import CardPlay
from ramsch_core.view import PublicView, SeatView

if TYPE_CHECKING:
    from ramsch_core.contracts import Contract
    from ramsch_core.rules import RuleSet


def deal_from_seed(rules: RuleSet, seed: int) -> tuple[list[list[Card]], list[Card]]:
    """Hands (index 0 = forehand) and skat dealt from a seeded shuffle by the game's schedule."""
    return rules.seeded_cards(seed)


class Deal:
    """A deal from the shuffle to the score; ``apply`` is the only way to change it.

    The public API of every game: ``to_act``, ``legal_actions()``, ``apply(action) -> events``,
    ``check(action)``, ``view(seat)``, ``public_view()`` and ``result`` once finished.
    """

    def __init__(
        self, rules: RuleSet, hands: Sequence[Iterable[Card]], skat: Iterable[Card] = ()
    ) -> None:
        """Raises InvalidDealError for hands or a skat that do not form the game's deal."""
        self.rules = rules
        self.players = rules.players
        dealt = [list(hand) for hand in hands]
        self.dealt_hands: tuple[tuple[Card, ...], ...] = tuple(tuple(hand) for hand in dealt)
        """The hands in the order given (Schafkopf: the first four cards of each were dealt
        first); no view shows it."""
        self._initial = tuple(tuple(sorted(hand)) for hand in dealt)
        self._initial_skat = tuple(sorted(skat))
        self._validate(dealt, list(self._initial_skat))
        self.held: list[int] = [mask_of(hand) for hand in dealt]
        """The card mask each seat holds now."""
        self.skat: tuple[Card, ...] = self._initial_skat
        """The face-down cards now: as dealt, then the last two laid in a Schieberamsch."""
        self.laid: list[tuple[Card, ...]] = [() for _ in range(self.players)]
        """Per seat, the cards it laid face down: two in a Schieberamsch or after taking the
        skat, any number in Ramsen's exchange."""
        self.drawn: list[tuple[Card, ...]] = [() for _ in range(self.players)]
        """Per seat, the cards it drew in Ramsen's exchange (the upcard too, if it took it)."""
        self.log: list[tuple[int, str]] = []
        """The public steps before the card play: ``(seat, "push" | "pass_on")``."""
        self.history: list[tuple[int, Action]] = []
        """Every applied action with the seat that took it."""
        self.result: DealResult | None = None
        self.dealt: dict[str, Any] = {}
        """What the deal was dealt besides hands and skat, as the game's record writes it
        (Ramsen: schleck, upcard, talon, owed_before); no view shows it."""
        self.state: Any = rules.new_state()
        """What the game keeps besides cards (full Skat: the bidding and declaration), or None."""
        self._play: CardPlay | None = None
        self._phase: Phase = self._enter(rules.first_phase(self))

    @classmethod
    def from_seed(cls, rules: RuleSet, seed: int) -> Deal:
        """The deal a seed gives (C-6), as the game builds it (``RuleSet.deal_from_seed``)."""
        return rules.deal_from_seed(seed)

    def _validate(self, hands: list[list[Card]], skat: list[Card]) -> None:
        rules = self.rules
        what = rules.title()
        if len(hands) != rules.players:
            raise InvalidDealError(
                "{game} is dealt to {players} hands, not {count}",
                game=what,
                players=rules.players,
                count=len(hands),
            )
        for seat, hand in enumerate(hands):
            if len(hand) != rules.hand_size:
                raise InvalidDealError(
                    "Hand {seat} holds {count} cards; {game} deals {size} to each player",
                    seat=seat,
                    count=len(hand),
                    game=what,
                    size=rules.hand_size,
                )
        if len(skat) != rules.skat_size:
            raise InvalidDealError(
                "The skat holds {count} cards; {game} lays {size} aside",
                count=len(skat),
                game=what,
                size=rules.skat_size,
            )
        seen: set[Card] = set()
        for card in [card for hand in hands for card in hand] + skat:
            if card in seen:
                raise InvalidDealError("Card {name} is dealt twice", name=str(card))
            seen.add(card)

    # -- phases ----------------------------------------------------------------------------

    def _enter(self, phase: Phase) -> Phase:
        if isinstance(phase, CardPlay):
            self._play = phase
        return phase

    def advance(self, done: Phase) -> list[Event]:
        """Called by a phase that has ended: the game's next phase starts. A deal that ends
        without a card play (thrown in) gets the game's result for that."""
        self._phase = self._enter(self.rules.next_phase(self, done))
        if self.result is None and isinstance(self._phase, Finished):
            self.result = self.rules.unplayed_result(self)
            return [DealFinished(self.result)]
        return []

    # -- queries ---------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """The name of the current phase: ``push``, ``play``, ``finished``, or a game's own
        (``bidding``, ``declaring``)."""
        return self._phase.name

    @property
    def to_act(self) -> int | None:
        return self._phase.to_act

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def contract(self) -> Contract:
        """The contract played (before the card play: the one hands are sorted by)."""
        if self._play is not None:
            return self._play.contract
        return self.rules.contract_before_play(self)

    @property
    def order(self) -> TrickOrder:
        return self.contract.order

    @property
    def tricks(self) -> list[Trick]:
        return self._play.tricks if self._play is not None else []

    @property
    def trick(self) -> list[Card]:
        """The cards of the current trick, in play order."""
        return self._play.trick if self._play is not None else []

    @property
    def trick_leader(self) -> int | None:
        """The seat that led (or leads) the current trick, during the card play."""
        if self._play is None or self.finished:
            return None
        return self._play.leader

    @property
    def pushes(self) -> int:
        """Schieberamsch pushes so far."""
        return sum(1 for _, what in self.log if what == "push")

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds, in display order (trumps first)."""
        return sorted(cards_of(self.held[seat]), key=self.order.sort_key)

    def initial_hand(self, seat: int) -> tuple[Card, ...]:
        return self._initial[seat]

    @property
    def initial_skat(self) -> tuple[Card, ...]:
        """The skat as dealt."""
        return self._initial_skat

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now."""
        phase = self._phase
        if self.result is not None or phase.to_act is None:
            return []
        return phase.legal(self)

    def public_view(self) -> PublicView:
        """What every player at the table may see now."""
        play = self._play
        counts = play.trick_counts() if play is not None else [0] * self.players
        points = play.points_taken() if play is not None else [0] * self.players
        return PublicView(
            game=self.rules.game,
            players=self.players,
            phase=self.phase,
            to_act=self.to_act,
            contract=play.contract.name if play is not None else None,
            trick_leader=self.trick_leader,
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            trick_counts=tuple(counts),
            points_taken=tuple(points),
            log=tuple(self.log),
            pushes=self.pushes,
            result=self.result,
            order=self.order,
            rules=self.rules,
            state=self.state.copy() if self.state is not None else None,
            open_hands=tuple(self._phase.open_hands(self).items()),
        )

    def view(self, seat: int, public: PublicView | None = None) -> SeatView:
        """What ``seat`` may see now. Raises IllegalActionError for a seat not in the deal.
        ``public``: this deal's ``public_view()`` now, if already at hand (a render of every
        seat's hand builds it once)."""
        if not 0 <= seat < self.players:
            raise IllegalActionError("There is no seat {seat} in this deal", seat=seat)
        own_turn = self.to_act == seat and not self.finished
        seen = self._phase.hand_seen(self, seat)
        return SeatView(
            seat=seat,
            public=self.public_view() if public is None else public,
            hand=tuple(self.hand(seat)) if seen is None else seen,
            legal=tuple(self._phase.offered(self)) if own_turn else (),
            skat=self._phase.skat_seen(self, seat),
            laid=self.laid[seat],
            drawn=self.drawn[seat],
        )

    def copy(self) -> Deal:
        """An independent copy of this deal in its current state."""
        other = Deal.__new__(Deal)
        other.__dict__.update(self.__dict__)
        for name in ("held", "laid", "drawn", "log", "history"):
            setattr(other, name, list(getattr(self, name)))
        if self.state is not None:
            other.state = self.state.copy()
        other._phase = self._phase.copy()
        if self._play is self._phase:
            assert isinstance(other._phase, CardPlay)
            other._play = other._phase
        return other

    def check(self, action: Action, seat: int | None = None) -> None:
        """Raise the error ``apply`` would raise, without changing the deal."""
        if (seat is None or seat == self.to_act) and action in self.legal_actions():
            return
        self.copy().apply(action, seat)

    # -- changes ---------------------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply ``action`` for the seat to act (checked against ``seat`` when given).

        Raises DealFinishedError after the end, NotYourTurnError for another seat, and
        IllegalActionError (or a subclass) for an action the rules refuse; a refused action
        changes nothing."""
        phase = self._phase
        acting = phase.to_act
        if self.result is not None or acting is None:
            raise DealFinishedError("The deal is over: no more cards can be played")
        if seat is not None and seat != acting:
            name = seat_message(acting, self.players)
            raise NotYourTurnError(
                "It is not your turn: {name} (seat {seat}) is to act", name=name, seat=acting
            )
        events = phase.apply(self, acting, action)
        self.history.append((acting, action))
        return events

    def deal_again(self, hands: Sequence[Sequence[Card]]) -> None:
        """Give the seats ``hands`` (in the order dealt) in place of the hands the deal was
        made with, for a game whose cards are dealt after a first step that decides how
        (Ramsen's schlecken choice): before it, nobody saw his hand. Raises
        InvalidDealError for hands that do not form the game's deal."""
        self._validate([list(hand) for hand in hands], list(self._initial_skat))
        self.dealt_hands = tuple(tuple(hand) for hand in hands)
        self._initial = tuple(tuple(sorted(hand)) for hand in hands)
        self.held = [mask_of(hand) for hand in hands]

    def to_record(self, seed: int | None = None) -> dict[str, Any]:
        """The deal as a game record (see ``ramsch_core.record``)."""
        from ramsch_core.record import deal_record

        return deal_record(self, seed)
