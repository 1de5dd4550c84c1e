"""Skat where forehand must play (FS-16) rendered: no Passe for him after two passes, what
every seat and the table read, the rules and the editor's choice, in English and German."""

from __future__ import annotations

from typing import Any

import pytest

from bot import i18n
from bot.client import user_message
from bot.tables import IllegalAction, Table
from bot.tables.lobby import validated
from bot.ui.editor import Draft, choose
from bot.ui.editor_view import render_editor
from bot.ui.games.skat import SKAT
from bot.ui.hand import render_hand
from bot.ui.table import render_table
from ramsch_core import Pass, RulesError, get_game
from tests.english import english_words
from tests.ui.helpers import USER_IDS, in_german, items, make_table, problems

NAMES = ["Alice", "Bob", "Carol", "Dave"]


pytestmark = pytest.mark.usefixtures("nothing_untranslated")


def standard_table(**kwargs: Any) -> Table:
    return make_table("skat-standard", game="skat", **kwargs)


def user_at(table: Table, deal_seat: int) -> int:
    assert table.match is not None
    return int(USER_IDS[table.match.active_seats[deal_seat]])


def name_at(table: Table, deal_seat: int) -> str:
    assert table.match is not None
    return NAMES[table.match.active_seats[deal_seat]]


def labels(shown: Any) -> set[str]:
    return {getattr(item, "label", None) or item.placeholder for item in items(shown)}


def two_passes(table: Table) -> None:
    match = table.match
    assert match is not None
    for _ in range(2):
        match.apply(Pass(), match.to_act)


def test_fs16_the_rules_say_forehand_must_play() -> None:
    rules = get_game("skat").preset("skat-standard")
    text = "\n".join(SKAT.rules_lines(rules))
    assert "Vorhand must play a game, as if he had bid 18: he may not pass" in text
    assert "Ramsch is played" not in text and "thrown in" not in text


def test_fs16_rearhand_is_told_that_his_pass_makes_forehand_play() -> None:
    table = standard_table()
    match = table.match
    assert match is not None
    match.apply(Pass(), match.to_act)
    shown = render_hand(table, user_at(table, 2))
    assert not problems(shown) and "Passe" in labels(shown)
    assert f"**Passe**: then {name_at(table, 0)} (Vorhand) must play a game" in shown.text()


def test_fs16_after_two_passes_forehand_declares_and_has_no_passe() -> None:
    table = standard_table()
    two_passes(table)
    vor = render_hand(table, user_at(table, 0))
    assert not problems(vor)
    found = labels(vor)
    assert "Skat aufnehmen" in found and "Declare a Hand game…" in found
    assert "Passe" not in found and "18" not in found
    assert "you must play a game, as if you had bid **18**: you may not pass" in vor.text()
    for seat in (1, 2):
        other = render_hand(table, user_at(table, seat))
        assert not problems(other)
        must = f"Both others passed: **{name_at(table, 0)}** (Vorhand) must play a game, at 18."
        assert must in other.text()
        assert not [item for item in items(other) if not item.disabled]
    shown = render_table(table)
    assert not problems(shown)
    assert f"Both others passed: {name_at(table, 0)} must play" in shown.text()
    assert "won the bidding" not in shown.text()


def test_fs16_in_german() -> None:
    table = standard_table()
    two_passes(table)
    assert table.match is not None
    view = table.match.deal.view(0)
    names = [name_at(table, seat) for seat in range(3)]
    with in_german(table):
        status = SKAT.hand_status(view, names, ())
        heading = SKAT.phase_text(view.public, names)
        others = SKAT.hand_status(table.match.deal.view(1), names, ())
        rules = SKAT.rules_lines(table.rules)
    assert heading is not None
    text = "\n".join([*status, *heading, *others, *rules])
    assert "also musst du ein Spiel machen, als hättest du **18** gesagt" in text
    assert f"Beide anderen haben gepasst: {names[0]} muss spielen" in text
    assert english_words(text, tuple(NAMES)) == set(), text


def test_fs16_forehands_pass_is_refused_in_one_sentence_in_either_language() -> None:
    table = standard_table()
    two_passes(table)
    assert table.match is not None
    before = table.match.deal.public_view()
    with pytest.raises(RulesError) as raised:
        table.match.check(Pass(), table.match.active_seats[0])
    error = IllegalAction.of(raised.value)
    assert user_message(error) == (
        "Both others passed: as forehand you must play a game and may not pass"
    )
    with i18n.using("de"):
        german_text = user_message(error)
    assert german_text == (
        "Beide anderen haben gepasst: als Vorhand musst du ein Spiel spielen und darfst nicht "
        "passen"
    )
    assert table.match.deal.public_view() == before


def test_fs16_the_editor_offers_forehand_must_play_where_all_pass_is() -> None:
    table = make_table("skat", game="skat", started=False)
    draft = Draft.of_table(table)
    shown = render_editor(draft)
    select = next(item for item in items(shown) if item.custom_id.endswith(":all_pass"))
    offered = {option.value: option.label for option in select.options}
    assert offered["forehand"] == "When both others pass: forehand must play"
    proposal = choose(draft, "all_pass", ["forehand"])
    rules = validated(proposal.rules, proposal.options)[0]
    assert rules.all_pass == "forehand"  # type: ignore[attr-defined]
    with i18n.using("de"):
        german_select = next(
            item for item in items(render_editor(draft)) if item.custom_id.endswith(":all_pass")
        )
    labels_de = {option.value: option.label for option in german_select.options}
    assert labels_de["forehand"] == "Wenn beide anderen passen: Vorhand muss spielen"
