"""The bot side of the example game Stich, laid out as a package of ``bot/ui/games/<game>/``:
the renderer (``renderer.py``) joining the announcements' texts and buttons
(``announce.py``), the finished deals' lines (``results.py``) and the rules editor's words
(``editor.py``)."""

from tests.example_game.bot.renderer import STICH

__all__ = ["STICH"]
