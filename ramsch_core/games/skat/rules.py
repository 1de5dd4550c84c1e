"""The game full Skat, with Ramsch when all pass (docs/rules/skat.md, FS-1..15).

A deal is bid (``bidding``), the declarer takes the skat or plays Hand and declares
(``declaring``), and the declared game is played with Kontra and Re
(``phases/doubling``). When everyone passes the deal is a Ramsch of variant skat, or thrown in;
or forehand may not pass after the others did and must play (FS-16).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from ramsch_core.contracts import Contract
from ramsch_core.contracts.ramsch import RamschFacts
from ramsch_core.contracts.ramsch_rules import SkatRules, ramsch_contract
from ramsch_core.games.skat.bidding import Bidding, deal_contest
from ramsch_core.games.skat.contract import SkatContest, matadors, skat_contract
from ramsch_core.games.skat.declaring import Declaring
from ramsch_core.games.skat.match_options import BOCK_SWITCHES
from ramsch_core.phases import Finished, Phase
from ramsch_core.phases.doubling import DoublingPlay
from ramsch_core.phases.schieben import Schieben
from ramsch_core.result import DealResult, score_json
from ramsch_core.rules import DealtLikeSkat, RuleSet
from ramsch_core.tricks.play import CardPlay

if TYPE_CHECKING:
    from ramsch_core.deal import Deal

PHASE_NAMES = {"push": "pushing", "play": "playing"}
"""Phase names as the Skat replay result writes them."""


class FullSkatRules(DealtLikeSkat):
    """Full Skat after the International Skat Order, with Ramsch on all-pass (FS-1..12)."""

    game: Literal["skat"] = "skat"
    all_pass: Literal["ramsch", "throw_in", "forehand"] = Field(
        "ramsch",
        description="when everyone passes: play Ramsch, or throw the cards in; or forehand may "
        "not pass when both others did and must play a game",
    )
    ramsch: SkatRules = Field(
        default_factory=SkatRules, description="how a Ramsch after an all-pass is played"
    )
    kontra: bool = Field(True, description="defenders may say Kontra, the declarer Re")

    name_of_game: ClassVar[str] = "Skat"

    def title(self) -> str:
        return "Skat"

    def contract(self) -> Contract:
        # Until a game is declared hands are sorted as for a Grand: jacks, then the suits.
        return ramsch_contract(self.ramsch)

    def compulsory_ramsch(self) -> RuleSet:
        """The rules of a deal of compulsory Ramsch (after a Bock round, FS-13)."""
        return self.ramsch

    def new_state(self) -> SkatContest:
        return SkatContest()

    def options(self) -> dict[str, Any]:
        options = super().options()
        options["ramsch"] = self.ramsch.options()
        return options

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, **self.options()}

    def first_phase(self, deal: Deal) -> Phase:
        return Bidding(deal_contest(deal), forehand_plays=self.all_pass == "forehand")

    def next_phase(self, deal: Deal, done: Phase) -> Phase:
        contest = deal_contest(deal)
        if isinstance(done, Bidding):
            if not contest.passed_out:
                assert contest.declarer is not None
                return Declaring(contest.declarer)
            if self.all_pass == "throw_in":
                return Finished()
            schieben = self.ramsch.schieben_rules()
            if schieben is not None:
                return Schieben(schieben)
            return CardPlay(self.contract(), self.players, self.hand_size)
        if isinstance(done, Declaring):
            declaration, declarer = contest.declaration, contest.declarer
            assert declaration is not None and declarer is not None
            twelve = frozenset(deal.initial_hand(declarer) + deal.initial_skat)
            contract = skat_contract(declaration, declarer, contest.bid, twelve)
            return DoublingPlay(
                contract,
                self.players,
                self.hand_size,
                frozenset({declarer}),
                doubling=self.kontra,
                ends_on_declarer_trick=declaration.null,  # FS-11a
                open_hands=declaration.ouvert,  # FS-6
            )
        if isinstance(done, Schieben):
            return CardPlay(self.contract(), self.players, self.hand_size)
        return Finished()

    def unplayed_result(self, deal: Deal) -> DealResult:
        """A deal thrown in after an all-pass: nobody scores."""
        zero = (0,) * self.players
        return DealResult(
            tricks=(),
            card_points=zero,
            trick_counts=zero,
            losers=(),
            winners=(),
            scores=tuple(Fraction(0) for _ in zero),
            skat=deal.skat,
            multiplier=0,
            contract="passed",
            detail=RamschFacts(),
            details={"game": "passed"},
        )

    def summary(self, deal: Deal) -> dict[str, Any]:
        from ramsch_core.record import ramsch_summary

        contest = deal_contest(deal)
        result, declaration = deal.result, contest.declaration
        game: str | None = None
        if contest.passed_out:
            game = "ramsch" if self.all_pass == "ramsch" else "passed"
        elif declaration is not None:
            game = declaration.game
        details = result.details if result is not None and result.details else {}
        matador_count = None
        if declaration is not None and not declaration.null and contest.declarer is not None:
            twelve = frozenset(deal.initial_hand(contest.declarer) + deal.initial_skat)
            matador_count = matadors(declaration.game, twelve)
        no_game = game in ("ramsch", "passed")
        summary: dict[str, Any] = {
            "finished": result is not None,
            "to_act": deal.to_act,
            "phase": PHASE_NAMES.get(deal.phase, deal.phase),
            "game": game,
            "declarer": contest.declarer,
            "bid": contest.bid,
            "hand": declaration.hand if declaration else False,
            "schneider_announced": declaration.schneider if declaration else False,
            "schwarz_announced": declaration.schwarz if declaration else False,
            "ouvert": declaration.ouvert if declaration else False,
            "matadors": matador_count,
            "declarer_points": details.get("declarer_points"),
            "schneider": False if no_game and result else details.get("schneider"),
            "schwarz": False if no_game and result else details.get("schwarz"),
            "overbid": False if no_game and result else details.get("overbid"),
            "kontra": contest.kontra,
            "won": details.get("won"),
            "value": details.get("value"),
            "scores": None if result is None else [score_json(s) for s in result.scores],
            "tricks": [trick.to_json() for trick in deal.tricks],
        }
        if game == "ramsch":
            ramsch = ramsch_summary(deal)
            for key in ("finished", "to_act", "tricks", "scores"):
                ramsch.pop(key)
            summary.update(ramsch)
        return summary


PRESETS: dict[str, dict[str, Any]] = {
    "skat": {},
    "skat-tournament": {},
    "skat-bock": {},
    "skat-schieberamsch": {"ramsch": {"schieben": True}},
    "skat-throw-in": {"all_pass": "throw_in"},
    "skat-standard": {"all_pass": "forehand"},
}

TABLE_PRESETS: dict[str, dict[str, Any]] = {
    "skat-tournament": {"tournament": True},
    "skat-bock": {**dict.fromkeys(BOCK_SWITCHES, True), "ramsch_after_bock": True},
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "skat": "Skat with Kontra and Re; when everyone passes, Ramsch is played",
    "skat-tournament": "Skat list with tournament points (Seeger-Fabian); Ramsch on all-pass",
    "skat-bock": "Skat with Bock rounds (60:60, Kontra, Re, Grand Hand, 72+), each followed by "
    "a round of Ramsch",
    "skat-schieberamsch": "Skat; when everyone passes, Schieberamsch is played",
    "skat-throw-in": "Skat; when everyone passes, the cards are thrown in",
    "skat-standard": "Skat; when both others pass, forehand must play a game",
}
