"""Which cards may be played to a trick, as data a contract sets and the kernel compiles."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PlayRule:
    """The duties of a player who does not lead, in the order they apply.

    ``follow`` (Farbzwang): play a card of the led class (the trumps, when a trump is led) if
    the hand holds one. ``must_trump`` (Trumpfzwang): unable to follow, play a trump if the hand
    holds one. ``must_beat`` (Stechzwang): in following or trumping, play a card that beats the
    trick so far if the hand holds one. A player bound by none of them plays any card.
    """

    follow: bool = True
    must_trump: bool = False
    must_beat: bool = False

    @property
    def plain_follow(self) -> bool:
        """Only the duty to follow (every Ramsch variant): the kernel's fast path."""
        return self.follow and not self.must_trump and not self.must_beat


FOLLOW_SUIT = PlayRule()
"""Follow suit, else any card (SR-3, SK-4, AR-3)."""
