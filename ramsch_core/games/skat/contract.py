"""The contracts of full Skat: suit games, Grand and Null — trick orders, the bid ladder, values
and the scorer (FS-4, FS-7..12)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, Literal

from ramsch_core.cards import Card, Rank, Suit
from ramsch_core.contracts import Contract, Score
from ramsch_core.contracts.ramsch import GRAND_RANKS, Taken
from ramsch_core.kernel.tally import Tally
from ramsch_core.tricks.constraints import FOLLOW_SUIT
from ramsch_core.tricks.order import JACKS, TrickOrder, plain_suits

GameName = Literal["clubs", "spades", "hearts", "diamonds", "grand", "null"]
SUIT_GAMES: dict[str, Suit] = {
    "clubs": Suit.CLUBS,
    "spades": Suit.SPADES,
    "hearts": Suit.HEARTS,
    "diamonds": Suit.DIAMONDS,
}
GAMES: tuple[GameName, ...] = ("clubs", "spades", "hearts", "diamonds", "grand", "null")

LADDER: tuple[int, ...] = (
    18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66, 70,
    72, 77, 80, 81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140,
    143, 144, 150, 153, 154, 156, 160, 162, 165, 168, 170, 176, 180, 187, 192, 198, 204, 216,
    240, 264,
)  # fmt: skip
"""FS-4: the values a bid may name."""

BASE: dict[str, int] = {"clubs": 12, "spades": 11, "hearts": 10, "diamonds": 9, "grand": 24}
"""FS-8: the base values of the suit games and Grand."""

NULL_ORDER_RANKS = (
    Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip


def null_value(hand: bool, ouvert: bool) -> int:
    """FS-8: Null 23, Null Hand 35, Null Ouvert 46, Null Ouvert Hand 59."""
    return (59 if hand else 46) if ouvert else (35 if hand else 23)


@cache
def skat_order(game: str) -> TrickOrder:
    """FS-7: the trick order of a game."""
    if game == "null":
        return TrickOrder((), plain_suits(NULL_ORDER_RANKS))
    if game == "grand":
        return TrickOrder(JACKS, plain_suits(GRAND_RANKS, exclude=JACKS))
    suit = SUIT_GAMES[game]
    trumps = JACKS + tuple(Card(suit * 8 + rank) for rank in GRAND_RANKS)
    return TrickOrder(trumps, plain_suits(GRAND_RANKS, exclude=trumps))


def matadors(game: str, cards: frozenset[Card] | set[Card]) -> int:
    """FS-9: "with n" (+n) or "without n" (−n), counted from ♣J down the trump sequence over
    the declarer's twelve cards."""
    trumps = skat_order(game).trumps
    holding = trumps[0] in cards
    count = 0
    for card in trumps:
        if (card in cards) != holding:
            break
        count += 1
    return count if holding else -count


@dataclass(frozen=True, slots=True)
class Declaration:
    """What the declarer declared, with the implied announcements filled in (FS-6)."""

    game: GameName
    hand: bool
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False

    @property
    def null(self) -> bool:
        return self.game == "null"

    def describe(self) -> str:
        """E.g. ``Grand Hand Schneider angesagt``, for logs and errors."""
        parts = [self.game.capitalize()]
        if self.hand:
            parts.append("Hand")
        if self.schwarz:
            parts.append("Schwarz announced")
        elif self.schneider:
            parts.append("Schneider announced")
        if self.ouvert:
            parts.append("Ouvert")
        return " ".join(parts)


@dataclass
class SkatContest:
    """What a deal of full Skat has decided so far: the bidding, the skat, the declaration, the
    doublings. Phases write it; the scorer, the views and the replay read it."""

    bid: int = 0
    """The highest value named in the bidding."""
    declarer: int | None = None
    passed_out: bool = False
    """Everyone passed: the deal is a Ramsch (or thrown in)."""
    picked_up: bool = False
    declaration: Declaration | None = None
    kontra: int = 0
    """0 none, 1 Kontra, 2 Re."""
    said: list[tuple[int, str]] = field(default_factory=list)
    """The bidding and the announcements, in order: ``(seat, "18" | "hold" | "pass" | ...)``."""

    def copy(self) -> SkatContest:
        return replace(self, said=list(self.said))


class SkatScorer:
    """FS-8..12: the value of a suit game, Grand or Null and who won it, from the tally."""

    def __init__(
        self, declaration: Declaration, declarer: int, bid: int, matadors: int, kontra: int = 0
    ) -> None:
        self.declaration = declaration
        self.declarer = declarer
        self.bid = bid
        self.matadors = matadors
        self.kontra = kontra

    @property
    def side(self) -> tuple[int, ...]:
        """The declaring side: the declarer alone against the two defenders."""
        return (self.declarer,)

    def with_kontra(self, level: int) -> SkatScorer:
        return SkatScorer(self.declaration, self.declarer, self.bid, self.matadors, level)

    def _settle(self, tally: Tally) -> tuple[int, int, int, bool, bool, bool, bool]:
        """The declarer's points, the level, the value (doubled by Kontra), whether he won,
        Schneider, Schwarz and an overbid."""
        declaration = self.declaration
        # FS-6: the skat or the two laid away count for the declarer
        declarer_points = tally.points[self.declarer] + tally.skat_points
        taken = tally.counts[self.declarer]
        overbid = schneider = schwarz = False
        if declaration.null:
            level = 1
            value = null_value(declaration.hand, declaration.ouvert)
            won = taken == 0  # FS-10
        else:
            defenders = 120 - declarer_points
            schneider = declarer_points <= 30 or defenders <= 30
            schwarz = taken == 0 or taken == tally.tricks
            level = (
                abs(self.matadors) + 1 + declaration.hand  # FS-9
                + (schneider or declaration.schneider) + declaration.schneider
                + (schwarz or declaration.schwarz) + declaration.schwarz
                + declaration.ouvert
            )  # fmt: skip
            base = BASE[declaration.game]
            value = base * level
            won = (
                declarer_points >= 61
                and (not declaration.schneider or defenders <= 30)
                and (not declaration.schwarz or taken == tally.tricks)
            )
            if value < self.bid:  # FS-11
                overbid, won = True, False
                value = -(-self.bid // base) * base
        value <<= self.kontra  # FS-12
        return declarer_points, level, value, won, schneider, schwarz, overbid

    def values(self, tally: Tally) -> tuple[int, ...]:
        """Only the scores (``Score.scores``), for the AI that scores many tallies."""
        _, _, value, won, _, _, _ = self._settle(tally)
        return _declarer_scores(self.declarer, len(tally.points), value, won)

    def __call__(self, tally: Tally) -> Score:
        d, declaration = self.declarer, self.declaration
        declarer_points, level, value, won, schneider, schwarz, overbid = self._settle(tally)
        points = tally.points[:]
        points[d] = declarer_points
        scores = _declarer_scores(d, len(points), value, won)
        defending = tuple([seat for seat in range(len(points)) if seat != d])
        details: dict[str, Any] = {
            "game": declaration.game,
            "declarer": d,
            "bid": self.bid,
            "hand": declaration.hand,
            "schneider_announced": declaration.schneider,
            "schwarz_announced": declaration.schwarz,
            "ouvert": declaration.ouvert,
            "matadors": None if declaration.null else self.matadors,
            "declarer_points": declarer_points,
            "schneider": schneider,
            "schwarz": schwarz,
            "overbid": overbid,
            "kontra": self.kontra,
            "won": won,
            "value": value,
        }
        return Score(
            tuple(points),
            scores,
            defending if won else (d,),
            (d,) if won else defending,
            level,
            details,
            Taken(None, d),
        )

    def tags(self, score: Score, tally: Tally) -> tuple[tuple[str, ...], ...]:
        won = bool(score.details and score.details["won"])
        return tuple(
            ("declarer", "won" if won else "lost") if seat == self.declarer else ("defender",)
            for seat in range(len(tally.counts))
        )

    def events(self, score: Score, tally: Tally) -> frozenset[str]:
        """FS-13: what may open a Bock round."""
        details = score.details or {}
        events = set()
        won = details.get("won")
        if not won and not self.declaration.null and details.get("declarer_points") == 60:
            events.add("lost_with_60")
        if self.kontra and not won:
            events.add("kontra_won")
        if self.kontra == 2:
            events.add("kontra_re")
        if won and self.declaration.game == "grand" and self.declaration.hand:
            events.add("grand_hand_won")
        return frozenset(events)


def _declarer_scores(declarer: int, seats: int, value: int, won: bool) -> tuple[int, ...]:
    """FS-10: the declarer scores the value won, twice it lost; the defenders nothing."""
    score = value if won else -2 * value
    return tuple([score if seat == declarer else 0 for seat in range(seats)])


def skat_contract(
    declaration: Declaration, declarer: int, bid: int, twelve: frozenset[Card], kontra: int = 0
) -> Contract:
    """The contract a declaration makes."""
    count = 0 if declaration.null else matadors(declaration.game, twelve)
    scorer = SkatScorer(declaration, declarer, bid, count, kontra)
    return Contract(declaration.game, skat_order(declaration.game), FOLLOW_SUIT, scorer)


GRAND_SORT = skat_order("grand")
"""The order hands are sorted by before a game is declared."""


@dataclass(frozen=True, slots=True)
class ValueSteps:
    """How a declared game's value was reached (FS-8..12), for score sheets to write out in
    their own words: ``Clubs with 2, game 3, Schneider 4 → 4 × 12 = 48``."""

    game: str
    matadors: int | None
    """Signed as in the result: +2 "with 2", −3 "without 3"; None for Null."""
    steps: tuple[tuple[str, int], ...]
    """The levels in order with the running level: ``("matadors", 2)``, ``("game", 3)``, then
    any of ``hand``, ``schneider``, ``schneider_announced``, ``schwarz``, ``schwarz_announced``,
    ``ouvert``. Empty for Null."""
    level: int
    base: int
    """The base value (FS-8); for Null its fixed value."""
    counted: int
    """``level × base``, or the Null value."""
    raised: int | None
    """An overbid game's value: the lowest multiple of the base that reaches the bid."""
    kontra: int
    value: int
    """The value scored: ``raised or counted``, doubled per Kontra/Re."""


def value_steps(details: dict[str, Any]) -> ValueSteps:
    """The steps to the value of a finished declared game, from ``DealResult.details``."""
    game, kontra, value = details["game"], details["kontra"], details["value"]
    if game == "null":
        fixed = null_value(details["hand"], details["ouvert"])
        return ValueSteps(game, None, (), 1, fixed, fixed, None, kontra, value)
    count = details["matadors"]
    level = abs(count)
    steps = [("matadors", level)]
    level += 1
    steps.append(("game", level))
    schneider_announced, schwarz_announced = (
        details["schneider_announced"],
        details["schwarz_announced"],
    )
    for name, counts in (
        ("hand", details["hand"]),
        ("schneider", details["schneider"] or schneider_announced),
        ("schneider_announced", schneider_announced),
        ("schwarz", details["schwarz"] or schwarz_announced),
        ("schwarz_announced", schwarz_announced),
        ("ouvert", details["ouvert"]),
    ):
        if counts:
            level += 1
            steps.append((name, level))
    base = BASE[game]
    raised = value >> kontra if details["overbid"] else None
    return ValueSteps(game, count, tuple(steps), level, base, level * base, raised, kontra, value)
