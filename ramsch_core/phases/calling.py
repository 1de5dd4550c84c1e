"""Old import path, kept until the bot and terminal move; see games/schafkopf."""

from ramsch_core.games.schafkopf.calling import Call, Knock, NoKnock

__all__ = ["Call", "Knock", "NoKnock"]
