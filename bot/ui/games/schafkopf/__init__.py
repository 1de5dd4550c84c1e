"""Full Schafkopf on Discord, in the German pack: Klopfen on the first four cards, the calls
(weiter, Sauspiel auf eine Sau, Wenz, Farbsolo), the hidden partner of a Sauspiel until the
called Sau falls, Kontra and Re, and a game's payment worked out in its result (Schneider,
Schwarz, Laufende, the doublings). A deal everyone passed is a Ramsch (or thrown in, a Stock).

The cards are drawn by ``bot.ui.faces`` (the German pack is Schafkopf's own); the Schafkopf
terms (Sauspiel, Wenz, Solo, weiter, Klopfen, Kontra, Re, Laufende, Stock) are German in
English too. The package: ``text``, ``controls``, ``results``, together in ``renderer``."""

from bot.ui.games.schafkopf.renderer import SCHAFKOPF
from bot.ui.games.schafkopf.results import payment_facts, pot_line

__all__ = ["SCHAFKOPF", "payment_facts", "pot_line"]
