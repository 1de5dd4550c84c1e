"""A Skat tournament (Preisskat): tables of four (the dealer sits out) and three, Seeger-Fabian
points (FS-14), 12 rounds a series: 36 games at three, 48 at four."""

from ramsch_core.tournament.game import TournamentGame

TOURNAMENT = TournamentGame(
    preset="skat-tournament",
    table_sizes=(4, 3),
    default_rounds=12,
    table_options={"tournament": True},
)
