"""Fast pure-Python playouts on layout masks: random deals, random play and their scores, with
the contract's own compiled play rule and scorer."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ramsch_core.cards import Card
from ramsch_core.kernel.tally import tally

if TYPE_CHECKING:
    from ramsch_core.contracts import Contract, Score, Scorer, Value
    from ramsch_core.rules import RuleSet


@dataclass(slots=True)
class Position:
    """A deal in the card play, in layout masks: every hand, the trick so far, what was won."""

    hands: list[int]
    leader: int = 0
    trick: list[int] = field(default_factory=list)
    """Bits played to the current trick, in play order."""
    won: list[int] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    last: list[int] = field(default_factory=list)
    """Per seat, the number of the last trick it won (-1 for none)."""
    number: int = 0
    """Completed tricks."""
    skat: int = 0
    """The skat: as dealt, or the two cards laid last in a Schieberamsch."""
    pushes: int = 0

    def __post_init__(self) -> None:
        players = len(self.hands)
        self.won = self.won or [0] * players
        self.counts = self.counts or [0] * players
        self.last = self.last or [-1] * players


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a playout: trick winners in order, card points, trick counts and scores."""

    winners: tuple[int, ...]
    card_points: tuple[int, ...]
    trick_counts: tuple[int, ...]
    scores: tuple[Value, ...]


class Kernel:
    """Playouts of one rule set's deals under one contract (by default the contract the rules
    fix). Legal cards and trick winners come from the contract's ``Layout``, scores from its
    scorer: the very code the public API uses.

    The seats that play (``active``, in turn order) and a trick count at which a seat ends the
    play early (``stop_at``) come from the contract's scorer where it has them (Ramsen: the
    seats that said in, and the bars each owes); otherwise every seat plays every trick.

    A Sauspiel's contract carries a called Ace (``called_ace``): its holder's duties (SF-3) hold
    in the playouts too, in a loop of their own, unless ``ace_duties`` is False (the holder
    has run away). ``scorer_for``, where set, gives the scorer of a playout's position (the AI:
    a Sauspiel's hidden partner and the Laufende as the sampled world has them)."""

    def __init__(
        self, rules: RuleSet, contract: Contract | None = None, *, ace_duties: bool = True
    ) -> None:
        self.rules = rules
        self.contract = contract = contract or rules.contract()
        layout = self.layout = contract.layout
        self.order = contract.order
        self.players = rules.players
        self.tricks_per_deal = rules.hand_size
        self.card_at = layout.card_at
        self.bit_of = layout.bit_of
        self.trump_mask = layout.trump_mask
        self.class_masks = layout.class_masks
        self.follow = layout.follow
        self.relevant = layout.relevant
        self.points = layout.points
        active, stop_at = play_shape(contract, self.players)
        self.active = active
        """The seats that play a card to each trick, in turn order."""
        self.stop_at = stop_at
        """Per seat, the tricks after which the play stops at once (None: it never does)."""
        self.every_seat = active == tuple(range(self.players))
        self.next_seat = tuple(
            active[(active.index(seat) + 1) % len(active)] if seat in active else seat
            for seat in range(self.players)
        )
        self.turns = tuple(
            tuple(active[(active.index(seat) + step) % len(active)] for step in range(len(active)))
            if seat in active
            else ()
            for seat in range(self.players)
        )
        """Per leading seat, the seats in the order they play to its trick."""
        self.plain_follow = contract.rule.plain_follow
        schieben = rules.schieben_rules()
        self.pushing = schieben is not None
        self.pass_on_allowed = schieben is not None and schieben.pass_on
        self.layable = layout.from_card_mask(schieben.layable) if schieben is not None else 0
        self.scorer = contract.scorer
        self.scorer_for: Callable[[Position], Scorer] | None = None
        """The scorer of a playout from a position, where it depends on the world (None: the
        contract's)."""
        ace = called_ace(contract)
        self.ace_bit = 0 if ace is None or not ace_duties else layout.bit_of[ace]
        """The called Ace whose duties bind its holder in the playouts (0: none)."""
        self.ace_suit = layout.follow[self.ace_bit] if self.ace_bit else 0
        self.fast = (
            self.plain_follow and self.every_seat and self.stop_at is None and not self.ace_bit
        )
        """Whether the plain playout loop plays this contract."""

    # -- conversions -----------------------------------------------------------------------

    def mask(self, cards: Iterable[Card]) -> int:
        """Layout mask of some cards (``Layout.mask`` inlined: every seeded playout converts
        its hands)."""
        bit_of = self.bit_of
        result = 0
        for card in cards:
            result |= bit_of[card]
        return result

    def cards(self, mask: int) -> list[Card]:
        """Cards of a layout mask, weakest first."""
        return self.layout.cards(mask)

    def card(self, bit: int) -> Card:
        return self.layout.card(bit)

    def mask_points(self, mask: int) -> int:
        return self.layout.mask_points(mask)

    # -- rules -----------------------------------------------------------------------------

    def legal(self, hand: int, trick: Sequence[int]) -> int:
        """Cards of ``hand`` that may go to a trick whose cards so far are ``trick``."""
        return self.layout.legal(hand, trick)

    def trick_winner(self, leader: int, trick: Sequence[int]) -> int:
        """Seat that wins a complete trick led by ``leader``."""
        return self.turns[leader][self.layout.winner_index(trick)]

    def to_play(self, position: Position) -> int:
        """The seat whose card is next in ``position``."""
        return self.turns[position.leader][len(position.trick)]

    def finished(self, position: Position) -> bool:
        """Whether the play of ``position`` is over (every trick played, or stopped early)."""
        if position.number >= self.tricks_per_deal:
            return True
        stop_at = self.stop_at
        return stop_at is not None and any(
            count >= stop for count, stop in zip(position.counts, stop_at, strict=True)
        )

    # -- random deals and playouts ---------------------------------------------------------

    def random_deal(self, rng: random.Random) -> tuple[list[int], int]:
        """Hands (forehand first) and skat as layout masks from a seeded generator."""
        deck = list(range(32))
        rand = rng.random
        for index in range(31, 0, -1):
            other = int(rand() * (index + 1))
            deck[index], deck[other] = deck[other], deck[index]
        size = self.tricks_per_deal
        hands = []
        for seat in range(self.players):
            hand = 0
            for position in deck[seat * size : (seat + 1) * size]:
                hand |= 1 << position
            hands.append(hand)
        skat = 0
        for position in deck[self.players * size :]:
            skat |= 1 << position
        return hands, skat

    def random_push(
        self, hands: list[int], skat: int, rng: random.Random, log: list[int] | None = None
    ) -> tuple[int, int]:
        """Schieberamsch with a random policy under the table's Schieberamsch rules; returns
        (the skat at the end, pushes). Where passing on is allowed a seat passes on with
        probability 1/2. ``log`` gets each seat's laid mask (0 for passing on)."""
        pushes = 0
        rand = rng.random
        for seat in range(self.players):
            if self.pass_on_allowed and rand() < 0.5:
                if log is not None:
                    log.append(0)
                continue
            pool = hands[seat] | skat
            layable = pool & self.layable
            pair = _random_bit(layable, rand)
            pair |= _random_bit(layable ^ pair, rand)
            hands[seat] = pool ^ pair
            skat = pair
            pushes += 1
            if log is not None:
                log.append(pair)
        return skat, pushes

    def random_game(
        self,
        hands: list[int],
        skat: int,
        rng: random.Random,
        log: list[int] | None = None,
        push_log: list[int] | None = None,
    ) -> Outcome:
        """A whole deal from the given hands with random play (and random pushing)."""
        hands = list(hands)
        pushes = 0
        if self.pushing:
            skat, pushes = self.random_push(hands, skat, rng, push_log)
        if self.scorer_for is not None:
            return self.playout(Position(hands, skat=skat, pushes=pushes), rng, log)
        players = self.players
        won, counts, last = [0] * players, [0] * players, [-1] * players
        winners = self.run(hands, 0, [], won, counts, last, 0, rng.random, log)
        score = self.scorer(tally(self.layout, won, counts, last, skat, pushes))
        return Outcome(tuple(winners), score.points, tuple(counts), score.scores)

    def playout(
        self, position: Position, rng: random.Random, log: list[int] | None = None
    ) -> Outcome:
        """Play ``position`` to the end with uniformly random legal cards and score it."""
        won, counts, last = list(position.won), list(position.counts), list(position.last)
        winners = self.run(
            list(position.hands), position.leader, list(position.trick), won, counts, last,
            position.number, rng.random, log,
        )  # fmt: skip
        scorer = self.scorer if self.scorer_for is None else self.scorer_for(position)
        score = scorer(tally(self.layout, won, counts, last, position.skat, position.pushes))
        return Outcome(tuple(winners), score.points, tuple(counts), score.scores)

    def simulate(self, position: Position, rand: Callable[[], float]) -> tuple[Value, ...]:
        """Only the scores of a random playout driven by ``rand`` (the AI's simulation step).

        ``position`` is left unchanged; passing the same numbers replays the same choices.
        """
        won, counts, last = list(position.won), list(position.counts), list(position.last)
        self.run(
            list(position.hands), position.leader, list(position.trick), won, counts, last,
            position.number, rand, None,
        )  # fmt: skip
        facts = tally(self.layout, won, counts, last, position.skat, position.pushes)
        scorer = self.scorer if self.scorer_for is None else self.scorer_for(position)
        return scorer(facts).scores

    def run(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        won: list[int],
        counts: list[int],
        last: list[int],
        number: int,
        rand: Callable[[], float],
        log: list[int] | None,
    ) -> list[int]:
        """The playout loop; updates its list arguments in place and returns trick winners."""
        if not self.fast:
            if self.ace_bit:
                return self._run_called(hands, leader, trick, won, counts, last, number, rand, log)
            return self._run_ruled(hands, leader, trick, won, counts, last, number, rand, log)
        follow, relevant, next_seat = self.follow, self.relevant, self.next_seat
        players, total = self.players, self.tricks_per_deal
        winners: list[int] = []
        start = len(trick)
        fmask = rel = best = tmask = 0
        best_seat = seat = leader
        if start:
            fmask, rel = follow[trick[0]], relevant[trick[0]]
            for index, bit in enumerate(trick):
                tmask |= bit
                if bit & rel and bit > best:
                    best, best_seat = bit, (leader + index) % players
            seat = (leader + start) % players
        while number < total:
            for index in range(start, players):
                hand = hands[seat]
                legal = (hand & fmask or hand) if index else hand
                count = legal.bit_count()
                if count > 1:
                    skip = int(rand() * count)
                    while skip:
                        legal &= legal - 1
                        skip -= 1
                bit = legal & -legal
                hands[seat] = hand ^ bit
                if index:
                    tmask |= bit
                    if bit & rel and bit > best:
                        best, best_seat = bit, seat
                else:
                    fmask, rel, best, best_seat, tmask = follow[bit], relevant[bit], bit, seat, bit
                if log is not None:
                    log.append(bit)
                seat = next_seat[seat]
            won[best_seat] |= tmask
            counts[best_seat] += 1
            last[best_seat] = number
            winners.append(best_seat)
            seat = best_seat
            number += 1
            start = 0
        return winners

    def _run_called(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        won: list[int],
        counts: list[int],
        last: list[int],
        number: int,
        rand: Callable[[], float],
        log: list[int] | None,
    ) -> list[int]:
        """The playout loop of a Sauspiel: follow suit, and the called Ace's duties (SF-3)
        while its holder holds it and has not run away — he plays it when its suit is led, may
        not lead another card of the suit with fewer than four of it (with four or more doing
        so runs away, ending the duties), and keeps it on other tricks unless it is his last
        card. ``games/schafkopf/called_ace.SauspielPlay`` says the same for the public API."""
        follow, relevant, next_seat = self.follow, self.relevant, self.next_seat
        players, total = self.players, self.tricks_per_deal
        ace, suit = self.ace_bit, self.ace_suit
        holder = -1
        for seat in range(players):
            if hands[seat] & ace:
                holder = seat
        winners: list[int] = []
        start = len(trick)
        fmask = rel = best = tmask = 0
        best_seat = seat = leader
        if start:
            fmask, rel = follow[trick[0]], relevant[trick[0]]
            for index, bit in enumerate(trick):
                tmask |= bit
                if bit & rel and bit > best:
                    best, best_seat = bit, (leader + index) % players
            seat = (leader + start) % players
        while number < total:
            for index in range(start, players):
                hand = hands[seat]
                if index:
                    legal = hand & fmask or hand
                    if seat == holder:  # the Ace on its suit, else only as the last card
                        legal = ace if fmask == suit else legal & ~ace or legal
                else:
                    legal = hand
                    if seat == holder and (hand & suit).bit_count() < 4:
                        legal = hand & ~(suit & ~ace)
                count = legal.bit_count()
                if count > 1:
                    skip = int(rand() * count)
                    while skip:
                        legal &= legal - 1
                        skip -= 1
                bit = legal & -legal
                hands[seat] = hand ^ bit
                if seat == holder and (bit == ace or (not index and bit & suit)):
                    holder = -1  # the Ace played, or run away from
                if index:
                    tmask |= bit
                    if bit & rel and bit > best:
                        best, best_seat = bit, seat
                else:
                    fmask, rel, best, best_seat, tmask = follow[bit], relevant[bit], bit, seat, bit
                if log is not None:
                    log.append(bit)
                seat = next_seat[seat]
            won[best_seat] |= tmask
            counts[best_seat] += 1
            last[best_seat] = number
            winners.append(best_seat)
            seat = best_seat
            number += 1
            start = 0
        return winners

    def _run_ruled(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        won: list[int],
        counts: list[int],
        last: list[int],
        number: int,
        rand: Callable[[], float],
        log: list[int] | None,
    ) -> list[int]:
        """The playout loop for play rules beyond following suit, for some seats sitting the
        deal out and for a play that may stop early. The duties are ``Layout.duty`` inlined:
        follow the class led, else trump if bound to, and in doing either beat the best card
        so far if bound to and able."""
        rule = self.layout.rule
        if not rule.follow:
            return self._run_any(hands, leader, trick, won, counts, last, number, rand, log)
        follow, relevant, trump_mask = self.follow, self.relevant, self.trump_mask
        must_trump, must_beat = rule.must_trump, rule.must_beat
        turns, stop_at, total = self.turns, self.stop_at, self.tricks_per_deal
        winners: list[int] = []
        if stop_at is not None and not trick:
            for count, stop in zip(counts, stop_at, strict=True):
                if count >= stop:
                    return winners
        tmask = fmask = rel = best = 0
        best_seat = leader
        if trick:
            fmask, rel = follow[trick[0]], relevant[trick[0]]
            order = turns[leader]
            for index, bit in enumerate(trick):
                tmask |= bit
                if bit & rel and bit > best:
                    best, best_seat = bit, order[index]
        start = len(trick)
        while number < total:
            for seat in turns[leader][start:]:
                hand = hands[seat]
                if not tmask:
                    legal = hand
                else:
                    legal = hand & fmask
                    if not legal and must_trump:
                        legal = hand & trump_mask
                    if not legal:
                        legal = hand
                    elif must_beat:
                        legal = legal & ~(2 * best - 1) or legal
                if legal & (legal - 1):
                    skip = int(rand() * legal.bit_count())
                    while skip:
                        legal &= legal - 1
                        skip -= 1
                bit = legal & -legal
                hands[seat] = hand ^ bit
                if tmask:
                    tmask |= bit
                    if bit & rel and bit > best:
                        best, best_seat = bit, seat
                else:
                    fmask, rel, best, best_seat, tmask = follow[bit], relevant[bit], bit, seat, bit
                if log is not None:
                    log.append(bit)
            won[best_seat] |= tmask
            counts[best_seat] += 1
            last[best_seat] = number
            winners.append(best_seat)
            leader = best_seat
            tmask = 0
            start = 0
            number += 1
            if stop_at is not None and counts[best_seat] >= stop_at[best_seat]:
                break
        return winners

    def _run_any(
        self,
        hands: list[int],
        leader: int,
        trick: list[int],
        won: list[int],
        counts: list[int],
        last: list[int],
        number: int,
        rand: Callable[[], float],
        log: list[int] | None,
    ) -> list[int]:
        """The playout loop where any card may be played to any trick (the layout decides
        the winner)."""
        legal_of, winner_index = self.layout.legal, self.layout.winner_index
        turns, stop_at, total = self.turns, self.stop_at, self.tricks_per_deal
        winners: list[int] = []
        trick = list(trick)
        while number < total:
            order = turns[leader]
            for seat in order[len(trick) :]:
                bit = _random_bit(legal_of(hands[seat], trick), rand)
                hands[seat] ^= bit
                trick.append(bit)
                if log is not None:
                    log.append(bit)
            winner = order[winner_index(trick)]
            for bit in trick:
                won[winner] |= bit
            counts[winner] += 1
            last[winner] = number
            winners.append(winner)
            leader = winner
            trick = []
            number += 1
            if stop_at is not None and counts[winner] >= stop_at[winner]:
                break
        return winners

    def play(self, position: Position, bit: int) -> None:
        """Play one card for the seat to act, checking it; completes the trick when full.

        Raises ValueError for a card the play rule does not allow, or once the play is over."""
        if not position.trick and self.finished(position):
            raise ValueError("The play is over: no more cards")
        seat = self.to_play(position)
        if not self.legal(position.hands[seat], position.trick) & bit:
            raise ValueError(f"{self.card(bit)} is not legal for seat {seat}")
        position.hands[seat] ^= bit
        position.trick.append(bit)
        if len(position.trick) < len(self.active):
            return
        winner = self.trick_winner(position.leader, position.trick)
        for played in position.trick:
            position.won[winner] |= played
        position.counts[winner] += 1
        position.last[winner] = position.number
        position.leader, position.trick = winner, []
        position.number += 1

    def replay(
        self, hands: Sequence[int], skat: int, pushes: Sequence[int], cards: Iterable[int]
    ) -> Outcome:
        """Score a deal from its push masks (0 = pass on) and every card in play order.

        Raises ValueError on a card the play rule does not allow."""
        hands = list(hands)
        count = 0
        for seat, pair in enumerate(pushes):
            if pair:
                hands[seat] = (hands[seat] | skat) ^ pair
                skat, count = pair, count + 1
        position = Position(hands, skat=skat, pushes=count)
        winners: list[int] = []
        for bit in cards:
            number = position.number
            self.play(position, bit)
            if position.number > number:
                winners.append(position.leader)
        score = self.score(position)
        return Outcome(tuple(winners), score.points, tuple(position.counts), score.scores)

    def score(self, position: Position) -> Score:
        """The contract's score of a finished position."""
        return self.score_masks(
            position.won, position.counts, position.last, position.skat, position.pushes
        )

    def score_masks(
        self, won: list[int], counts: list[int], last: list[int], skat: int, pushes: int
    ) -> Score:
        """The contract's score from won masks, trick counts, last tricks and the skat."""
        return self.scorer(tally(self.layout, won, counts, last, skat, pushes))


def play_shape(contract: Contract, players: int) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """The seats that play under ``contract`` (in turn order) and the trick count per seat at
    which the play stops at once (None: never before the last trick).

    Every seat plays every trick, unless the contract's scorer says otherwise by a
    ``play_shape(players)`` of its own (Ramsen: only the seats in play, RA-6, RA-7)."""
    shape: Callable[[int], tuple[tuple[int, ...], tuple[int, ...] | None]] | None = getattr(
        contract.scorer, "play_shape", None
    )
    if shape is None:
        return tuple(range(players)), None
    return shape(players)


def called_ace(contract: Contract) -> Card | None:
    """The card whose holder plays with the declarer under ``contract``, by the scorer's own
    ``called_card()`` (a Sauspiel's called Ace, SF-3); None for any other contract."""
    called: Callable[[], Card | None] | None = getattr(contract.scorer, "called_card", None)
    return None if called is None else called()


def _random_bit(mask: int, rand: Callable[[], float]) -> int:
    """A uniformly random set bit of a non-empty mask."""
    skip = int(rand() * mask.bit_count())
    while skip:
        mask &= mask - 1
        skip -= 1
    return mask & -mask
