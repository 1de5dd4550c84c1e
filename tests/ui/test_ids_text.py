"""custom_id scheme and text helpers: card and score display, presets, rules in brief."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from bot.tables import IllegalAction
from bot.ui import ids
from bot.ui.actions import action_of, control_arg, legacy_kind
from bot.ui.games import rules_brief
from bot.ui.text import cards_text, preset_choice_name, score_text, timer_text
from ramsch_core import DECK, Action, Card, PassOn, PickUp, Play, Push, get_game, preset
from ramsch_core.games.ramsch import PRESETS


def test_custom_ids_match_their_templates_and_fit_discord() -> None:
    big = 10**18 - 1
    cases = [
        (ids.lobby_id(big, "start"), ids.LOBBY_TEMPLATE),
        (ids.hand_id(big), ids.HAND_TEMPLATE),
        (ids.action_id(big, 9999, "play", "HT"), ids.ACTION_TEMPLATE),
        (ids.action_id(big, 9999, "pass_on"), ids.ACTION_TEMPLATE),
        (ids.action_id(big, 9999, "push"), ids.ACTION_TEMPLATE),
        (ids.back_id(big), ids.BACK_TEMPLATE),
        (ids.lobby_id(big, "removeai"), ids.LOBBY_TEMPLATE),
        (ids.editor_id("g", 2**64 - 1, "jungfrau_doubles_all"), ids.EDITOR_TEMPLATE),
        (ids.numbers_id("t", big), ids.NUMBERS_TEMPLATE),
        (ids.editor_modal_id("g", 2**64 - 1), ids.EDITOR_MODAL_TEMPLATE),
        (ids.page_id(2**64 - 1, "altenburg", "month", 999_990, "next"), ids.PAGE_TEMPLATE),
        (ids.record_id(), ids.RECORD_TEMPLATE),
    ]
    for custom_id, template in cases:
        assert len(custom_id) <= 100
        assert re.fullmatch(template, custom_id), custom_id


def test_every_action_id_parses_back_to_its_action() -> None:
    """Every registered kind with the argument its control carries reads back as the action."""
    samples: list[Action] = [Play(card) for card in DECK] + [PickUp(), PassOn()]
    for action in samples:
        custom_id = ids.action_id(3, 1, action.kind, control_arg(action))
        match = re.fullmatch(ids.ACTION_TEMPLATE, custom_id)
        assert match is not None and (match["table"], match["deal"]) == ("3", "1")
        assert action_of(match["kind"], match["arg"]) == action
    assert action_of("push", None, ["HT", "SA"]) == Push((Card.SA, Card.HT))
    for values in (["HT"], ["HT", "HT"], ["HT", "XX"]):
        with pytest.raises(IllegalAction, match="exactly two cards"):
            action_of("push", None, values)
    with pytest.raises(IllegalAction, match="no longer knows"):
        action_of("wager", "18")


def test_ids_of_the_first_versions_still_read_as_their_actions() -> None:
    """Hand messages sent before the upgrade keep card, push and lay controls that work."""
    for legacy, expected in [
        ("ramsch:c:7:2:HT", ("7", "2", "play", "HT")),
        ("ramsch:p:7:2:pickup", ("7", "2", "pick_up", None)),
        ("ramsch:p:7:2:passon", ("7", "2", "pass_on", None)),
        ("ramsch:l:7:2", ("7", "2", "push", None)),
    ]:
        match = re.fullmatch(ids.LEGACY_ACTION_TEMPLATE, legacy)
        assert match is not None
        kind, arg = legacy_kind(match["form"], match["arg"])
        assert (match["table"], match["deal"], kind, arg) == expected


def test_templates_do_not_overlap() -> None:
    templates = [ids.LOBBY_TEMPLATE, ids.HAND_TEMPLATE, ids.ACTION_TEMPLATE,
                 ids.LEGACY_ACTION_TEMPLATE, ids.BACK_TEMPLATE, ids.EDITOR_TEMPLATE,
                 ids.NUMBERS_TEMPLATE, ids.EDITOR_MODAL_TEMPLATE, ids.PAGE_TEMPLATE,
                 ids.RECORD_TEMPLATE, ids.MARK_TEMPLATE, ids.SECTION_TEMPLATE]  # fmt: skip
    samples = [ids.lobby_id(1, "join"), ids.hand_id(1), ids.action_id(1, 0, "play", "CJ"),
               ids.action_id(1, 0, "pick_up"), ids.action_id(1, 0, "push"), "ramsch:c:1:0:CJ",
               "ramsch:p:1:0:pickup", "ramsch:l:1:0", ids.back_id(1),
               ids.editor_id("t", 1, "preset"), ids.numbers_id("t", 1),
               ids.editor_modal_id("t", 1), ids.page_id(1, "skat", "all", 10, "prev"),
               ids.record_id(), ids.mark_id(1, 0, "SA"), ids.mark_id(1, 0, "schneider"),
               ids.section_id("t", 1, "ramsch"), ids.section_id("g", 1, None),
               ids.numbers_id("t", 1, "ramsch"), ids.editor_modal_id("g", 1, "ramsch"),
               ids.editor_id("t", 1, "ramsch__skat_to"), ids.action_id(1, 0, "bid", "264"),
               ids.action_id(1, 0, "declare", "diamonds_szo"),
               ids.action_id(1, 0, "discard", "S7HK")]  # fmt: skip
    for sample in samples:
        assert sum(bool(re.fullmatch(t, sample)) for t in templates) == 1


def test_cards_show_as_suit_symbol_and_rank() -> None:
    assert cards_text([Card.CJ, Card.HT, Card.DA]) == "♣J ♥10 ♦A"
    assert cards_text([]) == "—"


@pytest.mark.parametrize(
    ("value", "text"),
    [(0, "0"), (120, "+120"), (-45, "−45"), (Fraction(-15, 2), "−7½"), (Fraction(1, 2), "+½")],
)
def test_scores_are_exact(value: Fraction, text: str) -> None:
    """AR-4: scores are exact, 7½ stays 7½."""
    assert score_text(value) == text


@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_fit_a_choice_and_have_a_brief(name: str) -> None:
    assert len(preset_choice_name(get_game("ramsch"), name)) <= 100
    brief = rules_brief(preset(name))
    assert 100 < len(brief) < 1500


def test_brief_names_the_trumps() -> None:
    """SR-2, SK-2, AR-2: the brief lists the trump order."""
    assert "♣J ♠J ♥J ♦J" in rules_brief(preset("skat"))
    # Ramsch after Schafkopf rules is shown in the German pack: Obers, Unters, then Herz.
    assert "🌰O 🍀O ❤️O 🔔O 🌰U 🍀U ❤️U 🔔U ❤️A ❤️10" in rules_brief(preset("schafkopf"))
    assert "No trumps" in rules_brief(preset("altenburg"))


@pytest.mark.parametrize(
    ("seconds", "text"), [(None, "off"), (45, "45 s"), (120, "2 min"), (90, "1 min 30 s")]
)
def test_timer_text(seconds: float | None, text: str) -> None:
    assert timer_text(seconds) == text
