"""Setting up a Schafkopf table in the rules editor: every option of every preset has a
control within Discord's limits — the tariff on its own page, the Ramsch when all pass on
another — and the numbers typed there land in the rules (SF-7, SF-2, SK-9)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.tables import TableError
from bot.tables.lobby import validated
from bot.ui.editor import Draft, choose, enter_numbers, fields_of, sections_of
from bot.ui.editor_view import numbers_modal, render_editor
from bot.ui.games import RENDERERS
from bot.ui.games.schafkopf import SCHAFKOPF
from ramsch_core.games.registry import GAMES
from ramsch_core.games.schafkopf import PRESETS
from ramsch_core.games.schafkopf import SCHAFKOPF as SCHAFKOPF_GAME
from tests.ui.helpers import items, make_table, problems


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, "schafkopf", SCHAFKOPF_GAME)
        patch.setitem(RENDERERS, "schafkopf", SCHAFKOPF)
        yield


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_schafkopf_option_has_a_control_within_limits(name: str) -> None:
    draft = Draft.of_table(make_table(name, started=False, game="schafkopf"))
    assert sections_of(draft.rules) == ["tariff", "ramsch"]
    for section in (None, "tariff", "ramsch"):
        shown = render_editor(draft, section=section) if section else render_editor(draft)
        assert not problems(shown) and len({item.row for item in items(shown)}) <= 5
    main = fields_of(draft.rules)
    assert main.enums == ["all_pass", "pack"] and set(main.toggles) == {
        "wenz", "kontra", "klopfen", "tout", "sie", "geier", "farbwenz", "hochzeit"
    }  # fmt: skip
    assert fields_of(draft.rules, "tariff").numbers == [
        "tariff__sauspiel", "tariff__solo", "tariff__extra"
    ]  # fmt: skip
    modal = numbers_modal(draft, "tariff")
    assert len(modal.children) == 3


def test_the_tariff_and_the_all_pass_rule_are_edited() -> None:
    """SF-7: the tariff in cents; SF-2, SK-9: what happens when all pass."""
    draft = Draft.of_table(make_table("schafkopf", started=False, game="schafkopf"))
    proposal = enter_numbers(draft, {"tariff__sauspiel": "20", "tariff__extra": "5"}, "tariff")
    rules, _ = validated(proposal.rules, proposal.options)
    assert rules.tariff.sauspiel == 20 and rules.tariff.solo == 50  # type: ignore[attr-defined]
    assert rules.tariff.extra == 5  # type: ignore[attr-defined]
    with pytest.raises(TableError, match="whole number"):
        enter_numbers(draft, {"tariff__solo": "viel"}, "tariff")
    stock = choose(draft, "all_pass", ["stock"])
    assert validated(stock.rules, stock.options)[0].all_pass == "stock"  # type: ignore[attr-defined]
    klopfen = choose(draft, "toggles", ["klopfen", "wenz", "kontra"])
    assert klopfen.rules["klopfen"] and klopfen.rules["wenz"] and klopfen.rules["kontra"]
    assert choose(draft, "toggles", []).rules["wenz"] is False
    plain = choose(draft, "toggles", ["wenz", "kontra"]).rules
    assert plain["tout"] is False and plain["sie"] is False  # SF-11, SF-12 switched off
    touts = choose(draft, "toggles", ["tout", "sie"]).rules
    assert touts["tout"] and touts["sie"] and not touts["wenz"]
    short = choose(draft, "pack", ["short"])  # SF-15
    assert validated(short.rules, short.options)[0].hand_size == 6  # type: ignore[attr-defined]
    more = choose(draft, "toggles", ["geier", "farbwenz"]).rules  # SF-13, SF-14
    assert more["geier"] and more["farbwenz"] and not more["tout"]
    hochzeit = choose(draft, "toggles", ["hochzeit"])  # SF-16
    assert validated(hochzeit.rules, hochzeit.options)[0].hochzeit  # type: ignore[attr-defined]
