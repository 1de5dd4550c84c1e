"""What a finished deal's scorer reads, built from won-card masks the same way for the public API
and the kernel."""

from __future__ import annotations

from typing import NamedTuple

from ramsch_core.kernel.layout import Layout


class Tally(NamedTuple):
    """Per deal seat: what the tricks it won hold; and the facts of the deal around them.

    The lists belong to the tally's maker: a scorer reads them and never changes them."""

    points: list[int]
    """Card points in the tricks won."""
    counts: list[int]
    """Tricks won."""
    last: list[int]
    """Number (0-based) of the last trick won; -1 for none."""
    won: list[int]
    """The layout masks of the cards won."""
    tricks: int
    """Tricks played."""
    final: int
    """The seat that won the last trick played."""
    skat_points: int
    """Card points of the skat: as dealt, or the last two cards laid in a Schieberamsch."""
    pushes: int
    """Schieberamsch pushes."""
    layout: Layout

    def trumps(self) -> list[int]:
        """Per seat, the trumps among the cards won."""
        trump_mask = self.layout.trump_mask
        return [(mask & trump_mask).bit_count() for mask in self.won]

    def top_trumps(self) -> list[int]:
        """Per seat, the rank of the highest trump won: 1 for the lowest trump, 0 for none."""
        trump_mask, lowest = self.layout.trump_mask, self.layout.lowest_trump
        return [
            (mask & trump_mask).bit_length() - lowest if mask & trump_mask else 0
            for mask in self.won
        ]


def tally(
    layout: Layout, won: list[int], counts: list[int], last: list[int], skat: int, pushes: int
) -> Tally:
    """The tally of a deal from the layout masks of the cards each seat won and of the skat."""
    p0, p1, p2, p3 = layout.byte_points
    points = [p0[m & 255] + p1[m >> 8 & 255] + p2[m >> 16 & 255] + p3[m >> 24] for m in won]
    played = max(last)
    skat_points = p0[skat & 255] + p1[skat >> 8 & 255] + p2[skat >> 16 & 255] + p3[skat >> 24]
    # tuple.__new__ skips the named tuple's own __new__ (a Python function): the tally is built
    # once per kernel playout, and the AI's simulations run thousands of those per decision.
    return _new(
        Tally,
        (points, counts, last, won, played + 1, last.index(played), skat_points, pushes, layout),
    )


_new = tuple.__new__
