"""The Ramsen contract: the trick order for each trump suit, the three duties and the scorer
that draws bars from the crosses each seat owes (RULES.md section 4, RA-1, RA-3, RA-6, RA-7)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ramsch_core.cards import Card, Rank, Suit
from ramsch_core.contracts import Contract, Score
from ramsch_core.kernel.tally import Tally
from ramsch_core.tricks.constraints import PlayRule
from ramsch_core.tricks.order import TrickOrder, plain_suits

RAMSEN_RANKS = (
    Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip
"""RA-1: plain suits rank A > K > Q (Ober) > J (Unter) > 10 > 9 > 8 > 7."""

PERMANENT_TRUMPS: tuple[Card, ...] = (Card.D9, Card.D7, Card.CQ, Card.CJ)
"""RA-3: the four permanent trumps just below the trump Ace, high to low (Dallmutz, Belli,
Großer Bube, Kleiner Bube)."""

RAMSEN_RULE = PlayRule(follow=True, must_trump=True, must_beat=True)
"""RA-6: Farbzwang, Trumpfzwang and Stechzwang."""

BARS_PER_CROSS = 5
"""RA-7: four arms and the horizontal bar."""


def _card(suit: Suit, rank: Rank) -> Card:
    return Card(suit * 8 + rank)


@lru_cache(maxsize=4)
def ramsen_order(trump: Suit) -> TrickOrder:
    """RA-3: trump A > ♦9 > ♦7 > ♣Q > ♣J > trump K > Q > J > 10 > 9 > 8 > 7; a permanent
    trump never counts as a card of its printed suit (in its own trump suit it keeps its
    permanent rank). The other suits rank as RA-1 says."""
    rest = tuple(
        card
        for card in (_card(trump, rank) for rank in RAMSEN_RANKS[1:])
        if card not in PERMANENT_TRUMPS
    )
    trumps = (_card(trump, Rank.ACE), *PERMANENT_TRUMPS, *rest)
    return TrickOrder(trumps, plain_suits(RAMSEN_RANKS, exclude=trumps))


class RamsenScorer:
    """RA-7: every trick won draws one bar of what the seat owes; an active seat that took no
    trick owes one cross more, unless the deal ended because somebody drew his last bar. Scores
    are the bars drawn in the deal (more is better).

    ``owed_before`` are the bars each seat owes when the deal starts; ``active`` the seats that
    said in. The winner (``details["winner"]``) is the seat whose bars reached zero; its event
    is ``match_over``. With a ``stake`` (RA-9) the game is settled then: each other seat pays
    the winner ``stake`` cents per bar it still owes (``details["paid"]``, cents per seat)."""

    def __init__(
        self,
        owed_before: Sequence[int],
        active: Sequence[int],
        trump: Suit | None = None,
        stake: int = 0,
    ) -> None:
        self.owed_before = tuple(owed_before)
        self.active = frozenset(active)
        self.trump = trump
        self.stake = stake

    def owed(self, counts: Sequence[int]) -> tuple[tuple[int, ...], int | None]:
        """The bars each seat owes after tricks ``counts``, and the winner if any."""
        after = [max(0, owed - won) for owed, won in zip(self.owed_before, counts, strict=True)]
        done = [seat for seat, owed in enumerate(after) if owed == 0 and counts[seat] > 0]
        winner = done[0] if done else None
        if winner is None:
            for seat in self.active:
                if counts[seat] == 0:
                    after[seat] += BARS_PER_CROSS
        return tuple(after), winner

    def __call__(self, tally: Tally) -> Score:
        owed, winner = self.owed(tally.counts)
        drawn = tuple(before - after for before, after in zip(self.owed_before, owed, strict=True))
        details: dict[str, Any] = {
            "owed": list(owed),
            "winner": winner,
            "trump": None if self.trump is None else self.trump.letter,
        }
        if winner is not None and self.stake:
            details["paid"] = settlement(owed, winner, self.stake)
        return Score(
            points=tuple(tally.points),
            scores=drawn,
            losers=tuple(
                seat for seat in sorted(self.active) if winner is None and tally.counts[seat] == 0
            ),
            winners=() if winner is None else (winner,),
            multiplier=1,
            details=details,
        )

    def tags(self, score: Score, tally: Tally) -> tuple[tuple[str, ...], ...]:
        tags: list[tuple[str, ...]] = []
        for seat in range(len(tally.counts)):
            mine: list[str] = []
            if seat not in self.active:
                mine.append("passed")
            if seat in score.losers:
                mine.append("extra_cross")
            if seat in score.winners:
                mine.append("winner")
            tags.append(tuple(mine))
        return tuple(tags)

    def events(self, score: Score, tally: Tally) -> frozenset[str]:
        return frozenset({"match_over"}) if score.winners else frozenset()

    def play_shape(self, players: int) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
        """For the kernel: only the seats that said in play (all, when none is named), and a
        seat that wins as many tricks as the bars it owes ends the deal (RA-6, RA-7)."""
        active = tuple(sorted(self.active)) or tuple(range(players))
        stop_at = self.owed_before if len(self.owed_before) == players else None
        return active, stop_at


def settlement(owed: Sequence[int], winner: int, stake: int) -> list[int]:
    """RA-9: the cents each seat pays (negative) or receives when ``winner`` has drawn his
    last bar: every other seat pays ``stake`` per bar it still owes."""
    paid = [-stake * bars for bars in owed]
    paid[winner] = 0
    paid[winner] = -sum(paid)
    return paid


def ramsen_contract(
    trump: Suit, owed_before: Sequence[int] = (), active: Sequence[int] = (), stake: int = 0
) -> Contract:
    """The contract of a Ramsen deal with ``trump`` (the upcard's printed suit); ``stake``:
    the cents per bar owed the game is settled with (RA-9)."""
    scorer = RamsenScorer(owed_before, active, trump, stake)
    return Contract("ramsen", ramsen_order(trump), RAMSEN_RULE, scorer)
