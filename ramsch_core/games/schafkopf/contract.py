"""The contracts of full Schafkopf: Sauspiel, Wenz and Farbsolo, each Wenz or Solo also Tout —
trick orders, Laufende, the tariff and the scorer (SF-3..9, SF-11); the result of a Sie shown
without play (SF-12); and a Ramsch scorer doubled by knocks (SF-9).

``SchafkopfContest`` is the public record of what a deal has decided: it is copied into every
view, so it never names a Sauspiel's partner before the called Ace is played.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ramsch_core.cards import Card, Rank, Suit
from ramsch_core.contracts import Contract, Score, Scorer
from ramsch_core.contracts.ramsch import GRAND_RANKS, SCHAFKOPF_RANKS, schafkopf_order
from ramsch_core.kernel.tally import Tally
from ramsch_core.result import DealResult
from ramsch_core.tricks.constraints import FOLLOW_SUIT
from ramsch_core.tricks.order import JACKS, OBERS, TrickOrder, plain_suits

GameName = Literal["sauspiel", "wenz", "solo", "geier", "farbwenz", "hochzeit"]
PLAYED_GAMES: tuple[GameName, ...] = ("sauspiel", "wenz", "solo", "geier", "farbwenz", "hochzeit")
"""The called games that are played out (a Sie is not: SF-12)."""
SUITED_GAMES: tuple[GameName, ...] = ("solo", "farbwenz")
"""The games that name a trump suit."""
CALL_RANK: dict[str, int] = {
    "ramsch": 0, "sauspiel": 1, "hochzeit": 2, "farbwenz": 3, "wenz": 4, "geier": 4, "solo": 5,
    "sie": 10,
}  # fmt: skip
"""SF-2, SF-13, SF-14, SF-16: a higher call overrides a lower one — Sauspiel < Hochzeit <
Farbwenz < Wenz and Geier (alike) < Farbsolo; a Ramsch (Stock tables, SK-9) outranks nothing;
a Sie (SF-12) everything."""
TOUT_RANK: dict[str, int] = {"farbwenz": 6, "wenz": 7, "geier": 7, "solo": 8}
"""SF-11: a Tout outranks every game without Tout, in the order of the games themselves."""
TOUT_GAMES: tuple[GameName, ...] = ("wenz", "solo", "geier", "farbwenz")
"""SF-11: the games that may be declared Tout."""
LAUFENDE_FROM: dict[str, int] = {
    "sauspiel": 3,
    "hochzeit": 3,
    "solo": 3,
    "farbwenz": 3,
    "wenz": 2,
    "geier": 2,
}
"""SF-7, SF-13, SF-14: the shortest run of top trumps that counts as Laufende."""
GEIER_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
"""SF-13: a suit in a Geier, the Unter between the King and the 9."""
SIE_FACTOR = 4
"""SF-12, the house reading: a Sie is paid as a Tout doubled again, four times a Solo."""
SIE_LAUFENDE = 8
"""SF-12: the four Obers and four Unters are the eight top trumps of a Solo: with 8."""


def call_rank(game: str, tout: bool = False) -> int:
    """SF-2, SF-11, SF-12: Sauspiel < Wenz < Farbsolo < Wenz-Tout < Solo-Tout < Sie."""
    return TOUT_RANK[game] if tout else CALL_RANK[game]


CALLABLE_ACES: tuple[Suit, ...] = (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS)
"""SF-3: the plain-suit Aces a Sauspiel may call (Hearts are trumps)."""


class Tariff(BaseModel):
    """SF-7: what a game is worth, in cents."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    sauspiel: int = Field(10, ge=1, le=1000, description="a Sauspiel, in cents")
    solo: int = Field(50, ge=1, le=1000, description="a Solo or a Wenz, in cents")
    extra: int = Field(
        10, ge=1, le=1000, description="each of Schneider, Schwarz and each Laufender, in cents"
    )


@cache
def schafkopf_game_order(game: GameName, suit: Suit | None = None) -> TrickOrder:
    """SF-3 (Sauspiel: SK-2), SF-4 (Wenz: the Unters only, Obers in their suits between King
    and 9), SF-5 (Farbsolo: Obers, Unters, then the chosen suit A 10 K 9 8 7), SF-13 (Geier:
    the Obers only, Unters in their suits between King and 9) and SF-14 (Farbwenz: Unters,
    then the chosen suit A 10 K O 9 8 7)."""
    if game in ("sauspiel", "hochzeit"):  # SF-16: a Hochzeit is played as a Sauspiel
        return schafkopf_order(obers_unters_only=False)
    if game == "wenz":
        return TrickOrder(JACKS, plain_suits(GRAND_RANKS))
    if game == "geier":
        return TrickOrder(OBERS, plain_suits(GEIER_RANKS))
    assert suit is not None
    if game == "farbwenz":
        trumps = JACKS + tuple(Card(suit * 8 + rank) for rank in GRAND_RANKS)
        return TrickOrder(trumps, plain_suits(GRAND_RANKS, exclude=trumps))
    trumps = OBERS + JACKS + tuple(Card(suit * 8 + rank) for rank in SCHAFKOPF_RANKS)
    return TrickOrder(trumps, plain_suits(SCHAFKOPF_RANKS, exclude=trumps))


def laufende(game: GameName, suit: Suit | None, side: Iterable[Card]) -> int:
    """SF-7: the unbroken run of top trumps from the Eichel-Ober (Eichel-Unter in a Wenz or
    Farbwenz) that one side held as dealt, "with" or "without" alike; 0 below the minimum
    (3; Wenz and Geier 2)."""
    cards = frozenset(side)
    trumps = schafkopf_game_order(game, suit).trumps
    holding = trumps[0] in cards
    count = 0
    for card in trumps:
        if (card in cards) != holding:
            break
        count += 1
    return count if count >= LAUFENDE_FROM[game] else 0


def called_ace(suit: Suit) -> Card:
    return Card(suit * 8 + Rank.ACE)


@dataclass
class SchafkopfContest:
    """What a deal of full Schafkopf has decided so far, all of it public: the knocks, the
    calls, the game, Kontra and Re, and a Sauspiel's partner once the called Ace is played."""

    knocks: list[int] = field(default_factory=list)
    """The seats that knocked (SF-9), in order."""
    game: str | None = None
    """``sauspiel``, ``hochzeit`` (SF-16, from the offer on), ``wenz``, ``solo``, ``geier``,
    ``farbwenz``, ``sie``, ``ramsch`` or ``passed`` once the calls are over."""
    declarer: int | None = None
    suit: Suit | None = None
    """The trump suit of a Solo."""
    ace: Suit | None = None
    """The suit of a Sauspiel's called Ace."""
    partner: int | None = None
    """The holder of the called Ace, once it has been played; None until then. In a Hochzeit
    (SF-16) the seat that accepted it, known to all at once."""
    tout: bool = False
    """Whether the Wenz or Solo being played was declared Tout (SF-11)."""
    kontra: int = 0
    """0 none, 1 Kontra, 2 Re."""
    said: list[tuple[int, str]] = field(default_factory=list)
    """Everything said, in order: ``(seat, "knock" | "no_knock" | "pass" | "sauspiel C" |
    "wenz" | "solo H" | "wenz tout" | "solo H tout" | "sie" | "hochzeit" | "accept" | "ramsch" |
    "kontra" | "re")``; the card given for a Hochzeit is not said (SF-16)."""

    @property
    def partner_known(self) -> bool:
        return self.partner is not None

    @property
    def multiplier(self) -> int:
        """SF-9: 2 to the power of knocks plus the Kontra level."""
        return 1 << (len(self.knocks) + self.kontra)

    def copy(self) -> SchafkopfContest:
        return replace(self, knocks=list(self.knocks), said=list(self.said))


class SchafkopfScorer:
    """SF-6..9: won with 61, Schneider, Schwarz, Laufende, the tariff and the payments; a Tout
    (SF-11) won only with every trick, paid double, without Schneider and Schwarz."""

    def __init__(
        self,
        game: GameName,
        declarer: int,
        partner: int | None,
        suit: Suit | None,
        ace: Suit | None,
        laufende: int,
        tariff: Tariff,
        knocks: int,
        kontra: int = 0,
        tout: bool = False,
    ) -> None:
        self.game = game
        self.declarer = declarer
        self.partner = partner
        self.suit = suit
        self.ace = ace
        self.laufende = laufende
        self.tariff = tariff
        self.knocks = knocks
        self.kontra = kontra
        self.tout = tout

    @property
    def side(self) -> tuple[int, ...]:
        """The declaring side: the declarer, and a Sauspiel's partner."""
        if self.partner is None:
            return (self.declarer,)
        return tuple(sorted({self.declarer, self.partner}))

    def called_card(self) -> Card | None:
        """For the kernel: a Sauspiel's called Ace (SF-3), None for a Wenz or Solo."""
        if self.game != "sauspiel" or self.ace is None:
            return None
        return called_ace(self.ace)

    def with_kontra(self, level: int) -> SchafkopfScorer:
        return SchafkopfScorer(
            self.game,
            self.declarer,
            self.partner,
            self.suit,
            self.ace,
            self.laufende,
            self.tariff,
            self.knocks,
            level,
            self.tout,
        )

    def __call__(self, tally: Tally) -> Score:
        side = self.side
        seats = range(len(tally.points))
        declarer_points = sum([tally.points[seat] for seat in side])
        side_tricks = sum([tally.counts[seat] for seat in side])
        won = declarer_points >= 61  # SF-6
        # SF-7: the declaring side is Schneider with 30 or fewer, the opponents with 29 or fewer
        schneider = 120 - declarer_points <= 29 if won else declarer_points <= 30
        schwarz = side_tricks == 0 or side_tricks == tally.tricks  # a 0-point trick counts
        tariff = self.tariff
        pair = self.game in ("sauspiel", "hochzeit")  # SF-16: a Hochzeit pays as a Sauspiel
        base = tariff.sauspiel if pair else tariff.solo
        multiplier = 1 << (self.knocks + self.kontra)  # SF-9
        if self.tout:  # SF-11: every trick or lost; paid double, no Schneider or Schwarz
            won = side_tricks == tally.tricks
            schneider = schwarz = False
            amount = (base + tariff.extra * self.laufende) * 2 * multiplier
        else:
            amount = (base + tariff.extra * (schneider + schwarz + self.laufende)) * multiplier
        sign = 1 if won else -1
        scores: list[int] = []
        for seat in seats:
            if seat in side:
                share = amount if pair else 3 * amount  # SF-8
                scores.append(sign * share)
            else:
                scores.append(-sign * amount)
        opponents = tuple([seat for seat in seats if seat not in side])
        details: dict[str, Any] = {
            "game": self.game,
            "declarer": self.declarer,
            "partner": self.partner,
            "suit": None if self.suit is None else self.suit.letter,
            "ace": None if self.ace is None else self.ace.letter,
            "declarer_points": declarer_points,
            "won": won,
            "schneider": schneider,
            "schwarz": schwarz,
            "laufende": self.laufende,
            "knocks": self.knocks,
            "kontra": self.kontra,
            "multiplier": multiplier,
            "amount": amount,
        }
        if self.tout:
            details["tout"] = True
        return Score(
            tuple(tally.points),
            tuple(scores),
            opponents if won else side,
            side if won else opponents,
            multiplier,
            details,
        )

    def tags(self, score: Score, tally: Tally) -> tuple[tuple[str, ...], ...]:
        won = bool(score.details and score.details["won"])
        outcome = "won" if won else "lost"
        tags: list[tuple[str, ...]] = []
        for seat in range(len(tally.counts)):
            if seat == self.declarer:
                tags.append(("declarer", outcome))
            elif seat == self.partner:
                tags.append(("partner", outcome))
            else:
                tags.append(("defender",))
        return tuple(tags)

    def events(self, score: Score, tally: Tally) -> frozenset[str]:
        details = score.details or {}
        events = set()
        if self.kontra and not details.get("won"):
            events.add("kontra_won")
        if self.kontra == 2:
            events.add("kontra_re")
        if details.get("schwarz"):
            events.add("schwarz")
        return frozenset(events)


def schafkopf_contract(
    game: GameName,
    declarer: int,
    partner: int | None,
    suit: Suit | None,
    ace: Suit | None,
    side_dealt: Iterable[Card],
    tariff: Tariff,
    knocks: int,
    tout: bool = False,
) -> Contract:
    """The contract of a called game: its order, follow suit (SF-6) and its scorer, with the
    Laufende counted over the declaring side's hands as dealt."""
    count = laufende(game, suit, side_dealt)
    scorer = SchafkopfScorer(game, declarer, partner, suit, ace, count, tariff, knocks, 0, tout)
    return Contract(game, schafkopf_game_order(game, suit), FOLLOW_SUIT, scorer)


class KnockedScorer:
    """SF-9: a Ramsch after an all-pass, doubled once per knock."""

    def __init__(self, inner: Scorer, knocks: int) -> None:
        self.inner = inner
        self.knocks = knocks
        self.factor = 1 << knocks

    def __call__(self, tally: Tally) -> Score:
        score = self.inner(tally)
        factor = self.factor
        return score._replace(
            scores=tuple([value * factor for value in score.scores]),
            multiplier=score.multiplier * factor,
            details={**(score.details or {}), "knocks": self.knocks},
        )

    def tags(self, score: Score, tally: Tally) -> tuple[tuple[str, ...], ...]:
        return self.inner.tags(score, tally)

    def events(self, score: Score, tally: Tally) -> frozenset[str]:
        return self.inner.events(score, tally)


def holds_sie(hand: Iterable[Card]) -> bool:
    """SF-12: all four Obers and all four Unters in one hand."""
    return set(OBERS + JACKS) <= set(hand)


def sie_result(players: int, declarer: int, tariff: Tariff, knocks: int) -> DealResult:
    """SF-12: a Sie shown and won without play: the Solo tariff with its 8 Laufende, four
    times (a Tout doubled again), doubled per knock; each opponent pays it to the declarer."""
    multiplier = 1 << knocks
    amount = (tariff.solo + tariff.extra * SIE_LAUFENDE) * SIE_FACTOR * multiplier
    scores = tuple(Fraction(3 * amount if seat == declarer else -amount) for seat in range(players))
    opponents = tuple(seat for seat in range(players) if seat != declarer)
    zero = (0,) * players
    tags = tuple(
        ("declarer", "won") if seat == declarer else ("defender",) for seat in range(players)
    )
    return DealResult(
        tricks=(),
        card_points=zero,
        trick_counts=zero,
        losers=opponents,
        winners=(declarer,),
        scores=scores,
        skat=(),
        multiplier=multiplier,
        contract="sie",
        tags=tags,
        details={
            "game": "sie",
            "declarer": declarer,
            "partner": None,
            "suit": None,
            "ace": None,
            "declarer_points": None,
            "won": True,
            "schneider": False,
            "schwarz": False,
            "laufende": SIE_LAUFENDE,
            "knocks": knocks,
            "kontra": 0,
            "multiplier": multiplier,
            "amount": amount,
        },
    )
