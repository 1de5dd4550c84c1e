"""Full Skat on Discord: the bidding (Reizen), taking the skat or playing Hand, laying two cards
away (drücken), the declaration and its announcements, Kontra and Re, and a game's value worked
out in its result (``text``, ``controls``, ``results``, together in ``renderer``). A deal
everyone passed is a Ramsch (and so is a deal of a round of Ramsch after a Bock round): the shared
Ramsch contract draws those steps."""

from bot.ui.games.skat.renderer import SKAT
from bot.ui.games.skat.results import value_facts
from bot.ui.games.skat.text import bidding_of

__all__ = ["SKAT", "bidding_of", "value_facts"]
