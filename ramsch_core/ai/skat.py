"""Old import path, kept until the bot and terminal move; see games/skat."""

from ramsch_core.games.skat.ai import contest_of, game_value

__all__ = ["contest_of", "game_value"]
