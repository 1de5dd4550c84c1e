"""Full Schafkopf through Discord (SF-1..16, SK-9): four players call a Sauspiel, a Wenz and a
Solo and play an all-pass Ramsch; a Wenz Tout, a Sie, a Geier, a Farbwenz, a Hochzeit; Klopfen with
Kontra and Re; one player with three AIs; a restart in the middle of the calls. Nobody sees
another hand, and nobody but the holder of the called Sau learns who he is before it falls."""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest

from bot.ui.faces import cards_in as faces_in
from bot.ui.text import amount_text
from ramsch_core import Card, Deal
from ramsch_core.games.schafkopf import FullSchafkopfRules
from ramsch_core.match import deal_seed
from tests.bot.helpers import FakeClock
from tests.e2e.conftest import FIRST_SEED, Harness
from tests.e2e.driver import answer, game_controls
from tests.e2e.durability_helpers import restart_and_check
from tests.e2e.schafkopf_driver import SchafkopfGame
from tests.e2e.skat_driver import choice_arg, kind_of
from tests.emulator import SimUser

NAMES = ("Alice", "Bob", "Carol", "Dora")
TIMEOUT = 120  # the guild default


def users(harness: Harness, names: tuple[str, ...] = NAMES) -> list[SimUser]:
    return [harness.emulator.add_user(name) for name in names]


def sauspiel_calls(game: SchafkopfGame, deal_seat: int) -> list[str]:
    """The Sauspiel calls the player in ``deal_seat`` is offered now."""
    return [
        str(choice_arg(c))
        for c in game.kinds(game.at(deal_seat)).get("call", [])
        if str(choice_arg(c)).startswith("sauspiel")
    ]


def result_message(game: SchafkopfGame, number: int) -> str:
    found = [
        m.text
        for m in game.h.channel.current_messages()
        if ": result" in m.text and f"deal {number + 1} of" in m.text
    ]
    assert len(found) == 1, found
    return found[0]


async def test_four_players_play_a_sauspiel_a_wenz_a_solo_and_a_ramsch(harness: Harness) -> None:
    """SF-2..8 and SK-9: a round of four deals by four humans — whoever may call a Sauspiel
    does, then a Wenz, then a Herz-Solo, and then all say weiter: a Ramsch. The partner stays
    unknown until the Sau falls; each result works the payment out; the totals add up."""
    game = SchafkopfGame(harness, users(harness))
    lobby = await game.open(rounds=1)
    assert "Schafkopf" in lobby.text
    await game.start()
    assert "Ansagen" in game.table_message().text

    # deal 1: the first seat offered a Sauspiel calls it, the others say weiter
    caller = next(seat for seat in range(4) if sauspiel_calls(game, seat) or seat == 3)
    calls: list[str | None] = [None] * 4
    offered = sauspiel_calls(game, caller)
    if offered:
        calls[caller] = offered[0]
    else:
        calls[3] = "wenz"
    for seat in range(4):
        if calls[seat] is None:
            await game.press("pass")
        else:
            await game.press("call", calls[seat])
    contest = game.contest()
    assert contest.game == "sauspiel", "the seeded deal offers a Sauspiel"
    assert contest.declarer is not None and contest.partner is None
    assert "partner unknown until the Sau falls" in game.table_message().text
    result = await game.play_out()
    assert game.replay().finished_deals[0].result.details["partner"] is not None
    assert sum(result.scores) == 0
    text = result_message(game, 0)
    assert "¢" in text and ("Sauspiel" in text or "Wenz" in text)

    # deal 2: a Wenz by forehand
    await game.call_round("wenz", None, None, None)
    assert "Wenz" in game.table_message().text
    result = await game.play_out()
    details = result.details
    assert details is not None and details["game"] == "wenz"
    declarer = game.replay().finished_deals[1].seats[details["declarer"]]
    assert result.scores[details["declarer"]] == 3 * details["amount"] * (
        1 if details["won"] else -1
    )
    total = 3 * details["amount"]  # in euros from a euro on: €2.10
    shown = f"{total}¢" if total < 100 else f"€{total // 100}.{total % 100:02}"
    assert f"{shown} to" in result_message(game, 1) or f"{shown} from" in result_message(game, 1)
    assert game.players[declarer].name in result_message(game, 1)

    # deal 3: a Sauspiel overridden by a Herz-Solo (SF-2)
    first = sauspiel_calls(game, 0)
    await game.call_round(first[0] if first else None, None, "solo_H", None)
    contest = game.contest()
    assert contest.game == "solo" and contest.declarer == 2
    result = await game.play_out()
    assert sum(result.scores) == 0 and "Herz" in result_message(game, 2)

    # deal 4: all say weiter: a Ramsch (SK-9)
    await game.call_round(None, None, None, None)
    assert game.replay().deal.phase == "play"
    result = await game.play_out()
    assert result.contract == "ramsch" and len(result.losers) == 1
    assert "Ramsch" in result_message(game, 3)

    await harness.settle()
    match = game.replay()
    assert match.finished
    standings = harness.channel.current_messages()[-1].text
    assert "final standings" in standings
    for seat, total in match.standings():
        assert f"**{game.players[seat].name}** {amount_text(total, '¢')}" in standings
    assert not any(game_controls(m) for m in harness.channel.current_messages())
    (board,) = await answer(
        game.players[0], harness.channel, "ramsch leaderboard", variant="schafkopf/schafkopf"
    )
    assert "Schafkopf" in board.text
    assert game.checks > 0 and game.partner_checks > 0
    assert harness.emulator.errors == []


async def test_klopfen_kontra_and_re_double_the_payment(harness: Harness) -> None:
    """SF-9: two players knock after their first four cards (the other four appear after),
    a defender says Kontra and the declaring side Re: the amount counts 2⁴ = 16 times."""
    game = SchafkopfGame(harness, users(harness), "schafkopf-klopfen")
    await game.open(rounds=1)
    await game.start()
    forehand = game.at(0)
    assert game.replay().deal.phase == "knocking"
    hand = game.hand_text(forehand)
    cards_line = next(line for line in hand.split("\n") if line.startswith("**Your cards:**"))
    assert len(cards_line.split()) == 2 + 4, cards_line  # the label and four cards
    await game.press("knock", user=forehand)
    await game.press("no_knock")
    await game.press("knock")
    await game.press("no_knock")
    assert "Klopfen" in game.table_message().text
    assert len(game.replay().deal.view(0).hand) == 8
    await game.call_round("wenz", None, None, None)
    result = await game.play_out(kontra=True, re=True)
    details = result.details
    assert details is not None and details["knocks"] == 2 and details["kontra"] == 2
    assert result.multiplier == 16 or details.get("multiplier", 16) == 16
    assert details["amount"] % 16 == 0
    text = result_message(game, 0)
    assert "Klopfen" in text and "Kontra" in text and "Re" in text
    assert harness.emulator.errors == []


async def test_one_player_and_three_ais_play_a_round(harness: Harness) -> None:
    """The AI players knock, call or say weiter, double and play; the human plays along."""
    alice = harness.emulator.add_user("Alice")
    game = SchafkopfGame(harness, [alice], "schafkopf-klopfen")
    lobby = await game.open(rounds=1)
    for _ in range(3):
        handle = await game.click(alice, lobby, "Add AI")
        assert not game.refusals(handle), game.refusals(handle)
    await game.start()
    steps = 0
    while not game.replay().finished:
        await game.auto_step()
        steps += 1
        assert steps < 500
    await harness.settle()
    kinds = {
        (a.source, a.action.kind) for a in await harness.store.tables.load_actions(game.table_id)
    }
    assert ("ai", "play") in kinds
    assert {("ai", "knock"), ("ai", "no_knock")} & kinds
    assert {("ai", "call"), ("ai", "pass")} & kinds
    assert "final standings" in harness.channel.current_messages()[-1].text
    assert harness.emulator.errors == []


async def test_restarts_while_knocking_calling_and_playing_lose_nothing(harness: Harness) -> None:
    """The bot restarts after a knock (the others still see four cards), in the middle of the
    calls, and after a Kontra in the middle of a trick: each time the table is rebuilt from its
    log, the hand messages from before go on working, and the deal is played to its end."""
    game = SchafkopfGame(harness, users(harness), "schafkopf-klopfen")
    await game.open(rounds=1)
    await game.start()
    await game.press("knock")
    await restart_and_check(game, harness)
    assert len(game.replay().deal.view(1).hand) == 4
    for _ in range(3):
        await game.press("no_knock")
    await game.press("pass")
    await game.press("pass")
    await restart_and_check(game, harness)
    await game.press("call", "wenz")
    await game.press("pass")
    assert game.contest().game == "wenz"
    user, message, enabled = game.on_turn()
    await game._click(user, message, next(c for c in enabled if kind_of(c)[0] == "play"))
    user, _, enabled = game.on_turn()
    assert "kontra" in {kind_of(c)[0] for c in enabled}
    await game.press("kontra", user=user)
    await restart_and_check(game, harness)
    assert game.contest().kontra == 1
    result = await game.play_out()
    assert sum(result.scores) == 0 and result.details is not None
    assert result.details["kontra"] == 1 and result.details["knocks"] == 1
    assert harness.emulator.errors == []


async def test_a_card_from_an_old_hand_is_refused_in_the_bavarian_pack(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    """SF-6: a card that does not follow suit, clicked on a hand message from before, is
    refused with the cards named as the table shows them, and nothing is logged: not the
    action, and not the refusal's text (a refusal may say what only its player knows)."""
    caplog.set_level(logging.DEBUG)
    game = SchafkopfGame(harness, users(harness))
    await game.open(rounds=1)
    await game.start()
    await game.call_round("wenz", None, None, None)
    refusal = await game.click_a_forbidden_card()
    assert "follow" in refusal and faces_in(refusal), refusal
    assert not set("♣♠♥♦") & set(refusal), refusal
    assert "Refused user" in caplog.text and refusal not in caplog.text
    assert harness.emulator.errors == []


async def test_the_ai_takes_over_a_player_who_runs_out_of_time(harness: Harness) -> None:
    """The turn timer while knocking and while calling: the AI acts for the late player, from
    his view only, and the deal goes on."""
    clock = FakeClock(time.time())
    harness.use_clock(clock)
    game = SchafkopfGame(harness, users(harness), "schafkopf-klopfen")
    await game.open(rounds=1)
    await game.start()
    for phase, kinds in (("knocking", {"knock", "no_knock"}), ("calling", {"call", "pass"})):
        while game.replay().deal.phase != phase:
            await game.auto_step()
        late, _, _ = game.on_turn()
        clock.advance(TIMEOUT + 1)
        await harness.service.timers.tick()
        await harness.settle()
        await game.read_log()
        last = (await harness.store.tables.load_actions(game.table_id))[-1]
        assert last.source == "timeout" and last.action.kind in kinds
        assert last.seat == game.players.index(late)
        assert f"{late.name} ran out of time" in "\n".join(
            m.text for m in harness.channel.current_messages()
        )
    assert harness.emulator.errors == []


async def test_a_stock_antes_into_the_pot_the_table_shows(harness: Harness) -> None:
    """SK-9 with Stock: three say weiter and the last passes too: the cards are thrown in,
    each player antes 10¢ into the pot, and the table shows the pot until a game won takes
    it."""
    game = SchafkopfGame(harness, users(harness), "schafkopf-stock")
    await game.open(rounds=1)
    await game.start()
    await game.call_round(None, None, None)
    last = game.at(3)
    assert {str(choice_arg(c)) for c in game.kinds(last).get("call", [])} >= {"ramsch"}
    await game.press("pass", user=last)
    match = game.replay()
    assert match.carry == 40 and match.finished_deals[0].result.contract == "passed"
    assert "**Stock:** 40¢ in the pot" in game.table_message().text
    assert "antes 10¢ into the pot" in result_message(game, 0)
    assert all(total == -10 for total in match.totals)
    assert harness.emulator.errors == []


async def test_a_wenz_tout_is_played_out_and_paid_double(harness: Harness) -> None:
    """SF-11: forehand calls a Wenz Tout from the call menu; only a Solo-Tout outranks it, so
    the next seat is offered no Wenz or plain Solo; the deal is played to the end and the
    result says Tout: won only with every trick, the amount doubled."""
    game = SchafkopfGame(harness, users(harness))
    await game.open(rounds=1)
    await game.start()
    offered = {str(choice_arg(c)) for c in game.kinds(game.at(0)).get("call", [])}
    assert {"wenz", "wenz_tout", "solo_H", "solo_H_tout"} <= offered
    await game.press("call", "wenz_tout")
    second = {str(choice_arg(c)) for c in game.kinds(game.at(1)).get("call", [])}
    assert second == {f"solo_{suit}_tout" for suit in "CSHD"}
    await game.call_round(None, None, None)
    contest = game.contest()
    assert contest.game == "wenz" and contest.tout and contest.declarer == 0
    assert "Wenz Tout" in game.table_message().text
    result = await game.play_out()
    details = result.details
    assert details is not None and details["tout"] is True
    declarer = details["declarer"]
    every = all(trick.winner == declarer for trick in result.tricks)
    assert len(result.tricks) == 8 and details["won"] == every
    assert details["amount"] == (50 + 10 * details["laufende"]) * 2
    assert result.scores[declarer] == 3 * details["amount"] * (1 if every else -1)
    text = result_message(game, 0)
    assert "Wenz Tout" in text and "× 2 (Tout)" in text
    assert harness.emulator.errors == []


async def test_tout_switched_off_and_an_option_schafkopf_lacks(harness: Harness) -> None:
    """SF-11 and the options text: ``tout=nein`` leaves no Tout in the call menu; an option a
    game does not have is refused with one sentence and opens no table."""
    alice = harness.emulator.add_user("Alice")
    (refused,) = await answer(
        alice, harness.channel, "ramsch new", game="skat", preset="skat", options="tout=ja"
    )
    assert refused.ephemeral and "tout" in refused.text and "\n" not in refused.text.strip()
    assert not any("Skat #" in m.text for m in harness.channel.current_messages())
    game = SchafkopfGame(harness, [alice, *users(harness, NAMES[1:])])
    lobby = await game.open(rounds=1, options="tout=nein, sie=nein")
    assert "Schafkopf" in lobby.text
    await game.start()
    rules = game.rules()
    assert not rules.tout and not rules.sie  # type: ignore[attr-defined]
    offered = {str(choice_arg(c)) for c in game.kinds(game.at(0)).get("call", [])}
    assert "wenz" in offered and not any(arg.endswith("_tout") for arg in offered)
    assert harness.emulator.errors == []


async def test_a_geier_and_a_farbwenz_at_a_table_that_plays_them(harness: Harness) -> None:
    """SF-13, SF-14: ``geier=ja, farbwenz=ja`` in the options text adds both to the call
    menu; forehand plays a Geier, then the next forehand a Herz-Farbwenz; each is played out
    and paid at the Solo tariff, the table and the result naming the game."""
    game = SchafkopfGame(harness, users(harness))
    await game.open(rounds=1, options="geier=ja, farbwenz=ja")
    await game.start()
    rules = game.rules()
    assert rules.geier and rules.farbwenz  # type: ignore[attr-defined]
    offered = {str(choice_arg(c)) for c in game.kinds(game.at(0)).get("call", [])}
    assert {"geier", "geier_tout", "farbwenz_H", "farbwenz_C_tout", "wenz"} <= offered
    await game.call_round("geier", None, None, None)
    assert game.contest().game == "geier" and "Geier" in game.table_message().text
    result = await game.play_out()
    details = result.details
    assert details is not None and details["game"] == "geier"
    assert details["amount"] == 50 + 10 * (
        details["schneider"] + details["schwarz"] + details["laufende"]
    )
    assert sum(result.scores) == 0 and "Geier" in result_message(game, 0)

    await game.call_round("farbwenz_H", "wenz", None, None)  # the Wenz outranks it (SF-14)
    contest = game.contest()
    assert contest.game == "wenz" and contest.declarer == 1
    await game.play_out()
    await game.call_round(None, "farbwenz_S", None, None)
    contest = game.contest()
    assert contest.game == "farbwenz" and contest.suit is not None
    assert "Gras-Farbwenz" in game.table_message().text
    result = await game.play_out()
    assert result.details is not None and result.details["suit"] == "S"
    assert "Gras-Farbwenz" in result_message(game, 2)
    assert harness.emulator.errors == []


SIE_DEAL = [
    "CT C9 S9 S8 HA HT D9 D8",
    "CA CK SA ST HK H9 DA DT",
    "CQ SQ HQ DQ CJ SJ HJ DJ",
    "C8 C7 SK S7 H8 H7 DK D7",
]
"""The first deal of ``test_a_sie_is_shown_and_won_without_play``: rearhand is dealt the
four Obers and Unters (about one deal in two and a half million gives a Sie)."""


async def test_a_sie_is_shown_and_won_without_play(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SF-12: the player dealt the four Obers and Unters finds Sie in his call menu, nobody
    else does; forehand's Sauspiel is outranked, the calls end at once, no card is played,
    and the result pays four times a Solo with its 8 Laufende."""
    original = FullSchafkopfRules.deal_from_seed
    session_seed = FIRST_SEED + len(harness.seeds)  # the seed the table will be given
    sie_seed = deal_seed(session_seed, 0)

    def dealt(self: FullSchafkopfRules, seed: int, carry: Any = None) -> Deal:
        if seed == sie_seed:
            return Deal(self, [[Card.parse(c) for c in hand.split()] for hand in SIE_DEAL])
        return original(self, seed, carry)

    monkeypatch.setattr(FullSchafkopfRules, "deal_from_seed", dealt)
    game = SchafkopfGame(harness, users(harness))
    await game.open(rounds=1)
    await game.start()
    assert game.replay().deal.dealt_hands[2][0] == Card.parse("CQ")

    def offered(deal_seat: int) -> set[str]:
        return {str(choice_arg(c)) for c in game.kinds(game.at(deal_seat)).get("call", [])}

    assert "sie" not in offered(0)
    first_calls = sauspiel_calls(game, 0)
    await game.call_round(first_calls[0] if first_calls else None)
    assert "sie" not in offered(1)
    await game.press("pass")
    assert "sie" in offered(2)
    await game.press("call", "sie")
    said = [logged.action.kind for logged in await harness.store.tables.load_actions(game.table_id)]
    assert said == ["call" if first_calls else "pass", "pass", "call"]  # the dealer never spoke
    match = game.replay()
    result = match.finished_deals[0].result
    assert result.details is not None and result.details["game"] == "sie"
    assert result.tricks == () and result.details["amount"] == (50 + 80) * 4
    assert result.scores[2] == 3 * 520 and all(result.scores[s] == -520 for s in (0, 1, 3))
    text = result_message(game, 0)
    assert "shows a **Sie**" in text and "× 4 (Sie)" in text
    assert match.deal.phase in ("calling", "knocking")  # the next deal is dealt
    assert harness.emulator.errors == []


async def test_the_short_pack_six_cards_and_klopfen_after_three(harness: Harness) -> None:
    """SF-15: ``pack=short`` deals six cards of the 24 without 7s and 8s, three and three:
    each player knocks having seen three, then holds six; a deal is played to its sixth
    trick and paid."""
    game = SchafkopfGame(harness, users(harness))
    await game.open(rounds=1, options="pack=short, klopfen=ja")
    await game.start()
    assert game.rules().hand_size == 6
    forehand = game.at(0)
    hand = game.hand_text(forehand)
    cards_line = next(line for line in hand.split("\n") if line.startswith("**Your cards:**"))
    assert len(cards_line.split()) == 2 + 3, cards_line  # the label and three cards
    assert "You see your first three cards" in hand
    for _ in range(4):
        await game.press("no_knock")
    view = game.replay().deal.view(0)
    assert len(view.hand) == 6 and not any(str(card)[1] in "78" for card in view.hand)
    result = await game.auto_deal()
    assert sum(result.scores) == 0
    assert result.contract == "passed" or len(result.tricks) == 6
    assert harness.emulator.errors == []


HOCHZEIT_DEAL = [
    "DQ CA CT CK SA ST DA DT",
    "CQ SQ HQ CJ HA SK S9 D9",
    "HT SJ HJ HK C9 C8 S8 D8",
    "DJ H9 H8 H7 C7 S7 DK D7",
]
"""The first deal of ``test_a_hochzeit_is_offered_accepted_and_played``: forehand holds one
trump, the Schellen-Ober (as tests/data/schafkopf/hochzeit_won_schwarz_with_5.json)."""


async def test_a_hochzeit_is_offered_accepted_and_played(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SF-16: ``hochzeit=ja`` puts the Hochzeit in the call menu of the hand with one trump
    only; after three weiter the next seat (and no other) has Accept and accepts, the card
    given comes from a select of the cards that are not trumps; the two play together and
    are paid as in a Sauspiel, two and two."""
    original = FullSchafkopfRules.deal_from_seed
    session_seed = FIRST_SEED + len(harness.seeds)
    first_seed = deal_seed(session_seed, 0)

    def dealt(self: FullSchafkopfRules, seed: int, carry: Any = None) -> Deal:
        if seed == first_seed:
            return Deal(self, [[Card.parse(c) for c in hand.split()] for hand in HOCHZEIT_DEAL])
        return original(self, seed, carry)

    monkeypatch.setattr(FullSchafkopfRules, "deal_from_seed", dealt)
    game = SchafkopfGame(harness, users(harness))
    await game.open(rounds=1, options="hochzeit=ja")
    await game.start()
    assert game.rules().hochzeit  # type: ignore[attr-defined]

    def offered(deal_seat: int) -> set[str]:
        return {str(choice_arg(c)) for c in game.kinds(game.at(deal_seat)).get("call", [])}

    assert "hochzeit" in offered(0)
    await game.press("call", "hochzeit")
    assert "hochzeit" not in offered(1) and "sauspiel_C" not in offered(1)
    await game.call_round(None, None, None)
    assert "offers a Hochzeit" in game.table_message().text
    assert "accept" in game.kinds(game.at(1)) and "accept" not in game.kinds(game.at(2))
    await game.press("accept", user=game.at(1))
    gives = [str(choice_arg(c)) for c in game.kinds(game.at(1)).get("give", [])]
    assert sorted(gives) == ["D9", "S9", "SK"]
    await game.press("give", "D9", user=game.at(1))
    contest = game.contest()
    assert contest.game == "hochzeit" and contest.declarer == 0 and contest.partner == 1
    assert Card.parse("DQ") in game.replay().deal.hand(1)
    text = game.table_message().text
    assert "Hochzeit" in text and game.name_of(1) in text
    result = await game.play_out()
    details = result.details
    assert details is not None and details["game"] == "hochzeit" and details["partner"] == 1
    assert details["laufende"] == 5
    amount = details["amount"]
    sign = 1 if details["won"] else -1
    assert result.scores == (sign * amount, sign * amount, -sign * amount, -sign * amount)
    assert "Hochzeit" in result_message(game, 0)
    assert harness.emulator.errors == []
