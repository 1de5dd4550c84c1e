"""Skat: from the end of the bidding to the declaration (FS-6) — take the skat and lay two away,
or play Hand; then declare the game and the announcements."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from ramsch_core.actions import Action, Event, LaysTwo, registered
from ramsch_core.cards import Card, cards_of, mask_of
from ramsch_core.errors import IllegalActionError, Message, RecordError
from ramsch_core.games.skat.bidding import deal_contest, forehand_must_play
from ramsch_core.games.skat.contract import GAMES, Declaration, GameName, null_value
from ramsch_core.phases import Phase
from ramsch_core.phases.say import Pass, Said

if TYPE_CHECKING:
    from ramsch_core.deal import Deal


@registered
@dataclass(frozen=True, slots=True)
class TakeSkat(Action):
    """The declarer picks up the skat (then lays two cards away)."""

    kind: ClassVar[str] = "pickup"

    def __str__(self) -> str:
        return "take the skat"


@registered
@dataclass(frozen=True, slots=True)
class Discard(LaysTwo):
    """The declarer lays two of his twelve cards away; they count for him."""

    kind: ClassVar[str] = "discard"
    verb: ClassVar[str] = "lay away"
    verb_message: ClassVar[Message] = Message("lay away")
    cards: tuple[Card, Card] = field()


@registered
@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Name the game and the announcements. ``hand`` None: as the skat was (not) taken."""

    kind: ClassVar[str] = "declare"
    fields: ClassVar[tuple[str, ...]] = ("game", "schneider", "schwarz", "ouvert", "hand")
    game: GameName
    schneider: bool
    schwarz: bool
    ouvert: bool
    hand: bool | None

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.kind,
            "game": self.game,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
            "ouvert": self.ouvert,
            "hand": self.hand,
        }

    @classmethod
    def from_json(cls, item: Mapping[str, Any], where: str | Message) -> Action:
        game = item.get("game")
        if game not in GAMES:
            raise RecordError(
                "{where}: 'game' must be one of {games}, got {game}",
                where=where,
                games=", ".join(GAMES),
                game=repr(game),
            )
        flags: dict[str, bool] = {}
        for flag in ("schneider", "schwarz", "ouvert"):
            value = item.get(flag, False)
            if not isinstance(value, bool):
                raise RecordError(
                    "{where}: '{flag}' must be true or false, got {value}",
                    where=where,
                    flag=flag,
                    value=repr(value),
                )
            flags[flag] = value
        hand = item.get("hand")
        if hand is not None and not isinstance(hand, bool):
            raise RecordError(
                "{where}: 'hand' must be true or false, got {hand}", where=where, hand=repr(hand)
            )
        return cls(game, flags["schneider"], flags["schwarz"], flags["ouvert"], hand)

    def __str__(self) -> str:
        extras = [flag for flag in ("schneider", "schwarz", "ouvert") if getattr(self, flag)]
        return " ".join(["declare", self.game, *extras])


def declaration_of(action: Declare, picked_up: bool, bid: int) -> Declaration:
    """The declaration an action makes, implied announcements filled in (FS-6).

    Raises IllegalActionError for one the rules refuse."""
    hand = not picked_up
    if action.hand is not None and action.hand != hand:
        if picked_up:
            raise IllegalActionError("You took the skat: this is not a Hand game")
        raise IllegalActionError("You did not take the skat: this is a Hand game")
    if action.game == "null":
        if action.schneider or action.schwarz:
            raise IllegalActionError("Schneider and Schwarz can't be announced in a Null game")
        value = null_value(hand, action.ouvert)
        if value < bid:
            raise IllegalActionError(
                "This Null is worth {value}, less than your bid of {bid}: declare another game",
                value=value,
                bid=bid,
            )
        return Declaration("null", hand, ouvert=action.ouvert)
    schwarz = action.schwarz or action.ouvert
    schneider = action.schneider or schwarz
    if schneider and not hand:
        raise IllegalActionError(
            "Only a Hand game can be played open or with Schneider or Schwarz announced"
        )
    return Declaration(action.game, hand, schneider, schwarz, action.ouvert)


class Declaring(Phase):
    """The declarer takes the skat and lays two away, or plays Hand; then declares."""

    name: ClassVar[str] = "declaring"

    def __init__(self, declarer: int) -> None:
        self.to_act = declarer
        self.discarded = False

    def copy(self) -> Phase:
        other = Declaring.__new__(Declaring)
        other.__dict__.update(self.__dict__)
        return other

    def _declarations(self, deal: Deal) -> list[Action]:
        contest = deal_contest(deal)
        hand = not contest.picked_up
        options: list[Action] = []
        for game in GAMES:
            if game == "null":
                for ouvert in (False, True):
                    if null_value(hand, ouvert) >= contest.bid:
                        options.append(Declare("null", False, False, ouvert, None))
                continue
            options.append(Declare(game, False, False, False, None))
            if hand:
                options += [
                    Declare(game, True, False, False, None),
                    Declare(game, True, True, False, None),
                    Declare(game, True, True, True, None),
                ]
        return options

    def skat_seen(self, deal: Deal, seat: int) -> tuple[Card, ...]:
        # The two cards the declarer took up, until he has laid two away.
        contest = deal_contest(deal)
        if seat == self.to_act and contest.picked_up and not self.discarded:
            return deal.initial_skat
        return ()

    def legal(self, deal: Deal) -> list[Action]:
        contest = deal_contest(deal)
        if not contest.picked_up:
            return [TakeSkat(), *self._declarations(deal)]
        if not self.discarded:
            seat = self.to_act
            assert seat is not None
            return [Discard(pair) for pair in combinations(cards_of(deal.held[seat]), 2)]
        return self._declarations(deal)

    def apply(self, deal: Deal, seat: int, action: Action) -> list[Event]:
        contest = deal_contest(deal)
        if isinstance(action, TakeSkat):
            if contest.picked_up:
                raise IllegalActionError("You have already taken the skat")
            contest.picked_up = True
            contest.said.append((seat, "pickup"))
            deal.held[seat] |= mask_of(deal.skat)
            deal.skat = ()
            return [Said(seat, "pickup")]
        if isinstance(action, Discard):
            if not contest.picked_up:
                raise IllegalActionError("Take the skat first, or declare a Hand game")
            if self.discarded:
                raise IllegalActionError("You have already laid two cards away: declare")
            first, second = action.cards
            if first == second:
                raise IllegalActionError("Lay two different cards away")
            for card in action.cards:
                if not deal.held[seat] >> card & 1:
                    raise IllegalActionError(
                        "You can't lay {card} away: you don't hold it", card=card
                    )
            deal.held[seat] &= ~mask_of(action.cards)
            deal.skat = action.cards
            deal.laid[seat] = action.cards
            self.discarded = True
            contest.said.append((seat, "discard"))
            return [Said(seat, "discard")]
        if isinstance(action, Declare):
            if contest.picked_up and not self.discarded:
                raise IllegalActionError("Lay two cards away before you declare")
            contest.declaration = declaration_of(action, contest.picked_up, contest.bid)
            what = f"declare:{contest.declaration.game}"
            contest.said.append((seat, what))
            self.to_act = None
            return [Said(seat, what), *deal.advance(self)]
        if isinstance(action, Pass) and forehand_must_play(contest):
            raise IllegalActionError(
                "Both others passed: as forehand you must play a game and may not pass"
            )
        raise IllegalActionError("Take the skat or declare a Hand game")
