"""Ramsch at the terminal: the card points and the losers the terminal says for every game;
Ramsch after Schafkopf rules in the German pack, as Schafkopf itself."""

from __future__ import annotations

from ramsch_core.cards import Card, Suit
from ramsch_core.contracts.ramsch_rules import SchafkopfRules
from ramsch_core.rules import RuleSet
from ramsch_core.terminal import packs
from ramsch_core.terminal.presenter import PlainPresenter


class RamschPresenter(PlainPresenter):
    """Ramsch said as the terminal says the Ramsch contract; the pack by the variant."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(rules)
        self.german = isinstance(rules, SchafkopfRules)
        self.help = packs.GERMAN_HELP if self.german else ""

    def face(self, card: Card) -> str:
        return packs.german_face(card) if self.german else packs.french_face(card)

    def suit_face(self, suit: Suit) -> str:
        return packs.german_suit(suit) if self.german else packs.french_suit(suit)
