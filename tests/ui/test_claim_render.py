"""The claim of the rest on a hand: offered to the seat to act in the last tricks of a declared
game whether the claim holds or not (what a seat is offered depends only on what it may know),
never to the others, never in a Ramsch; one button on the row of the other controls."""

from __future__ import annotations

import random
from typing import Any

from bot import i18n
from bot.tables import Table
from bot.ui import ids
from bot.ui.hand import render_hand
from bot.ui.results import render_result
from ramsch_core.claims import claim_holds, claims_refused
from tests.core.builders import declaring_choice as choose
from tests.ui.helpers import USER_IDS, items, make_table, problems


def claim_buttons(table: Table, user: int) -> list[Any]:
    return [
        item
        for item in items(render_hand(table, user))
        if item.custom_id == ids.claim_id(table.id, table.deal_number)
    ]


def hands_at(table: Table) -> dict[int, list[Any]]:
    """Per player, the claim buttons on their hand now."""
    return {user: claim_buttons(table, user) for user in USER_IDS[: len(table.seats)]}


def test_the_claim_is_offered_to_the_seat_to_act_whether_or_not_it_holds() -> None:
    """In the last tricks of a declared game the seat to act sees "Rest is mine" both where
    the claim holds and where it does not: the offer never tells hidden cards."""
    offered: dict[bool, int] = {True: 0, False: 0}
    for seed in range(12):
        table = make_table("skat", game="skat", seed=seed)
        rng = random.Random(seed)
        match = table.match
        assert match is not None
        while match.number == 0 and match.to_act is not None:
            deal = match.deal
            seat = match.deal_seat(match.to_act)
            assert seat is not None
            to_act = USER_IDS[match.to_act]
            if deal.phase != "play":
                match.apply(choose(deal.view(seat), rng), match.to_act)
                continue
            buttons = hands_at(table)
            allowed = claims_refused(deal.public_view()) is None
            assert all(not shown for user, shown in buttons.items() if user != to_act)
            assert len(buttons[to_act]) == (1 if allowed else 0)
            if allowed:
                offered[claim_holds(deal, seat)] += 1
                shown = render_hand(table, to_act)
                assert not problems(shown)
                [button] = buttons[to_act]
                assert button.label == "Rest is mine"
                rows = {item.row for item in items(shown) if not item.custom_id.startswith(
                    f"{ids.PREFIX}:a:42:{table.deal_number}:play")}  # fmt: skip
                assert len(rows) == 1  # one row of controls beside the cards
            match.apply(choose(deal.view(seat), rng), match.to_act)
    assert offered[True] >= 3 and offered[False] >= 3


def test_no_claim_is_offered_in_a_ramsch() -> None:
    """FS-1: a deal everyone passed is a Ramsch: nobody is offered a claim, to its end."""
    table = make_table("skat", game="skat", seed=3)
    match = table.match
    assert match is not None
    while match.deal.phase == "bidding":
        match.apply(next(a for a in match.deal.legal_actions() if a.kind == "pass"), match.to_act)
    assert match.deal.contract.name == "ramsch"
    while match.number == 0:
        assert not any(hands_at(table).values())
        match.apply(match.deal.legal_actions()[0], match.to_act)


def test_the_claim_button_reads_german() -> None:
    table = make_table("skat", game="skat", seed=0)
    match = table.match
    assert match is not None
    rng = random.Random(0)
    while match.deal.phase != "play" or claims_refused(match.deal.public_view()) is not None:
        seat = match.deal_seat(match.to_act or 0) or 0
        match.apply(choose(match.deal.view(seat), rng), match.to_act)
    with i18n.using("de"):
        [button] = claim_buttons(table, USER_IDS[match.to_act or 0])
    assert button.label == "Der Rest gehört mir"


def test_a_result_shows_the_trick_the_last_trick_played_itself_after() -> None:
    """C-5: the card that ends the ninth trick plays the tenth at once, so the table never
    shows the ninth taken: the deal's result shows both."""
    table = make_table("skat", seed=5)
    match = table.match
    assert match is not None
    while match.number == 0:
        match.apply(match.deal.legal_actions()[0], match.to_act)
    text = render_result(table, match.finished_deals[0]).text()
    assert "Last tricks" in text and "Trick 9:" in text and "Trick 10:" in text
    assert "Trick 8:" not in text
