"""Claims of the rest: the seat to act claims every trick left for its side, proven first.

A claim belongs to a game of two sides played for tricks (a declared Skat or Schafkopf game,
not a Null, not a Ramsch) and to its last tricks. It holds when every line of play left, of
every seat, gives the claimant's side every trick left: the check goes through the rules of
the deal itself (``Deal.legal_actions``, ``Deal.apply`` on copies), so every duty of the
game binds it. Then ``claim_line`` plays the rest as ordinary card plays, each seat's first
legal card in card order; any line would end the same. The last trick plays itself in every
game once each seat to play holds one card (``forced_line``).
"""

from __future__ import annotations

from ramsch_core.actions import Action, Play, TrickTaken
from ramsch_core.deal import Deal
from ramsch_core.errors import IllegalActionError, NotYourTurnError
from ramsch_core.kernel.playout import called_ace
from ramsch_core.view import PublicView

CLAIM_CARDS = 16
"""Cards still held, at most, for a claim to be checked: the last five tricks of Skat, the
last four of Schafkopf (few enough that every line of play is gone through at once)."""

Key = tuple[tuple[int, ...], int | None, frozenset[Action]]
"""A position between tricks: the hands, the leader, the cards led since the claim."""


def claim_side(deal: Deal, seat: int) -> frozenset[int] | None:
    """The seats of ``seat``'s side in a game of two sides (the declaring side, or the seats
    against it); None where each plays for himself."""
    declaring: tuple[int, ...] | None = getattr(deal.contract.scorer, "side", None)
    if declaring is None:
        return None
    side = frozenset(declaring)
    return side if seat in side else frozenset(range(deal.players)) - side


def claim_tricks(public: PublicView) -> int:
    """The tricks left from which a claim is checked at this deal's table."""
    return CLAIM_CARDS // public.players


def claims_refused(public: PublicView) -> IllegalActionError | None:
    """Why the seat to act may not claim the rest now, or None if it may ask: the card play of
    a declared game played for tricks (the game's public state names a declarer; not a Null),
    with the last tricks left. Read from the public view alone: what a seat is offered never
    depends on hidden cards."""
    if public.result is not None or public.phase != "play" or public.to_act is None:
        return IllegalActionError("You can claim the rest only during the card play")
    if getattr(public.state, "declarer", None) is None:
        return IllegalActionError(
            "Only a game with a declarer can be claimed: here each plays for himself"
        )
    if public.contract == "null":  # FS-11a: the declarer plays to take no trick at all
        return IllegalActionError("A Null game can't be claimed")
    if public.rules.hand_size * public.players - len(public.played) > CLAIM_CARDS:
        return IllegalActionError(
            "Too many tricks left to check: you can claim in the last {tricks} tricks",
            tricks=claim_tricks(public),
        )
    return None


def check_claim(deal: Deal, seat: int) -> None:
    """Raise the IllegalActionError (or NotYourTurnError) that refuses ``seat``'s claim of
    every trick left, with its reason; return if the claim holds (``claim_holds``)."""
    refused = claims_refused(deal.public_view())
    if refused is not None:
        raise refused
    if deal.to_act != seat:
        raise NotYourTurnError("You can claim the rest only on your turn")
    if not claim_holds(deal, seat):
        raise IllegalActionError("Not every line of play gives your side the rest")


def claim_holds(deal: Deal, seat: int) -> bool:
    """Whether every line of play left, of every seat, gives ``seat``'s side every trick
    left (False where no claim may be asked, see ``claims_refused``)."""
    side = claim_side(deal, seat)
    if side is None or claims_refused(deal.public_view()) is not None:
        return False
    return _holds(deal, side, frozenset(), set())


def claim_line(deal: Deal) -> list[Action]:
    """The plays to the end of the deal: each seat's first legal card, in card order."""
    line: list[Action] = []
    deal = deal.copy()
    while not deal.finished and deal.phase == "play":
        play = next(action for action in deal.legal_actions() if isinstance(action, Play))
        deal.apply(play)
        line.append(play)
    return line


def forced_line(deal: Deal) -> list[Action]:
    """The plays of the last trick once each seat to play holds one card and may play it
    (nothing else to choose, no Re to say): the trick plays itself. Empty otherwise."""
    line: list[Action] = []
    deal = deal.copy()
    while not deal.finished and deal.phase == "play" and deal.to_act is not None:
        legal = deal.legal_actions()
        if deal.held[deal.to_act].bit_count() != 1 or len(legal) != 1:
            break
        deal.apply(legal[0])
        line.append(legal[0])
    return line


def _holds(deal: Deal, side: frozenset[int], led: frozenset[Action], proven: set[Key]) -> bool:
    """Whether every line from ``deal`` gives ``side`` every trick. ``led``: the cards led
    since the claim (a phase may remember a lead: a Sauspiel's holder running away from the
    called Ace, SF-3); ``proven``: positions between tricks known to hold."""
    if deal.finished:
        return True
    key: Key | None = None
    if not deal.trick:
        key = (tuple(deal.held), deal.to_act, led)
        if key in proven:
            return True
    for play in _tried(deal, side):
        after = deal.copy()
        events = after.apply(play)
        if any(isinstance(event, TrickTaken) and event.winner not in side for event in events):
            return False
        if not _holds(after, side, led | {play} if key is not None else led, proven):
            return False
    if key is not None:
        proven.add(key)
    return True


def _tried(deal: Deal, side: frozenset[int]) -> list[Play]:
    """The legal cards of the seat to act that the check tries, the likeliest to lose a
    trick first: the other side's strongest, the side's weakest. Of cards alike (one follow
    class, no card still in play between them in the trick order, C-5) only one: they win
    and lose the same tricks. The called Ace of a Sauspiel is never alike (SF-3)."""
    layout = deal.contract.layout
    bit_of = layout.bit_of
    special = called_ace(deal.contract)
    live = 0
    for held in deal.held:
        live |= layout.from_card_mask(held)
    live |= layout.mask(deal.trick)
    plays = sorted(
        (action for action in deal.legal_actions() if isinstance(action, Play)),
        key=lambda play: bit_of[play.card],
    )
    tried: list[Play] = []
    previous = 0
    for play in plays:
        bit = bit_of[play.card]
        alike = (
            previous
            and layout.follow[bit] == layout.follow[previous]
            and not live & (bit - (previous << 1))
            and special not in (play.card, layout.card(previous))
        )
        if not alike:
            tried.append(play)
        previous = bit
    return tried if deal.to_act in side else tried[::-1]
