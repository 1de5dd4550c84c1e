"""Setting up a Ramsen table: the number of players is a rule of Ramsen (three to five, every
seat in every deal), so the seats of a table and its rules' players follow each other in
`/ramsch new`, in the rules editor and in the server settings (RA-1, RA-7)."""

from __future__ import annotations

import pytest

from bot.cogs.config import seated_overrides
from bot.commands.choices import SEAT_SIZES, requested_table
from bot.tables import GuildSettings, TableError
from bot.tables.lobby import validated
from bot.ui.editor import Draft, choose, enter_numbers, table_toggles
from bot.ui.editor_view import numbers_modal, render_editor
from ramsch_core import Match, TableOptions, get_game
from tests.ui.helpers import items, make_table, problems


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_new_with_seats_seats_every_player(seats: int) -> None:
    """RA-1: `/ramsch new game:ramsen seats:N` plays Ramsen for N, the dealer included."""
    rules, options = requested_table(
        GuildSettings(), "ramsen", None, {"crosses": 3}, seats=seats, rounds=None, bock=None
    )
    assert rules.players == seats and options["seats"] == seats
    assert rules.options()["crosses"] == 3
    checked_rules, checked = validated(rules, options)
    match = Match(checked_rules, checked, 1)
    assert sorted(match.active_seats) == list(range(seats)) and match.deal.players == seats


def test_new_refuses_a_table_ramsen_cannot_seat() -> None:
    assert 5 in SEAT_SIZES  # the slash command offers five seats (Ramsen)
    with pytest.raises(TableError, match="no option crosses"):
        requested_table(GuildSettings(), "skat", None, {"crosses": 1}, seats=3, rounds=None,
                        bock=None)  # fmt: skip
    rules, options = requested_table(
        GuildSettings(), "ramsen", "ramsen-5", {}, seats=None, rounds=None, bock=None
    )
    assert rules.players == 5 and options["seats"] == 5
    # Ramsch keeps its rules at a table with a seat too many: the dealer sits out.
    ramsch, ramsch_options = requested_table(
        GuildSettings(), "ramsch", "skat", {}, seats=4, rounds=None, bock=None
    )
    assert ramsch.players == 3 and ramsch_options["seats"] == 4


def test_the_editor_moves_seats_with_the_players_and_hides_rounds_and_bock() -> None:
    table = make_table("ramsen", started=False, game="ramsen")
    draft = Draft.of_table(table)
    numbers = draft.numbers()
    assert numbers["players"] == "4" and numbers["crosses"] == "2" and numbers["stake"] == "0"
    assert "rounds" not in numbers  # a game of Ramsen lasts until somebody wins
    assert not [name for name in table_toggles(draft.rules, draft.options) if "bock" in name]
    proposal = enter_numbers(draft, {"players": "5", "crosses": "1"})
    assert proposal.rules["players"] == 5 and proposal.options["seats"] == 5
    rules, options = validated(proposal.rules, proposal.options)
    assert rules.players == options.seats == 5
    with pytest.raises(TableError, match="players"):
        validated(enter_numbers(draft, {"players": "6"}).rules, proposal.options)
    toggles = choose(draft, "toggles", [])
    assert not toggles.rules["dealer_forced"]
    schlecken = choose(draft, "schlecken", ["never"])  # RA-2, RA-8: one of three
    assert schlecken.rules["schlecken"] == "never"
    three = choose(draft, "preset", ["ramsen-3"])
    assert three.rules["players"] == 3 and three.options["seats"] == 3
    shown = render_editor(draft)
    assert not problems(shown) and len({item.row for item in items(shown)}) <= 5
    modal = numbers_modal(draft)
    assert len(modal.children) == 3  # players, crosses and the stake (RA-9); no rounds


def test_server_settings_seats_change_the_players_of_ramsen_only() -> None:
    data = {"game": "ramsen", "preset": "ramsen", "rules": {"crosses": 3}}
    assert seated_overrides(data, 5) == {"crosses": 3, "players": 5}
    assert seated_overrides({**data, "rules": {"players": 5}}, 4) == {}
    skat = {"game": "ramsch", "preset": "skat", "rules": {"stake": 20}}
    assert seated_overrides(skat, 4) == {"stake": 20}
    settings = GuildSettings(game="ramsen", preset="ramsen", rules=seated_overrides(data, 3),
                             options=TableOptions(seats=3))  # fmt: skip
    assert settings.default_rules() == get_game("ramsen").preset("ramsen", crosses=3, players=3)


@pytest.mark.parametrize("seats", [0, -1, 2, 6, 99])
def test_a_seat_count_no_game_has_is_refused_as_such(seats: int) -> None:
    """A raw command payload can carry seats Discord's own range would not let through: the
    answer names the seats the game has, never "invite at most -1 players"."""
    for game, said in (("skat", "choose 3 or 4 seats"), ("schafkopf", "choose 4 seats")):
        with pytest.raises(TableError) as refused:
            requested_table(GuildSettings(), game, None, {}, seats=seats, rounds=None, bock=None)
        assert said in refused.value.message
