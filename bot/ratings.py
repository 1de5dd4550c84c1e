"""Skill ratings: openskill's Plackett–Luce model over the final totals of finished matches.

A rating belongs to a player, a server and a board (a game's variant, as the leaderboard names
it: each Ramsch variant, Skat, Schafkopf, Ramsen). A finished match is one rated event: its
seats are ranked by their final totals (higher is better; equal totals share a rank), every
human seat's rating moves, and AI seats take part as fixed anchors (``AI_ANCHORS``): they are
fed into the model with the same rating every time and their new rating is thrown away.

Why anchors: a table of one human and two AIs is a real game and should count, but an AI
whose rating moved could be farmed (beat a weak AI again and again, lift it, beat it again).
A fixed anchor cannot be lifted, and the model expects a strong player to beat a weak anchor,
so each win over it gains less the further the player is above it. Less is not nothing,
though: a few hundred wins over the random AI would still lift a player past everyone. So a
match with one human only (the rest AIs) can raise his ``mu`` at most to the strongest AI's
anchor plus ``AI_MARGIN`` (``solo_ceiling``); above that, solo wins only make the rating surer
(a smaller sigma), and solo losses still count in full. With two humans or more there is no
ceiling: they measure each other, and the AI seats are fixed opponents like any other.

Ratings are shown as ``display(mu, sigma)``: the conservative estimate ``mu − 3σ`` (openskill's
``ordinal``), scaled so that a newcomer (25 − 3 · 25/3 = 0) starts at 1000 and a strong,
well-known player reaches about 2000. The shown rating rises as the model grows sure of a
player, which is why the rating board asks for a minimum number of deals.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
DISPLAY_BASE = 1000
DISPLAY_SCALE = 25
"""Rating points shown per unit of ``mu − 3σ``."""
MIN_DEALS = 10
"""The rating board's default minimum of deals (in rated matches) to be ranked."""
MAX_MIN_DEALS = 10_000

Rank = Literal["rating", "average"]
RANKS: tuple[Rank, ...] = ("rating", "average")


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        return display(self.mu, self.sigma)


NEWCOMER = Skill(MU, SIGMA)
AI_ANCHORS: dict[str, Skill] = {
    "heuristic": Skill(MU, 1.0),
    "hard": Skill(27.0, 1.0),
    "easy": Skill(20.0, 1.0),
    "random": Skill(15.0, 1.0),
}
"""Each AI kind's fixed rating. The heuristic AI is set where a newcomer starts (an average
player); the random AI, which plays any legal card, well below; the easy AI, which plays the
heuristic's card half the time and any legal card else, between them; the hard AI (the
heuristic with the last tricks searched exactly) a little above the heuristic. A small sigma
makes the anchor a confident yardstick. An AI kind missing here is rated as the heuristic
one."""


AI_MARGIN = 10.0
"""How far above the best AI at his table a lone human's ``mu`` may climb by solo games."""


def anchor(kind: str | None) -> Skill:
    return AI_ANCHORS.get(kind or "", AI_ANCHORS["heuristic"])


def display(mu: float, sigma: float) -> int:
    """The rating players read: ``1000 + 25 · (mu − 3σ)``, rounded half away from zero (as
    SQLite's ``ROUND``, so that the boards' SQL and this agree: ``DISPLAY_SQL``)."""
    value = DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma)
    return int(math.floor(abs(value) + 0.5) * (1 if value >= 0 else -1))


def display_sql(mu: str, sigma: str) -> str:
    """``display`` as an SQL expression of two columns."""
    return f"CAST(ROUND({DISPLAY_BASE} + {DISPLAY_SCALE} * ({mu} - 3 * {sigma})) AS INTEGER)"


@dataclass(frozen=True)
class RatedSeat:
    """A seat of a finished match: its human (user id) or AI kind, and its final total."""

    user_id: int | None
    ai: str | None
    total: Fraction | float
    skill: Skill
    """The seat's rating before the match (an AI's anchor)."""


def credited(holders: Sequence[int | None]) -> int | None:
    """Whom a seat's result is credited to, given who held it in each of its deals in order
    (a user id; None for an AI): whoever played most of them; of two with as many, the one
    who played the later deals (he held the seat at the end, when its total was made). A
    substitute's or a released player's other deals count for nobody."""
    if not holders:
        raise ValueError("A seat without deals is credited to nobody")
    counts: dict[int | None, int] = {}
    last: dict[int | None, int] = {}
    for index, holder in enumerate(holders):
        counts[holder] = counts.get(holder, 0) + 1
        last[holder] = index
    return max(counts, key=lambda holder: (counts[holder], last[holder]))


def ranks(totals: Sequence[Fraction | float]) -> list[int]:
    """Competition ranks by total, best (highest) first: ``[−10, 0, −10]`` → ``[2, 1, 2]``."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]


_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


def rate(seats: Sequence[RatedSeat]) -> list[Skill]:
    """Every seat's rating after the match (an AI seat keeps its anchor). Deterministic."""
    if len(seats) < 2:
        raise ValueError("A rated match needs at least two seats")
    teams = [[_MODEL.rating(mu=seat.skill.mu, sigma=seat.skill.sigma)] for seat in seats]
    order = ranks([seat.total for seat in seats])
    rated = _MODEL.rate(teams, ranks=[float(rank) for rank in order])
    ceiling = solo_ceiling(seats)
    after = []
    for seat, team in zip(seats, rated, strict=True):
        if seat.user_id is None:
            after.append(seat.skill)
            continue
        mu = team[0].mu
        if ceiling is not None and mu > seat.skill.mu:
            mu = max(seat.skill.mu, min(mu, ceiling))
        after.append(Skill(mu, team[0].sigma))
    return after


def solo_ceiling(seats: Sequence[RatedSeat]) -> float | None:
    """The highest ``mu`` a match of one human and AIs can lift him to; None with two humans
    or more (or no AI)."""
    humans = sum(1 for seat in seats if seat.user_id is not None)
    anchors = [seat.skill.mu for seat in seats if seat.user_id is None]
    if humans != 1 or not anchors:
        return None
    return max(anchors) + AI_MARGIN


@dataclass(frozen=True)
class RankedRow:
    """A player on a board: ``rank`` None when he has fewer deals than the board's minimum."""

    rank: int | None
    user_id: int
    rating: int | None
    """The shown rating (all-time); None on the average board for a player not rated."""
    matches: int
    deals: int
    average: float | None = None
    """Score per deal (the average board)."""
    change: int | None = None
    """The rating's change within the board's period (None: all time)."""


@dataclass(frozen=True)
class RankedPage:
    rows: list[RankedRow]
    total_players: int
    """Players ranked (with at least ``min_deals`` deals)."""
    offset: int
    limit: int
    rank: Rank
    min_deals: int
    viewer: RankedRow | None = None
    """The viewer's own standing when he played on this board (ranked or not)."""
    played: int = 0
    """Players on the board, ranked or not (fewer deals than the minimum)."""


@dataclass(frozen=True)
class BoardRating:
    """A player's rating on one board, for his stats."""

    game: str
    variant: str
    rating: int
    matches: int
    deals: int
    rank: int | None
    """His place on the all-time rating board (None: fewer deals than ``MIN_DEALS``)."""
    change: int | None
    """The change within the stats' period (None: all time, or not played then)."""
    history: list[tuple[float, int]]
    """(match end, rating after it), oldest first, starting with the newcomer's 1000."""
