"""One deal of Ramsch: the state every variant shares, its legal actions and their effects."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Literal

from ramsch_core.actions import (
    Action,
    CardPlayed,
    DealFinished,
    Event,
    PassedOn,
    PassOn,
    PickedUp,
    PickUp,
    Play,
    Push,
    Pushed,
    TrickTaken,
)
from ramsch_core.cards import DECK, Card, cards_of, mask_of
from ramsch_core.errors import (
    DealFinishedError,
    IllegalActionError,
    InvalidDealError,
    MustFollowSuitError,
    NotYourTurnError,
)
from ramsch_core.result import DealResult, Trick, score_deal
from ramsch_core.rules import AnyRules, SkatRules
from ramsch_core.tricks import TRUMP, TrickOrder

Phase = Literal["push", "play", "finished"]
SEAT_NAMES = ("forehand", "middlehand", "rearhand", "dealer")


def shuffled_deck(seed: int) -> list[Card]:
    """A uniformly random order of the 32 cards from a seeded generator (C-6)."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return deck


def deal_from_seed(rules: AnyRules, seed: int) -> tuple[list[list[Card]], list[Card]]:
    """Hands (index 0 = forehand) and skat dealt from a seeded shuffle."""
    deck = shuffled_deck(seed)
    size = rules.hand_size
    hands = [sorted(deck[seat * size : (seat + 1) * size]) for seat in range(rules.players)]
    return hands, sorted(deck[rules.players * size :])


@dataclass(frozen=True)
class SeatView:
    """What one seat may see: its own hand, the public play, never another hand or the skat."""

    seat: int
    players: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    legal: tuple[Action, ...]
    trick_leader: int | None
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    trick_counts: tuple[int, ...]
    points_taken: tuple[int, ...]
    packet: tuple[Card, ...]
    laid: tuple[Card, ...]
    push_log: tuple[tuple[int, str], ...]
    pushes: int
    result: DealResult | None
    order: TrickOrder
    rules: AnyRules | None = None
    """The table's rule set (public knowledge; players such as the AI score by it)."""

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        return tuple(card for trick in self.tricks for card in trick.cards) + self.trick


class Deal:
    """A deal from the shuffle to the score; ``apply`` is the only way to change it."""

    def __init__(
        self, rules: AnyRules, hands: Sequence[Iterable[Card]], skat: Iterable[Card] = ()
    ) -> None:
        self.rules = rules
        self.order = rules.trick_order()
        self.players = rules.players
        self._hands = [mask_of(hand) for hand in hands]
        self._initial = tuple(tuple(sorted(hand)) for hand in hands)
        self._skat = tuple(sorted(skat))
        self._validate([list(hand) for hand in hands], list(self._skat))
        self.phase: Phase = "push" if rules.pushing else "play"
        self.to_act: int | None = 0
        self.tricks: list[Trick] = []
        self.trick: list[Card] = []
        self.trick_leader = 0
        self.history: list[tuple[int, Action]] = []
        """Every applied action with the seat that took it."""
        self.pushes = 0
        self._packet = self._skat
        self._picked_up = False
        self._laid: list[tuple[Card, ...]] = [() for _ in range(self.players)]
        self.push_log: list[tuple[int, str]] = []
        self.result: DealResult | None = None

    @classmethod
    def from_seed(cls, rules: AnyRules, seed: int) -> Deal:
        hands, skat = deal_from_seed(rules, seed)
        return cls(rules, hands, skat)

    def _validate(self, hands: list[list[Card]], skat: list[Card]) -> None:
        rules = self.rules
        if len(hands) != rules.players:
            raise InvalidDealError(
                f"{rules.variant} is dealt to {rules.players} hands, not {len(hands)}"
            )
        for seat, hand in enumerate(hands):
            if len(hand) != rules.hand_size:
                raise InvalidDealError(
                    f"Hand {seat} holds {len(hand)} cards; {rules.variant} deals "
                    f"{rules.hand_size} to each player"
                )
        if len(skat) != rules.skat_size:
            raise InvalidDealError(
                f"The skat holds {len(skat)} cards; {rules.variant} lays {rules.skat_size} aside"
            )
        seen: set[Card] = set()
        for card in [card for hand in hands for card in hand] + skat:
            if card in seen:
                raise InvalidDealError(f"Card {card} is dealt twice")
            seen.add(card)

    # -- queries ---------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.phase == "finished"

    def hand(self, seat: int) -> list[Card]:
        return sorted(cards_of(self._hands[seat]), key=self.order.sort_key)

    def initial_hand(self, seat: int) -> tuple[Card, ...]:
        return self._initial[seat]

    @property
    def skat(self) -> tuple[Card, ...]:
        """The face-down cards as dealt."""
        return self._skat

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now."""
        if self.phase == "finished" or self.to_act is None:
            return []
        if self.phase == "push":
            return self._push_actions(direct=True)
        led = self.trick[0] if self.trick else None
        legal = self.order.legal_mask(self._hands[self.to_act], led)
        return [Play(card) for card in cards_of(legal)]

    def _push_actions(self, direct: bool) -> list[Action]:
        actions: list[Action] = []
        if not self._picked_up:
            actions.append(PickUp())
            if isinstance(self.rules, SkatRules):
                actions.append(PassOn())
            if not direct:
                return actions
        assert self.to_act is not None
        pool = cards_of(self._hands[self.to_act] | mask_of(self._packet))
        allowed = [card for card in pool if self._may_lay(card)]
        actions.extend(Push((a, b)) for a, b in combinations(allowed, 2))
        return actions

    def _may_lay(self, card: Card) -> bool:
        if isinstance(self.rules, SkatRules) and not self.rules.schieben_jacks:
            return card.rank.letter != "J"  # SR-10: no jacks in the pub rule
        return True

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see now."""
        if not 0 <= seat < self.players:
            raise IllegalActionError(f"There is no seat {seat} in this deal")
        own_turn = self.to_act == seat
        return SeatView(
            seat=seat,
            players=self.players,
            phase=self.phase,
            to_act=self.to_act,
            hand=tuple(self.hand(seat)),
            legal=tuple(self._viewer_legal()) if own_turn else (),
            trick_leader=self.trick_leader if self.phase == "play" else None,
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            trick_counts=tuple(self._counts()),
            points_taken=tuple(self._points_taken()),
            packet=self._packet if own_turn and self._picked_up else (),
            laid=self._laid[seat],
            push_log=tuple(self.push_log),
            pushes=self.pushes,
            result=self.result,
            order=self.order,
            rules=self.rules,
        )

    def _viewer_legal(self) -> list[Action]:
        if self.phase == "push":
            return self._push_actions(direct=False)
        return self.legal_actions()

    def _counts(self) -> list[int]:
        counts = [0] * self.players
        for trick in self.tricks:
            counts[trick.winner] += 1
        return counts

    def _points_taken(self) -> list[int]:
        points = [0] * self.players
        for trick in self.tricks:
            points[trick.winner] += trick.points
        return points

    def copy(self) -> Deal:
        """An independent copy of this deal in its current state."""
        other = Deal.__new__(Deal)
        other.__dict__.update(self.__dict__)
        for name in ("_hands", "_laid", "tricks", "trick", "history", "push_log"):
            setattr(other, name, list(getattr(self, name)))
        return other

    def check(self, action: Action, seat: int | None = None) -> None:
        """Raise the error ``apply`` would raise, without changing the deal."""
        if (seat is None or seat == self.to_act) and action in self.legal_actions():
            return
        self.copy().apply(action, seat)

    # -- changes ---------------------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply ``action`` for the seat to act (checked against ``seat`` when given)."""
        if self.phase == "finished" or self.to_act is None:
            raise DealFinishedError("The deal is over: no more cards can be played")
        if seat is not None and seat != self.to_act:
            raise NotYourTurnError(
                f"It is not your turn: {SEAT_NAMES[self.to_act]} (seat {self.to_act}) is to act"
            )
        acting = self.to_act
        if self.phase == "push":
            events = self._apply_push(action)
        elif isinstance(action, Play):
            events = self._apply_play(action.card)
        else:
            raise IllegalActionError(f"You can't {action} now: play a card")
        self.history.append((acting, action))
        return events

    def _apply_push(self, action: Action) -> list[Event]:
        seat = self.to_act
        assert seat is not None
        if isinstance(action, PickUp):
            if self._picked_up:
                raise IllegalActionError("You have already picked up the two cards: lay two")
            self._picked_up = True
            return [PickedUp(seat)]
        if isinstance(action, PassOn):
            if not isinstance(self.rules, SkatRules):
                raise IllegalActionError("Everyone must push in this Schieberamsch")
            if self._picked_up:
                raise IllegalActionError("You picked the cards up: now lay two of them")
            self.push_log.append((seat, "pass_on"))
            return [PassedOn(seat), *self._next_pusher()]
        if isinstance(action, Push):
            pool = self._hands[seat] | mask_of(self._packet)
            first, second = action.cards
            if first == second:
                raise IllegalActionError("Lay two different cards")
            for card in action.cards:
                if not pool >> card & 1:
                    raise IllegalActionError(f"You can't lay {card.pretty}: you don't hold it")
                if not self._may_lay(card):
                    raise IllegalActionError(
                        f"You can't lay {card.pretty}: jacks may not be pushed at this table"
                    )
            self._hands[seat] = pool & ~mask_of(action.cards)
            self._packet = action.cards
            self._laid[seat] = action.cards
            self.pushes += 1
            self.push_log.append((seat, "push"))
            return [Pushed(seat), *self._next_pusher()]
        raise IllegalActionError("Schieberamsch comes first: push two cards or pass them on")

    def _next_pusher(self) -> list[Event]:
        self._picked_up = False
        assert self.to_act is not None
        if self.to_act + 1 < self.players:
            self.to_act += 1
            return []
        self.phase = "play"
        self.to_act = 0
        return []

    def _apply_play(self, card: Card) -> list[Event]:
        seat = self.to_act
        assert seat is not None
        hand = self._hands[seat]
        if not hand >> card & 1:
            raise IllegalActionError(f"You don't hold {card.pretty}")
        led = self.trick[0] if self.trick else None
        if not self.order.legal_mask(hand, led) >> card & 1:
            assert led is not None
            cls = self.order.follow_class[led]
            must = [c for c in self.hand(seat) if self.order.follow_class[c] == cls]
            what = "a trump" if cls == TRUMP else "suit"
            raise MustFollowSuitError(
                f"You must follow {what}: you hold {', '.join(c.pretty for c in must)}"
            )
        self._hands[seat] = hand & ~(1 << card)
        self.trick.append(card)
        events: list[Event] = [CardPlayed(seat, card)]
        if len(self.trick) < self.players:
            self.to_act = (seat + 1) % self.players
            return events
        cards = tuple(self.trick)
        winner = (self.trick_leader + self.order.winner_index(cards)) % self.players
        trick = Trick(self.trick_leader, cards, winner)
        self.tricks.append(trick)
        events.append(TrickTaken(len(self.tricks), trick.leader, cards, winner, trick.points))
        self.trick = []
        self.trick_leader = winner
        self.to_act = winner
        if len(self.tricks) == self.rules.hand_size:
            self.phase = "finished"
            self.to_act = None
            face_down = self._packet if self.rules.pushing else self._skat
            self.result = score_deal(self.rules, self.order, self.tricks, face_down, self.pushes)
            events.append(DealFinished(self.result))
        return events

    def to_record(self) -> dict[str, Any]:
        """The deal as a game record (see ``ramsch_core.record``)."""
        from ramsch_core.record import deal_record

        return deal_record(self)
