"""Texts of the rules core that players read have German and Polish translations
(bot/locale/de/options.po, bot/locale/pl/options.po):
game and variant titles, preset descriptions and the descriptions of every rule and table
option, shown by the rules editor, /ramsch rules and the slash commands. The extractor cannot
find them (they are data of the core), so they are enumerated here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pydantic import BaseModel

from bot import i18n
from bot.ui.editor import SECTION_TITLES, TITLES
from ramsch_core import GAMES, TableOptions
from tests.i18n_check import LANGUAGES


def _descriptions(model: type[BaseModel]) -> Iterator[str]:
    for info in model.model_fields.values():
        if info.description:
            yield info.description
        if isinstance(info.annotation, type) and issubclass(info.annotation, BaseModel):
            yield from _descriptions(info.annotation)


def core_texts() -> set[str]:
    """Every text of the registry and the option models that a player may read."""
    texts: set[str] = set()
    for game in GAMES.values():
        texts.add(game.title)
        texts.update(game.descriptions.values())
        texts.update(game.variant_titles.values())
        for name in game.presets:
            texts.update(_descriptions(type(game.preset(name))))
    texts.update(_descriptions(TableOptions))
    return texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_core_text_a_player_reads_has_a_translation(language: str) -> None:
    texts = core_texts()
    assert len(texts) > 50
    missing = sorted(text for text in texts if not i18n.translated(text, language))
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_option_and_section_title_has_a_translation(language: str) -> None:
    missing = [
        t for t in [*TITLES.values(), *SECTION_TITLES.values()] if not i18n.translated(t, language)
    ]
    assert not missing


def test_a_preset_description_reads_in_german() -> None:
    skat = GAMES["ramsch"].descriptions["skat"]
    with i18n.using("de"):
        assert "Buben sind Trumpf" in i18n._(skat)
