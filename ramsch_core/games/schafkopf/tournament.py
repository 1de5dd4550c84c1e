"""A Schafkopf tournament: tables of four playing by the tariff, 8 rounds a series (32 games)."""

from ramsch_core.tournament.game import TournamentGame

TOURNAMENT = TournamentGame(preset="schafkopf", table_sizes=(4,), default_rounds=8)
