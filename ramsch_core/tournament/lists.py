"""A tournament table's list (the Skatliste: game, declarer, value, running totals) and the
standings and lists as CSV."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ramsch_core.errors import identity
from ramsch_core.result import score_json
from ramsch_core.tournament.scoring import SeatedTable, Standing


@dataclass(frozen=True)
class ListRow:
    """One line of a table's list: a game and the running totals of every table seat."""

    number: int
    """1-based, as a list counts its games."""
    game: str
    declarer: int | None
    value: int | None
    won: bool | None
    scores: tuple[Fraction, ...]
    totals: tuple[Fraction, ...]


def table_list(table: SeatedTable) -> list[ListRow]:
    """The list of a table's finished games, every seat's running total after each."""
    totals = [Fraction(0)] * len(table.seats)
    rows = []
    for game in table.games:
        totals = [total + score for total, score in zip(totals, game.scores, strict=True)]
        rows.append(
            ListRow(
                game.number + 1,
                game.game,
                game.declarer,
                game.value,
                game.won,
                game.scores,
                tuple(totals),
            )
        )
    return rows


def _number(value: Fraction) -> str:
    return str(score_json(value))


def _csv(rows: Sequence[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerows(rows)
    return out.getvalue()


def table_list_csv(
    table: SeatedTable, seat_names: Sequence[str], words: Callable[[str], str] = identity
) -> str:
    """A table's list as CSV: number, game, declarer, value, won, then a running total per
    seat. ``words`` translates the headings and the games' names."""
    head: list[object] = [words("No."), words("Game"), words("Declarer"), words("Value")]
    head.append(words("Result"))
    rows: list[list[object]] = [head + list(seat_names)]
    for row in table_list(table):
        result = "" if row.won is None else words("won") if row.won else words("lost")
        rows.append(
            [
                row.number,
                words(row.game),
                "" if row.declarer is None else seat_names[row.declarer],
                "" if row.value is None else row.value,
                result,
                *[_number(total) for total in row.totals],
            ]
        )
    return _csv(rows)


def standings_csv(
    rows: Sequence[Standing],
    names: Mapping[int, str],
    series: int,
    words: Callable[[str], str] = identity,
) -> str:
    """The standings as CSV: rank, player, total, games won and lost, a column per series."""
    head: list[object] = [words("Rank"), words("Player"), words("Total"), words("Won")]
    head += [words("Lost")] + [words("Series {number}").format(number=n + 1) for n in range(series)]
    lines: list[list[object]] = [head]
    for row in rows:
        lines.append(
            [
                row.rank,
                names.get(row.player, str(row.player)),
                _number(row.total),
                row.won,
                row.lost,
                *[_number(points) for points in row.series],
            ]
        )
    return _csv(lines)
