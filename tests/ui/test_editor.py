"""The rules editor: every option of every preset has a control, within Discord's limits."""

from __future__ import annotations

import pytest

from bot.tables import GuildSettings, TableError
from bot.ui.editor import Draft, choose, enter_numbers, fields_of
from bot.ui.editor_items import modal_texts
from bot.ui.editor_view import numbers_modal, render_editor
from ramsch_core import get_game, preset
from ramsch_core.games.ramsch import PRESETS
from tests.ui.helpers import items, make_table, problems


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("target", ["t", "g"])
async def test_every_option_has_a_control_within_limits(name: str, target: str) -> None:
    table = make_table(name, started=False)
    if target == "t":
        draft = Draft.of_table(table)
    else:
        draft = Draft.of_guild(1, GuildSettings(preset=name, options=table.options), "Club")
    shown = render_editor(draft)
    assert not problems(shown)
    assert len({item.row for item in items(shown)}) <= 5
    ids = [item.custom_id for item in items(shown)]
    fields = fields_of(draft.rules)
    for option in fields.enums:
        assert f"ramsch:r:{target}{draft.target_id}:{option}" in ids
    toggles = next(item for item in items(shown) if item.custom_id.endswith(":toggles"))
    values = {option.value for option in toggles.options}
    assert set(fields.toggles) <= values and {"bock_on_durchmarsch", "bock_on_tie"} <= values
    assert ("four_seats" in values) == (draft.rules.players == 3)
    assert ("dms" in values) == (target == "g")
    assert toggles.min_values == 0 and toggles.max_values == len(toggles.options)
    assert set(draft.numbers()) == {*fields.numbers, "rounds"} | (
        {"turn_timeout"} if target == "g" else set()
    )
    modal = numbers_modal(draft)
    assert len(modal.title) <= 45 and len(modal.children) <= 5 and modal.is_finished()


def test_a_preset_switches_seats_for_four_player_variants() -> None:
    draft = Draft.of_table(make_table("skat", started=False))
    proposal = choose(draft, "preset", ["bauernramsch"])
    assert proposal.options["seats"] == 4 and proposal.rules["trumps"] == "obers_unters"
    back = Draft.of_table(make_table("schafkopf", started=False))
    assert choose(back, "preset", ["altenburg"]).options["seats"] == 3


def test_toggles_set_every_listed_option() -> None:
    draft = Draft.of_table(make_table("skat", started=False))
    proposal = choose(draft, "toggles", ["schieben", "four_seats", "bock_on_tie"])
    assert proposal.rules["schieben"] and not proposal.rules["durchmarsch"]
    assert proposal.options["seats"] == 4 and proposal.options["bock_on_tie"]
    assert not proposal.options["bock_on_durchmarsch"]
    with pytest.raises(TableError):
        choose(draft, "trumps", ["standard"])  # not a Skat option


def test_numbers_are_checked() -> None:
    draft = Draft.of_guild(1, GuildSettings(), "Club")
    proposal = enter_numbers(draft, {"stake": "30", "rounds": "4", "turn_timeout": "0"})
    assert proposal.rules["stake"] == 30 and proposal.options["rounds"] == 4
    assert proposal.turn_timeout is None
    with pytest.raises(TableError, match="enter a whole number"):
        enter_numbers(draft, {"stake": "3.5"})
    with pytest.raises(TableError, match="0 \\(off\\) or 10 to 86400"):
        enter_numbers(draft, {"turn_timeout": "9"})


def test_guild_settings_keep_only_the_differences_from_the_preset() -> None:
    settings = GuildSettings(preset="skat-fixed", rules={"stake": 20})
    draft = Draft.of_guild(1, settings, "Club")
    proposal = choose(draft, "skat_to", ["loser"])
    stored = GuildSettings.model_validate(proposal.guild_settings(()))
    assert stored.preset == "skat-fixed" and stored.rules == {"stake": 20, "skat_to": "loser"}
    assert stored.default_rules() == preset("skat-fixed", stake=20, skat_to="loser")
    other = choose(draft, "preset", ["schafkopf"]).guild_settings((5,))
    options = GuildSettings.model_validate(other).options
    assert options.seats == 4 and options.rounds == 1 and not any(options.chosen.values())


def test_modal_texts_read_rows_and_labels() -> None:
    data = {
        "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": "stake", "value": "7"}]},
            {"type": 18, "component": {"type": 4, "custom_id": "rounds", "value": "2"}},
        ]
    }
    assert modal_texts(data) == {"stake": "7", "rounds": "2"}


def test_a_skat_preset_brings_its_table_options() -> None:
    """The tournament list and the Bock preset of full Skat set their table options."""
    draft = Draft.of_table(make_table("skat", started=False, game="skat"))
    assert not draft.options.chosen.get("tournament")
    assert choose(draft, "preset", ["skat-tournament"]).options["tournament"]
    bock = choose(draft, "preset", ["skat-bock"]).options
    assert bock["ramsch_after_bock"] and bock["bock_on_sixty"] and bock["bock_on_kontra"]
    assert not choose(draft, "preset", ["skat-throw-in"]).options["tournament"]


def test_the_editor_offers_skat_s_bock_rounds_at_skat_tables_only() -> None:
    """FS-13: a Skat table's editor has every Bock switch, the threshold, Ramsch after Bock
    and the tournament list; a Ramsch table's only the Bock rounds a Ramsch can open (SR-11);
    Ramsen, played to a winner, nothing Bock-like."""
    skat = Draft.of_table(make_table("skat", started=False, game="skat"))
    declared_games = {"bock_on_sixty", "bock_on_kontra", "bock_on_re", "bock_on_grand_hand"}
    assert declared_games | {"bock_on_value", "ramsch_after_bock", "tournament"} <= set(
        skat.toggles
    )
    assert skat.numbers()["bock_threshold"] == "72"
    ramsch = Draft.of_table(make_table("skat", started=False))
    assert {name for name in ramsch.toggles if "bock" in name} == {
        "bock_on_durchmarsch",
        "bock_on_tie",
    }
    assert "bock_threshold" not in ramsch.numbers()
    ramsen = Draft.of_table(make_table(get_game("ramsen").default_preset, game="ramsen"))
    offered = [*ramsen.toggles, *ramsen.numbers()]
    assert not [name for name in offered if "bock" in name or name == "tournament"]
