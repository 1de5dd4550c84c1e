"""Skat bidding (FS-4, FS-5, FS-1): middlehand bids to forehand, rearhand to the survivor; when
both pass without a bid, forehand has the last word — or, at a table where he must play
(FS-16), is the declarer at 18."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ramsch_core.actions import Action, Event, registered
from ramsch_core.errors import IllegalActionError, Message, RecordError
from ramsch_core.games.skat.contract import LADDER, SkatContest
from ramsch_core.phases import Phase
from ramsch_core.phases.say import Pass, Said

if TYPE_CHECKING:
    from ramsch_core.deal import Deal


@registered
@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Name a value of the bid ladder to the seat being bid to."""

    kind: ClassVar[str] = "bid"
    fields: ClassVar[tuple[str, ...]] = ("value",)
    value: int

    def to_json(self) -> dict[str, Any]:
        return {"action": self.kind, "value": self.value}

    @classmethod
    def from_json(cls, item: Mapping[str, Any], where: str | Message) -> Action:
        value = item.get("value")
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordError(
                "{where}: a bid names a value like 18, got {value}", where=where, value=repr(value)
            )
        return cls(value)

    def __str__(self) -> str:
        return f"bid {self.value}"


@registered
@dataclass(frozen=True, slots=True)
class Hold(Action):
    """The seat being bid to holds the value named ("yes")."""

    kind: ClassVar[str] = "hold"

    def __str__(self) -> str:
        return "hold"


class Bidding(Phase):
    """The bidding of one deal. ``bidder`` names values to ``listener``; the first round is
    middlehand to forehand, the second rearhand to the survivor; then, if nobody bid, forehand
    alone has the last word (``listener`` None) — unless ``forehand_plays``: then he is the
    declarer at 18 at once (FS-16)."""

    name: ClassVar[str] = "bidding"

    def __init__(self, contest: SkatContest, *, forehand_plays: bool = False) -> None:
        self.contest = contest
        self.forehand_plays = forehand_plays
        self.bidder = 1
        self.listener: int | None = 0
        self.round = 1
        self.to_act = 1
        self.answering = False
        """Whether the listener is to answer the value just named."""

    def copy(self) -> Phase:
        other = Bidding.__new__(Bidding)
        other.__dict__.update(self.__dict__)
        return other

    def _values(self, deal: Deal) -> list[int]:
        return [value for value in LADDER if value > deal_contest(deal).bid]

    def legal(self, deal: Deal) -> list[Action]:
        if self.answering:
            return [Hold(), Pass()]
        return [*(Bid(value) for value in self._values(deal)), Pass()]

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        contest = deal_contest(deal)
        if isinstance(action, Bid):
            if self.answering:
                raise IllegalActionError(
                    "{bid} has been bid to you: hold it or pass", bid=contest.bid
                )
            if action.value not in LADDER:
                values = self._values(deal)
                if not values:
                    raise IllegalActionError(
                        "{value} is not a value you can bid: the next is none", value=action.value
                    )
                raise IllegalActionError(
                    "{value} is not a value you can bid: the next is {next}",
                    value=action.value,
                    next=values[0],
                )
            if action.value <= contest.bid:
                raise IllegalActionError("Bid more than {bid}", bid=contest.bid)
            contest.bid = action.value
            contest.said.append((seat, str(action.value)))
            events: list[Event] = [Said(seat, str(action.value))]
            if self.listener is None:  # forehand's last word: he plays
                return events + self._won_by(deal, seat)
            self.answering = True
            self.to_act = self.listener
            return events
        if isinstance(action, Hold):
            if not self.answering:
                raise IllegalActionError("Nobody has bid to you: bid a value or pass")
            contest.said.append((seat, "hold"))
            self.answering = False
            self.to_act = self.bidder
            return [Said(seat, "hold")]
        if isinstance(action, Pass):
            contest.said.append((seat, "pass"))
            events = [Said(seat, "pass")]
            if self.listener is None:  # forehand passes too: all passed
                contest.passed_out = True
                return events + deal.advance(self)
            survivor = self.bidder if seat == self.listener else self.listener
            return events + self._next_round(deal, survivor)
        raise IllegalActionError("The bidding comes first: bid, hold or pass")

    def _next_round(self, deal: Deal, survivor: int) -> list[Event]:
        self.answering = False
        if self.round == 1:
            self.round = 2
            self.bidder, self.listener = 2, survivor
            self.to_act = 2
            return []
        contest = deal_contest(deal)
        if contest.bid == 0 and self.forehand_plays:
            # FS-16: nobody bid; forehand must play, as if he had bid 18
            contest.bid = LADDER[0]
            return self._won_by(deal, survivor)
        if contest.bid == 0:
            # FS-1/FS-5: nobody bid; forehand (the survivor) has the last word
            self.bidder, self.listener = survivor, None
            self.to_act = survivor
            self.round = 3
            return []
        return self._won_by(deal, survivor)

    def _won_by(self, deal: Deal, seat: int) -> list[Event]:
        deal_contest(deal).declarer = seat
        self.to_act = None
        return deal.advance(self)


def forehand_must_play(contest: SkatContest) -> bool:
    """Whether the declarer was made so by two passes, nobody having named a value (FS-16):
    any other declarer named or held a value in the bidding."""
    return contest.declarer is not None and not any(what.isdigit() for _seat, what in contest.said)


def deal_contest(deal: Deal) -> SkatContest:
    """The Skat contest of a deal of full Skat."""
    contest = deal.state
    assert isinstance(contest, SkatContest)
    return contest
