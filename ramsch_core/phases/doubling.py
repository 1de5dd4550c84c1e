"""A card play in which the defenders may double (Kontra) and the declaring side redouble (Re),
each as an action of the seat to act that keeps the turn (FS-12); and a declarer who loses at
his first trick may end it early (Null, FS-11a)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from ramsch_core.actions import Action, Event, registered
from ramsch_core.errors import IllegalActionError
from ramsch_core.phases.say import Said
from ramsch_core.tricks.play import CardPlay

if TYPE_CHECKING:
    from ramsch_core.cards import Card
    from ramsch_core.contracts import Contract
    from ramsch_core.deal import Deal


@registered
@dataclass(frozen=True, slots=True)
class Kontra(Action):
    """A defender doubles the game, before his first card."""

    kind: ClassVar[str] = "kontra"

    def __str__(self) -> str:
        return "Kontra"


@registered
@dataclass(frozen=True, slots=True)
class Re(Action):
    """The declarer answers a Kontra, before his next card."""

    kind: ClassVar[str] = "re"

    def __str__(self) -> str:
        return "Re"


class DoublingPlay(CardPlay):
    """The card play of a declared game. ``declarers`` are the declaring side; with
    ``doubling`` on, Kontra and Re are offered as FS-12 says; the contract's scorer learns the
    level through ``with_kontra``. With ``ends_on_declarer_trick`` the play stops at the first
    trick the declaring side takes (Null)."""

    def __init__(
        self,
        contract: Contract,
        players: int,
        tricks: int,
        declarers: frozenset[int],
        doubling: bool,
        ends_on_declarer_trick: bool = False,
        open_hands: bool = False,
    ) -> None:
        super().__init__(contract, players, tricks)
        self.declarers = declarers
        self.open = open_hands
        """Whether the declaring side plays with its cards open (Ouvert)."""
        self.doubling = doubling
        self.ends_on_declarer_trick = ends_on_declarer_trick
        self.kontra = 0
        self.re_open: frozenset[int] = frozenset()
        """The seats of the declaring side that may still answer a Kontra with Re: each until
        its own next card, so that whether a seat is offered Re depends only on what it knows
        (in a Sauspiel the partner's card would tell the caller who holds the called Ace)."""

    def open_hands(self, deal: Deal) -> dict[int, tuple[Card, ...]]:
        if not self.open:
            return {}
        return {seat: tuple(deal.hand(seat)) for seat in sorted(self.declarers)}

    def _may_kontra(self, deal: Deal, seat: int) -> bool:
        unplayed = deal.held[seat].bit_count() == self.total  # before his first card
        return self.doubling and self.kontra == 0 and seat not in self.declarers and unplayed

    def _may_re(self, seat: int) -> bool:
        return self.doubling and self.kontra == 1 and seat in self.re_open

    def legal(self, deal: Deal) -> list[Action]:
        actions = super().legal(deal)
        seat = self.to_act
        assert seat is not None
        if self._may_kontra(deal, seat):
            actions.append(Kontra())
        elif self._may_re(seat):
            actions.append(Re())
        return actions

    def _double(self, deal: Deal, seat: int, level: int, what: str) -> list[Event]:
        self.kontra = level
        scorer = self.contract.scorer
        with_kontra = getattr(scorer, "with_kontra", None)
        if with_kontra is not None:
            self.contract = replace(self.contract, scorer=with_kontra(level))
        contest = deal.state  # the game's record of what was said, if it keeps one
        if contest is not None:
            contest.kontra = level
            contest.said.append((seat, what))
        return [Said(seat, what)]

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Kontra):
            if not self._may_kontra(deal, seat):
                raise self._why_not_kontra(seat)
            self.re_open = self.declarers
            return self._double(deal, seat, 1, "kontra")
        if isinstance(action, Re):
            if not self._may_re(seat):
                if self.doubling:
                    raise IllegalActionError(
                        "Re can only answer a Kontra, by the declarer before his next card"
                    )
                raise IllegalActionError("Kontra and Re are not played at this table")
            self.re_open = frozenset()
            return self._double(deal, seat, 2, "re")
        events = super().apply(deal, seat, action)
        if seat in self.re_open:
            self.re_open = self.re_open - {seat}  # its card: too late for its Re
        return events

    def _ends_after_trick(self, deal: Deal) -> bool:
        """A Null declarer loses with his first trick."""
        return self.ends_on_declarer_trick and self.tricks[-1].winner in self.declarers

    def _why_not_kontra(self, seat: int) -> IllegalActionError:
        if not self.doubling:
            return IllegalActionError("Kontra and Re are not played at this table")
        if seat in self.declarers:
            return IllegalActionError("Only a defender can say Kontra")
        if self.kontra:
            return IllegalActionError("Kontra has already been said")
        return IllegalActionError("Kontra must be said before your first card")
