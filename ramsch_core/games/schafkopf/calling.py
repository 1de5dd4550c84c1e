"""Schafkopf before the card play: Klopfen (SF-9, with only the first four cards seen) and the
calls in turn from forehand, a higher call overriding a lower one (SF-2, SF-3; SK-9)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from ramsch_core.actions import Action, Event, registered
from ramsch_core.cards import Card, Suit
from ramsch_core.errors import IllegalActionError, Message, RecordError
from ramsch_core.games.schafkopf.contract import (
    CALL_RANK,
    CALLABLE_ACES,
    SchafkopfContest,
    called_ace,
    schafkopf_game_order,
)
from ramsch_core.phases import Phase
from ramsch_core.phases.say import Pass, Said, SayingRound

if TYPE_CHECKING:
    from ramsch_core.deal import Deal

CallName = Literal["sauspiel", "wenz", "solo", "ramsch"]
CALL_NAMES: tuple[CallName, ...] = ("sauspiel", "wenz", "solo", "ramsch")
FIRST_CARDS = 4
"""SF-1/SF-9: the cards dealt before Klopfen."""


@registered
@dataclass(frozen=True, slots=True)
class Knock(Action):
    """Double the deal after seeing the first four cards (Klopfen)."""

    kind: ClassVar[str] = "knock"

    def __str__(self) -> str:
        return "knock"


@registered
@dataclass(frozen=True, slots=True)
class NoKnock(Action):
    """Do not knock."""

    kind: ClassVar[str] = "no_knock"

    def __str__(self) -> str:
        return "no knock"


def _suit_field(item: Mapping[str, Any], name: str, where: str | Message) -> Suit | None:
    value = item.get(name)
    if value is None:
        return None
    if not isinstance(value, str) or value.upper() not in ("C", "S", "H", "D"):
        raise RecordError(
            "{where}: '{name}' is a suit letter C, S, H or D, got {value}",
            where=where,
            name=name,
            value=repr(value),
        )
    return Suit("CSHD".index(value.upper()))


@registered
@dataclass(frozen=True, slots=True)
class Call(Action):
    """Call a game: a Sauspiel on an Ace (``ace``), a Wenz, a Solo in ``suit``, or — on a Stock
    table, by the fourth seat after three passes — a Ramsch. The unused of ``ace`` and
    ``suit`` are None and left out of the JSON."""

    kind: ClassVar[str] = "call"
    fields: ClassVar[tuple[str, ...]] = ("game", "ace", "suit")
    game: CallName
    ace: Suit | None
    suit: Suit | None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"action": self.kind, "game": self.game}
        if self.ace is not None:
            data["ace"] = self.ace.letter
        if self.suit is not None:
            data["suit"] = self.suit.letter
        return data

    @classmethod
    def from_json(cls, item: Mapping[str, Any], where: str | Message) -> Action:
        game = item.get("game")
        if game not in CALL_NAMES:
            raise RecordError(
                "{where}: a call names a game: sauspiel, wenz, solo or ramsch, got {game}",
                where=where,
                game=repr(game),
            )
        return cls(game, _suit_field(item, "ace", where), _suit_field(item, "suit", where))

    @property
    def words(self) -> str:
        """As ``SchafkopfContest.said`` writes it: ``sauspiel C``, ``wenz``, ``solo H``."""
        if self.game == "sauspiel" and self.ace is not None:
            return f"sauspiel {self.ace.letter}"
        if self.game == "solo" and self.suit is not None:
            return f"solo {self.suit.letter}"
        return self.game

    def __str__(self) -> str:
        return f"call {self.words}"


def schafkopf_contest(deal: Deal) -> SchafkopfContest:
    """The Schafkopf contest of a deal of full Schafkopf."""
    contest = deal.state
    assert isinstance(contest, SchafkopfContest)
    return contest


def first_cards(deal: Deal, seat: int) -> tuple[Card, ...]:
    """The four cards ``seat`` was dealt first (``Deal.dealt_hands``), in display order."""
    first = deal.dealt_hands[seat][:FIRST_CARDS]
    return tuple(sorted(first, key=deal.order.sort_key))


class Knocking(SayingRound):
    """SF-9: each seat in turn from forehand knocks or not, seeing its first four cards only."""

    name: ClassVar[str] = "knocking"

    def copy(self) -> Phase:
        other = Knocking(self.players)
        other.to_act = self.to_act
        return other

    def hand_seen(self, deal: Deal, seat: int) -> tuple[Card, ...] | None:
        return first_cards(deal, seat)

    def legal(self, deal: Deal) -> list[Action]:
        return [Knock(), NoKnock()]

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, Knock | NoKnock):
            raise IllegalActionError("Knocking comes first: knock or don't (no_knock)")
        contest = schafkopf_contest(deal)
        what = action.kind
        if isinstance(action, Knock):
            contest.knocks.append(seat)
        contest.said.append((seat, what))
        return self.said(deal, seat, what)


class Calling(Phase):
    """SF-2: each seat once from forehand passes or calls a game that outranks every call
    before it; the last call stands. With ``stock`` (SK-9) the fourth seat, after three
    passes, may also call a Ramsch; its pass throws the cards in. When all pass the game is
    ``all_pass``'s: a Ramsch, or ``passed`` (thrown in, a Stock)."""

    name: ClassVar[str] = "calling"

    def __init__(
        self, players: int, wenz: bool, all_pass: Literal["ramsch", "stock", "throw_in"]
    ) -> None:
        self.players = players
        self.wenz = wenz
        self.all_pass = all_pass
        self.stock = all_pass == "stock"
        self.to_act = 0
        self.best: Call | None = None
        self.caller: int | None = None

    def copy(self) -> Phase:
        other = Calling.__new__(Calling)
        other.__dict__.update(self.__dict__)
        return other

    def _ramsch_open(self, seat: int) -> bool:
        return self.stock and seat == self.players - 1 and self.best is None

    def _calls(self, deal: Deal, seat: int) -> list[Call]:
        calls: list[Call] = []
        hand = deal.held[seat]
        for suit in CALLABLE_ACES:
            if self._sauspiel_refusal(hand, suit) is None:
                calls.append(Call("sauspiel", suit, None))
        if self.wenz:
            calls.append(Call("wenz", None, None))
        calls += [Call("solo", None, suit) for suit in Suit]
        if self._ramsch_open(seat):
            calls.append(Call("ramsch", None, None))
        floor = -1 if self.best is None else CALL_RANK[self.best.game]
        return [call for call in calls if call.game == "ramsch" or CALL_RANK[call.game] > floor]

    def legal(self, deal: Deal) -> list[Action]:
        assert self.to_act is not None
        return [Pass(), *self._calls(deal, self.to_act)]

    @staticmethod
    def _sauspiel_refusal(hand: int, suit: Suit) -> IllegalActionError | None:
        ace = called_ace(suit)
        if suit == Suit.HEARTS:
            return IllegalActionError(
                "Hearts are trumps in a Sauspiel: call the Ace of {clubs}, {spades} or {diamonds}",
                clubs=Suit.CLUBS,
                spades=Suit.SPADES,
                diamonds=Suit.DIAMONDS,
            )
        if hand >> ace & 1:
            return IllegalActionError(
                "You hold {card} yourself: call an Ace you do not hold", card=ace
            )
        plain = schafkopf_game_order("sauspiel").class_masks[suit]
        if not hand & plain:
            return IllegalActionError(
                "You hold no {suit} card (Obers and Unters are trumps): call the Ace "
                "of a suit you hold",
                suit=suit,
            )
        return None

    def _refusal(self, deal: Deal, seat: int, call: Call) -> IllegalActionError | None:
        if call.game == "sauspiel":
            if call.ace is None or call.suit is not None:
                return IllegalActionError(
                    "A Sauspiel names the Ace it calls (ace C, S or D) and no other suit"
                )
        elif call.game == "solo":
            if call.suit is None or call.ace is not None:
                return IllegalActionError(
                    "A Solo names its trump suit (suit C, S, H or D) and no Ace"
                )
        elif call.ace is not None or call.suit is not None:
            return IllegalActionError("A call of {game} names no suit and no Ace", game=call.game)
        if call.game == "wenz" and not self.wenz:
            return IllegalActionError("Wenz is not played at this table")
        if call.game == "ramsch":
            if not self.stock:
                return IllegalActionError(
                    "A Ramsch cannot be called at this table: it is played when all pass"
                )
            if not self._ramsch_open(seat):
                return IllegalActionError(
                    "Only the fourth seat, after three passes, can choose a Ramsch"
                )
            return None
        best = self.best
        if best is not None and CALL_RANK[call.game] <= CALL_RANK[best.game]:
            if best.game == "solo":
                return IllegalActionError("A Solo has been called and nothing outranks it: pass")
            return IllegalActionError(
                "A {game} has been called: only a higher game overrides it",
                game=best.game.capitalize(),
            )
        if call.game == "sauspiel" and call.ace is not None:
            return self._sauspiel_refusal(deal.held[seat], call.ace)
        return None

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        contest = schafkopf_contest(deal)
        if isinstance(action, Call):
            refusal = self._refusal(deal, seat, action)
            if refusal is not None:
                raise refusal
            self.best, self.caller = action, seat
            contest.said.append((seat, action.words))
            events: list[Event] = [Said(seat, action.words)]
        elif isinstance(action, Pass):
            contest.said.append((seat, "pass"))
            events = [Said(seat, "pass")]
        else:
            raise IllegalActionError("The calls come now: pass or call a game")
        if seat + 1 < self.players:
            self.to_act = seat + 1
            return events
        self.to_act = None
        best = self.best
        if best is None:
            contest.game = "ramsch" if self.all_pass == "ramsch" else "passed"
        else:
            contest.game = best.game
            if best.game != "ramsch":
                contest.declarer = self.caller
                contest.ace = best.ace
                contest.suit = best.suit
        return events + deal.advance(self)
