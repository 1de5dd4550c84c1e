"""The example game uses every extension point a game has, or says here why it has no use for
it: the ``Game`` entry's fields, its AI policy's, the rule set's hooks, the terminal
presenter's members, the renderer's protocol and the optional renderer members the bot looks
for. A new extension point fails
these tests until the example game uses it (and docs/adding-a-game.md says how) or it is
listed below with the reason Stich does without it."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from pydantic import BaseModel

from bot.ui.games import GameRenderer
from ramsch_core import Game
from ramsch_core.ai.policy import NO_POLICY, GamePolicy
from ramsch_core.rules import RuleSet
from ramsch_core.terminal.presenter import PlainPresenter, Presenter
from tests.example_game.bot import STICH as RENDERER
from tests.example_game.core import STICH
from tests.example_game.core.rules import StichRules
from tests.example_game.core.terminal import StichPresenter

ROOT = Path(__file__).resolve().parents[2]

IDENTITY = {"id", "title", "variants", "presets", "descriptions", "default_preset"}
"""The fields every game sets."""

GAME_UNUSED = {
    "variant_titles": "one rule model, so no variants to name",
}
POLICY_UNUSED = {
    "calls": "nothing is said during the card play (Kontra is Skat's)",
    "reader": "a seat knows what every trick game's seat knows (read_view)",
    "objective": "the deal's score is what the AI plays for",
    "searched_steps": "the announcement's rule of thumb serves the hard AI too",
}
RULESET_UNUSED = {
    "variant_id": "one variant: the game's id",
    "table_sizes": "the default: its players, one more with a dealer sitting out",
    "seatings": "the seats are an option of the rules, chosen by preset",
    "seated": "the seats are an option of the rules, chosen by preset",
    "seeded_cards": "the deal is hands and a skat",
    "deal_from_seed": "the deal is hands and a skat",
    "record_fields": "a record holds hands, skat and actions only",
    "deal_from_record": "a record holds hands, skat and actions only",
    "deal_to_record": "a record holds hands, skat and actions only",
    "initial_carry": "nothing is carried from deal to deal",
    "carry_over": "nothing is carried from deal to deal",
    "carry_for_deal": "nothing is carried from deal to deal",
    "session_payments": "a deal pays its scores, nothing more",
    "plays_to_a_winner": "a match is its rounds (or ends after every trick taken)",
    "contract_before_play": "the hands are sorted by the rules' own contract",
    "schieben_rules": "no Schieberamsch",
    "unplayed_result": "no deal is thrown in: the announcements always lead to the play",
    "compulsory_ramsch": "no Ramsch rounds after Bock",
    "options": "shared: the rule set's options as a mapping",
    "to_json": "shared: the rule set as written in records",
}
PRESENTER_UNUSED = {
    "help": "cards are typed as in every game of the French pack",
    "trick_points": "a trick's card points are worth saying (the default)",
    "face": "the French pack",
    "suit_face": "the French pack",
    "action_words": "its actions read as they are written (double, pass, a card)",
    "hand_line": "the hand as every game shows it",
    "game_line": "the contract is the rules' own; the doubles are said as they happen",
    "before_card": "no hand laid open",
    "players_of": "every seat plays",
}
RENDERER_UNUSED = {
    "card_points": "card points are worth showing (the default)",
    "play_order": "every seat plays (the default)",
    "result_play_order": "every seat plays (the default)",
    "carry_line": "nothing is carried from deal to deal",
    "codecs": "its one action has no fields for a button to carry",
    "section_titles": "no nested rule set",
}


def test_the_game_entry_sets_every_field() -> None:
    unset = {
        item.name
        for item in dataclasses.fields(Game)
        if item.name not in IDENTITY
        and getattr(STICH, item.name) == getattr(Game(**_bare()), item.name)
    }
    assert unset == set(GAME_UNUSED)


def _bare() -> dict[str, object]:
    return {name: getattr(STICH, name) for name in IDENTITY}


def test_the_ai_policy_sets_every_field() -> None:
    assert STICH.ai is not None
    unset = {
        item.name
        for item in dataclasses.fields(GamePolicy)
        if getattr(STICH.ai, item.name) == getattr(NO_POLICY, item.name)
    }
    assert unset == set(POLICY_UNUSED)


def test_the_rule_set_overrides_every_hook() -> None:
    """Every method and property ``RuleSet`` gives a game (``players`` and ``hand_size`` are
    declared for the type checker only: a game must define them)."""
    hooks = {
        name
        for name, value in vars(RuleSet).items()
        if not name.startswith("_")
        and name not in vars(BaseModel)
        and (callable(value) or isinstance(value, property))
    }
    own = {name for name in hooks if vars(RuleSet)[name] is not getattr(StichRules, name)}
    assert hooks - own == set(RULESET_UNUSED)
    assert {"players", "hand_size"} <= set(vars(StichRules))


def test_the_terminal_presenter_has_its_own_of_every_member() -> None:
    """``StichPresenter`` extends ``PlainPresenter`` (the terminal's defaults)."""
    members = {
        name for name in (*vars(Presenter), *Presenter.__annotations__) if not name.startswith("_")
    }
    inherited = {name for name in members if name not in vars(StichPresenter)}
    assert inherited == set(PRESENTER_UNUSED)
    assert all(hasattr(PlainPresenter, name) for name in members)


def optional_members() -> set[str]:
    """The renderer members the bot looks for, found in its source: ``_hook(...)``,
    ``_merged(...)`` and ``getattr`` on a renderer."""
    pattern = re.compile(
        r"(?:_hook\(renderer_for\(rules\), |_merged\(|getattr\((?:renderer_for\(rules\)|renderer"
        r'|other|r), )"(\w+)"'
    )
    found: set[str] = set()
    for path in (ROOT / "bot").rglob("*.py"):
        found |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return found


def test_the_renderer_has_every_member_of_the_protocol_and_the_optional_ones() -> None:
    protocol = {
        name
        for name in (*vars(GameRenderer), *GameRenderer.__annotations__)
        if not name.startswith("_")
    }
    assert {name for name in protocol if not hasattr(RENDERER, name)} == set()
    optional = optional_members()
    documented = (ROOT / "bot" / "ui" / "games" / "__init__.py").read_text(encoding="utf-8")
    assert {name for name in optional if f"# ``{name}" not in documented} == set()
    assert {name for name in optional if not hasattr(RENDERER, name)} == set(RENDERER_UNUSED)
    assert len(optional) >= 15, optional  # the pattern still finds them
