"""Old import path, kept until the bot and terminal move; see games/skat."""

from ramsch_core.games.skat.bidding import Bid, Hold
from ramsch_core.phases.say import Pass, Said

__all__ = ["Bid", "Hold", "Pass", "Said"]
