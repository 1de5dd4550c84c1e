"""A finished deal at the terminal as every game says it: the card points and who loses (the
Ramsch contract, which several games play), a deal thrown in, the scores and the totals."""

from __future__ import annotations

from ramsch_core.match import SheetEntry
from ramsch_core.terminal.console import Console
from ramsch_core.terminal.words import listed, score

THROWN_IN = "passed"
"""The contract of a deal nobody played."""


def card_points(console: Console, entry: SheetEntry) -> None:
    """The card points of each seat, what the game's detail of the deal says (Ramsch: the
    face-down cards, Durchmarsch and Jungfrau when the deal had them), and the losers; or
    that the deal was thrown in."""
    result = entry.result
    names = [console.name(seat) for seat in entry.seats]
    if result.contract == THROWN_IN:
        console.write(f"Deal {entry.number + 1} over: thrown in, nobody scores.")
        return
    points = ", ".join(f"{names[i]} {p}" for i, p in enumerate(result.card_points))
    console.write(f"Deal {entry.number + 1} over. Card points: {points}")
    skat = console.cards(result.skat) if result.skat else ""
    for line in result.detail.said(names, skat):
        console.write(line)
    losers = listed([names[seat] for seat in result.losers]) or "nobody"
    console.write(f"Loses: {losers}")


def scores(console: Console, entry: SheetEntry) -> None:
    """The deal's scores of the seats that played it, then every seat's total."""
    said = ", ".join(
        f"{console.name(seat)} {score(value)}"
        for seat, value in enumerate(entry.table_scores)
        if seat in entry.seats
    )
    console.write(f"Scores{' (Bock x2)' if entry.bock else ''}: {said}")
    totals = ", ".join(
        f"{console.name(seat)} {score(total)}" for seat, total in enumerate(console.match.totals)
    )
    console.write(f"Totals: {totals}")
