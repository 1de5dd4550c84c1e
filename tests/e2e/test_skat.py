"""Full Skat through Discord: the bidding, the skat, laying away, declaring, Kontra and Re, Hand
and Null games, everyone passing, and what the table, the hands and the results show."""

from __future__ import annotations

import re
from typing import Any

from bot.ui import ids
from bot.ui.text import score_text
from ramsch_core import DealResult
from tests.e2e.conftest import Harness
from tests.e2e.driver import answer, cards_in, game_controls, logged
from tests.e2e.skat_driver import SkatGame, result_text
from tests.emulator import SimUser
from tests.emulator import components as comp


def players(harness: Harness, *names: str) -> list[SimUser]:
    return [harness.emulator.add_user(name) for name in names or ("Alice", "Bob", "Carol")]


def check_value(game: SkatGame, number: int, result: DealResult) -> str:
    """The result message of a declared game shows its value worked out and the outcome the
    core scored; returns its text."""
    details = result.details
    assert details is not None and "declarer" in details
    text = result_text(game, number)
    value = details["value"]
    entry = game.replay().finished_deals[number]
    declarer = game.players[entry.seats[details["declarer"]]]
    assert f"**{declarer.name}** (Alleinspieler, {'won' if details['won'] else 'lost'})" in text
    assert ("**won**" in text) == details["won"], text
    if details["game"] != "null" and not details["overbid"]:
        level = value >> details["kontra"]
        assert re.search(rf"→ \d+ × \d+ = {level}\b", text), text
    if details["overbid"]:
        assert "**überreizt** (lost)" in text
    if details["won"]:
        assert f"+{value}" in text
    else:
        assert f"−2 × {value} = −{2 * value}" in text
    score = score_text(entry.table_scores[entry.seats[details["declarer"]]])
    assert f"**{declarer.name}** (Alleinspieler" in text and f"→ **{score}**" in text
    return text


async def test_three_players_bid_take_the_skat_lay_away_and_double(harness: Harness) -> None:
    """A bid won by Mittelhand (18, ja, a jump to 23 by the select, passe, passe), the skat
    taken, two cards laid away by marking them, a Grand declared; Kontra and Re."""
    game = SkatGame(harness, players(harness))
    lobby = await game.open(rounds=1)
    assert (
        "Skat #1 — open table" in lobby.text
        and "Ramsch #" not in lobby.text
        and "Reizen (bidding)" in lobby.text
    )
    await game.start()
    vor, mittel, hinter = game.at(0), game.at(1), game.at(2)
    table = game.table_message()
    assert table.headline == f"{mittel.mention}, your turn to bid."
    assert "**Reizen (bidding)**" in table.text
    assert f"Vorhand **{vor.name}** · Mittelhand **{mittel.name}**" in table.text
    assert "You are **Mittelhand**" in game.hand_text(mittel)
    assert "bid to " + vor.name in game.hand_text(mittel)

    await game.press("bid", "18", user=mittel)
    assert f"Mittelhand {mittel.name}: 18" in game.table_message().text
    assert f"**Your turn:** {mittel.name} bids **18** to you" in game.hand_text(vor)
    await game.press("hold", user=vor)
    await game.bid_higher(23)
    await game.press("pass", user=vor)
    line = (
        f"Mittelhand {mittel.name}: 18 — Vorhand {vor.name}: ja — Mittelhand {mittel.name}: 23"
        f" — Vorhand {vor.name}: passe"
    )
    assert line in game.table_message().text
    await game.press("pass", user=hinter)
    table = game.table_message()
    assert f"**{mittel.name} won the bidding at 23**" in table.text
    assert table.headline == f"{mittel.mention}, your turn to declare."
    assert "Skat aufnehmen" in game.hand_text(mittel)

    dealt = set(game.replay().deal.view(1).hand)
    await game.press("pickup", user=mittel)
    text = game.hand_text(mittel)
    cards_line = next(line for line in text.split("\n") if line.startswith("**Your cards:**"))
    assert len(cards_in(cards_line)) == 12 and "Mark two cards" in text
    assert "took the skat: lays two cards away (drückt)" in game.table_message().text
    laid = await game.lay_away()
    assert "You laid " in game.hand_text(mittel) and "declare your game" in game.hand_text(mittel)
    await game.press("declare", "grand", user=mittel)
    hand = set(game.replay().deal.view(1).hand)
    assert len(hand) == 10 and not set(laid) & hand and dealt - hand <= set(laid)
    table = game.table_message()
    assert f"**{mittel.name}** (Mittelhand) plays **Grand** · bid 23" in table.text
    assert "You may say **Kontra**" in game.hand_text(vor)

    result = await game.play_out(kontra=True, re=True)
    assert game.contest().kontra == 0  # a new deal: nothing said yet
    details = result.details
    assert details is not None and details["kontra"] == 2 and details["game"] == "grand"
    text = check_value(game, 0, result)
    shown = " ".join(version.text for version in table.versions)
    assert re.search(r"Kontra \((Alice|Bob|Carol)\) · Re \(" + mittel.name, shown), shown
    assert "Kontra and Re: " in text and f"× 4 = {details['value']}" in text
    assert "Deals" in text and "1. " in text
    assert harness.emulator.errors == []


async def test_a_hand_game_with_schneider_announced_and_a_null(harness: Harness) -> None:
    """A Hand game with Schneider announced (marked before the game button), then a Null after
    taking the skat; the session ends with the totals and the list of deals."""
    game = SkatGame(harness, players(harness))
    await game.open(rounds=1)
    await game.start()
    # deal 1: Mittelhand 18, Vorhand passe, Hinterhand passe: Mittelhand plays Hand
    mittel = game.at(1)
    await game.press("bid", "18", user=mittel)
    await game.press("pass")
    await game.press("pass")
    await game.press("mark", "schneider", user=mittel)
    assert "Announced: **Schneider**" in game.hand_text(mittel)
    await game.press("mark", "schwarz", user=mittel)  # the level moves up ...
    assert "Announced: **Schwarz** (with Schneider)" in game.hand_text(mittel)
    await game.press("mark", "schwarz", user=mittel)  # ... and is dropped again
    assert "Announced" not in game.hand_text(mittel)
    await game.press("mark", "schneider", user=mittel)
    await game.press("declare", "clubs_s", user=mittel)
    table = game.table_message()
    assert "plays **♣ Kreuz Hand Schneider angesagt** · bid 18" in table.text
    result = await game.play_out()
    text = check_value(game, 0, result)
    assert "Hand " in text and "Schneider angesagt" in text

    # deal 2: Mittelhand passes, Hinterhand bids 18 to Vorhand who passes; a Null after the skat
    await game.press("pass")
    hinter = game.at(2)
    await game.press("bid", "18", user=hinter)
    await game.press("pass")
    await game.press("pickup", user=hinter)
    await game.lay_away()
    assert game.choices()["Null"] == "null" and game.choices()["Null ouvert"] == "null_o"
    await game.press("declare", "null", user=hinter)
    assert "plays **Null** · bid 18" in game.table_message().text
    result = await game.play_out()
    text = check_value(game, 1, result)
    assert "Null: 23" in text

    # deal 3: the bid goes past Null's 23: only Null ouvert is left of the Nulls
    await game.press("bid", "18")
    await game.press("hold")
    await game.bid_higher(24)
    await game.press("pass")
    await game.press("pass")
    declarer, _, _ = game.on_turn()
    await game.press("pickup", user=declarer)
    await game.lay_away()
    assert "Null" not in game.choices() and "Null ouvert" in game.choices()
    await game.press("declare", "spades")
    result = await game.play_out()
    check_value(game, 2, result)

    match = game.replay()
    assert match.finished
    standings = harness.channel.current_messages()[-1]
    assert "final standings" in standings.text and "Deals" in standings.text
    for seat, total in match.standings():
        assert f"**{game.players[seat].name}** {score_text(total)}" in standings.text
    assert all(f"{n}. " in standings.text for n in (1, 2, 3))
    assert not any(game_controls(m) for m in harness.channel.current_messages())
    (board,) = await answer(game.players[0], harness.channel, "ramsch leaderboard",
                            variant="skat/skat", min_deals=0)  # fmt: skip
    assert "Leaderboard — Skat · all time" in board.text
    assert all(user.mention in board.text for user in game.players)
    (record,) = await answer(game.players[1], harness.channel, "ramsch stats",
                             variant="skat/skat")  # fmt: skip
    assert "Skat, all time" in record.text and "Deals\n3" in record.text
    declared = sum(1 for e in match.finished_deals if e.seats[e.result.details["declarer"]] == 1)
    assert "Games as Alleinspieler" in record.text or not declared
    assert harness.emulator.errors == []


async def test_everyone_passes_ramsch_is_played_or_the_cards_are_thrown_in(
    harness: Harness,
) -> None:
    """All three pass: with the preset skat a Ramsch is played; with skat-throw-in the deal
    ends at once and the next dealer deals."""
    game = SkatGame(harness, players(harness))
    await game.open(rounds=1)
    await game.start()
    for _ in range(3):
        await game.press("pass")
    table = game.table_message()
    assert "Everyone passed: **Ramsch** (jacks are the only trumps)" in table.text
    assert "Trick 1" in table.text
    assert "Everyone passed: this deal is a Ramsch." in game.hand_text(game.at(0))
    result = await game.play_out()
    assert result.contract == "ramsch"
    text = result_text(game, 0)
    assert re.search(r"^1\. .*Ramsch$", text, re.MULTILINE), text  # the score sheet's row
    await game.h.settle()

    other = SkatGame(harness, players(harness, "Dora", "Emil", "Fritz"), "skat-throw-in")
    other.h.channel = harness.guild.channels[0]
    handle = await game.players[0].slash(harness.channel, "ramsch abort")
    await handle.wait_response()
    await harness.settle()
    await other.open(rounds=1)
    await other.start()
    for _ in range(3):
        await other.press("pass")
    text = result_text(other, 0)
    assert "Everyone passed: the cards are thrown in (eingepasst)" in text
    assert re.search(r"^1\. .*thrown in$", text, re.MULTILINE), text
    assert "deal 2 of 3" in other.table_message().text
    assert "Reizen (bidding)" in other.table_message().text
    assert harness.emulator.errors == []


async def test_an_ouvert_game_shows_the_declarers_cards_to_everyone(harness: Harness) -> None:
    """Null ouvert Hand: the declarer's cards are on the table message and in the others'
    hands for the whole card play, and the leak check allows exactly those."""
    game = SkatGame(harness, players(harness))
    await game.open(rounds=1)
    await game.start()
    mittel = game.at(1)
    await game.press("bid", "18", user=mittel)
    await game.press("pass")
    await game.press("pass")
    await game.press("declare", "null_o", user=mittel)
    match = game.replay()
    open_cards = set(match.deal.hand(1))
    table = game.table_message()
    assert f"{mittel.name} plays open" in table.text
    assert cards_in(table.text) >= open_cards
    assert f"**{mittel.name}** plays open:" in game.hand_text(game.at(0))
    result = await game.play_out()
    text = check_value(game, 0, result)
    assert "Null ouvert Hand: 59" in text
    assert game.checks > 10


async def test_four_seats_the_dealer_sits_out(harness: Harness) -> None:
    """At four seats the dealer sits each deal out; a whole round of four deals is played with
    random sensible clicks and every result matches the core's replay."""
    names = ("Anna", "Bernd", "Clara", "Dieter")
    game = SkatGame(harness, players(harness, *names))
    lobby = await game.open(rounds=1, seats=4)
    assert "Players 1/4" in lobby.text and "4 seats (the dealer sits out each deal)" in lobby.text
    await game.start()
    for number in range(4):
        match = game.replay()
        out = match.sitting_out
        assert out is not None
        table = game.table_message()
        assert f"**{names[out]}** — deals, sits out" in table.text
        assert game.controls(game.players[out])[1] == []
        result = await game.auto_deal()
        text = result_text(game, number)
        if result.details and "declarer" in result.details:
            check_value(game, number, result)
        assert f"**{names[out]}**" not in text.split("Totals")[0]
    assert game.replay().finished
    standings = harness.channel.current_messages()[-1]
    assert "final standings" in standings.text
    assert harness.emulator.errors == []


async def forge(
    game: SkatGame, user: SimUser, message: Any, custom_id: str, value: str
) -> list[str]:
    """The ephemeral answers to a choice of ``value`` in the select ``custom_id``, as a modified
    client sends it; nothing may be logged."""
    before = logged(game)
    handle = await user.click_custom_id(message, custom_id, values=[value])
    await handle.wait_response()
    await game.h.settle()
    assert logged(game) == before, f"{value!r} was logged"
    return game.refusals(handle)


async def test_forged_and_stale_choices_in_the_declaration_select(harness: Harness) -> None:
    """FS-6: the select of declarations takes only a legal declaration. A value that
    can't be read, one the rules forbid now (a Hand game after the skat was taken), one from
    an earlier deal: each gets one sentence, nothing changes; a select the message no longer
    shows (the declaration made) is refused too."""
    game = SkatGame(harness, players(harness))
    await game.open(rounds=1)
    await game.start()
    mittel = game.at(1)
    await game.press("bid", "18", user=mittel)
    await game.press("pass")
    await game.press("pass")
    await game.press("pickup", user=mittel)
    await game.lay_away()
    _, message, enabled = game.on_turn()
    select = next(c for c in enabled if c.get("type") == comp.STRING_SELECT)
    custom_id = str(select["custom_id"])
    assert re.fullmatch(rf"ramsch:a:{game.table_id}:0:declare", custom_id)
    assert "clubs_h" not in game.choices().values()  # the skat is taken: no Hand game
    unreadable = await forge(game, mittel, message, custom_id, "bogus")
    assert unreadable == ["That choice can't be read: open your hand again and choose once more."]
    hand_game = await forge(game, mittel, message, custom_id, "clubs_h")
    assert hand_game == ["You took the skat: this is not a Hand game"]
    earlier = ids.action_id(game.table_id, 5, "declare")
    assert await forge(game, mittel, message, earlier, "clubs") == [
        "That button is from an earlier deal"
    ]
    snapshot = message.snapshot()
    await game.press("declare", "grand", user=mittel)
    assert "plays **Grand** · bid 18" in game.table_message().text
    before = logged(game)
    handle = await mittel.select(snapshot, custom_id, ["clubs"])
    await handle.wait_response()
    await game.h.settle()
    refused = game.refusals(handle)
    assert logged(game) == before and len(refused) == 1 and "not your turn" in refused[0], refused
