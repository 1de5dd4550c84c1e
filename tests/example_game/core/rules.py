"""Stich's rule model and presets (ST-1, ST-2, ST-6): three to five players get six cards each,
the rest lies face down as the skat; with the option ``doubling`` each seat may double once
(``announce.py``); then one card play under the contract the options choose.

A rule set's player count is the option ``seats``: an option named ``players`` is not possible,
see test_registry.test_a_game_option_may_be_called_players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from ramsch_core import RuleSet
from ramsch_core.deck import Schedule, dealt_in_slices
from ramsch_core.phases import Finished, Phase
from ramsch_core.policies import BockRounds, MatchOptions
from ramsch_core.tricks.play import CardPlay
from tests.example_game.core.announce import Announce, StichState, stich_state
from tests.example_game.core.contract import stich_contract

if TYPE_CHECKING:
    from ramsch_core.contracts import Contract
    from ramsch_core.deal import Deal
    from ramsch_core.tricks.order import TrickOrder

HAND_SIZE = 6


class StichRules(RuleSet):
    """The one rule model of the example game; each option's description is written for
    players (the bot's help and rules editor show it)."""

    game: Literal["stich"] = "stich"
    seats: Literal[3, 4, 5] = Field(3, description="players in a deal")
    order: Literal["jacks", "schafkopf", "none"] = Field("jacks", description="the trumps")
    must_trump: bool = Field(False, description="Trumpfzwang")
    must_beat: bool = Field(False, description="Stechzwang")
    doubling: bool = Field(False, description="each player may double the deal once")

    @property
    def players(self) -> int:
        return self.seats

    @property
    def hand_size(self) -> int:
        return HAND_SIZE

    @property
    def skat_size(self) -> int:
        return 32 - HAND_SIZE * self.seats

    def title(self) -> str:
        return "Stich"

    def schedule(self, seed: int) -> Schedule:
        return dealt_in_slices(seed, self.players, HAND_SIZE)

    def contract(self) -> Contract:
        return stich_contract(self)

    def trick_order(self) -> TrickOrder:
        return self.contract().order

    def new_state(self) -> StichState:
        return StichState()

    def first_phase(self, deal: Deal) -> Phase:
        if self.doubling:
            return Announce(self.players)
        return CardPlay(self.contract(), self.players, HAND_SIZE)

    def next_phase(self, deal: Deal, done: Phase) -> Phase:
        if isinstance(done, Announce):
            contract = stich_contract(self, stich_state(deal).factor)
            return CardPlay(contract, self.players, HAND_SIZE)
        return Finished()

    def summary(self, deal: Deal) -> dict[str, Any] | None:
        """ST-4, ST-5: Stich's own replay result (its golden records' expected form): the
        tricks completed, each seat's card points in them and its count of tricks, and when
        finished the scores and each seat's result tags."""
        public = deal.public_view()
        result = deal.result
        return {
            "finished": result is not None,
            "said": {str(seat): what for seat, what in sorted(stich_state(deal).said.items())},
            "to_act": deal.to_act,
            "tricks": [trick.to_json() for trick in deal.tricks],
            "card_points": list(public.points_taken),
            "trick_counts": list(public.trick_counts),
            "scores": None if result is None else [int(score) for score in result.scores],
            "tags": None if result is None else [list(tags) for tags in result.tags],
        }


PRESETS: dict[str, dict[str, Any]] = {
    "plain": {},
    "strict": {"must_trump": True, "must_beat": True},
    "four": {"seats": 4},
    "five": {"seats": 5, "must_beat": True},
    "doubling": {"doubling": True},
    "bock": {},
}
PRESET_DESCRIPTIONS = {
    "plain": "follow suit, else any card",
    "strict": "follow suit, else trump; beat the trick when you can",
    "four": "four players",
    "five": "five players, beat the trick when you can",
    "doubling": "each player may double the deal once before the play",
    "bock": "two rounds; a tie opens a Bock round",
}
TABLE_PRESETS: dict[str, dict[str, Any]] = {"bock": {"rounds": 2, "bock_on_tie": True}}
"""Table options a preset brings besides its rules."""


class StichMatchOptions(MatchOptions):
    """What a Stich table may choose around its deals (``Game.match_options``): a tie opens a
    Bock round (ST-7), which is also what a plain "Bock rounds: on" turns on."""

    bock_on_tie: bool = Field(False, description="a tie of all players opens a Bock round")

    BOCK_SWITCHES: ClassVar[tuple[str, ...]] = ("bock_on_tie",)

    def bock_events(self) -> frozenset[str]:
        """The deal events that open a Bock round at this table."""
        return frozenset({"tie"}) if self.bock_on_tie else frozenset()

    def bock_rounds(self, seats: int) -> BockRounds:
        return BockRounds(self.bock_events(), seats)
