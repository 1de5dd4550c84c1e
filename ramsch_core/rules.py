"""The base of every game's rule set: a strict, frozen pydantic model that also says how a deal
of the game is dealt and which phases it goes through."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from ramsch_core.deck import dealt_in_slices, sliced_cards

if TYPE_CHECKING:
    from ramsch_core.cards import Card
    from ramsch_core.contracts import Contract
    from ramsch_core.deal import Deal
    from ramsch_core.deck import Schedule
    from ramsch_core.match import SheetEntry
    from ramsch_core.phases import Phase
    from ramsch_core.phases.schieben import SchiebenRules
    from ramsch_core.result import DealResult
    from ramsch_core.tricks.order import TrickOrder


class RuleSet(BaseModel):
    """A game's rules with every option. Subclasses set ``game`` (a ``Literal``) and register
    with the game registry (``ramsch_core.games``); option values are taken exactly as the rules
    pages write them (no "yes" for true, no 10.0 for a stake)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    game: str

    # -- what a deal of the game is -------------------------------------------------------

    if TYPE_CHECKING:
        # Declared for the type checker only: a game defines each as a property or as an
        # option (a field named ``players`` would be hidden by a property of the same name).

        @property
        def players(self) -> int:
            """Active players in one deal."""

        @property
        def hand_size(self) -> int:
            """Cards each player is dealt."""

    @property
    def skat_size(self) -> int:
        """Cards dealt face down (the skat); 0 for none."""
        return 0

    @property
    def variant_id(self) -> str:
        """The variant, for leaderboards and statistics (the game's id if it has none)."""
        return self.game

    def title(self) -> str:
        """A short name for players, e.g. ``Skat Ramsch``."""
        raise NotImplementedError

    def table_sizes(self) -> tuple[int, ...]:
        """The numbers of seats a table of these rules may have."""
        return (self.players,)

    def seatings(self) -> tuple[int, ...]:
        """The numbers of seats a table of the game may be set to, these rules adapted by
        ``seated`` (Ramsen: 3 to 5, each with its own number of players)."""
        return self.table_sizes()

    def seated(self, seats: int) -> RuleSet:
        """These rules for a table of ``seats`` seats: themselves, unless the number of
        players is one of the rules' options (Ramsen)."""
        return self

    def schedule(self, seed: int) -> Schedule:
        """How the shuffled deck of ``seed`` is dealt."""
        raise NotImplementedError

    def seeded_cards(self, seed: int) -> tuple[list[list[Card]], list[Card]]:
        """The hands (index 0 = forehand, each sorted in deck order) and the sorted skat that
        ``schedule(seed)`` deals (``ramsch_core.deal.deal_from_seed``)."""
        schedule = self.schedule(seed)
        return schedule.hands(self.players), sorted(schedule.cards_to("skat"))

    def deal_from_seed(self, seed: int, carry: Any = None) -> Deal:
        """The deal ``seed`` gives (C-6): by default the hands and skat of ``schedule(seed)``.
        ``carry`` is what the deal takes over from the deals before it in a match, in deal
        seats (``carry_for_deal``); None outside a match, or for a game that carries nothing.
        A game whose deal is more than hands and a skat builds it here."""
        from ramsch_core.deal import Deal, deal_from_seed

        hands, skat = deal_from_seed(self, seed)
        return Deal(self, hands, skat)

    # -- records (``ramsch_core.record``) ----------------------------------------------------

    def record_fields(self) -> tuple[str, ...]:
        """The record fields of the game's deal besides ``hands``, ``skat`` and ``seed``."""
        return ()

    def deal_from_record(self, data: Mapping[str, Any]) -> Deal | None:
        """The deal of a record (``seed`` or the cards, and ``record_fields``) when the game
        reads it itself; None for the common form (``hands``, ``skat`` or ``seed``). Raises
        RecordError or InvalidDealError for a deal the record does not give."""
        return None

    def deal_to_record(self, deal: Deal, seed: int | None) -> dict[str, Any] | None:
        """The deal's fields of its record (with ``seed``: in seed form) when the game writes
        them itself; None for the common form."""
        return None

    # -- what a match carries from deal to deal ----------------------------------------------

    def initial_carry(self, seats: int) -> Any:
        """What a match of ``seats`` table seats carries into its first deal (Ramsen: the bars
        each table seat owes), or None for a game whose deals are independent."""
        return None

    def carry_over(self, carry: Any, entry: SheetEntry) -> Any:
        """What the match carries on after the finished deal ``entry`` (in table seats)."""
        return carry

    def session_payments(
        self, carry: Any, result: DealResult, active: tuple[int, ...], seats: int
    ) -> tuple[tuple[Fraction, ...] | None, Any]:
        """What a finished deal pays at the table besides its scores, in table seats (never
        doubled by Bock), and the match's ``carry`` after it: Schafkopf's Stock pot, into which
        each player antes on a Stock and which the next game won takes. By default nothing."""
        return None, carry

    def plays_to_a_winner(self) -> bool:
        """Whether a match of the game goes on, past its rounds, until a deal ends it with the
        event ``match_over`` (Ramsen: as many deals as it takes)."""
        return False

    def carry_for_deal(self, carry: Any, active: tuple[int, ...]) -> Any:
        """The match's ``carry`` (in table seats) as the deal played by the table seats
        ``active`` (forehand first) takes it: passed to ``deal_from_seed``."""
        return carry

    def contract(self) -> Contract:
        """The contract of the card play when the rules fix it (Ramsch); for a game that
        chooses one in the deal, the one hands are sorted by until then."""
        raise NotImplementedError

    def contract_before_play(self, deal: Deal) -> Contract:
        """The contract ``deal``'s hands are sorted by before its card play begins: by default
        ``contract()``; a game whose trump is known from the deal (Ramsen's upcard) gives it."""
        return self.contract()

    def trick_order(self) -> TrickOrder:
        return self.contract().order

    def schieben_rules(self) -> SchiebenRules | None:
        """The Schieberamsch that opens a deal, if the rules have one."""
        return None

    def new_state(self) -> Any:
        """What a deal of the game keeps besides its cards (a ``copy()``-able object), or None."""
        return None

    def summary(self, deal: Deal) -> dict[str, Any] | None:
        """The replay result of a deal when the game has its own (see docs/records.md); None
        for the Ramsch form."""
        return None

    def unplayed_result(self, deal: Deal) -> DealResult:
        """The result of a deal that ends without a card play (a game where it can)."""
        raise NotImplementedError

    def compulsory_ramsch(self) -> RuleSet | None:
        """The rules of a deal of compulsory Ramsch at this table, if the game has one."""
        return None

    def first_phase(self, deal: Deal) -> Phase:
        raise NotImplementedError

    def next_phase(self, deal: Deal, done: Phase) -> Phase:
        """The phase after ``done`` has ended."""
        raise NotImplementedError

    # -- as data ---------------------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        """The options by their names in the rules pages (without ``game`` and ``variant``)."""
        return self.model_dump(exclude={"game", "variant"})

    def to_json(self) -> dict[str, Any]:
        """The rule set as a record writes it: ``game``, the variant if any, every option."""
        return self.model_dump()


class DealtLikeSkat(RuleSet):
    """Rules whose deal is Skat's: three players with ten cards each and a skat of two (a
    variant may change the numbers), dealt in slices; at a table one seat bigger than the
    players the dealer sits the deal out (C-4)."""

    @property
    def players(self) -> int:
        return 3

    @property
    def hand_size(self) -> int:
        return 10

    @property
    def skat_size(self) -> int:
        return 2

    def table_sizes(self) -> tuple[int, ...]:
        return (3, 4) if self.players == 3 else (self.players,)

    def schedule(self, seed: int) -> Schedule:
        return dealt_in_slices(seed, self.players, self.hand_size)

    def seeded_cards(self, seed: int) -> tuple[list[list[Card]], list[Card]]:
        # The cards of ``schedule(seed)`` without its packets (a subclass dealing otherwise
        # overrides both).
        return sliced_cards(seed, self.players, self.hand_size)
