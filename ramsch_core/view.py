"""What the players may see of a deal: the public view, and one seat's view, built by the core."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ramsch_core.actions import Action
from ramsch_core.cards import Card
from ramsch_core.result import DealResult, Trick
from ramsch_core.tricks.order import TrickOrder

if TYPE_CHECKING:
    from ramsch_core.rules import RuleSet


@dataclass(frozen=True)
class PublicView:
    """Everything about a deal that every player at the table may see: no hand, no skat."""

    game: str
    players: int
    phase: str
    to_act: int | None
    contract: str | None
    """The contract being played, once the card play has begun."""
    trick_leader: int | None
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    trick_counts: tuple[int, ...]
    points_taken: tuple[int, ...]
    log: tuple[tuple[int, str], ...]
    """The public steps before the card play, in order: ``(seat, "push" | "pass_on")``."""
    pushes: int
    result: DealResult | None
    order: TrickOrder
    """The trick order in force (or, before a contract is chosen, the one hands are sorted by)."""
    rules: RuleSet
    open_hands: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """Hands laid open to the table (an Ouvert declarer's), as (seat, cards)."""
    state: Any = None
    """A copy of what the game keeps public besides the cards (full Skat: the bidding, the
    declarer, the declaration, Kontra and Re — ``SkatContest``), or None."""

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        return tuple(card for trick in self.tricks for card in trick.cards) + self.trick


@dataclass(frozen=True)
class SeatView:
    """What one seat may see: the public view, its own hand and the cards it was shown or laid
    itself — never another hand, nor the skat unless it picked it up."""

    seat: int
    public: PublicView
    hand: tuple[Card, ...]
    legal: tuple[Action, ...]
    """The actions offered to the seat: empty unless it is the seat to act."""
    skat: tuple[Card, ...]
    """The skat, while the seat holds it picked up (Schieberamsch; a Skat declarer until he
    has laid two away); empty otherwise."""
    laid: tuple[Card, ...]
    """The cards the seat laid face down: two in a Schieberamsch or after taking the skat, any
    number in Ramsen's exchange."""
    drawn: tuple[Card, ...] = ()
    """The cards the seat drew in Ramsen's exchange, the upcard too if it took it."""

    @property
    def players(self) -> int:
        return self.public.players

    @property
    def phase(self) -> str:
        return self.public.phase

    @property
    def to_act(self) -> int | None:
        return self.public.to_act

    @property
    def trick_leader(self) -> int | None:
        return self.public.trick_leader

    @property
    def trick(self) -> tuple[Card, ...]:
        return self.public.trick

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return self.public.tricks

    @property
    def trick_counts(self) -> tuple[int, ...]:
        return self.public.trick_counts

    @property
    def points_taken(self) -> tuple[int, ...]:
        return self.public.points_taken

    @property
    def log(self) -> tuple[tuple[int, str], ...]:
        return self.public.log

    @property
    def pushes(self) -> int:
        return self.public.pushes

    @property
    def result(self) -> DealResult | None:
        return self.public.result

    @property
    def order(self) -> TrickOrder:
        return self.public.order

    @property
    def rules(self) -> RuleSet:
        return self.public.rules

    @property
    def played(self) -> tuple[Card, ...]:
        return self.public.played

    @property
    def open_hands(self) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        return self.public.open_hands
