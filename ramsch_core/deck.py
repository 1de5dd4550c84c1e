"""Seeded shuffles and deal schedules: which packet of the shuffled deck goes where (C-6)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal, NamedTuple

from ramsch_core.cards import DECK, Card

Place = int | Literal["skat", "upcard", "talon"]
"""Where a packet goes: a deal seat (0 = forehand), the skat, the upcard or the talon."""


def shuffled_deck(seed: int) -> list[Card]:
    """A uniformly random order of the 32 cards from a seeded generator (C-6)."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return deck


class Packet(NamedTuple):
    """Cards dealt together to one place; ``stage`` orders staged dealing (0 = first). (A named
    tuple: every seeded deal builds its packets, and a tuple is built faster than a frozen
    dataclass.)"""

    to: Place
    cards: tuple[Card, ...]
    stage: int = 0


@dataclass(frozen=True, slots=True)
class Schedule:
    """A whole deal as packets, in the order they are dealt from the shuffled deck."""

    packets: tuple[Packet, ...]

    def hand(self, seat: int, stage: int | None = None) -> list[Card]:
        """The cards ``seat`` holds once the packets up to ``stage`` (all if None) are dealt,
        sorted in deck order."""
        return sorted(
            card
            for packet in self.packets
            if packet.to == seat and (stage is None or packet.stage <= stage)
            for card in packet.cards
        )

    def hands(self, players: int) -> list[list[Card]]:
        """Every seat's ``hand`` once all packets are dealt, in one pass over the packets."""
        held: list[list[Card]] = [[] for _ in range(players)]
        for to, cards, _ in self.packets:
            if isinstance(to, int) and to < players:
                held[to] += cards
        for hand in held:
            hand.sort()
        return held

    def cards_to(self, place: Place) -> list[Card]:
        """Every card dealt to a place other than a seat, in the order dealt."""
        return [card for packet in self.packets if packet.to == place for card in packet.cards]


def dealt_in_slices(seed: int, players: int, hand_size: int) -> Schedule:
    """Each player in turn gets ``hand_size`` cards in one packet; the rest is the skat.

    The schedule of every Ramsch variant: a record's seed gives the same hands in every version.
    """
    deck = shuffled_deck(seed)
    packets = [
        Packet(seat, tuple(deck[seat * hand_size : (seat + 1) * hand_size]))
        for seat in range(players)
    ]
    packets.append(Packet("skat", tuple(deck[players * hand_size :])))
    return Schedule(tuple(packets))


def sliced_cards(seed: int, players: int, hand_size: int) -> tuple[list[list[Card]], list[Card]]:
    """The hands (sorted in deck order) and the skat (sorted) that ``dealt_in_slices`` deals,
    without building its packets: ``deal_from_seed`` runs once per seeded deal."""
    deck = shuffled_deck(seed)
    hands = [sorted(deck[seat * hand_size : (seat + 1) * hand_size]) for seat in range(players)]
    return hands, sorted(deck[players * hand_size :])
