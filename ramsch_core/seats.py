"""Seats: their names in a deal, and who deals, plays and sits out at a table (C-4)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ramsch_core.errors import Message

_NAMES = {
    3: ("forehand", "middlehand", "rearhand"),
    4: ("forehand", "middlehand", "rearhand", "dealer"),
    5: ("forehand", "second hand", "third hand", "fourth hand", "dealer"),
}


_MESSAGES = {
    3: (Message("forehand"), Message("middlehand"), Message("rearhand")),
    4: (Message("forehand"), Message("middlehand"), Message("rearhand"), Message("dealer")),
    5: (
        Message("forehand"),
        Message("second hand"),
        Message("third hand"),
        Message("fourth hand"),
        Message("dealer"),
    ),
}


def seat_message(seat: int, players: int) -> Message:
    """The name of a deal seat as a message a refusal can carry (translated where shown);
    ``str`` is :func:`seat_name`."""
    names = _MESSAGES.get(players)
    if names is None or not 0 <= seat < players:
        return Message("seat {seat}", seat=seat)
    return names[seat]


def seat_name(seat: int, players: int) -> str:
    """The name of deal seat ``seat`` (0 = forehand) among ``players`` active players."""
    names = _NAMES.get(players)
    if names is None or not 0 <= seat < players:
        return f"seat {seat}"
    return names[seat]


@dataclass(frozen=True, slots=True)
class Rotation:
    """Who deals deal ``number`` of a table and which table seats play it."""

    dealer: int
    active: tuple[int, ...]
    """Table seats of the deal's players in deal-seat order: forehand first, clockwise."""
    sitting_out: tuple[int, ...]
    """Table seats that sit this deal out (at a table bigger than the game: the dealer)."""

    def deal_seat(self, table_seat: int) -> int | None:
        """The deal seat of a table seat, or None for a seat that sits out."""
        return self.active.index(table_seat) if table_seat in self.active else None


def rotation(seats: int, players: int, number: int) -> Rotation:
    """The dealer moves one seat clockwise each deal; forehand sits left of the dealer. At a
    table with one seat more than the game's players the dealer sits the deal out (C-4).

    Raises ValueError for a table the game cannot be played at."""
    if not 0 <= seats - players <= 1:
        raise ValueError(f"{players} players can't play at a table of {seats}")
    return _rotation(seats, players, number % seats)


@lru_cache(maxsize=128)
def _rotation(seats: int, players: int, dealer: int) -> Rotation:
    """``rotation`` by the dealer's seat; cached (a match asks at every ``active_seats``,
    ``dealer`` and ``deal_seat``): a ``Rotation`` is immutable and depends on nothing else,
    and there are only a few dozen."""
    active = tuple((dealer + 1 + index) % seats for index in range(players))
    sitting_out = tuple(seat for seat in range(seats) if seat not in active)
    return Rotation(dealer, active, sitting_out)
