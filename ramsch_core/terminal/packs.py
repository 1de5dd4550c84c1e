"""The two packs a card is shown in at the terminal, as the bot shows them.

- French pack: ``♣J ♠Q ♥K ♦A`` (Clubs, Spades, Hearts, Diamonds; Jack, Queen, King, Ace).
- German pack: ``🌰O 🍀U ❤️A 🔔10`` (Eichel-Ober, Gras-Unter, Herz-Sau, Schellen-Zehn): the
  pack of the Bavarian games, whose players call the cards by their German names.
"""

from __future__ import annotations

from ramsch_core.cards import Card, Suit

GERMAN_SUITS = ("🌰", "🍀", "❤️", "🔔")
"""Eichel, Gras, Herz, Schellen (Suit order C, S, H, D)."""
GERMAN_RANKS = ("A", "10", "K", "O", "U", "9", "8", "7")
"""Sau, Zehn, König, Ober, Unter, 9, 8, 7 (Rank order A 10 K Q J 9 8 7)."""

GERMAN_HELP = (
    "Cards are shown in the German pack: 🌰 Eichel, 🍀 Gras, ❤️ Herz, 🔔 Schellen; "
    "A is the Sau, O the Ober, U the Unter. Type them by number, or by the letters of the "
    "French pack: C S H D for Eichel Gras Herz Schellen, Q for an Ober, J for an Unter "
    "(e.g. SJ for 🍀U)."
)


def french_face(card: Card) -> str:
    return card.pretty


def french_suit(suit: Suit) -> str:
    return suit.symbol


def german_face(card: Card) -> str:
    return GERMAN_SUITS[card.suit] + GERMAN_RANKS[card.rank]


def german_suit(suit: Suit) -> str:
    return GERMAN_SUITS[suit]


def german_card_name(card: Card) -> str:
    """A card by its German name: ``Gras-Sau``, ``Eichel-Ober``, ``Herz-10``."""
    return f"{card.suit.german}-{card.rank.german}"
