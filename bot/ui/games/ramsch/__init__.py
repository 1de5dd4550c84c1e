"""Ramsch on Discord: the rules in brief per variant (``rules_text``), the renderer with its
pack (``renderer``); the Schieberamsch and the facts of a result are the shared Ramsch contract's
(``bot.ui.games.shared.ramsch_contract``)."""

from bot.ui.games.ramsch.renderer import RAMSCH

__all__ = ["RAMSCH"]
