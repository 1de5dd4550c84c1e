"""Old import path, kept until the bot and terminal move; see games/ramsen."""

from ramsch_core.games.ramsen.in_or_pass import In

__all__ = ["In"]
