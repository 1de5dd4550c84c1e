"""`/ramsch new`'s ``options`` text: what each game declares, how it is read, and how a wrong
option, a wrong value or a client with the command's former options is refused."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from discord.app_commands import TranslationContextLocation as Where

from bot import i18n
from bot.client import user_message
from bot.commands.choices import options_autocomplete, requested_table, table_request
from bot.commands.options import BOCK, declared, parse_options
from bot.commands.translator import message_id
from bot.tables import GuildSettings, TableError
from ramsch_core import GAMES, get_game
from ramsch_core.games.ramsen import RamsenRules
from tests.english import english_words

FORMER_PARAMETERS = ("skat_to", "scoring", "stake", "schieben", "durchmarsch", "bock", "crosses")
"""The options `/ramsch new` had as parameters of its own before they moved into ``options``."""


def _german(error: BaseException) -> str:
    with i18n.using("de"):
        text = user_message(error)
    assert text is not None
    return text


def _request(game: str | None, preset: str | None, text: str | None, **kwargs: object) -> object:
    return table_request(
        GuildSettings(), game, preset, text, seats=None, rounds=None, stale=[], **kwargs
    )


def _declared_everywhere() -> list[tuple[str, str, str]]:
    return [
        (game.id, name, option)
        for game in GAMES.values()
        for name in game.presets
        for option in declared(game.preset(name), game)
    ]


def test_every_former_parameter_is_an_option_of_some_game() -> None:
    """What the former parameters did can still be typed."""
    found = {option for _game, _preset, option in _declared_everywhere()}
    assert set(FORMER_PARAMETERS) <= found
    assert not found & {"game", "variant", "players"}


def test_every_option_has_a_german_name_and_description() -> None:
    missing = []
    for game_id, name, option in sorted(set(_declared_everywhere())):
        game = get_game(game_id)
        shown = declared(game.preset(name), game)[option]
        german_name = i18n.translated(message_id(option, Where.parameter_name), "de")
        german_text = i18n.translated(shown.description, "de")
        if german_name is None or german_text is None:
            missing.append(option)
    assert not missing


@pytest.mark.parametrize(
    ("game", "preset", "text", "rules", "options"),
    [
        ("ramsch", "skat", "stake=20, scoring=fixed", {"stake": 20, "scoring": "fixed"}, {}),
        (
            "ramsch",
            "skat",
            " skat_to = loser ;durchmarsch=no",
            {"skat_to": "loser", "durchmarsch": False},
            {},
        ),
        ("ramsch", "skat", "einsatz=30, schieben=ja", {"stake": 30, "schieben": True}, {}),
        ("ramsen", "ramsen", "crosses=3", {"crosses": 3}, {}),
        ("skat", "skat", "bock=yes, kontra=off", {"kontra": False}, {"bock_on_kontra": True}),
        ("schafkopf", "schafkopf", "Bock=Nein", {}, {"bock_on_durchmarsch": False}),
    ],
)
def test_options_change_the_rules_as_the_former_parameters_did(
    game: str, preset: str, text: str, rules: dict[str, object], options: dict[str, bool]
) -> None:
    overrides, bock = parse_options(text, get_game(game).preset(preset), get_game(game), "")
    expected_rules, expected_options = requested_table(
        GuildSettings(), game, preset, overrides, seats=None, rounds=None, bock=bock
    )
    assert _request(game, preset, text) == (expected_rules, expected_options)
    dumped = expected_rules.model_dump()
    assert {name: dumped[name] for name in rules} == rules
    assert {name: expected_options[name] for name in options} == options


def test_no_options_is_the_preset() -> None:
    assert _request("ramsch", "skat", None) == requested_table(
        GuildSettings(), "ramsch", "skat", {}, seats=None, rounds=None, bock=None
    )
    assert parse_options(" , ", get_game("ramsen").preset("ramsen"), get_game("ramsen"), "") == (
        {},
        None,
    )


def test_an_option_the_game_lacks_is_refused_naming_it_and_listing_the_game_s() -> None:
    with pytest.raises(TableError) as raised:
        _request("ramsen", None, "crosses=2, durchmarsch=yes")
    assert str(raised.value) == (
        "Ramsen has no option durchmarsch: its options are crosses, schlecken, stake, dealer_forced"
    )
    german = _german(raised.value)
    assert german == (
        "Ramsen hat keine Option durchmarsch: seine Optionen sind kreuze, schlecken, einsatz, "
        "geber_muss"
    )


def test_ra9_a_stake_at_a_game_without_one_is_refused() -> None:
    """RA-9: the stake per bar is Ramsen's; full Skat has no stake option."""
    with pytest.raises(TableError) as raised:
        _request("skat", None, "stake=5")
    assert str(raised.value) == "Skat has no option stake: its options are all_pass, kontra, bock"
    assert _german(raised.value).startswith("Skat hat keine Option stake: seine Optionen sind")


def test_ra8_ra9_ramsen_takes_the_cutters_choice_and_a_stake() -> None:
    """RA-8, RA-9: ``schlecken`` is one of its three values, ``stake`` a number from 0."""
    rules, _ = table_request(
        GuildSettings(), "ramsen", None, "schlecken=always, stake=5", seats=None, rounds=None,
        stale=[],
    )  # fmt: skip
    assert isinstance(rules, RamsenRules) and (rules.schlecken, rules.stake) == ("always", 5)
    with pytest.raises(TableError, match="The option schlecken is one of choice, always, never"):
        _request("ramsen", None, "schlecken=yes")


@pytest.mark.parametrize(
    ("text", "english", "german"),
    [
        ("stake=1001", "The option stake is a whole number from 1 to 1000",
         "Die Option einsatz ist eine ganze Zahl von 1 bis 1000"),
        ("stake=much", "The option stake is a whole number from 1 to 1000",
         "Die Option einsatz ist eine ganze Zahl von 1 bis 1000"),
        ("schieben=maybe", "The option schieben is yes or no",
         "Die Option schieben ist ja oder nein"),
        ("skat_to=dealer", "The option skat_to is one of last_trick, loser, nobody",
         "Die Option skat_an ist eines von last_trick, loser, nobody"),
        ("stake 20", "Give the options as name=value, separated by commas, e.g. "
         "`stake=10, durchmarsch=yes`", "Gib die Optionen als name=wert an, durch Kommas getrennt, "
         "z. B. `einsatz=10, durchmarsch=ja`"),
    ],
)  # fmt: skip
def test_a_wrong_value_is_refused_naming_the_option(text: str, english: str, german: str) -> None:
    with pytest.raises(TableError) as raised:
        _request("ramsch", "skat", text)
    assert str(raised.value) == english
    assert _german(raised.value) == german


def test_a_client_with_the_former_parameters_is_told_where_they_went() -> None:
    with pytest.raises(TableError) as raised:
        table_request(
            GuildSettings(), None, None, None, seats=None, rounds=None, stale=["stake", "crosses"]
        )
    assert str(raised.value).startswith(
        "Your Discord app shows an older version of this command: stake, crosses are now given"
        " in the option options, e.g. `stake=10, "
    )
    german = _german(raised.value)
    assert "einsatz, kreuze" in german and "optionen" in german
    assert english_words(german) == set()


def test_bock_is_declared_only_by_games_with_bock_rounds() -> None:
    for game in GAMES.values():
        shown = declared(game.preset(game.default_preset), game)
        assert (BOCK in shown) == bool(game.match_options.BOCK_SWITCHES)


def _typing(game: str, preset: str, locale: str) -> Any:
    """An interaction of `/ramsch new` being typed outside a server, in ``locale``."""
    return SimpleNamespace(
        namespace=SimpleNamespace(game=game, preset=preset), guild_id=None, locale=locale
    )


async def test_the_options_are_offered_in_the_reader_s_words_then_their_values() -> None:
    with i18n.using("en"):
        names = await options_autocomplete(_typing("ramsch", "skat", "de"), "einsatz=20, sk")
        values = await options_autocomplete(_typing("ramsch", "skat", "de"), "schieben=")
    assert [choice.value for choice in names] == ["einsatz=20, skat_an="]
    assert names[0].name == "einsatz=20, skat_an= — wer die Augen des Skats bekommt"
    assert [choice.value for choice in values] == ["schieben=ja", "schieben=nein"]
    ramsen = await options_autocomplete(_typing("ramsen", "ramsen", "en-US"), "crosses=3")
    assert [(choice.name, choice.value) for choice in ramsen] == [
        ("crosses=3 — a whole number from 1 to 10", "crosses=3")
    ]
    assert await options_autocomplete(_typing("ramsen", "ramsen", "en-US"), "durchmarsch=") == []


@pytest.mark.parametrize("preset", ["", "  "])
def test_an_empty_preset_is_refused_not_taken_for_the_default(preset: str) -> None:
    """Issue 30: a raw payload's empty preset opened a table with the default rules; it is
    refused like any preset the game does not have, naming the ones it has."""
    with pytest.raises(TableError, match="Unknown preset") as refused:
        _request(None, preset, None)
    assert "skat" in _german(refused.value)


def test_a_preset_typed_with_spaces_around_it_is_found() -> None:
    rules, _options = _request(None, " schafkopf ", None)  # type: ignore[misc]
    assert rules == get_game("ramsch").preset("schafkopf")


def test_bock_yes_turns_on_the_bock_rounds_of_the_table_s_game() -> None:
    """FS-13: `bock=yes` at a Skat table switches on every Bock event of Skat (and the
    Durchmarsch of its Ramsch); at a Ramsch table only the Durchmarsch (SR-11)."""
    from ramsch_core import parse_table_options
    from ramsch_core.games.skat.match_options import BOCK_SWITCHES, SkatMatchOptions

    rules, options = _request("skat", None, "bock=yes")
    chosen = parse_table_options(options).of_game(rules)
    assert isinstance(chosen, SkatMatchOptions)
    assert all(getattr(chosen, name) for name in BOCK_SWITCHES)
    assert not chosen.ramsch_after_bock and chosen.bock_threshold == 72
    _, options = _request("ramsch", None, "bock=yes")
    assert {name for name, on in options.items() if "bock" in name and on} == {
        "bock_on_durchmarsch"
    }


def test_a_game_without_bock_rounds_offers_nothing_bock_like() -> None:
    """Ramsen plays to a winner: no Bock in its options, and `bock=yes` is refused saying
    which options it has."""
    ramsen = get_game("ramsen")
    shown = declared(ramsen.preset(ramsen.default_preset), ramsen)
    assert shown and not any("bock" in name for name in shown)
    with pytest.raises(TableError, match="Ramsen has no option bock"):
        _request("ramsen", None, "bock=yes")
