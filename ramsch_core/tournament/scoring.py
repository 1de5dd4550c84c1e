"""A tournament's games per player and its standings: Seeger-Fabian points at Skat (as the
table computes them, FS-14), the tariff at Schafkopf; ties broken by more games won, fewer
lost, then the last series."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ramsch_core.match import SheetEntry
from ramsch_core.result import score_json


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a tournament table, in table seats: what its list shows and what
    the standings count."""

    number: int
    """The game's number at its table in the series (0-based)."""
    game: str
    """The game played (``clubs`` .. ``null``, ``grand``, ``sauspiel``, ``ramsch``,
    ``passed``...)."""
    declarer: int | None
    """The declarer's table seat; None when nobody declared."""
    side: tuple[int, ...]
    """The declaring side's table seats (the declarer, and at Schafkopf his partner)."""
    value: int | None
    """The game's value (Skat) or what each opponent pays (Schafkopf); None when nobody
    declared."""
    won: bool | None
    scores: tuple[Fraction, ...]
    """What each table seat scored, tournament points included."""

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "game": self.game,
            "declarer": self.declarer,
            "side": list(self.side),
            "value": self.value,
            "won": self.won,
            "scores": [score_json(score) for score in self.scores],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        return cls(
            number=int(data["number"]),
            game=str(data["game"]),
            declarer=None if data["declarer"] is None else int(data["declarer"]),
            side=tuple(int(seat) for seat in data["side"]),
            value=None if data["value"] is None else int(data["value"]),
            won=None if data["won"] is None else bool(data["won"]),
            scores=tuple(Fraction(score) for score in data["scores"]),
        )


def game_record(entry: SheetEntry) -> GameRecord:
    """The record of a finished deal of a tournament table."""
    details = entry.result.details or {}
    declarer = details.get("declarer")
    side: tuple[int, ...] = ()
    if declarer is not None:
        side = (entry.seats[declarer],)
        if details.get("partner") is not None:
            side += (entry.seats[details["partner"]],)
    value = details.get("value", details.get("amount"))
    return GameRecord(
        number=entry.number,
        game=str(details.get("game", entry.result.contract)),
        declarer=None if declarer is None else entry.seats[declarer],
        side=side,
        value=None if declarer is None or value is None else int(value),
        won=None if declarer is None else bool(details.get("won")),
        scores=entry.table_scores,
    )


@dataclass
class SeatedTable:
    """A table of a series: who holds each seat, from which game on a seat is played by an
    AI (a player who left, or was disqualified), and its finished games."""

    series: int
    index: int
    seats: tuple[int | None, ...]
    """The player drawn to each seat; None for an AI seat."""
    replaced: dict[int, int] = field(default_factory=dict)
    """Table seat -> the first game the AI plays for it."""
    games: list[GameRecord] = field(default_factory=list)

    def holder(self, seat: int, number: int) -> int | None:
        """The player whose score game ``number`` counts for at ``seat``; None for an AI."""
        start = self.replaced.get(seat)
        if start is not None and number >= start:
            return None
        return self.seats[seat]

    def counted(self) -> Iterable[tuple[GameRecord, dict[int, int]]]:
        """Each game with the players it counts for (table seat -> player). A game an AI
        declared counts for nobody; in the others every seat a player holds counts."""
        for game in self.games:
            if game.declarer is not None and self.holder(game.declarer, game.number) is None:
                continue
            holders = {seat: self.holder(seat, game.number) for seat in range(len(self.seats))}
            yield game, {seat: p for seat, p in holders.items() if p is not None}


@dataclass(frozen=True)
class Standing:
    """A player's place in the standings."""

    player: int
    rank: int
    total: Fraction
    won: int
    lost: int
    series: tuple[Fraction, ...]
    """The player's points in each series played so far."""
    games: int
    """Games counted for the player."""


def _key(standing: Standing) -> tuple[Any, ...]:
    return (
        -standing.total,
        -standing.won,
        standing.lost,
        tuple(-points for points in reversed(standing.series)),
    )


def standings(
    players: Sequence[int],
    tables: Iterable[SeatedTable],
    series: int,
    excluded: Iterable[int] = (),
) -> list[Standing]:
    """The standings of ``players`` (in entry order) after the games of ``tables``, with
    ``series`` columns: best total first; a tie goes to more games won, then fewer lost, then
    the better last series (the one before, and so on); players equal in all of it share a
    rank. ``excluded`` (disqualified) players are left out."""
    out = set(excluded)
    ranked = [player for player in players if player not in out]
    per_series = {player: [Fraction(0)] * series for player in ranked}
    won = dict.fromkeys(ranked, 0)
    lost = dict.fromkeys(ranked, 0)
    games = dict.fromkeys(ranked, 0)
    for table in tables:
        for game, holders in table.counted():
            for seat, player in holders.items():
                if player not in per_series:
                    continue
                per_series[player][table.series] += game.scores[seat]
                games[player] += 1
                if seat in game.side and game.won is not None:
                    if game.won:
                        won[player] += 1
                    else:
                        lost[player] += 1
    rows = [
        Standing(
            player,
            0,
            sum(per_series[player], Fraction(0)),
            won[player],
            lost[player],
            tuple(per_series[player]),
            games[player],
        )
        for player in ranked
    ]
    rows.sort(key=_key)
    ranks: list[Standing] = []
    for place, row in enumerate(rows, start=1):
        rank = ranks[-1].rank if ranks and _key(ranks[-1]) == _key(row) else place
        ranks.append(Standing(**{**vars(row), "rank": rank}))
    return ranks
