"""A tournament (Preisskat, a Schafkopf evening): series of tables drawn from the entrants,
every game scored per player, standings with tie-breaks and the tables' lists."""

from ramsch_core.tournament.config import TournamentConfig, TournamentError
from ramsch_core.tournament.draw import SeriesDraw, draw_series, table_sizes
from ramsch_core.tournament.game import TournamentGame, tournament_game, tournament_games
from ramsch_core.tournament.lists import ListRow, standings_csv, table_list, table_list_csv
from ramsch_core.tournament.scoring import (
    GameRecord,
    SeatedTable,
    Standing,
    game_record,
    standings,
)

__all__ = [
    "GameRecord",
    "ListRow",
    "SeatedTable",
    "SeriesDraw",
    "Standing",
    "TournamentConfig",
    "TournamentError",
    "TournamentGame",
    "draw_series",
    "game_record",
    "standings",
    "standings_csv",
    "table_list",
    "table_list_csv",
    "table_sizes",
    "tournament_game",
    "tournament_games",
]
