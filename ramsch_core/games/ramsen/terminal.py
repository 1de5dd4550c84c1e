"""Ramsen at the terminal, in the German pack: the cutter's schlecken, the upcard and the
trumps, the exchange with the talon, saying in or passing, and the crosses each player still
owes (RA-1..8)."""

from __future__ import annotations

from collections.abc import Sequence

from ramsch_core.actions import Action, Event
from ramsch_core.deal import Deal
from ramsch_core.errors import RulesError
from ramsch_core.games.ramsen.contract import BARS_PER_CROSS, ramsen_order
from ramsch_core.games.ramsen.exchange import Exchange, Exchanged, RamsenState
from ramsch_core.games.ramsen.in_or_pass import In
from ramsch_core.games.ramsen.schlecken import NoSchleck, Schleck, SchleckChosen
from ramsch_core.match import SheetEntry
from ramsch_core.phases.say import Pass, Said
from ramsch_core.terminal import packs
from ramsch_core.terminal.console import Console
from ramsch_core.terminal.presenter import GermanPackPresenter
from ramsch_core.terminal.words import YOU, counted
from ramsch_core.view import SeatView

HELP = (
    "Ramsen: as the cutter you may keep the bottom card of the cut (k) or leave it (l). "
    "In the exchange name the cards to lay away (e.g. C7 S8), an empty line keeps "
    "your hand; as the dealer add 'up' to take the upcard for one of them (e.g. up C7). Then "
    "say in (i) or pass (p). Each trick won draws one bar of the crosses you owe (five bars a "
    "cross); whoever draws his last bar wins.\n" + packs.GERMAN_HELP
)
UPCARD_WORDS = ("up", "u", "upcard")


def crosses_art(bars: int) -> str:
    """RA-7: the bars a player still owes, a cross of five to a group: each bar still owed is
    ``|``, each bar of a started cross already drawn ``·``; nothing owed is a drawn cross.

    ``crosses_art(7)`` is ``||··· |||||  7 bars (1 cross 2 bars)``."""
    if bars <= 0:
        return "╳  all bars drawn"
    full, part = divmod(bars, BARS_PER_CROSS)
    groups = ["|" * part + "·" * (BARS_PER_CROSS - part)] if part else []
    groups += ["|" * BARS_PER_CROSS] * full
    count = counted(bars, "bar")
    if full:
        spelled = f"{full} cross{'es' if full != 1 else ''}"
        if part:
            spelled += f" {counted(part, 'bar')}"
        count += f" ({spelled})"
    return f"{' '.join(groups)}  {count}"


class RamsenPresenter(GermanPackPresenter):
    """Ramsen in the German pack; tricks are counted, not their card points."""

    help = HELP
    trick_points = False

    # -- said ------------------------------------------------------------------------------

    def action_words(self, action: Action) -> str:
        """An exchange as ``lay away 🌰7 🍀8`` (``, the upcard for one`` when the dealer takes
        it), or ``keep the hand``."""
        if isinstance(action, Schleck):
            return "keep the bottom card of the cut"
        if isinstance(action, NoSchleck):
            return "leave the bottom card of the cut"
        if not isinstance(action, Exchange):
            return super().action_words(action)
        cards = " ".join(self.face(card) for card in action.cards)
        if action.upcard:
            return f"lay away {cards}, the upcard for one"
        return f"lay away {cards}" if cards else "keep the hand"

    def deal_lines(self, console: Console, deal: Deal) -> None:
        """RA-2, RA-3: the upcard and the trumps; who schleckte."""
        state = deal.state
        if not isinstance(state, RamsenState) or state.upcard is None:
            return
        upcard = state.upcard
        trumps = console.cards(ramsen_order(upcard.suit).trumps)
        console.write(
            f"Upcard {console.face(upcard)}: trump is {upcard.suit.german}; trumps: {trumps}"
        )
        if state.schleck_seat is not None:
            who = console.name(console.match.active_seats[state.schleck_seat])
            console.write(f"{who} kept the bottom card of the cut (schlecken): no exchange turn")

    def report(self, console: Console, seats: tuple[int, ...], event: Event, deal: Deal) -> bool:
        if isinstance(event, SchleckChosen):
            if not event.kept:  # a kept card is said with the upcard
                who = console.does(seats[event.seat], "leave")
                console.write(f"  {who} the bottom card of the cut")
            self.deal_lines(console, deal)  # RA-8: dealt now, the upcard turned
        elif isinstance(event, Exchanged):
            self._exchanged(console, seats[event.seat], event)
        elif isinstance(event, Said) and event.what == "in":
            console.write(f"  {console.does(seats[event.seat], 'say')} in")
        else:
            return False
        return True

    @staticmethod
    def _exchanged(console: Console, table_seat: int, event: Exchanged) -> None:
        """RA-4: how many cards a seat laid away (what it drew only the seat sees)."""
        if not event.count:
            console.write(f"  {console.does(table_seat, 'keep')} the hand")
            return
        cards = "a card" if event.count == 1 else f"{event.count} cards"
        upcard = ""
        if event.took_upcard:
            upcard = " and take the upcard" if table_seat == 0 else " and takes the upcard"
        console.write(f"  {console.does(table_seat, 'exchange')} {cards}{upcard}")
        deal_seat = console.match.deal_seat(0)
        if table_seat == 0 and deal_seat is not None:
            console.write(f"Your hand now: {console.cards(console.match.deal.hand(deal_seat))}")

    def players_of(self, view: SeatView) -> Sequence[int]:
        """The seats that said in."""
        state = view.public.state
        if isinstance(state, RamsenState) and state.active:
            return list(state.active)
        return range(view.players)

    def result(self, console: Console, entry: SheetEntry) -> bool:
        """RA-5, RA-7: the tricks, the extra crosses, then what everyone still owes drawn as
        crosses; the winner."""
        result = entry.result
        details = result.details or {}
        names = [console.name(seat) for seat in entry.seats]
        number = entry.number + 1
        if result.contract == "void":
            console.write(f"Deal {number} over: everyone passed, the deal is void.")
        elif not result.tricks:
            alone = next(seat for seat, count in enumerate(result.trick_counts) if count)
            console.write(
                f"Deal {number} over: {names[alone]} alone in, all five tricks without play."
            )
        else:
            counts = ", ".join(
                f"{names[seat]} {count}"
                for seat, count in enumerate(result.trick_counts)
                if "passed" not in result.tags[seat]
            )
            console.write(f"Deal {number} over. Tricks: {counts}")
        for seat in result.losers:
            console.write(f"{names[seat]} said in and took no trick: one cross more")
        owed = [int(value) for value in details["owed"]]
        match = console.match
        for table_seat in range(match.seats):
            bars = owed[entry.seats.index(table_seat)] if table_seat in entry.seats else None
            if bars is None:
                bars = int(match.carry[table_seat])
            console.write(f"  {console.name(table_seat):<6} {crosses_art(bars)}")
        winner = details.get("winner")
        if winner is not None:
            who = names[winner]
            verb = "have" if who == YOU else "has"
            verb += " drawn the last bar and win" + ("" if who == YOU else "s")
            console.write(f"{who} {verb} the game!")
        return True

    # -- asked -----------------------------------------------------------------------------

    def ask(self, console: Console, view: SeatView) -> Action | None:
        if view.phase == "schlecken":
            return self._ask_schlecken(console, view)
        if view.phase == "exchange":
            return self._ask_exchange(console, view)
        if view.phase == "in_or_pass":
            return self._ask_in_or_pass(console, view)
        return None

    @staticmethod
    def _ask_schlecken(console: Console, view: SeatView) -> Action:
        """RA-8: the cutter keeps the bottom card of the cut (and has no exchange) or not."""
        console.write(f"You cut. The bottom card of the cut is {console.cards(view.skat)}.")
        while True:
            text, chosen = console.answer(
                view, "Keep it and be dealt four more (k), or leave it (l)? (Enter = AI) "
            )
            if chosen is not None:
                return chosen
            if text in ("k", "keep", "y", "yes"):
                return Schleck()
            if text in ("l", "leave", "n", "no"):
                return NoSchleck()
            console.write("  Answer k to keep the card or l to leave it")

    @staticmethod
    def _ask_exchange(console: Console, view: SeatView) -> Action:
        """RA-4: the cards to lay away (empty: keep the hand), the dealer's upcard."""
        state = view.public.state
        assert isinstance(state, RamsenState) and state.upcard is not None
        hand = list(view.hand)
        console.write("Your hand: " + console.numbered(hand))
        talon = len(console.match.deal.skat)
        dealer = view.seat == state.dealer
        extra = f"; 'up' takes the upcard {console.face(state.upcard)} for one" if dealer else ""
        console.write(f"The talon holds {counted(talon, 'card')}{extra}.")
        while True:
            text = console.line(
                "Cards to lay away (e.g. C7 S8 or 1 4; Enter = keep your hand; ai = AI): "
            )
            if text.lower() == "ai":
                action = console.adviser.choose(view)
                console.write(f"  AI decides for you: {console.action_words(action)}")
                return action
            parts = text.replace(",", " ").split()
            upcard = any(part.lower() in UPCARD_WORDS for part in parts)
            names = [part for part in parts if part.lower() not in UPCARD_WORDS]
            try:
                cards = [console.card(name, hand) for name in names]
                if len(set(cards)) != len(cards):
                    raise RulesError("Name each card you lay away once")
            except RulesError as error:
                console.refused(error)
                continue
            exchange = Exchange(tuple(cards), upcard)
            if console.allowed(exchange):
                return exchange

    @staticmethod
    def _ask_in_or_pass(console: Console, view: SeatView) -> Action:
        """RA-5: say in or pass (the legal actions say when the seat must play)."""
        console.write("Your hand: " + console.cards(view.hand))
        if Pass() not in view.legal:
            state = view.public.state
            exchanged = isinstance(state, RamsenState) and state.exchanged.get(view.seat, 0)
            reason = "you exchanged" if exchanged else "everyone passed"
            console.write(f"You must play ({reason}): you say in")
            return In()
        while True:
            text, chosen = console.answer(view, "Play this deal: in (i) or pass (p)? (Enter = AI) ")
            if chosen is not None:
                return chosen
            if text in ("i", "in", "y", "yes", "play"):
                return In()
            if text in ("p", "pass", "n", "no"):
                return Pass()
            console.write("  Answer i to play or p to pass")
