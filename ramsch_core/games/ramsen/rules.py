"""The game Ramsen (RULES.md section 4, RA-1..7): five cards each from a cut deck with
*schlecken*, a turned-up trump and a talon; an exchange round (``exchange``), play or
pass and the card play among the seats that said in (``in_or_pass``); crosses drawn bar
by bar (``contract``).

A deal is made with ``ramsen_deal`` (``Deal.from_seed`` and a ``Match`` call it through
``RamsenRules.deal_from_seed``): the talon (``deal.skat``, top first), the upcard and the bars
owed (``RamsenState``) are set after ``Deal`` is built (a deal made with ``Deal(rules, hands)``
alone refuses its first action with InvalidDealError). A match carries the bars each table
seat owes from deal to deal (``initial_carry``, ``carry_over``, ``carry_for_deal``) and ends
when a deal has a winner (the event ``match_over``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from pydantic import Field, field_validator

from ramsch_core.actions import read_card
from ramsch_core.cards import Card, Suit
from ramsch_core.contracts import Contract
from ramsch_core.contracts.ramsch import RamschFacts
from ramsch_core.deck import Packet, Schedule, shuffled_deck
from ramsch_core.errors import InvalidDealError, RecordError, RuleSetError
from ramsch_core.games.ramsen.contract import (
    BARS_PER_CROSS,
    PERMANENT_TRUMPS,
    RAMSEN_RANKS,
    RAMSEN_RULE,
    RamsenScorer,
    ramsen_contract,
)
from ramsch_core.games.ramsen.exchange import Exchanging, RamsenState, ramsen_state
from ramsch_core.games.ramsen.in_or_pass import InOrPass, RamsenPlay
from ramsch_core.games.ramsen.schlecken import Schlecken
from ramsch_core.kernel.tally import tally
from ramsch_core.phases import Finished, Phase
from ramsch_core.result import DealResult
from ramsch_core.rules import RuleSet
from ramsch_core.tricks.order import TrickOrder, plain_suits

if TYPE_CHECKING:
    from ramsch_core.deal import Deal
    from ramsch_core.match import SheetEntry

HAND_SIZE = 5

PHASE_NAMES = {
    "schlecken": "cutting",
    "exchange": "exchanging",
    "in_or_pass": "declaring",
    "play": "playing",
    "finished": "finished",
}
"""Phase names as the Ramsen replay result writes them."""


def ramsen_schedule(seed: int, players: int, schlecken: bool) -> Schedule:
    """RA-2: the shuffled deck of ``seed`` is cut by the cutter (the seat before the dealer)
    at a point drawn from the seed; the cut-off top packet goes under the rest. With
    ``schlecken`` the cutter keeps its bottom card (stage 0) and is dealt four more; then a
    packet of three to each seat from forehand (stage 1), of two (stage 2; one to the
    cutter who schleckte), the upcard (stage 3) and the talon, top first (stage 4).

    Never change this once shipped: a record's seed must give the same deal in every version.
    """
    deck = shuffled_deck(seed)
    cut = random.Random(f"ramsen-cut:{seed}").randint(4, 28)
    bottom = deck[cut - 1]
    deck = deck[cut:] + deck[:cut]
    cutter = players - 2
    packets: list[Packet] = []
    if schlecken:
        deck.pop()  # the bottom card: the cut-off packet's own bottom card
        packets.append(Packet(cutter, (bottom,), 0))
    for stage, size in ((1, 3), (2, 2)):
        for seat in range(players):
            count = size - 1 if schlecken and seat == cutter and stage == 2 else size
            packets.append(Packet(seat, tuple(deck[:count]), stage))
            del deck[:count]
    packets.append(Packet("upcard", (deck.pop(0),), 3))
    packets.append(Packet("talon", tuple(deck), 4))
    return Schedule(tuple(packets))


class RamsenRules(RuleSet):
    """Ramsen for three to five players (RA-1..7)."""

    game: Literal["ramsen"] = "ramsen"
    players: int = Field(4, ge=3, le=5, description="players at the table (3 to 5)")
    crosses: int = Field(2, ge=1, le=10, description="crosses each player owes at the start")
    schlecken: Literal["choice", "always", "never"] = Field(
        "choice",
        description="whether the cutter keeps the bottom card of the cut and is dealt four "
        "more: his choice, always or never",
    )
    stake: int = Field(
        0,
        ge=0,
        le=1000,
        description="cents each player pays the winner per bar he still owes when the game "
        "ends (0: no money)",
    )
    dealer_forced: bool = Field(
        True,
        description="when everyone before the dealer passes, the dealer must play and takes "
        "all five tricks",
    )

    name_of_game: ClassVar[str] = "Ramsen"

    @field_validator("schlecken", mode="before")
    @classmethod
    def _switch_of_old(cls, value: object) -> object:
        """Tables and records of earlier versions wrote schlecken as a switch: on was
        ``always``, off ``never``."""
        if value is True:
            return "always"
        if value is False:
            return "never"
        return value

    @property
    def hand_size(self) -> int:
        return HAND_SIZE

    def title(self) -> str:
        return "Ramsen"

    def schedule(self, seed: int) -> Schedule:
        return ramsen_schedule(seed, self.players, self.schlecken == "always")

    def contract(self) -> Contract:
        """Before the deal's trump is known (the rules alone): the permanent trumps, and the
        four suits plain. A deal plays ``ramsen_contract`` of its upcard's suit."""
        order = TrickOrder(PERMANENT_TRUMPS, plain_suits(RAMSEN_RANKS, exclude=PERMANENT_TRUMPS))
        return Contract("ramsen", order, RAMSEN_RULE, RamsenScorer((), ()))

    def seatings(self) -> tuple[int, ...]:
        return (3, 4, 5)

    def seated(self, seats: int) -> RamsenRules:
        """RA-1: Ramsen is played by three to five, every seat in every deal."""
        if seats not in self.seatings():
            raise RuleSetError(
                "Ramsen is played by three to five players, not {seats}", seats=seats
            )
        return self if seats == self.players else self.model_copy(update={"players": seats})

    def contract_before_play(self, deal: Deal) -> Contract:
        """Once dealt, hands sort by the upcard's trump suit from the start."""
        state = deal.state
        if isinstance(state, RamsenState) and state.upcard is not None:
            return _sorting_contract(state.upcard.suit)
        return self.contract()

    def initial_owed(self) -> tuple[int, ...]:
        """RA-7: the bars each seat owes at the start of a game."""
        return (self.crosses * BARS_PER_CROSS,) * self.players

    def deal_from_seed(self, seed: int, carry: Any = None) -> Deal:
        """RA-2: the deal of ``seed`` with its upcard and talon (``ramsen_deal``); ``carry``:
        the bars each deal seat owes when it starts (default: ``initial_owed``)."""
        return ramsen_deal(self, seed, owed_before=carry)

    def initial_carry(self, seats: int) -> tuple[int, ...]:
        """RA-7: the bars each table seat owes when the match starts."""
        return (self.crosses * BARS_PER_CROSS,) * seats

    def carry_over(self, carry: Any, entry: SheetEntry) -> tuple[int, ...]:
        """The bars each table seat owes after the deal ``entry`` (its ``details["owed"]``, in
        deal seats); a table seat that sat the deal out owes what it owed."""
        owed = list(carry)
        after = (entry.result.details or {}).get("owed")
        if after is not None:
            for deal_seat, table_seat in enumerate(entry.seats):
                owed[table_seat] = int(after[deal_seat])
        return tuple(owed)

    def plays_to_a_winner(self) -> bool:
        """RA-7: a game is as many deals as it takes, until somebody draws his last bar."""
        return True

    def carry_for_deal(self, carry: Any, active: tuple[int, ...]) -> tuple[int, ...]:
        """The bars owed by the deal's seats: those of the table seats ``active``, forehand
        first."""
        return tuple(carry[seat] for seat in active)

    def record_fields(self) -> tuple[str, ...]:
        return RECORD_FIELDS

    def deal_from_record(self, data: Mapping[str, Any]) -> Deal:
        """Issue 10: ``seed``, or ``hands`` (four cards for a cutter who schleckte),
        ``schleck`` (``{"seat": s, "card": c}`` or null), ``upcard`` and ``talon`` (top
        first); either with ``owed_before`` (default ``crosses`` × 5 each)."""
        return ramsen_deal_from_record(self, data)

    def deal_to_record(self, deal: Deal, seed: int | None) -> dict[str, Any]:
        """The seed (with ``seed``) or the cards as dealt, and the bars owed at the start."""
        dealt = deal.dealt
        if seed is not None:
            return {"seed": seed, "owed_before": list(dealt["owed_before"])}
        schleck = dealt["schleck"]
        hands = [[str(card) for card in deal.initial_hand(seat)] for seat in range(self.players)]
        if schleck is not None:
            hands[schleck["seat"]].remove(schleck["card"])
        return {"hands": hands, **dealt}

    def new_state(self) -> RamsenState:
        return RamsenState(self.players)

    def first_phase(self, deal: Deal) -> Phase:
        if self.schlecken == "choice":
            return Schlecken(self.players)
        return Exchanging(self.players)

    def next_phase(self, deal: Deal, done: Phase) -> Phase:
        state = ramsen_state(deal)
        if isinstance(done, Schlecken):
            return Exchanging(self.players)
        if isinstance(done, Exchanging):
            return InOrPass(self.players, self.dealer_forced)
        if isinstance(done, InOrPass) and len(state.active) >= 2:
            return RamsenPlay(self.deal_contract(state), self.players, state.active)
        return Finished()  # after the play; or nobody / a lone player in: unplayed_result

    def deal_contract(self, state: RamsenState) -> Contract:
        assert state.upcard is not None
        return ramsen_contract(state.upcard.suit, state.owed_before, state.active, self.stake)

    def unplayed_result(self, deal: Deal) -> DealResult:
        """RA-5: a lone player in takes all five tricks without play; with nobody in (only
        with ``dealer_forced`` off) the deal is void."""
        state = ramsen_state(deal)
        active = state.active
        contract = self.deal_contract(state)
        counts = [0] * self.players
        last = [-1] * self.players
        if active:
            counts[active[0]] = HAND_SIZE
            last[active[0]] = HAND_SIZE - 1
        else:
            last[0] = 0  # a tally needs a seat with a trick number; nobody won anything
        facts = tally(contract.layout, [0] * self.players, counts, last, 0, 0)
        scorer = contract.scorer
        score = scorer(facts)
        return DealResult(
            tricks=(),
            card_points=score.points,
            trick_counts=tuple(counts),
            losers=score.losers,
            winners=score.winners,
            scores=tuple(Fraction(value) for value in score.scores),
            skat=(),
            multiplier=1,
            contract="ramsen" if active else "void",
            detail=RamschFacts(),
            tags=scorer.tags(score, facts),
            events=scorer.events(score, facts),
            details=score.details,
        )

    def summary(self, deal: Deal) -> dict[str, Any]:
        """The replay result (issue 10): phase, trump, active seats, tricks, trick counts, the
        bars owed after the deal and the winner; after them, only for the deal that ends a
        game played for a stake, what each seat paid (RA-9)."""
        state = deal.state
        assert isinstance(state, RamsenState)
        result = deal.result
        counts = [0] * self.players
        if result is not None:
            counts = list(result.trick_counts)
        else:
            for trick in deal.tricks:
                counts[trick.winner] += 1
        details = result.details if result is not None and result.details else {}
        owed = details.get("owed")
        if owed is None:
            owed = [
                max(0, before - won) for before, won in zip(state.owed_before, counts, strict=True)
            ]
        summary = {
            "finished": result is not None,
            "to_act": deal.to_act,
            "phase": PHASE_NAMES.get(deal.phase, deal.phase),
            "trump": None if state.upcard is None else state.upcard.suit.letter,
            "active": list(state.active),
            "tricks": [trick.to_json() for trick in deal.tricks],
            "trick_counts": counts,
            "owed": list(owed),
            "winner": details.get("winner"),
        }
        if "paid" in details:  # left out otherwise: results of earlier records stay the same
            summary["paid"] = list(details["paid"])
        return summary


@lru_cache(maxsize=4)
def _sorting_contract(trump: Suit) -> Contract:
    return ramsen_contract(trump)


def ramsen_deal(
    rules: RamsenRules,
    seed: int | None = None,
    *,
    hands: Sequence[Sequence[Card]] | None = None,
    schleck: tuple[int, Card] | None = None,
    upcard: Card | None = None,
    talon: Sequence[Card] | None = None,
    owed_before: Sequence[int] | None = None,
) -> Deal:
    """A Ramsen deal from a ``seed`` (``ramsen_schedule``) or as a record writes it: ``hands``
    (forehand first; four cards for a cutter who schleckte), ``schleck`` (seat, card),
    ``upcard`` and ``talon`` (top first). ``owed_before``: the bars each seat owes when the
    deal starts (the match carries them from deal to deal); default ``crosses`` × 5 each.

    Raises InvalidDealError for cards that do not form a Ramsen deal."""
    from ramsch_core.deal import Deal

    players = rules.players
    if seed is not None:
        if hands is not None or schleck is not None or upcard is not None or talon is not None:
            raise InvalidDealError("Give a seed or the cards of a deal, not both")
        schedule = rules.schedule(seed)
        full: list[list[Card]] = [[] for _ in range(players)]
        for to, dealt, _ in schedule.packets:
            if isinstance(to, int):
                full[to] += dealt  # in the order dealt: RA-8 deals on from it
        first = schedule.packets[0]
        schleck = None
        if first.stage == 0 and isinstance(first.to, int):
            schleck = (first.to, first.cards[0])
        (upcard,) = schedule.cards_to("upcard")
        talon = schedule.cards_to("talon")
    else:
        if hands is None or upcard is None or talon is None:
            raise InvalidDealError("A Ramsen deal needs hands, the upcard and the talon")
        if len(hands) != players:
            raise InvalidDealError(
                "Ramsen for {players} is dealt to {players} hands", players=players
            )
        full = [list(hand) for hand in hands]
        if schleck is not None:
            seat, card = schleck
            if seat != players - 2:
                raise InvalidDealError(
                    "Only the cutter (seat {cutter}) can schleck, not seat {seat}",
                    cutter=players - 2,
                    seat=seat,
                )
            if rules.schlecken == "choice":
                raise InvalidDealError(
                    "When the cutter chooses, a record gives the cards dealt without schlecken "
                    "and his choice as an action"
                )
            if rules.schlecken == "never":
                raise InvalidDealError("These rules have no schlecken")
            full[seat].append(card)
    assert talon is not None and upcard is not None
    cards = [card for hand in full for card in hand] + [upcard, *talon]
    if len(cards) != 32 or len(set(cards)) != 32:
        raise InvalidDealError("A Ramsen deal holds each of the 32 cards exactly once")
    owed = rules.initial_owed() if owed_before is None else tuple(owed_before)
    if len(owed) != players or any(value < 1 for value in owed):
        raise InvalidDealError(
            "owed_before gives {players} seats at least one bar each", players=players
        )
    deal = Deal(rules, full)
    deal.skat = tuple(talon)  # face down, top first: drawn in this order (RA-4)
    choosing = rules.schlecken == "choice"
    deal.state = RamsenState(
        players,
        None if choosing else upcard,  # turned up once the cutter has chosen (RA-8)
        None if schleck is None else schleck[0],
        owed,
        choosing=choosing,
    )
    deal.dealt = {
        "schleck": None if schleck is None else {"seat": schleck[0], "card": str(schleck[1])},
        "upcard": str(upcard),
        "talon": [str(card) for card in talon],
        "owed_before": list(owed),
    }
    if choosing:  # the record's hands in the order dealt, which RA-8 deals on from
        deal.dealt["hands"] = [[str(card) for card in hand] for hand in full]
    return deal


RECORD_FIELDS = ("schleck", "upcard", "talon", "owed_before")
"""A Ramsen record's fields besides ``hands`` and ``seed`` (issue 10); it has no ``skat``."""


def _record_cards(value: object, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError("'{what}' must be a list of cards like ['SA', 'HT']", what=what)
    return [read_card(item, what) for item in value]


def _record_int(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError("'{what}' must be an integer, got {value}", what=what, value=repr(value))
    return value


def ramsen_deal_from_record(rules: RamsenRules, data: Mapping[str, Any]) -> Deal:
    """The deal of a Ramsen record (``RamsenRules.deal_from_record``).

    Raises RecordError for a malformed field, InvalidDealError for cards that do not form a
    Ramsen deal."""
    if "skat" in data:
        raise RecordError("A Ramsen record has no 'skat': give 'upcard' and 'talon'")
    owed_before = None
    if "owed_before" in data:
        raw = data["owed_before"]
        if not isinstance(raw, list):
            raise RecordError("'owed_before' must be a list of bars per seat, like [10, 10, 10]")
        owed_before = [_record_int(value, "owed_before") for value in raw]
    if "seed" in data:
        dealt = [name for name in ("hands", "schleck", "upcard", "talon") if name in data]
        if dealt:
            raise RecordError(
                "Give either 'seed' or the cards, not both: {fields}", fields=", ".join(dealt)
            )
        seed = _record_int(data["seed"], "seed")
        return ramsen_deal(rules, seed, owed_before=owed_before)
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RecordError("'hands' must be a list of hands (or give a 'seed')")
    if "upcard" not in data or "talon" not in data:
        raise RecordError("A Ramsen record gives 'upcard' and 'talon' with its 'hands'")
    schleck = None
    raw_schleck = data.get("schleck")
    if raw_schleck is not None:
        if not isinstance(raw_schleck, Mapping) or set(raw_schleck) != {"seat", "card"}:
            raise RecordError('\'schleck\' must be null or {"seat": 2, "card": "HA"}')
        schleck = (
            _record_int(raw_schleck["seat"], "schleck seat"),
            read_card(raw_schleck["card"], "schleck"),
        )
    return ramsen_deal(
        rules,
        hands=[_record_cards(hand, f"hand {seat}") for seat, hand in enumerate(hands)],
        schleck=schleck,
        upcard=read_card(data["upcard"], "upcard"),
        talon=_record_cards(data["talon"], "talon"),
        owed_before=owed_before,
    )


PRESETS: dict[str, dict[str, Any]] = {
    "ramsen": {},
    "ramsen-3": {"players": 3},
    "ramsen-5": {"players": 5},
    "ramsen-short": {"crosses": 1},
    "ramsen-no-schlecken": {"schlecken": "never"},
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "ramsen": "Ramsen for four: two crosses each, schlecken, the dealer plays when all pass",
    "ramsen-3": "Ramsen for three",
    "ramsen-5": "Ramsen for five",
    "ramsen-short": "Ramsen with one cross each: a short game",
    "ramsen-no-schlecken": "Ramsen without schlecken: everyone is dealt five cards",
}
