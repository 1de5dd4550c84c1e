"""The kernel plays full Schafkopf's card play exactly as the public Deal API does (SF-3..8):
the trick orders of Sauspiel, Wenz and Solo, the called Ace's duties in a Sauspiel, and the
scores."""

from __future__ import annotations

import random

import pytest

from ramsch_core.actions import Play
from ramsch_core.deal import Deal
from ramsch_core.games.schafkopf import FullSchafkopfRules
from ramsch_core.games.schafkopf.called_ace import SauspielPlay
from ramsch_core.games.schafkopf.calling import Call
from ramsch_core.kernel import Kernel
from ramsch_core.phases.doubling import Kontra, Re
from ramsch_core.phases.say import Pass
from tests.core import agreement

RULES = FullSchafkopfRules()


def called_deal(seed: int, rng: random.Random, game: str | None = None) -> Deal:
    """The deal of ``seed``: a random seat calls a random legal game (of ``game``), the others
    pass; Kontra and Re at random before the first card."""
    deal = Deal.from_seed(RULES, seed)
    caller = rng.randrange(4)
    for seat in range(4):
        legal = deal.legal_actions()
        calls = [a for a in legal if isinstance(a, Call) and (game is None or a.game == game)]
        deal.apply(rng.choice(calls) if seat == caller and calls else Pass())
    while deal.phase == "play" and rng.random() < 0.3:
        doubling = [a for a in deal.legal_actions() if isinstance(a, Kontra | Re)]
        if not doubling:
            break
        deal.apply(doubling[0])
    return deal


def kernel_of(deal: Deal) -> Kernel:
    phase = deal._phase
    ran_away = isinstance(phase, SauspielPlay) and phase.ran_away
    return Kernel(RULES, deal.contract, ace_duties=not ran_away)


@pytest.mark.parametrize("game", ["sauspiel", "wenz", "solo"])
def test_kernel_playouts_replay_through_the_api(game: str) -> None:
    """Random deals of each called game played out by the kernel from the start of the card
    play: every card the kernel plays is legal for the API (the called Ace's duties too), and
    the tricks, card points and scores agree."""
    played = 0
    for seed in range(400):
        rng = random.Random(seed)
        deal = called_deal(seed, rng, game)
        if deal.phase != "play" or deal.contract.name != game:
            continue
        kernel = kernel_of(deal)
        log: list[int] = []
        outcome = kernel.playout(agreement.position_of(deal, kernel), rng, log)
        agreement.play_through_the_api(deal, kernel, log)
        assert deal.finished
        assert [card for trick in deal.tricks for card in trick.cards] == [
            kernel.card(bit) for bit in log
        ]
        agreement.assert_same(deal, outcome)
        played += 1
    assert played > 300


def test_kernel_playouts_from_mid_deal_positions_agree_with_the_api() -> None:
    """From a position the API reached at random (mid-trick, after a run-away too), the
    kernel's playout plays only legal cards and ends with the API's scores."""
    for seed in range(600):
        rng = random.Random(seed)
        deal = called_deal(seed, rng)
        if deal.phase != "play":
            continue
        stop = rng.randrange(32)
        while not deal.finished and len(deal.tricks) * 4 + len(deal.trick) < stop:
            legal = deal.legal_actions()
            deal.apply(legal[rng.randrange(len(legal))])
        if deal.finished:
            continue
        kernel = kernel_of(deal)
        position = agreement.position_of(deal, kernel)
        log: list[int] = []
        outcome = kernel.playout(position, rng, log)
        agreement.play_through_the_api(deal, kernel, log)
        agreement.assert_same(deal, outcome, position.number)


def test_api_random_sauspiels_replay_through_the_kernel() -> None:
    """The API's random Sauspiels, replayed card by card by the kernel's checked ``play``
    where the duties bind the API: same scores."""
    for seed in range(200):
        rng = random.Random(seed)
        deal = called_deal(seed, rng, "sauspiel")
        if deal.phase != "play":
            continue
        start = deal.copy()
        while not deal.finished:
            legal = deal.legal_actions()
            deal.apply(legal[rng.randrange(len(legal))])
        kernel = Kernel(RULES, deal.contract)
        position = agreement.position_of(start, kernel)
        for _, action in deal.history[len(start.history) :]:
            if isinstance(action, Play):
                kernel.play(position, kernel.bit_of[action.card])
        assert deal.result is not None
        assert kernel.score(position).scores == deal.result.scores
