"""The seat draw of a series: tables of four and three so that every entrant plays, AI seats
only to complete a table where the organiser allows them."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ramsch_core.tournament.config import TournamentConfig, TournamentError

MIN_PLAYERS = 3


@dataclass(frozen=True)
class SeriesDraw:
    """The tables of one series: per table its seats in order, a player id or None for an
    AI seat (which is never ranked)."""

    series: int
    tables: tuple[tuple[int | None, ...], ...]

    def table_of(self, player: int) -> int | None:
        """The index of the table the player was drawn to, or None."""
        for index, seats in enumerate(self.tables):
            if player in seats:
                return index
        return None


def _split(players: int, sizes: tuple[int, ...]) -> list[int] | None:
    """Table sizes adding up to ``players``, as many of the preferred size as possible (the
    fewest tables); None if they can't."""
    big = sizes[0]
    for count in range(players // big, -1, -1):
        rest = players - count * big
        if len(sizes) == 1:
            if rest == 0:
                return [big] * count
            continue
        small = sizes[1]
        if rest % small == 0:
            return [big] * count + [small] * (rest // small)
    return None


def table_sizes(players: int, config: TournamentConfig) -> tuple[list[int], int]:
    """The sizes of the tables for ``players`` entrants and the AI seats needed to fill them.

    Raises TournamentError when there are fewer than three, or when the entrants can't be
    seated without AI seats the tournament does not allow."""
    if players < MIN_PLAYERS:
        raise TournamentError("A tournament needs at least {count} players", count=MIN_PLAYERS)
    sizes = config.table_sizes
    for ai in range(max(sizes)):
        split = _split(players + ai, sizes)
        if split is not None and (ai == 0 or config.ai_allowed):
            return split, ai
    raise TournamentError(
        "{count} players can't be seated at tables of {sizes} without AI seats",
        count=players,
        sizes=" / ".join(str(size) for size in sizes),
    )


def series_seed(seed: int, series: int) -> int:
    """The seed of a series' draw, derived so every draw can be made again alone."""
    digest = hashlib.sha256(f"tournament/{seed}/{series}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def draw_series(
    players: Sequence[int], config: TournamentConfig, seed: int, series: int
) -> SeriesDraw:
    """Draw the tables of ``series`` (0-based) for ``players`` (user ids, in any order): the
    same seed, series and players give the same draw. AI seats are spread one per table from
    the last table (the smallest) on, and sit last at their table.

    Raises what ``table_sizes`` raises."""
    sizes, ai = table_sizes(len(players), config)
    drawn = sorted(players)
    random.Random(series_seed(seed, series)).shuffle(drawn)
    tables: list[tuple[int | None, ...]] = []
    start = 0
    for index, size in enumerate(sizes):
        from_last = len(sizes) - 1 - index
        machines = ai // len(sizes) + (from_last < ai % len(sizes))
        seats: list[int | None] = list(drawn[start : start + size - machines])
        start += size - machines
        tables.append((*seats, *[None] * machines))
    return SeriesDraw(series, tuple(tables))
