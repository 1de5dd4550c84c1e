"""Old import path, kept until the bot and terminal move; see games/ramsen."""

from ramsch_core.games.ramsen.contract import BARS_PER_CROSS, PERMANENT_TRUMPS, ramsen_order

__all__ = ["BARS_PER_CROSS", "PERMANENT_TRUMPS", "ramsen_order"]
