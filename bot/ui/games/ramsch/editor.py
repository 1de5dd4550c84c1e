"""The rules editor's words for Ramsch: its options are those of the Ramsch contract."""

from __future__ import annotations

from bot.ui.games.shared.ramsch_options import OPTION_TITLES, VALUE_LABELS

__all__ = ["OPTION_TITLES", "VALUE_LABELS"]
