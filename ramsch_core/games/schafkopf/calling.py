"""Schafkopf before the card play: Klopfen (SF-9, with only the first four cards seen) and the
calls in turn from forehand, a higher call overriding a lower one (SF-2, SF-3, SF-11, SF-12,
SF-16; SK-9)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from ramsch_core.actions import Action, Event, registered
from ramsch_core.cards import Card, Suit
from ramsch_core.errors import IllegalActionError, Message, RecordError
from ramsch_core.games.schafkopf.contract import (
    CALL_RANK,
    CALLABLE_ACES,
    SUITED_GAMES,
    TOUT_GAMES,
    SchafkopfContest,
    call_rank,
    called_ace,
    holds_sie,
    schafkopf_game_order,
)
from ramsch_core.games.schafkopf.hochzeit import may_offer
from ramsch_core.phases import Phase
from ramsch_core.phases.say import Pass, Said, SayingRound
from ramsch_core.tricks.order import JACKS, OBERS

if TYPE_CHECKING:
    from ramsch_core.deal import Deal

CallName = Literal["sauspiel", "wenz", "solo", "geier", "farbwenz", "ramsch", "sie", "hochzeit"]
CALL_NAMES: tuple[CallName, ...] = (
    "sauspiel", "wenz", "solo", "geier", "farbwenz", "ramsch", "sie", "hochzeit"
)  # fmt: skip
FIRST_CARDS = 4
"""SF-1/SF-9: the cards dealt before Klopfen (three in the short pack, SF-15)."""


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
    """Call a game: a Sauspiel on an Ace (``ace``), a Wenz, a Solo in ``suit``, a Wenz or Solo
    ``tout`` (SF-11), a Sie (SF-12), or — on a Stock table, by the fourth seat after three
    passes — a Ramsch. The unused of ``ace`` and ``suit`` are None and, like a false
    ``tout``, left out of the JSON."""

    kind: ClassVar[str] = "call"
    fields: ClassVar[tuple[str, ...]] = ("game", "ace", "suit", "tout")
    game: CallName
    ace: Suit | None
    suit: Suit | None
    tout: bool

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"action": self.kind, "game": self.game}
        if self.ace is not None:
            data["ace"] = self.ace.letter
        if self.suit is not None:
            data["suit"] = self.suit.letter
        if self.tout:
            data["tout"] = True
        return data

    @classmethod
    def from_json(cls, item: Mapping[str, Any], where: str | Message) -> Action:
        game = item.get("game")
        if game not in CALL_NAMES:
            raise RecordError(
                "{where}: a call names a game: sauspiel, hochzeit, wenz, solo, geier, farbwenz, "
                "sie or ramsch, got {game}",
                where=where,
                game=repr(game),
            )
        tout = item.get("tout", False)
        if not isinstance(tout, bool):
            raise RecordError(
                "{where}: 'tout' is true or false, got {value}", where=where, value=repr(tout)
            )
        return cls(game, _suit_field(item, "ace", where), _suit_field(item, "suit", where), tout)

    @property
    def words(self) -> str:
        """As ``SchafkopfContest.said`` writes it: ``sauspiel C``, ``wenz``, ``solo H``,
        ``wenz tout``, ``solo H tout``, ``sie``."""
        words: str = self.game
        if self.game == "sauspiel" and self.ace is not None:
            words = f"sauspiel {self.ace.letter}"
        elif self.game in SUITED_GAMES and self.suit is not None:
            words = f"{self.game} {self.suit.letter}"
        return f"{words} tout" if self.tout else words

    def __str__(self) -> str:
        return f"call {self.words}"


def schafkopf_contest(deal: Deal) -> SchafkopfContest:
    """The Schafkopf contest of a deal of full Schafkopf."""
    contest = deal.state
    assert isinstance(contest, SchafkopfContest)
    return contest


def first_cards(deal: Deal, seat: int, count: int = FIRST_CARDS) -> tuple[Card, ...]:
    """The ``count`` cards ``seat`` was dealt first (``Deal.dealt_hands``), in display
    order."""
    first = deal.dealt_hands[seat][:count]
    return tuple(sorted(first, key=deal.order.sort_key))


class Knocking(SayingRound):
    """SF-9: each seat in turn from forehand knocks or not, seeing its first four cards only
    (three in the short pack, SF-15)."""

    name: ClassVar[str] = "knocking"

    def __init__(self, players: int, seen: int = FIRST_CARDS) -> None:
        super().__init__(players)
        self.seen = seen

    def copy(self) -> Phase:
        other = Knocking(self.players, self.seen)
        other.to_act = self.to_act
        return other

    def hand_seen(self, deal: Deal, seat: int) -> tuple[Card, ...] | None:
        return first_cards(deal, seat, self.seen)

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


HOCHZEIT = Call("hochzeit", None, None, False)
SIE = Call("sie", None, None, False)
RAMSCH = Call("ramsch", None, None, False)
SIE_MASK = sum(1 << card for card in OBERS + JACKS)
"""SF-12: the four Obers and four Unters, as a hand's card mask (bit = card value)."""


@cache
def _sauspiele() -> tuple[tuple[Call, int, int], ...]:
    """SF-3: per callable Ace, its Sauspiel call, the Ace's bit and its suit's plain cards (a
    hand may call it holding a plain card of the suit but not the Ace)."""
    plain = schafkopf_game_order("sauspiel").class_masks
    return tuple(
        (Call("sauspiel", suit, None, False), 1 << called_ace(suit), plain[suit])
        for suit in CALLABLE_ACES
    )


@cache
def _table_calls(
    wenz: bool, geier: bool, farbwenz: bool, tout: bool
) -> tuple[tuple[Call, int], ...]:
    """The calls a table offers whatever the hand, in the order they are offered — Wenz,
    Geier, each Farbwenz, each Solo, then the same Tout (SF-11) — each with its rank."""
    calls: list[Call] = []
    if wenz:
        calls.append(Call("wenz", None, None, False))
    if geier:
        calls.append(Call("geier", None, None, False))
    if farbwenz:
        calls += [Call("farbwenz", None, suit, False) for suit in Suit]
    calls += [Call("solo", None, suit, False) for suit in Suit]
    if tout:
        calls += [Call(call.game, call.ace, call.suit, True) for call in calls]
    return tuple((call, call_rank(call.game, call.tout)) for call in calls)


class Calling(Phase):
    """SF-2: each seat once from forehand passes or calls a game that outranks every call
    before it; the last call stands. With ``stock`` (SK-9) the fourth seat, after three
    passes, may also call a Ramsch; its pass throws the cards in. When all pass the game is
    ``all_pass``'s: a Ramsch, or ``passed`` (thrown in, a Stock). With ``tout`` a Wenz or
    Solo may be called Tout (SF-11); with ``sie`` a hand of the four Obers and four Unters
    may show its Sie, which ends the calls at once (SF-12). ``stock_choice`` is the Stock
    table's last word after a Hochzeit nobody accepted (SF-16): only the fourth seat speaks,
    choosing a Ramsch or, by passing, the Stock."""

    name: ClassVar[str] = "calling"

    def __init__(
        self,
        players: int,
        wenz: bool,
        all_pass: Literal["ramsch", "stock", "throw_in"],
        tout: bool = False,
        sie: bool = False,
        geier: bool = False,
        farbwenz: bool = False,
        hochzeit: bool = False,
        stock_choice: bool = False,
    ) -> None:
        self.players = players
        self.hochzeit = hochzeit
        self.stock_choice = stock_choice
        self.before: tuple[int, Call] | None = None
        """The call a Hochzeit overrode, which stands if nobody accepts it (SF-16)."""
        self.wenz = wenz
        self.geier = geier
        self.farbwenz = farbwenz
        self.tout = tout
        self.sie = sie
        self.all_pass = all_pass
        self.stock = all_pass == "stock"
        self.to_act = players - 1 if stock_choice else 0
        self.best: Call | None = None
        self.caller: int | None = None

    def copy(self) -> Phase:
        other = Calling.__new__(Calling)
        other.__dict__.update(self.__dict__)
        return other

    def _ramsch_open(self, seat: int) -> bool:
        return self.stock and seat == self.players - 1 and self.best is None

    def _calls(self, deal: Deal, seat: int) -> list[Call]:
        """The calls open to ``seat``: the Sauspiele it may call, a Hochzeit, the games of the
        table (each Wenz, Geier, Farbwenz and Solo, then Tout), a Sie, a Ramsch, in this order;
        each outranks the call that stands (a Ramsch outranks nothing and is open regardless)."""
        if self.stock_choice:  # SF-16: nobody took the Hochzeit, the dealer's last word
            return [RAMSCH]
        hand = deal.held[seat]
        floor = -1 if self.best is None else call_rank(self.best.game, self.best.tout)
        calls = [call for call, ace, plain in _sauspiele() if not hand & ace and hand & plain]
        if floor >= CALL_RANK["sauspiel"]:
            calls = []
        if self.hochzeit and floor < CALL_RANK["hochzeit"] and may_offer(hand):
            calls.append(HOCHZEIT)
        calls += [
            call
            for call, rank in _table_calls(self.wenz, self.geier, self.farbwenz, self.tout)
            if rank > floor
        ]
        if self.sie and floor < CALL_RANK["sie"] and hand & SIE_MASK == SIE_MASK:  # SF-12
            calls.append(SIE)
        if self._ramsch_open(seat):
            calls.append(RAMSCH)
        return calls

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
        if self.stock_choice and call.game != "ramsch":
            return IllegalActionError(
                "Nobody accepted the Hochzeit: choose a Ramsch, or pass to leave a Stock"
            )
        if call.game == "sauspiel":
            if call.ace is None or call.suit is not None:
                return IllegalActionError(
                    "A Sauspiel names the Ace it calls (ace C, S or D) and no other suit"
                )
        elif call.game == "farbwenz":
            if call.suit is None or call.ace is not None:
                return IllegalActionError(
                    "A Farbwenz names its trump suit (suit C, S, H or D) and no Ace"
                )
        elif call.game == "solo":
            if call.suit is None or call.ace is not None:
                return IllegalActionError(
                    "A Solo names its trump suit (suit C, S, H or D) and no Ace"
                )
        elif call.ace is not None or call.suit is not None:
            return IllegalActionError("A call of {game} names no suit and no Ace", game=call.game)
        if call.game == "hochzeit":
            if not self.hochzeit:
                return IllegalActionError("Hochzeit is not played at this table")
            if not may_offer(deal.held[seat]):
                return IllegalActionError("A Hochzeit is offered with exactly one trump in hand")
        if call.game == "wenz" and not self.wenz:
            return IllegalActionError("Wenz is not played at this table")
        if call.game == "geier" and not self.geier:
            return IllegalActionError("Geier is not played at this table")
        if call.game == "farbwenz" and not self.farbwenz:
            return IllegalActionError("Farbwenz is not played at this table")
        if call.tout and call.game not in TOUT_GAMES:
            return IllegalActionError("Only a Wenz, Geier, Farbwenz or Solo can be played Tout")
        if call.tout and not self.tout:
            return IllegalActionError("Tout is not played at this table")
        if call.game == "sie":
            if not self.sie:
                return IllegalActionError("Sie is not played at this table")
            if not holds_sie(deal.hand(seat)):
                return IllegalActionError(
                    "A Sie needs all four Obers and all four Unters in your hand"
                )
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
        if best is not None and call_rank(call.game, call.tout) <= call_rank(best.game, best.tout):
            if best.game == "solo" and not best.tout and not self.tout:
                return IllegalActionError("A Solo has been called and nothing outranks it: pass")
            if best.tout:
                return IllegalActionError(
                    "A {game} Tout has been called: only a higher game overrides it",
                    game=best.game.capitalize(),
                )
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
            if self.best is not None and self.caller is not None:
                self.before = (self.caller, self.best)
            self.best, self.caller = action, seat
            contest.said.append((seat, action.words))
            events: list[Event] = [Said(seat, action.words)]
        elif isinstance(action, Pass):
            contest.said.append((seat, "pass"))
            events = [Said(seat, "pass")]
        else:
            raise IllegalActionError("The calls come now: pass or call a game")
        sie = isinstance(action, Call) and action.game == "sie"  # SF-12: nothing outranks it
        if seat + 1 < self.players and not sie:
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
                contest.tout = best.tout
        return events + deal.advance(self)
