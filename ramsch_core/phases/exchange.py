"""Old import path, kept until the bot and terminal move; see games/ramsen."""

from ramsch_core.games.ramsen.exchange import Exchange, Exchanged, RamsenState

__all__ = ["Exchange", "Exchanged", "RamsenState"]
