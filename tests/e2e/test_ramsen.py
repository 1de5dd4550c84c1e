"""Ramsen through Discord (RA-1..9): five players race to draw their last bar; a lone player
with two AIs; the cutter's schlecken, always and by his choice with a button (a click by
another seat refused); players who pass; refused exchanges and cards; a restart in the middle
of the exchange; a game for money whose standings show what each paid."""

from __future__ import annotations

import time

from bot.ui import ids
from bot.ui.faces import cards_in
from bot.ui.text import CENTS, amount_text
from ramsch_core import RamsenRules
from ramsch_core.games.ramsen.contract import BARS_PER_CROSS
from tests.bot.helpers import FakeClock
from tests.e2e.conftest import Harness
from tests.e2e.driver import answer, game_controls, logged
from tests.e2e.durability_helpers import restart_and_check
from tests.e2e.helpers import all_texts
from tests.e2e.ramsen_driver import RamsenGame
from tests.e2e.skat_driver import kind_of
from tests.emulator import SimUser

NAMES = ("Alice", "Bob", "Carol", "Dora", "Emil")
TIMEOUT = 120  # the guild default


def users(harness: Harness, count: int) -> list[SimUser]:
    return [harness.emulator.add_user(name) for name in NAMES[:count]]


async def started(harness: Harness, count: int, **options: object) -> RamsenGame:
    game = RamsenGame(harness, users(harness, count))
    await game.open(seats=count, **options)
    await game.start()
    return game


def final_message_text(harness: Harness) -> str:
    return harness.channel.current_messages()[-1].text


async def test_five_players_race_to_a_winner(harness: Harness) -> None:
    """RA-1, RA-7: five humans, one cross each, play deal after deal until somebody has drawn
    his last bar; the table shows the upcard and the crosses; the final message names him."""
    game = await started(harness, 5, options="crosses=1")
    rules = game.rules()
    assert isinstance(rules, RamsenRules) and rules.players == 5 and rules.crosses == 1
    lobby = game.lobby
    assert lobby is not None
    shown = all_texts([lobby])  # the lobby became the table message
    assert "Ramsen" in shown and "Players 5/5" in shown and "5 seats" in shown
    state = game.state()
    assert state.choosing and state.upcard is None  # RA-8: nothing dealt yet
    await game.auto_step()  # the cutter keeps or leaves the bottom card of the cut
    state = game.state()
    assert state.upcard is not None
    table = game.table_message()
    assert game.face(state.upcard) in table.text
    deals = 0
    while not game.replay().finished:
        await game.auto_deal()
        deals += 1
        assert deals < 40, "the race never ended"
    await harness.settle()
    match = game.replay()
    last = match.finished_deals[-1].result
    details = last.details
    assert details is not None and details["winner"] is not None
    winner = game.players[match.finished_deals[-1].seats[details["winner"]]]
    assert all(owed > 0 for seat, owed in enumerate(match.carry) if game.players[seat] != winner)
    assert match.carry[game.players.index(winner)] == 0
    final = final_message_text(harness)
    assert "final standings" in final and winner.name in final.split("\n")[1], final
    assert len([m for m in harness.channel.current_messages() if ": result" in m.text]) == deals
    assert not any(game_controls(m) for m in harness.channel.current_messages())
    (board,) = await answer(winner, harness.channel, "ramsch leaderboard", variant="ramsen/ramsen",
                            min_deals=0)  # fmt: skip
    assert "Ramsen" in board.text and all(user.mention in board.text for user in game.players)
    (stats,) = await answer(winner, harness.channel, "ramsch stats", variant="ramsen/ramsen")
    assert "Ramsen" in stats.text and f"Deals\n{deals}" in stats.text, stats.text
    assert game.checks > 0 and harness.emulator.errors == []


async def test_three_seats_with_two_ais_play_to_a_winner(harness: Harness) -> None:
    """RA-5: the AI players exchange, say in or pass and play; the lone human plays along."""
    alice = harness.emulator.add_user("Alice")
    game = RamsenGame(harness, [alice])
    lobby = await game.open(seats=3, options="crosses=1")
    for _ in range(2):
        handle = await game.click(alice, lobby, "Add AI")
        assert not game.refusals(handle), game.refusals(handle)
    assert "Players 3/3" in lobby.text
    await game.start()
    steps = 0
    while not game.replay().finished:
        await game.auto_step()
        steps += 1
        assert steps < 2000
    await harness.settle()
    actions = [action for action in await harness.store.tables.load_actions(game.table_id)]
    kinds = {(action.source, action.action.kind) for action in actions}
    assert ("ai", "exchange") in kinds and ("ai", "play") in kinds
    assert any(source == "ai" and kind in ("in", "pass") for source, kind in kinds)
    assert "final standings" in final_message_text(harness)
    assert harness.emulator.errors == []


async def test_the_cutter_schleckt_and_has_no_exchange_turn(harness: Harness) -> None:
    """RA-2, RA-4: the cutter (the seat before the dealer) kept the bottom card of the cut and
    has no turn in the exchange; the others exchange from forehand; the dealer may take the
    upcard for one of his cards."""
    game = await started(harness, 4, options="schlecken=always")
    state = game.state()
    cutter = game.at(2)
    assert state.schleck_seat == 2
    assert "exchange" not in game.kinds(cutter)
    forehand, middle, dealer = game.at(0), game.at(1), game.at(3)
    hand = list(game.replay().deal.view(0).hand)
    await game.exchange(hand[-2:], user=forehand)
    after = game.replay().deal.view(0)
    assert len(after.hand) == 5 and not set(hand[-2:]) & set(after.hand)
    assert set(after.laid) == set(hand[-2:])
    await game.exchange([], user=middle)
    user, _, _ = game.on_turn()
    assert user is dealer, "the cutter was skipped"
    upcard = state.upcard
    assert upcard is not None
    dealer_hand = list(game.replay().deal.view(3).hand)
    await game.exchange(dealer_hand[-1:], upcard=True, user=dealer)
    state = game.state()
    assert state.took_upcard and upcard in game.replay().deal.view(3).hand
    assert state.exchanged == {0: 2, 1: 0, 3: 1}
    assert game.replay().deal.phase == "in_or_pass"
    hand_text = game.hand_text(forehand)
    assert "Pass" not in {b.get("label") for b in game.kinds(forehand).get("pass", [])}
    assert "in" in game.kinds(forehand) and "pass" not in game.kinds(forehand), hand_text
    assert harness.emulator.errors == []


async def test_players_who_pass_sit_the_deal_out(harness: Harness) -> None:
    """RA-5, RA-6: players who keep their hand may pass; they play no card, the tricks hold a
    card of each player in only, and the table shows who passed."""
    game = await started(harness, 4, options="schlecken=always")
    forehand, middle, cutter, dealer = (game.at(seat) for seat in range(4))
    await game.exchange([], user=forehand)
    await game.exchange([], user=middle)
    await game.exchange([], user=dealer)
    await game.press("pass", user=forehand)
    await game.press("in", user=middle)
    await game.press("pass", user=cutter)
    await game.press("in", user=dealer)
    assert game.state().active == (1, 3)
    table = game.table_message().text
    assert forehand.name in table and "pass" in table.lower()
    assert not game.kinds(forehand) and not game.kinds(cutter)
    user, _, _ = game.on_turn()
    assert user is middle, "the first player in from forehand leads"
    result = await game.play_out()
    assert all(len(trick.cards) == 2 for trick in result.tricks)
    assert result.trick_counts[0] == result.trick_counts[2] == 0
    details = result.details
    assert details is not None
    owed = details["owed"]
    assert owed[0] == owed[2] == 2 * BARS_PER_CROSS, "a player who passed owes what he owed"
    assert harness.emulator.errors == []


async def test_refused_exchanges_and_cards_name_the_rule_and_change_nothing(
    harness: Harness,
) -> None:
    """RA-4: no more cards than the talon holds; RA-5: who exchanged must play; RA-6: a card
    from an old hand message the three duties forbid is refused naming the duty."""
    game = await started(harness, 5, options="schlecken=always")
    forehand, middle = game.at(0), game.at(1)
    hand = list(game.replay().deal.view(0).hand)
    await game.exchange(hand, user=forehand)  # five of the six talon cards
    assert len(game.replay().deal.skat) == 1
    cards = list(game.replay().deal.view(1).hand)
    await game.press("mark", cards[0].name, user=middle)
    count = logged(game)
    _, message, enabled = game.on_turn()
    second = next(c for c in enabled if kind_of(c) == ("mark", cards[1].name))
    handle = await middle.click(message, str(second["custom_id"]))
    await handle.wait_ack()
    await harness.settle()
    refused = game.refusals(handle)
    assert refused and "talon" in refused[0], refused
    assert logged(game) == count
    await game.press("exchange", user=middle)
    for _ in range(2):  # the third seat, and the dealer (the cutter schleckte)
        await game.exchange([])
    must = game.kinds(forehand)
    assert "pass" not in must and "in" in must
    assert "exchanged" in game.hand_text(forehand)
    while game.replay().deal.phase == "in_or_pass":
        await game.press("in")
    refusal = await game.click_a_forbidden_card()
    assert any(duty in refusal for duty in ("follow", "trump", "beat")), refusal
    assert harness.emulator.errors == []


async def test_a_restart_in_the_middle_of_the_exchange_loses_nothing(harness: Harness) -> None:
    """The bot restarts after forehand exchanged and middlehand marked a card: the table is
    rebuilt from its log, the mark and the old buttons work, and the exchange goes on; so it
    does after restarts while players say in or pass and in the middle of a trick."""
    game = await started(harness, 4, options="schlecken=always")
    forehand, middle = game.at(0), game.at(1)
    hand = list(game.replay().deal.view(0).hand)
    await game.exchange(hand[:1], user=forehand)
    drawn = set(game.replay().deal.view(0).hand) - set(hand)
    assert len(drawn) == 1
    card = game.replay().deal.view(1).hand[0]
    await game.press("mark", card.name, user=middle)
    dm = game.hand_message(middle)
    await restart_and_check(game, harness)
    assert dm is not None and f"✓ {game.face(card)}" in {b.get("label") for b in dm.buttons()}
    await game.press("exchange", user=middle)
    assert card in game.replay().deal.view(1).laid
    for other in game.players:
        if other is not forehand:
            assert not {game.face(c) for c in drawn} & set(
                all_texts(other.visible_messages()).split()
            )
    while game.replay().deal.phase == "exchange":
        await game.exchange([])
    await game.press("in")
    await restart_and_check(game, harness)
    await game.press("in")
    while game.replay().deal.phase == "in_or_pass":
        await game.auto_step()
    assert game.replay().deal.phase == "play"  # forehand and middlehand exchanged: both in
    await game.auto_step()
    await restart_and_check(game, harness)
    assert len(game.replay().deal.trick) == 1
    while not game.replay().finished and len(game.replay().finished_deals) < 2:
        await game.auto_step()
    assert harness.emulator.errors == []


async def test_the_ai_takes_over_a_player_who_runs_out_of_time(harness: Harness) -> None:
    """The turn timer in the exchange (with a card marked but not confirmed) and in play or
    pass: the AI acts for the late player and the deal goes on."""
    clock = FakeClock(time.time())
    harness.use_clock(clock)
    game = await started(harness, 3, options="schlecken=always")
    forehand = game.at(0)
    card = game.replay().deal.view(0).hand[0]
    await game.press("mark", card.name, user=forehand)
    clock.advance(TIMEOUT + 1)
    await harness.service.timers.tick()
    await harness.settle()
    await game.read_log()
    actions = await harness.store.tables.load_actions(game.table_id)
    assert [(a.seat, a.source, a.action.kind) for a in actions] == [
        (game.players.index(forehand), "timeout", "exchange")
    ]
    assert f"{forehand.name} ran out of time" in all_texts(harness.channel.current_messages())
    while game.replay().deal.phase == "exchange":
        await game.exchange([])
    late, _, _ = game.on_turn()
    clock.advance(TIMEOUT + 1)
    await harness.service.timers.tick()
    await harness.settle()
    await game.read_log()
    last = (await harness.store.tables.load_actions(game.table_id))[-1]
    assert last.source == "timeout" and last.action.kind in ("in", "pass")
    assert last.seat == game.players.index(late)
    assert harness.emulator.errors == []


async def test_the_cutter_keeps_or_leaves_the_bottom_card_with_a_button(harness: Harness) -> None:
    """RA-8: before anything is dealt the cutter alone sees the bottom card of the cut, on his
    hand with two buttons in one row; the others see no card. A schlecken click forged by
    another player is refused in one sentence and changes nothing. Kept, the cutter holds
    the card and has no exchange turn; in the next deal the new cutter leaves it and
    exchanges like everyone."""
    game = await started(harness, 4)
    match = game.replay()
    deal = match.deal
    assert deal.phase == "schlecken" and game.state().upcard is None
    cutter, forehand = game.at(2), game.at(0)
    (bottom,) = deal.view(2).skat
    kinds = game.kinds(cutter)
    assert set(kinds) == {"schleck", "no_schleck"}
    labels = {str(button.get("label")) for buttons in kinds.values() for button in buttons}
    assert labels == {f"Keep {game.face(bottom)}", "Leave it"}, labels
    assert f"The bottom card of the cut is {game.face(bottom)}" in game.hand_text(cutter)
    assert game.face(bottom) not in game.table_message().text
    assert not game.kinds(forehand) and not cards_in(game.hand_text(forehand))
    count = logged(game)
    message = game.hand_message(forehand)
    assert message is not None
    handle = await forehand.click_custom_id(message, ids.action_id(game.table_id, 0, "schleck"))
    refused = [m.text for m in await handle.wait_response() if m.ephemeral]
    await harness.settle()
    assert len(refused) == 1 and "turn" in refused[0] and refused[0].count(". ") == 0, refused
    assert logged(game) == count and game.replay().deal.phase == "schlecken"
    await game.press("schleck", user=cutter)
    state = game.state()
    assert state.schleck_seat == 2 and state.upcard is not None
    assert bottom in game.replay().deal.view(2).hand
    assert game.face(state.upcard) in game.table_message().text
    await game.exchange([], user=forehand)
    await game.exchange([], user=game.at(1))
    user, _, _ = game.on_turn()
    assert user is game.at(3), "the cutter who kept the card has no exchange turn"
    await game.auto_deal()
    assert game.replay().deal.phase == "schlecken"
    await game.press("no_schleck", user=game.at(2))
    assert game.state().schleck_seat is None
    await game.exchange([], user=game.at(0))
    await game.exchange([], user=game.at(1))
    user, _, _ = game.on_turn()
    assert user is game.at(2), "the cutter who left the card exchanges"
    assert game.checks > 0 and harness.emulator.errors == []


async def test_a_game_for_money_settles_in_the_standings(harness: Harness) -> None:
    """RA-9: three players, one cross each, for 1,20 € a bar: the rules say so, and the final
    standings show what each paid the winner and what he received, in euros."""
    game = await started(harness, 3, options="crosses=1, stake=120")
    rules = game.rules()
    assert isinstance(rules, RamsenRules) and rules.stake == 120
    deals = 0
    while not game.replay().finished:
        await game.auto_deal()
        deals += 1
        assert deals < 40, "the game never ended"
    await harness.settle()
    last = game.replay().finished_deals[-1]
    details = last.result.details
    assert details is not None and details["winner"] is not None
    paid = details["paid"]
    final = final_message_text(harness)
    assert "final standings" in final and "Settled" in final, final
    for deal_seat, cents in enumerate(paid):
        name = game.players[last.seats[deal_seat]].name
        assert f"{name} {amount_text(cents, CENTS)}" in final, (name, cents, final)
    assert paid[details["winner"]] >= 120 and sum(paid) == 0
    assert "€" in final and harness.emulator.errors == []
