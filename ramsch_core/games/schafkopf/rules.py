"""The game full Schafkopf, with Ramsch when all pass (SCHAFKOPF-RULES.md, SF-1..10).

A deal is dealt four and four (SF-1); with ``klopfen`` each seat may knock after seeing its
first four cards (``calling.Knocking``); then the calls in turn from forehand
(``calling.Calling``), and the called game's card play with Kontra and Re
(``phases/doubling``; a Sauspiel with the called Ace's duties, ``called_ace``). When
everyone passes the deal is a Ramsch of variant schafkopf, a Stock or thrown in (SK-9).

Not registered yet: build rules with ``FullSchafkopfRules(...)`` or ``SCHAFKOPF.preset(name)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field

from ramsch_core.cards import Rank
from ramsch_core.contracts import Contract
from ramsch_core.contracts.ramsch import RamschFacts
from ramsch_core.contracts.ramsch_rules import SchafkopfRules, ramsch_contract
from ramsch_core.deck import Packet, Schedule, shuffled_deck
from ramsch_core.errors import InvalidDealError
from ramsch_core.games.schafkopf.called_ace import SauspielPlay, SchafkopfRamschPlay
from ramsch_core.games.schafkopf.calling import FIRST_CARDS, Calling, Knocking, schafkopf_contest
from ramsch_core.games.schafkopf.contract import (
    PLAYED_GAMES,
    KnockedScorer,
    SchafkopfScorer,
    Tariff,
    called_ace,
    schafkopf_contract,
    sie_result,
)
from ramsch_core.games.schafkopf.hochzeit import HochzeitOffer
from ramsch_core.phases import Finished, Phase
from ramsch_core.phases.doubling import DoublingPlay
from ramsch_core.result import DealResult, score_json
from ramsch_core.rules import RuleSet

if TYPE_CHECKING:
    from ramsch_core.deal import Deal
    from ramsch_core.games.schafkopf.contract import SchafkopfContest

PLAYERS = 4
HAND_SIZE = 8
SHORT_HAND_SIZE = 6
"""SF-15: the short pack of 24 cards deals six to each player, three and three."""
SHORT_FIRST_CARDS = 3

PHASE_NAMES = {
    "knocking": "knocking",
    "calling": "bidding",
    "hochzeit": "bidding",
    "play": "playing",
    "finished": "finished",
}
"""Phase names as the Schafkopf replay result writes them."""


def schafkopf_schedule(seed: int) -> Schedule:
    """SF-1: four cards to each seat from forehand (stage 1), then four more each (stage 2).

    Never change this once shipped: a record's seed must give the same deal in every version.
    """
    deck = shuffled_deck(seed)
    packets: list[Packet] = []
    for stage in (1, 2):
        for seat in range(PLAYERS):
            start = (stage - 1) * PLAYERS * FIRST_CARDS + seat * FIRST_CARDS
            packets.append(Packet(seat, tuple(deck[start : start + FIRST_CARDS]), stage))
    return Schedule(tuple(packets))


def short_schedule(seed: int) -> Schedule:
    """SF-15: the seed's shuffle without its 7s and 8s, three cards to each seat from
    forehand (stage 1), then three more each (stage 2). Never change this once shipped."""
    deck = [card for card in shuffled_deck(seed) if card.rank not in (Rank.SEVEN, Rank.EIGHT)]
    first = SHORT_FIRST_CARDS
    packets: list[Packet] = []
    for stage in (1, 2):
        for seat in range(PLAYERS):
            start = (stage - 1) * PLAYERS * first + seat * first
            packets.append(Packet(seat, tuple(deck[start : start + first]), stage))
    return Schedule(tuple(packets))


class FullSchafkopfRules(RuleSet):
    """Full Schafkopf with Sauspiel, Wenz and Farbsolo, Tout and Sie, Klopfen and Kontra/Re
    (SF-1..12)."""

    game: Literal["schafkopf"] = "schafkopf"
    tariff: Tariff = Field(
        default_factory=Tariff, description="what a Sauspiel, a Solo and each extra are worth"
    )
    all_pass: Literal["ramsch", "stock", "throw_in"] = Field(
        "ramsch",
        description="when everyone passes: play Ramsch; let the last seat choose Ramsch or "
        "Stock; or throw the cards in",
    )
    ramsch: SchafkopfRules = Field(
        default_factory=SchafkopfRules, description="how a Ramsch after an all-pass is played"
    )
    wenz: bool = Field(True, description="the Wenz (only the Unters are trumps) may be called")
    kontra: bool = Field(True, description="the other side may say Kontra, the players Re")
    klopfen: bool = Field(False, description="players may knock after their first four cards")
    tout: bool = Field(
        True, description="a Wenz or a Solo may be called Tout: every trick, or lost; paid double"
    )
    sie: bool = Field(
        True, description="a hand of all four Obers and all four Unters wins as a Sie, unplayed"
    )
    geier: bool = Field(False, description="the Geier (only the Obers are trumps) may be called")
    pack: Literal["long", "short"] = Field(
        "long",
        description="the long pack of 32 cards, eight each; or the short pack of 24 (no 7s "
        "and 8s), six each",
    )
    farbwenz: bool = Field(
        False, description="the Farbwenz (the Unters and a suit you name are trumps) may be called"
    )

    hochzeit: bool = Field(
        False,
        description="a player with exactly one trump may offer a Hochzeit: the first to accept "
        "takes the trump for a card and they play together",
    )

    name_of_game: ClassVar[str] = "Schafkopf"

    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def hand_size(self) -> int:
        return SHORT_HAND_SIZE if self.pack == "short" else HAND_SIZE

    @property
    def first_cards(self) -> int:
        """SF-1, SF-15: the cards each seat is dealt before Klopfen."""
        return SHORT_FIRST_CARDS if self.pack == "short" else FIRST_CARDS

    def title(self) -> str:
        return "Schafkopf"

    def schedule(self, seed: int) -> Schedule:
        return short_schedule(seed) if self.pack == "short" else schafkopf_schedule(seed)

    def deal_from_seed(self, seed: int, carry: Any = None) -> Deal:
        """The deal of ``seed``, each hand listing its first four cards first."""
        from ramsch_core.deal import Deal

        schedule = self.schedule(seed)
        hands = []
        for seat in range(PLAYERS):
            first = schedule.hand(seat, 1)
            hands.append(first + [card for card in schedule.hand(seat) if card not in first])
        return Deal(self, hands)

    def initial_carry(self, seats: int) -> int | None:
        """SK-9 with ``stock``: the pot a session keeps, empty at the start."""
        return 0 if self.all_pass == "stock" else None

    def session_payments(
        self, carry: Any, result: DealResult, active: tuple[int, ...], seats: int
    ) -> tuple[tuple[Fraction, ...] | None, Any]:
        """SK-9, the house reading of a Stock: each player antes the Sauspiel tariff into the
        pot; the next called game its declaring side wins takes the pot (shared by caller and
        partner in a Sauspiel). A Ramsch or a game lost leaves the pot as it is."""
        if carry is None:
            return None, carry
        pot = int(carry)
        payments = [Fraction(0)] * seats
        details = result.details or {}
        if result.contract == "passed":
            for table_seat in active:
                payments[table_seat] -= self.tariff.sauspiel
            return tuple(payments), pot + self.tariff.sauspiel * len(active)
        if pot and details.get("won") is True and details.get("declarer") is not None:
            side = [details["declarer"]]
            if details.get("partner") is not None:
                side.append(details["partner"])
            for deal_seat in side:
                payments[active[deal_seat]] += Fraction(pot, len(side))
            return tuple(payments), 0
        return None, pot

    def contract(self) -> Contract:
        # Until a game is called hands are sorted as for a Sauspiel (the Ramsch's order, SK-2).
        return ramsch_contract(SchafkopfRules())

    def new_state(self) -> SchafkopfContest:
        from ramsch_core.games.schafkopf.contract import SchafkopfContest

        return SchafkopfContest()

    def options(self) -> dict[str, Any]:
        options = super().options()
        options["ramsch"] = self.ramsch.options()
        return options

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, **self.options()}

    # -- records ---------------------------------------------------------------------------

    def deal_from_record(self, data: Mapping[str, Any]) -> Deal | None:
        return None  # the common form: ``hands`` (first four listed first) or ``seed``

    def deal_to_record(self, deal: Deal, seed: int | None) -> dict[str, Any]:
        """The seed, or the hands as dealt: each seat's first four cards listed first."""
        if seed is not None:
            return {"seed": seed}
        return {"hands": [[str(card) for card in hand] for hand in deal.dealt_hands]}

    # -- phases ----------------------------------------------------------------------------

    def first_phase(self, deal: Deal) -> Phase:
        if self.pack == "short":
            dealt = [card for hand in deal.dealt_hands for card in hand]
            low = [card for card in dealt if card.rank in (Rank.SEVEN, Rank.EIGHT)]
            if low:
                raise InvalidDealError(
                    "The short pack has no 7s and 8s, but {card} is dealt", card=str(low[0])
                )
        if self.klopfen:
            return Knocking(PLAYERS, self.first_cards)
        return self._calling()

    def _calling(self) -> Calling:
        return Calling(
            PLAYERS,
            self.wenz,
            self.all_pass,
            self.tout,
            self.sie,
            self.geier,
            self.farbwenz,
            self.hochzeit,
        )

    def ramsch_contract(self, knocks: int) -> Contract:
        """The Ramsch of an all-pass, doubled per knock (SF-9)."""
        plain = ramsch_contract(self.ramsch)
        if not knocks:
            return plain
        return Contract(plain.name, plain.order, plain.rule, KnockedScorer(plain.scorer, knocks))

    def next_phase(self, deal: Deal, done: Phase) -> Phase:
        contest = schafkopf_contest(deal)
        if isinstance(done, Knocking):
            return self._calling()
        if not isinstance(done, Calling | HochzeitOffer):
            return Finished()
        game = contest.game
        if game == "hochzeit" and isinstance(done, Calling):  # SF-16: who accepts it
            assert contest.declarer is not None
            return HochzeitOffer(PLAYERS, contest.declarer, done.before, self.all_pass)
        if game is None and isinstance(done, HochzeitOffer):  # SF-16, SK-9: nobody accepted
            return Calling(PLAYERS, self.wenz, self.all_pass, stock_choice=True)
        if game == "ramsch":
            return SchafkopfRamschPlay(
                self.ramsch_contract(len(contest.knocks)), PLAYERS, self.hand_size
            )
        if game not in PLAYED_GAMES:
            return Finished()  # thrown in, a Stock or a Sie
        declarer = contest.declarer
        assert declarer is not None
        partner = self.partner(deal)
        side = {declarer} if partner is None else {declarer, partner}
        dealt = [card for seat in side for card in deal.initial_hand(seat)]
        contract = schafkopf_contract(
            game,
            declarer,
            partner,
            contest.suit,
            contest.ace,
            dealt,
            self.tariff,
            len(contest.knocks),
            contest.tout,
        )
        if game == "sauspiel":
            assert contest.ace is not None and partner is not None
            return SauspielPlay(
                contract,
                PLAYERS,
                self.hand_size,
                frozenset(side),
                self.kontra,
                contest.ace,
                partner,
            )
        return DoublingPlay(
            contract, PLAYERS, self.hand_size, frozenset(side), doubling=self.kontra
        )

    def partner(self, deal: Deal) -> int | None:
        """A Sauspiel's partner: the seat dealt the called Ace (known to the core, never shown
        before the Ace is played); a Hochzeit's, the seat that accepted it (SF-16); None for
        any other game."""
        contest = schafkopf_contest(deal)
        if contest.game == "hochzeit":
            return contest.partner
        if contest.game != "sauspiel" or contest.ace is None:
            return None
        ace = called_ace(contest.ace)
        return next(seat for seat in range(PLAYERS) if ace in deal.initial_hand(seat))

    def unplayed_result(self, deal: Deal) -> DealResult:
        """A Sie shown (SF-12); else a deal thrown in after an all-pass, or a Stock: nobody
        scores."""
        contest = schafkopf_contest(deal)
        if contest.game == "sie" and contest.declarer is not None:
            return sie_result(PLAYERS, contest.declarer, self.tariff, len(contest.knocks))
        zero = (0,) * PLAYERS
        return DealResult(
            tricks=(),
            card_points=zero,
            trick_counts=zero,
            losers=(),
            winners=(),
            scores=tuple(Fraction(0) for _ in zero),
            skat=(),
            multiplier=0,
            contract="passed",
            detail=RamschFacts(),
            details={"game": "passed"},
        )

    def summary(self, deal: Deal) -> dict[str, Any]:
        """The replay result (docs/records.md): while unfinished ``schneider`` and ``schwarz``
        are false and the scores 0; ``laufende`` is known once the called game's play begins
        (a Sie's at once); ``partner`` once the called Ace has been played. A Ramsch adds the
        Ramsch fields (its own ``multiplier`` replaced by 2 to the power of the knocks); a
        Tout adds ``tout``."""
        from ramsch_core.record import ramsch_summary

        contest = schafkopf_contest(deal)
        result = deal.result
        details = result.details if result is not None and result.details else {}
        game = contest.game
        played = game in PLAYED_GAMES
        scorer = deal.contract.scorer  # a called game's, once its card play has begun
        summary: dict[str, Any] = {
            "finished": result is not None,
            "to_act": deal.to_act,
            "phase": PHASE_NAMES.get(deal.phase, deal.phase),
            "game": game,
            "declarer": contest.declarer,
            "partner": details.get("partner", contest.partner),
            "suit": None if contest.suit is None else contest.suit.letter,
            "ace": None if contest.ace is None else contest.ace.letter,
            "declarer_points": details.get("declarer_points"),
            "won": details.get("won"),
            "schneider": bool(details.get("schneider")) if played else False,
            "schwarz": bool(details.get("schwarz")) if played else False,
            "laufende": scorer.laufende
            if isinstance(scorer, SchafkopfScorer)
            else details.get("laufende", 0),
            "multiplier": contest.multiplier,
            "scores": [score_json(s) for s in result.scores] if result else [0] * PLAYERS,
            "tricks": [trick.to_json() for trick in deal.tricks],
        }
        if game == "ramsch":
            ramsch = ramsch_summary(deal)
            for key in ("finished", "to_act", "tricks", "scores", "multiplier"):
                ramsch.pop(key)
            summary.update(ramsch)
        if contest.tout:
            summary["tout"] = True
        return summary


PRESETS: dict[str, dict[str, Any]] = {
    "schafkopf": {},
    "schafkopf-20": {"tariff": {"sauspiel": 20, "solo": 50, "extra": 10}},
    "schafkopf-klopfen": {"klopfen": True},
    "schafkopf-stock": {"all_pass": "stock"},
    "schafkopf-throw-in": {"all_pass": "throw_in"},
    "schafkopf-short": {"pack": "short"},
    "schafkopf-hochzeit": {"hochzeit": True},
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "schafkopf": "Schafkopf: Sauspiel 10, Solo and Wenz 50 cents, Kontra; Ramsch when all pass",
    "schafkopf-20": "Schafkopf with a Sauspiel at 20 cents",
    "schafkopf-klopfen": "Schafkopf with Klopfen: knock after your first four cards to double",
    "schafkopf-stock": "Schafkopf; when the first three pass, the last chooses Ramsch or Stock",
    "schafkopf-throw-in": "Schafkopf; when everyone passes, the cards are thrown in",
    "schafkopf-short": "Schafkopf with the short pack: 24 cards, six each, no 7s and 8s",
    "schafkopf-hochzeit": "Schafkopf with the Hochzeit: one trump may look for a partner",
}
