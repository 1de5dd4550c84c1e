"""Old import path, kept until the bot and terminal move; see games/skat."""

from ramsch_core.games.skat.declaring import Declare, Discard, TakeSkat

__all__ = ["Declare", "Discard", "TakeSkat"]
