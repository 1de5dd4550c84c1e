"""The game registry with a game that is not Ramsch: "Stich", a tiny test-only game
(tests/example_game/) registered for the duration of each test. Parsing rules by game id and
alias, game-scoped presets, records, matches at five seats (C-4), a deal result that ends the
match, and the rule-set strategy that draws every option of every game."""

from __future__ import annotations

import json
import random
import warnings
from typing import Any, Literal, get_args

import pytest
from annotated_types import Ge, Le
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st
from pydantic import Field
from pydantic.fields import FieldInfo

from ramsch_core import (
    DEFAULT_GAME,
    GAMES,
    Deal,
    Game,
    IllegalActionError,
    Match,
    NotYourTurnError,
    Play,
    RuleSet,
    RuleSetError,
    SkatRules,
    TableOptions,
    check_table,
    deal_record,
    deal_seed,
    get_game,
    parse_rules,
    parse_table_options,
    preset,
    replay_record,
    replay_summary,
    rotation,
    seat_name,
)
from ramsch_core.games import registry
from ramsch_core.kernel import Kernel, Position
from tests.core import test_properties
from tests.core.strategies import option_values, rules_of_game
from tests.example_game import register
from tests.example_game.core import STICH, StichRules

seeds = st.integers(0, 2**64)


@pytest.fixture
def stich(monkeypatch: pytest.MonkeyPatch) -> Game:
    """The test game, registered (with its alias ``tricks``) for the duration of one test."""
    return register(monkeypatch)


def play_randomly(deal: Deal, rng: random.Random) -> Deal:
    while not deal.finished:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


# -- parsing rules ---------------------------------------------------------------------------


def test_the_test_game_is_registered_only_inside_a_test() -> None:
    """The fixture's registration does not leak: outside it, 'stich' is unknown."""
    assert "stich" not in GAMES and "tricks" not in registry._ALIASES
    with pytest.raises(RuleSetError, match="Unknown game 'stich': choose one of ramsch"):
        parse_rules({"game": "stich"})


def test_parse_rules_picks_the_game_by_its_id_and_by_an_alias(stich: Game) -> None:
    by_id = parse_rules({"game": "stich", "seats": 4, "must_beat": True})
    assert by_id == StichRules(seats=4, must_beat=True)
    by_alias = parse_rules({"game": "tricks", "seats": 4, "must_beat": True})
    assert by_alias == by_id and by_alias.game == "stich"
    assert get_game("tricks") is get_game("stich") is stich
    assert by_id.to_json() == {
        "game": "stich",
        "seats": 4,
        "order": "jacks",
        "must_trump": False,
        "must_beat": True,
        "doubling": False,
    }
    assert parse_rules(by_id.to_json()) == by_id
    assert by_id.variant_id == "stich"  # a game without variants is its own variant


def test_parse_rules_refuses_a_bad_option_of_the_chosen_game(stich: Game) -> None:
    with pytest.raises(RuleSetError, match="option 'seats': Input should be 3, 4 or 5"):
        parse_rules({"game": "stich", "seats": 6})
    with pytest.raises(RuleSetError, match="unknown option 'variant'"):
        parse_rules({"game": "tricks", "variant": "skat"})
    with pytest.raises(RuleSetError, match="unknown option 'stake'"):
        parse_rules({"game": "stich", "stake": 10})


def test_ramsch_is_the_game_of_rules_that_name_none(stich: Game) -> None:
    """Records written before there were other games name no game: they are Ramsch."""
    assert DEFAULT_GAME == "ramsch"
    assert isinstance(parse_rules({"variant": "skat"}), SkatRules)
    assert parse_rules({"variant": "skat"}) == parse_rules({"game": "ramsch", "variant": "skat"})
    with pytest.raises(RuleSetError, match="missing 'variant'"):
        parse_rules({"seats": 4})  # the test game's option, read as Ramsch


def test_an_unknown_game_names_every_registered_game(stich: Game) -> None:
    assert list(GAMES)[:3] == ["ramsch", "skat", "ramsen"] and list(GAMES)[-1] == "stich"
    every = ", ".join(GAMES)
    with pytest.raises(RuleSetError, match=f"Unknown game 'doppelkopf': choose one of {every}$"):
        parse_rules({"game": "doppelkopf"})
    with pytest.raises(RuleSetError, match="'game' must be a name"):
        parse_rules({"game": 3})


def test_registering_a_taken_name_is_refused(stich: Game) -> None:
    """A game id or alias may be registered once; a refused game changes nothing."""
    before, aliases = dict(GAMES), dict(registry._ALIASES)
    with pytest.raises(ValueError, match="already registered as 'stich'"):
        registry.register(stich)
    clash = Game("other", "Other", (StichRules,), {}, {}, "plain", aliases=("ramsch",))
    with pytest.raises(ValueError, match="already registered as 'ramsch'"):
        registry.register(clash)
    assert before == GAMES and aliases == registry._ALIASES


# -- presets ---------------------------------------------------------------------------------


def test_presets_are_scoped_to_their_game(stich: Game) -> None:
    """A preset name means something only with its game; an unknown one names the game and its
    presets."""
    assert preset("strict", game="stich") == StichRules(must_trump=True, must_beat=True)
    assert preset("five", game="tricks") == StichRules(seats=5, must_beat=True)
    assert preset("four", game="stich", must_trump=True) == StichRules(seats=4, must_trump=True)
    with pytest.raises(RuleSetError, match="Unknown preset 'skat' for Stich: choose one of plain"):
        preset("skat", game="stich")
    with pytest.raises(RuleSetError, match="Unknown preset 'strict' for Ramsch: choose one of"):
        preset("strict")
    with pytest.raises(RuleSetError, match="Unknown game 'nope'"):
        preset("plain", game="nope")
    with pytest.raises(RuleSetError, match="option 'seats'"):
        preset("plain", game="stich", seats=2)
    assert stich.preset_of(StichRules(seats=5, must_beat=True)) == "five"
    assert stich.preset_of(StichRules(seats=5)) is None
    assert stich.table_sizes == (3, 4, 5)
    assert stich.variant_names == ()


# -- the rule-set strategy -------------------------------------------------------------------


def _values(info: FieldInfo) -> list[object]:
    """The values of an option the strategy must reach: each of a Literal's, both booleans,
    an int's lower bound and the top of its sampled range (its upper bound, if it has one)."""
    if info.annotation is bool:
        return [False, True]
    if info.annotation is int:
        (low,) = [int(item.ge) for item in info.metadata if isinstance(item, Ge)]  # type: ignore[call-overload]
        highs = [int(item.le) for item in info.metadata if isinstance(item, Le)]  # type: ignore[call-overload]
        return [low, min([*highs, low + 99])]
    return list(get_args(info.annotation))


@pytest.mark.parametrize("game", [*GAMES.values(), STICH], ids=[*GAMES, STICH.id])
def test_the_strategy_draws_every_option_value_of_every_variant(game: Game) -> None:
    """tests/core/strategies.py reaches each value of each option (both ends of an int's
    range) of each variant of every registered game and of the test game."""
    strategy = rules_of_game(game)
    for model in game.variants:
        for name, info in model.model_fields.items():
            if name in ("game", "variant"):
                continue
            for value in _values(info):

                def drawn(
                    rules: RuleSet, m: type = model, n: str = name, v: object = value
                ) -> bool:
                    return type(rules) is m and getattr(rules, n) == v

                found = find(
                    strategy,
                    drawn,
                    settings=settings(max_examples=2000, database=None, phases=[Phase.generate]),
                )
                assert found.game == game.id


def test_the_strategy_refuses_an_option_it_cannot_draw() -> None:
    """A new kind of option is noticed, not silently left at its default."""

    class Odd(RuleSet):
        game: Literal["odd"] = "odd"
        label: str = "x"
        count: int = 3

    with pytest.raises(TypeError, match="option 'label'"):
        option_values("label", Odd.model_fields["label"])
    with pytest.raises(TypeError, match="option 'count': an int option needs a 'ge' bound"):
        option_values("count", Odd.model_fields["count"])


def test_a_game_option_may_be_called_players() -> None:
    """A game whose player count is an option would naturally call it ``players``."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pydantic warns when a field shadows an attribute

        class Counted(RuleSet):
            game: Literal["counted"] = "counted"
            players: Literal[3, 4, 5] = Field(3)

    assert Counted(players=5).players == 5


# -- records ---------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(rules=rules_of_game(STICH), seed=seeds, choices=seeds)
def test_a_record_of_the_test_game_round_trips(rules: RuleSet, seed: int, choices: int) -> None:
    """C-6: deal_record -> JSON -> replay_record gives the same deal, in seed form and in hands
    form; a record naming the game by its alias replays the same."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        register(monkeypatch)
        deal = play_randomly(Deal.from_seed(rules, seed), random.Random(choices))
        summary = replay_summary(deal)
        assert summary["finished"] and len(summary["tricks"]) == 6
        seeded, dealt = deal_record(deal, seed=seed), deal_record(deal)
        assert seeded["rules"]["game"] == dealt["rules"]["game"] == "stich"
        assert len(dealt["hands"]) == rules.players
        assert len(dealt["skat"]) == 32 - 6 * rules.players
        for record in (seeded, dealt):
            again = replay_record(json.loads(json.dumps(record)))
            assert replay_summary(again) == summary
            assert again.history == deal.history
        aliased = {**dealt, "rules": {**dealt["rules"], "game": "tricks"}}
        assert replay_summary(replay_record(aliased)) == summary


@settings(max_examples=20, deadline=None)
@given(rules=rules_of_game(STICH), seed=seeds, choices=seeds)
def test_the_property_checks_hold_for_a_newly_registered_game(
    rules: RuleSet, seed: int, choices: int
) -> None:
    """What test_properties checks of every registered game at every step of a random deal
    (C-1..C-6: cards conserved, exactly the legal actions apply, other actions refused without a
    change, views show no unseen card) and at its end (tricks, points, record replay) holds for
    a game that is not Ramsch, with up to five players and a large skat."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        register(monkeypatch)
        deal = test_properties.play_randomly(rules, seed, random.Random(choices), checks=True)
        test_properties.check_result(deal)
        test_properties.check_replay(deal, seed)


# -- matches ---------------------------------------------------------------------------------


def test_seat_names_at_five_players(stich: Game) -> None:
    """C-4: at five players the seats after forehand are counted; the dealer is the last."""
    names = [seat_name(seat, 5) for seat in range(5)]
    assert names == ["forehand", "second hand", "third hand", "fourth hand", "dealer"]
    assert seat_name(5, 5) == "seat 5" and seat_name(0, 6) == "seat 0"
    deal = Deal.from_seed(preset("five", game="stich"), 11)
    with pytest.raises(NotYourTurnError, match=r"forehand \(seat 0\) is to act"):
        deal.apply(Play(deal.hand(1)[0]), 1)
    deal.apply(deal.legal_actions()[0], 0)
    with pytest.raises(NotYourTurnError, match=r"second hand \(seat 1\) is to act"):
        deal.apply(Play(deal.hand(4)[0]), 4)
    assert [deal.view(seat).seat for seat in range(5)] == list(range(5))
    with pytest.raises(IllegalActionError, match="no seat 5"):
        deal.view(5)


def test_a_five_player_game_is_played_at_five_seats_only(stich: Game) -> None:
    rules = preset("five", game="stich")
    for seats in (3, 4):
        with pytest.raises(RuleSetError, match="played by five players: choose 5 seats"):
            check_table(rules, TableOptions(seats=seats))
    check_table(rules, TableOptions(seats=5))
    with pytest.raises(RuleSetError, match="Invalid table option 'seats'"):
        parse_table_options({"seats": 6})


def test_a_match_at_five_seats_rotates_the_dealer(stich: Game) -> None:
    """C-4: the deal passes one seat clockwise each time, forehand sits left of the dealer,
    nobody sits out at a table the size of the game, and in a round every seat deals once."""
    rules, options = preset("five", game="stich"), TableOptions(seats=5, rounds=2)
    rng = random.Random(5)
    match = Match(rules, options, seed=5)
    actions: list[tuple[int | None, Any]] = []
    while not match.finished:
        expected = rotation(5, 5, match.number)
        assert (match.dealer, match.active_seats) == (expected.dealer, expected.active)
        assert match.sitting_out is None
        assert match.to_act == match.active_seats[match.deal.to_act or 0]
        seat, action = match.to_act, rng.choice(match.deal.legal_actions())
        actions.append((seat, action))
        match.apply(action, seat)
    assert match.to_act is None
    entries = match.finished_deals
    assert not any("match_over" in entry.result.events for entry in entries)
    assert [entry.dealer for entry in entries] == [0, 1, 2, 3, 4, 0, 1, 2, 3, 4]
    for entry in entries:
        assert entry.seats == tuple((entry.dealer + 1 + index) % 5 for index in range(5))
        assert entry.table_scores == tuple(
            entry.result.scores[entry.seats.index(seat)] for seat in range(5)
        )
    for first in (0, 5):
        assert sorted(entry.dealer for entry in entries[first : first + 5]) == [0, 1, 2, 3, 4]
    assert match.totals == [sum(entry.table_scores[seat] for entry in entries) for seat in range(5)]
    again = Match.replay(rules, options, 5, actions)
    assert again.totals == match.totals and again.finished


def _sweep(
    kernel: Kernel, position: Position, sweeper: int | None, budget: list[int]
) -> list[int] | None:
    """The rest of a line of play (card bits) in which the winner of the first trick takes
    every trick; None if the search finds none within its budget of positions."""
    if position.number == kernel.tricks_per_deal:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    seat = (position.leader + len(position.trick)) % kernel.players
    legal = kernel.legal(position.hands[seat], position.trick)
    while legal:
        bit = legal & -legal
        legal ^= bit
        after = Position(
            list(position.hands), position.leader, list(position.trick), list(position.won),
            list(position.counts), list(position.last), position.number,
        )  # fmt: skip
        kernel.play(after, bit)
        if after.number > position.number:
            if sweeper is not None and after.leader != sweeper:
                continue
            rest = _sweep(kernel, after, after.leader, budget)
        else:
            rest = _sweep(kernel, after, sweeper, budget)
        if rest is not None:
            return [bit, *rest]
    return None


def test_a_deal_whose_result_says_match_over_ends_the_match(stich: Game) -> None:
    """A deal result carrying the event 'match_over' ends the match at once, whatever rounds
    were left: here the test game's seat that takes every trick."""
    rules, options = preset("plain", game="stich"), TableOptions(seats=3, rounds=2)
    kernel = Kernel(rules)
    for seed in range(50):
        deal = Deal.from_seed(rules, deal_seed(seed, 0))
        start = Position([kernel.mask(deal.hand(seat)) for seat in range(3)])
        line = _sweep(kernel, start, None, [20_000])
        if line is not None:
            break
    else:
        pytest.fail("no deal among 50 seeds lets one seat take every trick")
    match = Match(rules, options, seed)
    actions = []
    for bit in line:
        assert not match.finished
        action = Play(kernel.card(bit))
        actions.append((match.to_act, action))
        match.apply(action, match.to_act)
    (entry,) = match.finished_deals
    assert "match_over" in entry.result.events and entry.result.detail.durchmarsch is not None
    assert entry.result.trick_counts[entry.result.detail.durchmarsch] == 6
    assert match.finished and match.to_act is None and match.total_deals == 6
    with pytest.raises(IllegalActionError, match="The match is over"):
        match.apply(Play(kernel.card(line[0])), 0)
    with pytest.raises(IllegalActionError, match="The match is over"):
        match.check(Play(kernel.card(line[0])), 0)
    again = Match.replay(rules, options, seed, actions)
    assert again.finished and again.totals == match.totals
