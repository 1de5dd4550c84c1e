"""Old import path, kept until the bot and terminal move; see games/skat."""

from ramsch_core.games.skat.contract import BASE, SkatContest, null_value, value_steps

__all__ = ["BASE", "SkatContest", "null_value", "value_steps"]
