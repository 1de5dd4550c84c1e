"""Old import path, kept until the bot and terminal move; see games/schafkopf."""

from ramsch_core.games.schafkopf.contract import (
    SchafkopfContest,
    Tariff,
    called_ace,
    schafkopf_game_order,
)

__all__ = ["SchafkopfContest", "Tariff", "called_ace", "schafkopf_game_order"]
