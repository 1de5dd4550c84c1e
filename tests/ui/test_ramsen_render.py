"""Ramsen rendered: the exchange by marks (the dealer's upcard too), In or Pass, the card play
among those in, every player's crosses drawn bar by bar, and the winner of the game; no card of
another hand or of the talon in anybody's message."""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any

import discord
import pytest

from bot.tables import TableError
from bot.tables.play import refuse
from bot.ui import faces, ids
from bot.ui.actions import action_of, control_arg
from bot.ui.games import RENDERERS, renderer_for, rules_brief
from bot.ui.games.ramsen import RAMSEN, UPCARD, cross_row, talon_left
from bot.ui.hand import render_hand
from bot.ui.results import render_result, render_standings
from bot.ui.table import deal_title, render_table
from bot.ui.text import table_text
from ramsch_core import Card, Pass, Play, get_game
from ramsch_core.games.ramsen import RamsenRules
from ramsch_core.games.ramsen.exchange import Exchange, RamsenState
from ramsch_core.games.ramsen.in_or_pass import In
from tests.ui.helpers import NAMES, USER_IDS, items, make_table, problems
from tests.ui.ramsen import apply, ramsen_table

C = Card


RAMSEN_RULES = get_game("ramsen").preset("ramsen")


def face(card: Card) -> str:
    """A card as a Ramsen table shows it: the German pack."""
    with faces.showing(RAMSEN_RULES):
        return faces.face(card)


def faces_text(cards: Any) -> str:
    with faces.showing(RAMSEN_RULES):
        return faces.cards_text(cards)


def cards_shown(shown: Any) -> set[Card]:
    """Every card named anywhere in a message, in either pack: text, labels, options."""
    text = shown.text()
    for item in items(shown):
        text += "\n" + (getattr(item, "label", None) or "")
        for option in getattr(item, "options", []):
            text += "\n" + option.label
    return faces.cards_in(text)


def user_at(table: Any, deal_seat: int) -> int:
    return int(USER_IDS[table.match.active_seats[deal_seat]])


def name_at(table: Any, deal_seat: int) -> str:
    return NAMES[table.match.active_seats[deal_seat]]


def mark(table: Any, deal_seat: int, *marks: str) -> None:
    """Press the mark controls ``marks`` on the hand of ``deal_seat``, one after another."""
    seat = table.match.active_seats[deal_seat]
    for name in marks:
        view = table.view_for(user_at(table, deal_seat))
        table.marks[seat] = (table.log_length, RAMSEN.mark(view, table.marks_of(seat), name))


def labels(shown: Any) -> dict[str, Any]:
    return {getattr(item, "label", None) or item.placeholder: item for item in items(shown)}


def confirm(shown: Any) -> Any:
    """The exchange button of a hand."""
    return next(item for item in items(shown) if ":exchange" in item.custom_id)


def action_behind(item: Any) -> Any:
    found = re.fullmatch(ids.ACTION_TEMPLATE, item.custom_id)
    assert found is not None, item.custom_id
    return action_of(found["kind"], found["arg"])


def crosses_row(shown: Any, name: str) -> str:
    """The line of a player in the table's crosses."""
    block = next(field.value for field in shown.embeds[0].fields if field.name == "Crosses")
    return next(line for line in block.splitlines() if line.startswith(name + " "))


def test_ramsen_has_a_renderer_a_title_and_its_rules() -> None:
    rules = get_game("ramsen").preset("ramsen")
    assert renderer_for(rules) is RAMSEN and RENDERERS["ramsen"] is RAMSEN
    assert RAMSEN.title(rules) == "Ramsen"
    with faces.showing(rules):
        brief = rules_brief(rules)
    assert "4 players" in brief and "2 crosses of five bars (10 bars)" in brief
    assert "Schlecken: the cutter sees the bottom card of the cut and may keep it" in brief
    assert "the dealer must play" in brief and "money" not in brief
    assert "Farbzwang" in brief and "Trumpfzwang" in brief and "Stechzwang" in brief
    assert "🔔9 (Dallmutz)" in brief and "the trump suit's K O U 10 9 8 7" in brief
    assert "♦" not in brief and "until someone has drawn all his bars" in brief
    other = rules_brief(RamsenRules(players=5, crosses=1, schlecken=False, dealer_forced=False))
    assert "5 players" in other and "1 cross of five bars (5 bars)" in other
    assert "No schlecken" in other and "If everyone passes, the deal is void" in other
    always = rules_brief(RamsenRules(schlecken="always", stake=120))
    assert "Schlecken: the cutter keeps the bottom card" in always
    assert "each player pays the winner €1.20 for every bar he still owes" in always
    assert not re.search(r"\bRA-\d", brief + other + always)


def test_a_game_to_a_winner_counts_no_deals_and_others_keep_theirs() -> None:
    table = ramsen_table(dealt=False)
    assert deal_title(table, 2) == "Ramsen #42 — deal 3"
    assert "played until someone has drawn all his bars" in table_text(table.rules, table.options)
    assert "deals)" not in table_text(table.rules, table.options)
    hand = render_hand(table, USER_IDS[0]).text()
    assert "· deal 1\n" in hand and " of " not in hand.split("\n")[1]
    skat = make_table()
    assert deal_title(skat, 1) == "Ramsch #42 — deal 2 of 3"
    assert "1 round (3 deals)" in table_text(skat.rules, skat.options)
    assert "· deal 1 of 3" in render_hand(skat, USER_IDS[0]).text()


def test_the_exchange_by_marks_and_one_button() -> None:
    table = ramsen_table()
    forehand = user_at(table, 0)
    shown = render_hand(table, forehand)
    assert not problems(shown)
    marks = [item for item in items(shown) if item.custom_id.startswith("ramsch:m:")]
    assert [item.label for item in marks] == [face(card) for card in table.view_for(forehand).hand]
    assert {item.row for item in marks} == {0}
    button = confirm(shown)
    assert button.label == "Keep my hand" and not button.disabled and button.row == 1
    assert action_behind(button) == Exchange((), False)
    assert "ramsch:m:42:0:upcard" not in [item.custom_id for item in items(shown)]
    assert "**Your turn to exchange:**" in shown.text() and "(11 left)" in shown.text()
    with pytest.raises(TableError):
        mark(table, 0, UPCARD)  # only the dealer takes the upcard
    with pytest.raises(TableError):
        mark(table, 0, "DK")  # the dealer's card
    mark(table, 0, "SK", "C7", "SA", "SA")  # ♠A marked and unmarked again
    shown = render_hand(table, forehand)
    found = labels(shown)
    assert "✓ 🍀K" in found and "✓ 🌰7" in found and "🍀A" in found
    button = confirm(shown)
    assert button.label == "Exchange 2" and not button.disabled
    assert action_behind(button) == Exchange((C.SK, C.C7), False)
    assert "Marked to lay away: 🌰7 🍀K" in shown.text()
    # nobody else has controls to press while forehand exchanges
    for deal_seat in (1, 2, 3):
        other = render_hand(table, user_at(table, deal_seat))
        assert not [item for item in items(other) if not item.disabled]
    apply(table, action_behind(button))
    after = render_hand(table, forehand)
    drawn = table.view_for(forehand).drawn
    assert set(drawn) == {C.CA, C.CT} <= set(table.view_for(forehand).hand)  # from the talon
    assert f"You laid away 🌰7 🍀K and drew {faces_text(drawn)}." in after.text()
    for deal_seat in (1, 2, 3):  # what forehand drew is his alone
        other_text = render_hand(table, user_at(table, deal_seat)).text()
        assert not [card for card in drawn if face(card) in other_text]
    assert not [item for item in items(after) if not item.disabled]
    table_shown = render_table(table)
    assert f"{name_at(table, 0)} laid away 2 and drew 2 from the talon" in table_shown.text()
    assert f"**{name_at(table, 1)}** is to exchange" in table_shown.text()
    assert "Talon: 9 cards face down" in table_shown.text()
    assert table_shown.content == f"<@{user_at(table, 1)}>, your turn to exchange."
    cutter = render_hand(table, user_at(table, 2)).text()
    assert "You kept the bottom card of the cut (Schlecken): you don't exchange." in cutter


def test_the_dealer_may_take_the_upcard_for_a_marked_card() -> None:
    table = ramsen_table()
    apply(table, Exchange((C.SK, C.C7), False), Exchange((), False))
    dealer = user_at(table, 3)
    assert table.match.deal.to_act == 3  # the cutter who schleckte was skipped
    shown = render_hand(table, dealer)
    assert not problems(shown)
    take = labels(shown)["Take upcard ❤️7"]
    assert take.custom_id == "ramsch:m:42:0:upcard" and take.row == 1
    assert "As the dealer you may take the upcard ❤️7" in shown.text()
    mark(table, 3, UPCARD)
    shown = render_hand(table, dealer)
    assert "✓ Take upcard ❤️7" in labels(shown)
    button = confirm(shown)
    assert button.disabled and button.label == "Mark a card first"
    mark(table, 3, "DQ")
    button = confirm(render_hand(table, dealer))
    assert not button.disabled and button.label == "Exchange 1 + ❤️7"
    assert action_behind(button) == Exchange((C.DQ,), True)
    apply(table, action_behind(button))
    assert C.H7 in table.view_for(dealer).hand and C.DQ not in table.view_for(dealer).hand
    shown = render_table(table)
    assert "upcard ❤️7, taken by the dealer " + name_at(table, 3) in shown.text()
    assert "exchanged 1 + upcard" in shown.text()
    state = table.match.deal.public_view().state
    assert isinstance(state, RamsenState) and talon_left(state) == len(table.match.deal.skat)


def test_marking_more_cards_than_the_talon_holds_is_refused() -> None:
    table = ramsen_table("ramsen-5", dealt=False, seed=11)
    deal = table.match.deal
    assert len(deal.skat) == 6
    apply(table, Exchange(tuple(deal.hand(0)), False))  # five away: one card left
    first, second = (card.name for card in deal.hand(1)[:2])
    mark(table, 1, first)
    assert confirm(render_hand(table, user_at(table, 1))).label == "Exchange 1"
    with pytest.raises(TableError, match="talon holds only 1 card"):
        mark(table, 1, second)
    apply(table, Exchange((), False), Exchange((), False))  # seat 3 schleckte: skipped
    assert deal.to_act == 4
    one, two = (card.name for card in deal.hand(4)[:2])
    mark(table, 4, one)
    with pytest.raises(TableError, match="talon holds only 1"):
        mark(table, 4, two)
    mark(table, 4, UPCARD, two)  # the upcard makes room for one more
    button = confirm(render_hand(table, user_at(table, 4)))
    assert button.label.startswith("Exchange 2 + ") and not button.disabled
    with pytest.raises(TableError, match="unmark a card first"):
        mark(table, 4, UPCARD)


def test_in_or_pass_offers_only_in_to_who_must_play() -> None:
    table = ramsen_table()
    apply(table, Exchange((C.SK, C.C7), False), Exchange((), False), Exchange((), False))
    shown = render_hand(table, user_at(table, 0))
    assert not problems(shown)
    found = labels(shown)
    assert "In" in found and "Pass" not in found and found["In"].row == 1
    assert action_behind(found["In"]) == In()
    assert "you exchanged cards, so you must play" in shown.text()
    table_text_ = render_table(table).text()
    assert "**In or pass**" in table_text_
    assert f"**{name_at(table, 0)}** is to say in or pass (exchanged: must play)" in table_text_
    apply(table, In())
    shown = render_hand(table, user_at(table, 1))
    found = labels(shown)
    assert "In" in found and "Pass" in found and action_behind(found["Pass"]) == Pass()
    assert "**In** to play this deal, or **Pass** to sit it out" in shown.text()
    apply(table, Pass())
    table_text_ = render_table(table).text()
    assert f"{name_at(table, 0)}: **in** · {name_at(table, 1)}: pass" in table_text_


def test_a_dealer_whose_players_all_passed_must_play() -> None:
    table = ramsen_table()
    apply(table, *[Exchange((), False)] * 3, Pass(), Pass(), Pass())
    shown = render_hand(table, user_at(table, 3))
    found = labels(shown)
    assert "In" in found and "Pass" not in found
    assert "everyone before you passed, so as the dealer you must play" in shown.text()
    apply(table, In())
    entry = table.match.finished_deals[-1]
    text = render_result(table, entry).text()
    assert f"Only **{NAMES[entry.seats[3]]}** was in: all five tricks without play." in text


def test_the_play_skips_who_passed_and_the_crosses_grow_with_a_trick() -> None:
    table = ramsen_table()
    apply(table, Exchange((C.SK, C.C7), False), Exchange((), False), Exchange((C.DQ,), True))
    apply(table, In(), Pass(), Pass(), In())  # forehand against the dealer
    lead, dealer, out = name_at(table, 0), name_at(table, 3), name_at(table, 1)
    shown = render_table(table)
    assert not problems(shown)
    assert crosses_row(shown, lead).split()[1:] == ["·", "·", "10", "to", "draw"]
    assert f"**{out}** — kept the hand, passed, 0 tricks" in shown.text()
    passed = render_hand(table, user_at(table, 1))
    assert "You passed: you sit this deal out." in passed.text()
    assert not [item for item in items(passed) if not item.disabled]
    apply(table, Play(C.HA))
    shown = render_table(table)
    assert f"**Trick 1**\n{lead} ❤️A · {dealer} …" in shown.text()
    hand = render_hand(table, user_at(table, 3))
    playable = {item.label for item in items(hand) if not item.disabled}
    assert playable == {"🌰U", "❤️U", "❤️7"}  # Farbzwang: a trump; none beats the Ace
    assert f"**Trick 1:** {lead} ❤️A · {dealer} …" in hand.text()
    with pytest.raises(TableError, match="You must follow a trump: you may play ♣J, ♥J, ♥7"):
        refuse(table, table.match.active_seats[3], Play(C.DA), 0)  # the core's message
    apply(table, Play(C.CJ))
    shown = render_table(table)
    row = crosses_row(shown, lead)
    assert row.split()[1:3] == ["╵", "·"] and row.endswith(" 9 to draw")
    assert crosses_row(shown, dealer).split()[1:3] == ["·", "·"]
    assert f"Trick 1: {lead} ❤️A · {dealer} 🌰U → **{lead}** takes the trick" in shown.text()
    assert out not in shown.embeds[0].description
    assert "You have **9 bars** still to draw." in render_hand(table, user_at(table, 0)).text()


def test_crosses_are_drawn_bar_by_bar() -> None:
    assert cross_row(10, 2) == "· ·"
    assert [cross_row(owed, 1) for owed in range(5, -1, -1)] == ["·", "╵", "└", "├", "┼", "╪"]
    assert cross_row(7, 2) == "├ ·"
    assert cross_row(4, 2) == "╪ ╵"
    assert cross_row(12, 2) == "├ · ·"  # a cross more than the game began with


def test_the_winner_is_named_and_first_in_the_standings() -> None:
    table = ramsen_table("ramsen-short")  # one cross: five bars
    apply(table, *[Exchange((), False)] * 3, Pass(), Pass(), Pass(), In())
    assert table.status == "finished"
    entry = table.match.finished_deals[-1]
    winner = NAMES[entry.seats[3]]
    result = render_result(table, entry)
    assert not problems(result)
    text = result.text()
    assert f"🏆 **{winner}** has drawn the last bar and wins the game!" in text
    assert f"**{winner}** (wins the game): 5 tricks → drew 5 bars, **0** still to draw" in text
    assert "(passed): sat the deal out, **5** still to draw" in text
    assert "nobody loses" not in text
    standings = render_standings(table)
    assert not problems(standings)
    lines = standings.embeds[0].description.splitlines()
    assert lines[0] == f"🥇 **{winner}** +5"
    assert f"🏆 **{winner}** has drawn the last bar and wins the game!" in lines
    assert f"{winner} alone in · {winner} wins" in standings.text()


def test_a_deal_without_a_trick_for_one_in_costs_a_cross() -> None:
    table = ramsen_table()
    apply(table, Exchange((C.SK, C.C7), False), Exchange((), False), Exchange((), False))
    apply(table, In(), In(), Pass(), In())
    rng = random.Random(5)
    while table.match.number == 0:
        view = table.match.deal.view(table.match.deal.to_act)
        apply(table, rng.choice(view.legal))
    entry = table.match.finished_deals[0]
    text = render_result(table, entry).text()
    empty = [seat for seat, tags in enumerate(entry.result.tags) if "extra_cross" in tags]
    for seat in empty:
        name = NAMES[entry.seats[seat]]
        assert f"**{name}** was in and took no trick: one cross more." in text
        assert f"**{name}** (in without a trick: one cross more): 0 tricks → a cross more" in text
    owed = entry.result.details["owed"]
    assert (
        "Bars still to draw: "
        + " · ".join(f"{NAMES[entry.seats[seat]]} {value}" for seat, value in enumerate(owed))
        in text
    )


def test_every_exchange_id_reads_back_as_its_action() -> None:
    samples = [
        Exchange((), False),
        Exchange((C.SA,), False),
        Exchange((C.SA, C.HT, C.D9, C.CJ, C.C7), False),
        Exchange((C.SA, C.HT, C.D9, C.CJ, C.C7), True),
        Exchange((C.DQ,), True),
        In(),
        Pass(),
    ]
    for action in samples:
        custom_id = ids.action_id(42, 17, action.kind, control_arg(action))
        assert len(custom_id) <= 100
        found = re.fullmatch(ids.ACTION_TEMPLATE, custom_id)
        assert found is not None, custom_id
        assert action_of(found["kind"], found["arg"]) == action
    with pytest.raises(TableError):
        action_of("exchange", "SAH")


def press_marks(table: Any, rng: random.Random) -> None:
    """The seat to exchange marks some cards (and the upcard) at random, as a player would;
    the marks the renderer refuses are left out."""
    match = table.match
    deal_seat = match.deal.to_act
    view = table.view_for(user_at(table, deal_seat))
    choices = [card.name for card in view.hand] + [UPCARD]
    for name in rng.sample(choices, rng.randint(0, len(choices))):
        with contextlib.suppress(TableError):
            mark(table, deal_seat, name)


@pytest.mark.parametrize("name", ["ramsen", "ramsen-3", "ramsen-5", "ramsen-no-schlecken"])
def test_whole_games_never_show_a_hidden_card_nor_break_limits(name: str) -> None:
    """Every table, hand, result and standings message of whole games: within Discord's
    limits; the table shows only cards played and the upcard (never the talon), a hand only
    its own cards (those drawn from the talon too), its discards, cards played and the upcard;
    every enabled button is a legal action, and the game is played by pressing them."""
    for seed in range(2):
        table = ramsen_table(name, dealt=False, schlecken=None, seed=seed)
        rng = random.Random(seed)
        while table.status == "playing":
            match = table.match
            deal = match.deal
            state = deal.public_view().state
            public = set(deal.public_view().played) | {state.upcard}
            shown = render_table(table)
            assert not problems(shown), problems(shown)
            assert cards_shown(shown) <= public, (cards_shown(shown) - public, shown.text())
            assert not cards_shown(shown) & set(deal.skat)
            if deal.phase == "exchange":
                press_marks(table, rng)
            pressed = None
            for deal_seat, table_seat in enumerate(match.active_seats):
                user = USER_IDS[table_seat]
                hand = render_hand(table, user)
                assert not problems(hand), (problems(hand), hand.text())
                view = table.view_for(user)
                own = set(deal.laid[deal_seat]) | set(view.skat)  # the cut's bottom card (RA-8)
                if deal.phase != "schlecken":  # RA-8: no card is dealt while the cutter chooses
                    own |= set(deal.hand(deal_seat))
                assert cards_shown(hand) <= own | public, hand.text()
                for item in items(hand):
                    found = re.fullmatch(ids.ACTION_TEMPLATE, item.custom_id)
                    button = item.type is discord.ComponentType.button
                    if found is None or item.disabled or not button:
                        continue
                    action = action_of(found["kind"], found["arg"])
                    assert action in view.legal, (action, item.label)
                    if deal_seat == deal.to_act and (pressed is None or rng.random() < 0.5):
                        pressed = action
            if pressed is None:  # the upcard marked alone: the player unmarks it first
                assert deal.phase == "exchange"
                table.marks.clear()
                button = confirm(render_hand(table, USER_IDS[match.to_act]))
                assert button.label == "Keep my hand" and not button.disabled
                pressed = action_behind(button)
            apply(table, pressed)
        assert table.match is not None
        for entry in table.match.finished_deals:
            shown = render_result(table, entry)
            assert not problems(shown)
            played = {card for trick in entry.result.tricks for card in trick.cards}
            assert cards_shown(shown) <= played
        standings = render_standings(table)
        assert not problems(standings) and not cards_shown(standings)
        last = table.match.finished_deals[-1].result
        winner = table.match.finished_deals[-1].seats[last.details["winner"]]
        assert table.match.standings()[0][0] == winner
        assert f"🏆 **{NAMES[winner]}** has drawn the last bar" in standings.text()


def test_an_empty_talon_offers_only_keeping_the_hand_no_card_to_mark() -> None:
    """RA-4: once the talon is empty a seat (not the dealer with the upcard) has nothing to
    exchange: no card buttons to mark, one Keep button, a mark refused in one sentence."""
    table = ramsen_table("ramsen-5", dealt=False, seed=11)
    deal = table.match.deal
    apply(table, Exchange(tuple(deal.hand(0)), False))  # five away: one card left
    apply(table, Exchange(tuple(deal.hand(1)[:1]), False))  # the last one drawn
    assert len(deal.skat) == 0
    assert deal.to_act == 2 and deal.legal_actions() == [Exchange((), False)]
    shown = render_hand(table, user_at(table, 2))
    assert not problems(shown)
    assert not [item for item in items(shown) if item.custom_id.startswith("ramsch:m:")]
    assert [item.label for item in items(shown) if not item.disabled] == ["Keep my hand"]
    assert action_behind(confirm(shown)) == Exchange((), False)
    assert "the talon is empty" in shown.text() and "mark the cards" not in shown.text()
    with pytest.raises(TableError, match="The talon is empty"):
        mark(table, 2, deal.hand(2)[0].name)


def test_ra8_while_the_cutter_chooses_the_table_shows_the_crosses_and_no_card() -> None:
    """RA-8: the table names the cutter choosing and shows everyone's crosses; no upcard, no
    card; only the cutter's hand shows the bottom card, with a Keep and a Leave button in one
    row."""
    table = ramsen_table(dealt=False, schlecken=None)
    deal = table.match.deal
    assert deal.phase == "schlecken"
    shown = render_table(table)
    assert not problems(shown) and not cards_shown(shown)
    assert "has cut and decides whether to keep the bottom card" in shown.text()
    assert "10 to draw" in shown.text() and "Trumpf" not in shown.text()
    cutter = render_hand(table, user_at(table, 2))
    (bottom,) = deal.view(2).skat
    assert cards_shown(cutter) == {bottom}
    buttons = [item for item in items(cutter) if not item.disabled]
    assert [item.label for item in buttons] == [f"Keep {face(bottom)}", "Leave it"]
    assert len({item.row for item in buttons}) == 1
    other = render_hand(table, user_at(table, 0))
    assert not cards_shown(other) and not [item for item in items(other) if not item.disabled]
