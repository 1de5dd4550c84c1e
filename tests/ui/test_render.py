"""Rendering a seat's view: lobby, table, hand, result and standings (no Discord needed)."""

from __future__ import annotations

import random

import pytest

from bot.ui.hand import render_hand
from bot.ui.lobby import render_cancelled, render_lobby
from bot.ui.results import render_result, render_standings
from bot.ui.table import render_table
from ramsch_core import Card, PassOn, PickUp, Play, Push
from ramsch_core.games.ramsch import PRESETS
from tests.ui.helpers import (
    USER_IDS,
    act_randomly,
    cards_shown,
    custom_ids,
    items,
    make_table,
    problems,
)


def test_lobby_shows_seats_host_and_buttons() -> None:
    table = make_table(started=False)
    table.seats = table.seats[:1]
    shown = render_lobby(table)
    assert not problems(shown)
    assert "Players 1/3" in shown.text() and f"<@{USER_IDS[0]}>" in shown.text()
    actions = ("join", "leave", "start", "cancel", "addai", "removeai", "rules")
    assert custom_ids(shown) == [f"ramsch:t:42:{a}" for a in actions]
    assert items(shown)[2].disabled
    assert items(shown)[5].disabled, "Remove AI without an AI seated"


def test_full_lobby_can_start_and_join_is_off() -> None:
    table = make_table(started=False)
    shown = render_lobby(table)
    join, _, start, _, add_ai, _, rules = items(shown)
    assert join.disabled and not start.disabled
    assert add_ai.disabled and not rules.disabled


def test_cancelled_table_has_no_buttons() -> None:
    shown = render_cancelled(make_table(started=False), "The host left: the lobby is closed")
    assert shown.view is None and "The host left" in shown.text()


def test_table_message_names_the_player_to_act_and_hides_hands() -> None:
    table = make_table()
    shown = render_table(table)
    # C-4: the dealer of deal 1 is seat 1, so forehand is the second player
    assert shown.content == f"<@{USER_IDS[1]}>, your turn to play."
    assert cards_shown(shown) == set()
    assert custom_ids(shown) == ["ramsch:t:42:hand"]


def test_table_message_shows_the_trick_and_the_last_trick() -> None:
    table = make_table()
    rng = random.Random(1)
    for _ in range(4):
        act_randomly(table, rng)
    shown = render_table(table)
    assert table.match is not None
    played = set(table.match.deal.tricks[0].cards) | set(table.match.deal.trick)
    assert cards_shown(shown) == played
    assert "Last trick" in shown.text() and "Trick 2" in shown.text()


def test_hand_on_turn_enables_exactly_the_legal_cards() -> None:
    table = make_table()
    act_randomly(table, random.Random(3))
    match = table.match
    assert match is not None
    user = USER_IDS[match.to_act or 0]
    view = table.view_for(user)
    assert view is not None
    shown = render_hand(table, user)
    assert not problems(shown)
    enabled = {Card[b.custom_id[-2:]] for b in items(shown) if not b.disabled}
    assert enabled == {a.card for a in view.legal if isinstance(a, Play)}
    assert len(items(shown)) == len(view.hand)
    assert all(cid.startswith("ramsch:a:42:0:play:") for cid in custom_ids(shown))


def test_hand_off_turn_has_every_card_disabled() -> None:
    table = make_table()
    shown = render_hand(table, USER_IDS[2])
    assert all(b.disabled for b in items(shown))
    assert "Waiting" in shown.text()


def test_stranger_gets_no_hand() -> None:
    shown = render_hand(make_table(), 999)
    assert shown.view is None and "not playing" in shown.text()


def test_dealer_sitting_out_is_told_so() -> None:
    """C-4: at a four-seat Skat table the dealer sits the deal out."""
    table = make_table(seats=4)
    shown = render_hand(table, USER_IDS[0])
    assert "sit this deal out" in shown.text() and shown.view is None


def test_skat_schieberamsch_offers_pick_up_and_pass_on_then_a_select() -> None:
    """SR-10: push or pass on; no jacks may be laid by default."""
    table = make_table("skat-schieberamsch")
    first = USER_IDS[1]
    ids_before = custom_ids(render_hand(table, first))
    assert "ramsch:a:42:0:pick_up" in ids_before and "ramsch:a:42:0:pass_on" in ids_before
    assert table.match is not None
    table.match.apply(PickUp(), 1)
    shown = render_hand(table, first)
    assert not problems(shown)
    select = items(shown)[-1]
    values = {Card[o.value] for o in select.options}
    assert select.min_values == select.max_values == 2
    assert not any(card.rank.letter == "J" for card in values)
    view = table.view_for(first)
    assert view is not None
    assert {c for c in view.skat if c.rank.letter != "J"} <= values


def test_altenburg_schieberamsch_has_no_pass_on() -> None:
    """AR-6: everyone must push."""
    table = make_table("altenburg-schieberamsch")
    assert "ramsch:a:42:0:pass_on" not in custom_ids(render_hand(table, USER_IDS[1]))
    assert table.match is not None
    table.match.apply(PickUp(), 1)
    select = items(render_hand(table, USER_IDS[1]))[-1]
    assert len(select.options) == 12


def test_result_and_standings_after_a_session() -> None:
    table = make_table(rounds=1)
    rng = random.Random(5)
    while table.status == "playing":
        act_randomly(table, rng)
    match = table.match
    assert match is not None
    for entry in match.finished_deals:
        shown = render_result(table, entry)
        assert not problems(shown)
        assert all(name in shown.text() for name in ("Alice", "Bob", "Carol"))
    standings = render_standings(table)
    best = table.seats[match.standings()[0][0]].name
    assert "🥇 **" + best in standings.text()


@pytest.mark.parametrize("name", list(PRESETS))
def test_random_sessions_never_leak_a_hand_nor_break_limits(name: str) -> None:
    """Every message of every state: within Discord's limits; no unplayed card of another seat."""
    for seed in range(3):
        seats = 4 if name == "skat" and seed == 2 else None
        table = make_table(name, seed=seed, seats=seats)
        rng = random.Random(seed)
        while table.status == "playing":
            match = table.match
            assert match is not None
            played = set(match.deal.view(0).played)
            public = render_table(table)
            assert not problems(public)
            assert cards_shown(public) <= played
            for seat in table.seats:
                assert seat.user_id is not None
                shown = render_hand(table, seat.user_id)
                assert not problems(shown)
                view = table.view_for(seat.user_id)
                own = set(view.hand) | set(view.skat) | set(view.laid) if view else set()
                assert cards_shown(shown) <= own | played
            act_randomly(table, rng)


def test_push_actions_render_for_every_legal_choice() -> None:
    table = make_table("skat-schieberamsch")
    assert table.match is not None
    table.match.apply(PassOn(), 1)
    table.match.apply(PickUp(), 2)
    view = table.view_for(USER_IDS[2])
    assert view is not None
    pushes = [a for a in view.legal if isinstance(a, Push)]
    select = items(render_hand(table, USER_IDS[2]))[-1]
    assert {c for p in pushes for c in p.cards} == {Card[o.value] for o in select.options}
