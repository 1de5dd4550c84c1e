"""Difficulty levels: the easy AI (random among reasonable choices) plays every registered game
legally, is deterministic under a seed, and plays Ramsch between random and the heuristic."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ramsch_core import LEVELS, PLAYER_KINDS, make_player, preset
from ramsch_core.actions import Action
from ramsch_core.ai import EasyPlayer, HeuristicPlayer, Player, RandomPlayer
from ramsch_core.deal import Deal
from ramsch_core.games import GAMES
from ramsch_core.rules import RuleSet


def _play(rules: RuleSet, seed: int, players: list[Player]) -> tuple[Deal, list[Action]]:
    """One seeded deal played out by ``players``; every choice is checked to be legal."""
    deal = Deal.from_seed(rules, seed)
    chosen: list[Action] = []
    while deal.to_act is not None:
        view = deal.view(deal.to_act)
        action = players[deal.to_act].choose(view)
        assert action in view.legal, (rules.game, seed, view.phase, action)
        chosen.append(action)
        deal.apply(action)
    assert deal.result is not None
    return deal, chosen


GAME_PRESETS = [(game.id, name) for game in GAMES.values() for name in game.presets]


@pytest.mark.parametrize(("game", "name"), GAME_PRESETS)
def test_easy_seats_play_every_game_legally(game: str, name: str) -> None:
    """Easy seats alone, and one beside a heuristic and a random seat, finish seeded deals of
    every preset of every registered game with legal actions only."""
    rules = preset(name, game=game)
    for seed in range(3):
        _play(rules, seed, [EasyPlayer(seed * 10 + seat) for seat in range(rules.players)])
        mixed: list[Player] = [EasyPlayer(seed), RandomPlayer(seed)]
        mixed += [HeuristicPlayer(seed, playouts=20) for _ in range(rules.players - 2)]
        _play(rules, seed, mixed[seed % 2 :] + mixed[: seed % 2])


@pytest.mark.parametrize("game", list(GAMES))
def test_easy_is_deterministic_under_a_seed(game: str) -> None:
    rules = GAMES[game].preset(GAMES[game].default_preset)
    runs = [
        _play(rules, 7, [EasyPlayer(seat + 40) for seat in range(rules.players)])[1]
        for _ in range(2)
    ]
    assert runs[0] == runs[1]


def test_easy_plays_cards_the_heuristic_would_not() -> None:
    """Random among reasonable: some of its cards differ from the rule of thumb, not all."""
    rules = preset("skat")
    same = differ = 0
    for seed in range(20):
        deal = Deal.from_seed(rules, seed)
        easy, thumb = EasyPlayer(seed), HeuristicPlayer(seed, playouts=0)
        while deal.to_act is not None:
            view = deal.view(deal.to_act)
            action = easy.choose(view)
            if view.phase == "play" and len(view.legal) > 1:
                if action == thumb.choose(view):
                    same += 1
                else:
                    differ += 1
            deal.apply(action)
    assert same > differ > 0


def test_easy_scores_between_random_and_the_heuristic() -> None:
    """300 seeded Skat Ramsch deals against two random seats, the player under test in every
    seat in turn: easy does better than random and worse than the heuristic."""
    rules = preset("skat")
    means: dict[str, Fraction] = {}
    for kind in ("random", "easy", "heuristic"):
        total = Fraction(0)
        for seed in range(300):
            me = seed % rules.players
            players: list[Player] = [
                RandomPlayer(1000 + seed * 3 + seat) for seat in range(rules.players)
            ]
            if kind == "heuristic":  # fewer playouts than the bot's, to keep the test fast
                players[me] = HeuristicPlayer(seed, playouts=60, time_limit=None)
            else:
                players[me] = EasyPlayer(seed) if kind == "easy" else RandomPlayer(seed)
            deal, _ = _play(rules, seed, players)
            assert deal.result is not None
            total += deal.result.scores[me]
        means[kind] = total / 300
    assert means["random"] < means["easy"] < means["heuristic"], means


def test_make_player_builds_every_kind_and_level() -> None:
    assert isinstance(make_player("easy", 1), EasyPlayer)
    assert isinstance(make_player("normal", 1), HeuristicPlayer)
    assert set(LEVELS) == {"easy", "normal", "hard"}
    view = Deal.from_seed(preset("skat"), 2).view(0)
    for kind in (*PLAYER_KINDS, *LEVELS.values()):
        assert make_player(kind, 3).choose(view) in view.legal
    with pytest.raises(ValueError, match="Unknown AI kind 'expert'"):
        make_player("expert", 1)  # type: ignore[arg-type]


def test_easy_takes_the_heuristic_card_with_share_one() -> None:
    rules = preset("skat")
    deal = Deal.from_seed(rules, 4)
    easy, thumb = EasyPlayer(4, share=1.0), HeuristicPlayer(4, playouts=0)
    while deal.to_act is not None:
        view = deal.view(deal.to_act)
        action = easy.choose(view)
        assert action == thumb.choose(view)
        deal.apply(action)
