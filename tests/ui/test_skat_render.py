"""Full Skat rendered: the bidding, taking the skat or Hand, laying away by marks, declaring,
Kontra and Re, open cards, a game's value worked out, the editor's nested Ramsch options."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

import discord
import pytest

from bot.tables import GuildSettings, TableError
from bot.ui import ids
from bot.ui.actions import action_of, control_arg
from bot.ui.editor import Draft, choose, enter_numbers, fields_of
from bot.ui.editor_view import numbers_modal, render_editor
from bot.ui.games import renderer_for
from bot.ui.games.skat import SKAT, bidding_of, value_facts
from bot.ui.hand import render_hand
from bot.ui.results import render_result, render_standings
from bot.ui.table import render_table
from ramsch_core import (
    Action,
    Bid,
    DealResult,
    Declare,
    Hold,
    Kontra,
    Pass,
    SkatContest,
    TakeSkat,
    get_game,
)
from tests.ui.helpers import USER_IDS, cards_shown, custom_ids, items, make_table, problems

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def skat_table(name: str = "skat", **kwargs: Any) -> Any:
    return make_table(name, game="skat", **kwargs)


def apply(table: Any, *actions: Action) -> None:
    for action in actions:
        assert table.match is not None
        table.match.apply(action, table.match.to_act)


def user_at(table: Any, deal_seat: int) -> int:
    return int(USER_IDS[table.match.active_seats[deal_seat]])


def name_at(table: Any, deal_seat: int) -> str:
    return str(NAMES[table.match.active_seats[deal_seat]])


def labels(shown: Any) -> dict[str, Any]:
    return {getattr(item, "label", None) or item.placeholder: item for item in items(shown)}


def contest(table: Any) -> SkatContest:
    state = table.match.deal.state
    assert isinstance(state, SkatContest)
    return state


def test_skat_has_a_renderer_title_and_rules() -> None:
    rules = get_game("skat").preset("skat")
    assert renderer_for(rules) is SKAT and SKAT.title(rules) == "Skat"
    assert SKAT.title(get_game("skat").preset("skat-schieberamsch")) == "Skat · Schieberamsch"
    text = "\n".join(SKAT.rules_lines(rules))
    assert "Reizen" in text and "Kontra" in text and "Ramsch is played" in text
    throw_in = "\n".join(SKAT.rules_lines(get_game("skat").preset("skat-throw-in")))
    assert "thrown in" in throw_in


def test_the_bidder_sees_the_next_value_passe_and_higher_bids() -> None:
    table = skat_table()
    mittel, vor = user_at(table, 1), user_at(table, 0)
    shown = render_hand(table, mittel)
    assert not problems(shown)
    found = labels(shown)
    assert "18" in found and "Passe" in found and "Bid higher…" in found
    select = found["Bid higher…"]
    assert [option.value for option in select.options][:3] == ["20", "22", "23"]
    assert len(select.options) == 25
    assert f"**Your turn:** bid to {name_at(table, 0)}: **18**" in shown.text()
    others = render_hand(table, vor)
    assert not [item for item in items(others) if not item.disabled]
    table_text = render_table(table).text()
    assert "Reizen (bidding)" in table_text
    assert f"is to bid to **{name_at(table, 0)}**" in table_text
    apply(table, Bid(18))
    answer = render_hand(table, vor)
    assert "Ja (18)" in labels(answer) and "Passe" in labels(answer)
    assert f"{name_at(table, 1)} bids **18** to you" in answer.text()
    assert f"Mittelhand {name_at(table, 1)}: 18" in render_table(table).text()


def test_bidding_state_follows_the_rounds() -> None:
    table = skat_table()
    state = bidding_of(contest(table))
    assert (state.round, state.bidder, state.listener, state.answering) == (1, 1, 0, False)
    apply(table, Bid(18), Hold(), Bid(20), Pass())
    state = bidding_of(contest(table))
    assert (state.round, state.bidder, state.listener) == (2, 2, 1)
    table = skat_table()
    apply(table, Pass(), Pass())
    state = bidding_of(contest(table))
    assert (state.round, state.bidder, state.listener) == (3, 0, None)
    text = render_hand(table, user_at(table, 0)).text()
    assert "both others passed" in text and "a Ramsch is played" in text


def test_declaring_hand_games_with_announcements_by_marks() -> None:
    table = skat_table()
    apply(table, Bid(18), Hold(), Bid(36), Pass(), Pass())  # Mittelhand plays at 36
    declarer = user_at(table, 1)
    shown = render_hand(table, declarer)
    assert not problems(shown)
    found = labels(shown)
    assert {"Skat aufnehmen", "Schneider", "Schwarz", "Ouvert", "Declare a Hand game…"} <= set(
        found
    )
    games = {option.label: option.value for option in found["Declare a Hand game…"].options}
    assert "♣ Kreuz Hand" in games and "Grand Hand" in games
    assert "Null Hand" not in games and "Null ouvert Hand" in games  # 35 < 36
    view = table.view_for(declarer)
    marks = SKAT.mark(view, (), "schwarz")
    assert marks == ("schwarz",) and SKAT.mark(view, marks, "schwarz") == ()
    assert SKAT.mark(view, marks, "ouvert") == ("ouvert",)
    with pytest.raises(TableError):
        SKAT.mark(view, (), "SA")
    table.marks[table.match.active_seats[1]] = (table.log_length, ("schwarz",))
    found = labels(render_hand(table, declarer))
    games = {option.label: option.value for option in found["Declare a Hand game…"].options}
    assert "✓ Schwarz" in found and "♣ Kreuz Hand Schwarz angesagt" in games
    assert "♣ Kreuz Hand" not in games  # the marks decide what is offered
    action = action_of("declare", None, [games["♣ Kreuz Hand Schwarz angesagt"]])
    assert action == Declare("clubs", True, True, False, None)
    assert all(action_of("declare", None, [value]) in view.legal for value in games.values())
    assert not render_hand(table, user_at(table, 0)).view or not [
        item for item in items(render_hand(table, user_at(table, 0))) if not item.disabled
    ]


def test_laying_away_by_marking_two_cards() -> None:
    table = skat_table()
    apply(table, Bid(18), Pass(), Pass(), TakeSkat())
    seat = table.match.active_seats[1]
    declarer = user_at(table, 1)
    view = table.view_for(declarer)
    assert len(view.hand) == 12
    shown = render_hand(table, declarer)
    assert not problems(shown)
    marks = [item for item in items(shown) if item.custom_id.startswith("ramsch:m:")]
    assert len(marks) == 12 and {item.row for item in marks} == {0, 1, 2}
    press = labels(shown)["Drücken"]
    assert press.disabled and press.row == 3
    first, second, third = (card.name for card in view.hand[:3])
    marked = SKAT.mark(view, SKAT.mark(view, (), first), second)
    assert marked == (first, second)
    assert SKAT.mark(view, marked, third) == (second, third)  # the oldest mark gives way
    assert SKAT.mark(view, marked, first) == (second,)
    table.marks[seat] = (table.log_length, marked)
    shown = render_hand(table, declarer)
    button = next(item for item in items(shown) if item.custom_id.startswith("ramsch:a:"))
    assert not button.disabled and button.label.startswith("Drücken ")
    action = action_of("discard", button.custom_id.split(":")[-1])
    assert action in view.legal
    assert "Marked: " in shown.text()
    apply(table, action)
    table.log_length += 1  # as the action log does
    assert table.marks_of(seat) == ()
    after = render_hand(table, declarer)
    found = labels(after)
    games = [option.label for option in found["Declare your game…"].options]
    assert "You laid" in after.text() and "♣ Kreuz" in games and "Null ouvert" in games
    assert "Skat aufnehmen" not in found and "Schneider" not in found


def test_kontra_re_and_the_game_on_the_table() -> None:
    table = skat_table()
    apply(table, Bid(18), Pass(), Pass(), Declare("grand", False, False, False, None))
    vor = user_at(table, 0)
    shown = render_hand(table, vor)
    assert "Kontra" in labels(shown) and "You may say **Kontra**" in shown.text()
    table_text = render_table(table).text()
    declarer = name_at(table, 1)
    assert f"**{declarer}** (Mittelhand) plays **Grand Hand** · bid 18" in table_text
    apply(table, Kontra())
    assert "Kontra" not in labels(render_hand(table, vor))
    view = table.view_for(vor)
    card = next(action for action in view.legal if action.kind == "play")
    apply(table, card)
    declarers_hand = render_hand(table, user_at(table, 1))
    assert "Re" in labels(declarers_hand) and "answer **Re**" in declarers_hand.text()
    assert f"Kontra ({name_at(table, 0)})" in render_table(table).text()


def test_an_ouvert_declarers_cards_are_on_the_table_and_in_the_others_hands() -> None:
    table = skat_table()
    apply(table, Bid(18), Pass(), Pass(), Declare("null", False, False, True, None))
    deal = table.match.deal
    open_cards = set(deal.hand(1))
    shown = render_table(table)
    declarer = name_at(table, 1)
    assert cards_shown(shown) == open_cards and f"{declarer} plays open" in shown.text()
    other = render_hand(table, user_at(table, 0))
    assert f"**{declarer}** plays open:" in other.text()
    assert cards_shown(other) == open_cards | set(deal.hand(0))


def details(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "clubs", "declarer": 0, "bid": 18, "hand": False,
        "schneider_announced": False, "schwarz_announced": False, "ouvert": False,
        "matadors": 2, "declarer_points": 95, "schneider": True, "schwarz": False,
        "overbid": False, "kontra": 0, "won": True, "value": 48,
    }  # fmt: skip
    return base | changes


def result(info: dict[str, Any], score: int) -> DealResult:
    return DealResult(
        tricks=(), card_points=(95, 20, 5), trick_counts=(7, 2, 1), losers=(), winners=(0,),
        scores=(Fraction(score), Fraction(0), Fraction(0)), skat=(),
        multiplier=1, contract=info["game"], details=info,
    )  # fmt: skip


def test_a_games_value_is_worked_out() -> None:
    facts = value_facts(details(), result(details(), 48), NAMES)
    assert facts[0] == "**Alice** played **♣ Kreuz**, bid 18"
    assert facts[1] == "mit 2, Spiel 3, Schneider 4 → 4 × 12 = 48"
    assert facts[-1] == "**won** (95 points): +48"
    lost = details(matadors=-1, schneider=False, won=False, declarer_points=50, value=60,
                   game="hearts", hand=True, kontra=1)  # fmt: skip
    facts = value_facts(lost, result(lost, -120), NAMES)
    assert facts[0] == "**Alice** played **♥ Herz Hand**, bid 18"
    assert facts[1] == "ohne 1, Spiel 2, Hand 3 → 3 × 10 = 30"
    assert facts[2] == "Kontra: 30 × 2 = 60"
    assert facts[3] == "**lost** (50 points): −2 × 60 = −120"
    over = details(matadors=1, schneider=False, bid=30, overbid=True, won=False, value=36,
                   declarer_points=70)  # fmt: skip
    facts = value_facts(over, result(over, -72), NAMES)
    assert (
        "mit 1, Spiel 2 → 2 × 12 = 24, less than the bid of 30: **überreizt** (lost)" in (facts[1])
    )
    assert (
        "counted as 3 × 12 = 36" in facts[1] and facts[-1] == "**lost** (70 points): −2 × 36 = −72"
    )
    null = details(game="null", matadors=None, hand=True, ouvert=True, value=118, kontra=1,
                   won=False)  # fmt: skip
    facts = value_facts(null, result(null, -236), NAMES)
    assert facts[1] == "Null ouvert Hand: 59" and facts[2] == "Kontra: 59 × 2 = 118"
    assert facts[-1] == "**lost** (took a trick): −2 × 118 = −236"


@pytest.mark.parametrize("name", ["skat", "skat-schieberamsch", "skat-throw-in", "skat-standard"])
def test_whole_matches_stay_within_discords_limits(name: str) -> None:
    """Every table, hand, result and standings message of random matches: no broken limit,
    no card a viewer may not see, every id unique and read back as the legal action."""
    for seed in range(3):
        table = skat_table(name, seed=seed, rounds=2)
        rng = random.Random(seed)
        while table.status == "playing":
            match = table.match
            shown = render_table(table)
            assert not problems(shown), problems(shown)
            open_cards = {c for _, hand in match.deal.public_view().open_hands for c in hand}
            assert cards_shown(shown) <= set(match.deal.view(0).played) | open_cards
            for seat in table.seats:
                hand = render_hand(table, seat.user_id)
                assert not problems(hand), (problems(hand), hand.text())
                for item in items(hand):
                    found = re.fullmatch(ids.ACTION_TEMPLATE, item.custom_id)
                    button = item.type is discord.ComponentType.button
                    if found is None or item.disabled or not button:
                        continue
                    action = action_of(found["kind"], found["arg"])
                    view = table.view_for(seat.user_id)
                    assert action in view.legal, (action, item.label)
            view = match.deal.view(match.deal.to_act)
            action = pick(view, rng)
            match.apply(action, match.to_act)
            if match.finished:
                table.status = "finished"
        for entry in table.match.finished_deals:
            shown = render_result(table, entry)
            assert not problems(shown)
        standings = render_standings(table)
        assert not problems(standings) and "Deals" in standings.text()


def pick(view: Any, rng: random.Random) -> Action:
    bids: list[Action] = [action for action in view.legal if action.kind == "bid"]
    if bids and rng.random() < 0.5:
        return min(bids, key=lambda action: int(action.to_json()["value"]))
    if bids:
        return Pass()
    action: Action = rng.choice(view.legal)
    return action


def test_every_skat_action_id_reads_back_as_its_action() -> None:
    table = skat_table()
    apply(table, Bid(18), Pass(), Pass())
    view = table.match.deal.view(1)
    samples = list(view.legal)
    apply(table, TakeSkat())
    samples += table.match.deal.view(1).legal
    samples += [Bid(value) for value in (18, 20, 264)]
    for action in samples:
        custom_id = ids.action_id(42, 0, action.kind, control_arg(action))
        assert len(custom_id) <= 100
        found = re.fullmatch(ids.ACTION_TEMPLATE, custom_id)
        assert found is not None, custom_id
        assert action_of(found["kind"], found["arg"]) == action
    assert action_of("bid", None, ["27"]) == Bid(27)
    assert action_of("discard", None, ["SA", "HK"]).to_json()["cards"] == ["SA", "HK"]


def test_the_editor_has_a_page_for_the_ramsch_on_all_pass() -> None:
    table = skat_table(started=False)
    draft = Draft.of_table(table)
    shown = render_editor(draft)
    assert not problems(shown) and len({item.row for item in items(shown)}) <= 5
    names = custom_ids(shown)
    assert "ramsch:r:t42:all_pass" in names and "ramsch:rs:t42:ramsch" in names
    toggles = next(item for item in items(shown) if item.custom_id.endswith(":toggles"))
    values = {option.value for option in toggles.options}
    assert {"kontra", "four_seats", "bock_on_kontra", "bock_on_re", "tournament"} <= values
    assert "ramsch_after_bock" in values and "bock_on_value" in values
    assert "bock_threshold" in draft.numbers()
    page = render_editor(draft, section="ramsch")
    assert not problems(page) and len({item.row for item in items(page)}) <= 5
    names = custom_ids(page)
    assert {"ramsch:r:t42:ramsch__skat_to", "ramsch:r:t42:ramsch__scoring"} <= set(names)
    assert "ramsch:r:t42:ramsch__toggles" in names and "ramsch:rs:t42" in names
    assert "ramsch:rn:t42:ramsch" in names
    assert fields_of(draft.rules, "ramsch").numbers == [
        "ramsch__stake",
        "ramsch__durchmarsch_value",
    ]
    proposal = choose(draft, "ramsch__skat_to", ["loser"])
    assert proposal.rules["ramsch"]["skat_to"] == "loser"
    proposal = choose(draft, "ramsch__toggles", ["ramsch__schieben"])
    assert proposal.rules["ramsch"]["schieben"] and not proposal.rules["ramsch"]["durchmarsch"]
    assert proposal.rules["kontra"]  # the main page's toggles are left alone
    proposal = enter_numbers(draft, {"ramsch__stake": "25"}, "ramsch")
    assert proposal.rules["ramsch"]["stake"] == 25
    modal = numbers_modal(draft, "ramsch")
    assert modal.custom_id == "ramsch:rm:t42:ramsch" and len(modal.children) == 2  # SR-7 too
    proposal = enter_numbers(draft, {"ramsch__durchmarsch_value": "150"}, "ramsch")
    assert proposal.rules["ramsch"]["durchmarsch_value"] == 150
    proposal = choose(draft, "toggles", ["tournament", "bock_on_re", "kontra"])
    assert proposal.options["tournament"] and proposal.options["bock_on_re"]
    guild = Draft.of_guild(1, GuildSettings(game="skat", preset="skat"), "Club")
    stored = GuildSettings.model_validate(
        choose(guild, "ramsch__skat_to", ["nobody"]).guild_settings(())
    )
    assert stored.default_rules().ramsch.skat_to == "nobody"  # type: ignore[attr-defined]
    assert not problems(render_editor(guild, section="ramsch"))


def seat_to_act(table: Any) -> int:
    return int(table.match.deal.to_act)


def render_all(table: Any) -> dict[int, Any]:
    """Every seat's hand and the table rendered (no limit broken); the hands by deal seat."""
    assert not problems(render_table(table))
    hands = {}
    for deal_seat in range(3):
        hands[deal_seat] = render_hand(table, user_at(table, deal_seat))
        assert not problems(hands[deal_seat]), problems(hands[deal_seat])
    return hands


def only_passe_left(shown: Any) -> None:
    """The bidder at 264 may only pass: Passe and nothing to bid, the text says so."""
    found = labels(shown)
    assert "Passe" in found and "Bid higher…" not in found
    assert not any(item.custom_id.split(":")[-2:-1] == ["bid"] for item in items(shown))
    assert "264 is the highest bid there is: you can only **Passe**" in shown.text()


def test_the_highest_bid_renders_in_the_first_round() -> None:
    """FS-4, FS-5: Mittelhand bids 264 (the top of the ladder); Vorhand says Ja; Mittelhand has no
    higher bid: only Passe, no select of higher bids, every message renders."""
    table = skat_table()
    apply(table, Bid(264))
    answer = render_all(table)[0]
    assert "Ja (264)" in labels(answer) and "Passe" in labels(answer)
    apply(table, Hold())
    assert seat_to_act(table) == 1
    only_passe_left(render_all(table)[1])
    apply(table, Pass())
    assert table.match.deal.phase == "bidding"  # Hinterhand may still bid to Vorhand
    render_all(table)


def test_the_highest_bid_renders_in_the_second_round() -> None:
    """FS-4, FS-5: Mittelhand passes; Hinterhand bids 264 to Vorhand, who holds: Hinterhand may only
    pass, then Vorhand declares."""
    table = skat_table()
    apply(table, Pass(), Bid(264))
    render_all(table)
    apply(table, Hold())
    assert seat_to_act(table) == 2
    only_passe_left(render_all(table)[2])
    apply(table, Pass())
    assert table.match.deal.phase == "declaring" and contest(table).declarer == 0
    assert "Declare a Hand game…" in labels(render_all(table)[0])


def test_the_highest_bid_as_the_last_call_and_a_jump_in_the_select() -> None:
    """FS-4, FS-5: both others passed, Vorhand has the last word: the select of higher bids ends at
    264 and choosing it makes Vorhand the declarer at 264."""
    table = skat_table()
    apply(table, Pass(), Pass())
    last = render_all(table)[0]
    values = [option.value for option in labels(last)["Bid higher…"].options]
    assert len(values) == 25 and "264" not in values  # 25 shown: the next values up
    assert action_of("bid", None, ["264"]) == Bid(264)
    apply(table, Bid(264))
    assert table.match.deal.phase == "declaring" and contest(table).bid == 264
    hands = render_all(table)
    assert "won the bidding at **264**" in hands[0].text()


def test_a_bid_one_step_below_the_top_offers_no_select() -> None:
    """FS-4, FS-5: after 240 the only higher bid is 264: a button, no select, no *Bid higher*
    hint."""
    table = skat_table()
    apply(table, Bid(240), Hold())
    shown = render_all(table)[1]
    found = labels(shown)
    assert "264" in found and "Bid higher…" not in found
    assert "**264** (no bid is higher)" in shown.text()


def test_fs13_fs14_a_skat_table_line_says_its_bock_rounds_and_tournament_list() -> None:
    """FS-13/14: the table line of a Skat list with every Bock round, Ramsch after Bock and
    tournament points says all of them; a Ramsch table says only its own Bock rounds, not
    a Kontra switch it kept from Skat (SR-11: no Kontra in a Ramsch)."""
    from bot import i18n
    from bot.ui.text import table_text
    from ramsch_core import GAMES, parse_table_options, preset

    skat_bock = {**GAMES["skat"].table_presets["skat-bock"], "bock_threshold": 96}
    options = parse_table_options({**skat_bock, "tournament": True, "rounds": 2})
    with i18n.using("en"):
        said = table_text(preset("skat", game="skat"), options)
    assert said == (
        "3 seats · 2 rounds (6 deals) · Bock round after a Durchmarsch, a game lost with 60, "
        "a Kontra won, Kontra and Re, a Grand Hand won or a game worth 96 or more · a round "
        "of Ramsch after each Bock round · tournament scoring (Seeger-Fabian)"
    )
    with i18n.using("de"):
        german = table_text(preset("skat", game="skat"), options)
    assert "Bockrunde nach einem Durchmarsch" in german and "Turnierwertung" in german
    ramsch = parse_table_options({"bock_on_durchmarsch": True, "bock_on_tie": True})
    kept = parse_table_options({**ramsch.model_dump(), "bock_on_kontra": True})
    with i18n.using("en"):
        assert table_text(preset("skat"), kept) == (
            "3 seats · 1 round (3 deals) · Bock round after a Durchmarsch or a tie"
        )
