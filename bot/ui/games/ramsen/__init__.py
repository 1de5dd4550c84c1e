"""Ramsen on Discord: the exchange with the talon (the dealer may take the upcard), saying in or
pass, the card play among those in, and every player's crosses drawn bar by bar until one has
drawn them all and wins the game. The cards are drawn by ``bot.ui.faces`` (Ramsen's own pack
is the German one). The package: ``text``, ``controls``, ``results``, together in
``renderer``."""

from bot.ui.games.ramsen.renderer import RAMSEN
from bot.ui.games.ramsen.text import UPCARD, cross_row, talon_left

__all__ = ["RAMSEN", "UPCARD", "cross_row", "talon_left"]
