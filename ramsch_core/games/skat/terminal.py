"""Skat at the terminal: the bidding, taking the skat or playing Hand, the declaration, an
Ouvert declarer's open cards, and a game's value worked out as the score sheet writes it."""

from __future__ import annotations

from typing import Any

from ramsch_core.actions import Action, Event
from ramsch_core.cards import points_of
from ramsch_core.deal import Deal
from ramsch_core.errors import RulesError
from ramsch_core.games.skat.ai import contest_of, game_value
from ramsch_core.games.skat.bidding import Bid, Hold, forehand_must_play
from ramsch_core.games.skat.contract import BASE, SkatContest, null_value, value_steps
from ramsch_core.games.skat.declaring import Declare, Discard, TakeSkat
from ramsch_core.match import SheetEntry
from ramsch_core.phases.say import Pass, Said
from ramsch_core.terminal import results
from ramsch_core.terminal.console import Console
from ramsch_core.terminal.presenter import PlainPresenter
from ramsch_core.view import SeatView

HELP = (
    "Skat: in the bidding b bids the next value (or type a value), y holds, p passes; then "
    "t takes the skat, a game is declared by its letter (c s h d g n) with schneider, schwarz "
    "or ouvert after it for a Hand game. An empty line lets the AI decide any step."
)
GAME_NAMES = {
    "clubs": "Clubs", "spades": "Spades", "hearts": "Hearts", "diamonds": "Diamonds",
    "grand": "Grand", "null": "Null",
}  # fmt: skip
GAME_WORDS = {
    "c": "clubs", "clubs": "clubs", "kreuz": "clubs",
    "s": "spades", "spades": "spades", "pik": "spades",
    "h": "hearts", "hearts": "hearts", "herz": "hearts",
    "d": "diamonds", "diamonds": "diamonds", "karo": "diamonds",
    "g": "grand", "grand": "grand",
    "n": "null", "null": "null",
}  # fmt: skip
"""What a player may type for a game: its letter, its English or German name."""
ANNOUNCEMENTS = {
    "schneider": "schneider", "schwarz": "schwarz", "ouvert": "ouvert", "open": "ouvert",
    "o": "ouvert", "hand": "hand",
}  # fmt: skip
YES = ("y", "yes", "j", "ja", "hold", "h")
NO = ("p", "pass", "n", "no", "nein", "weg")
STEP_WORDS = {
    "game": "game", "hand": "Hand", "schneider": "Schneider",
    "schneider_announced": "Schneider announced", "schwarz": "Schwarz",
    "schwarz_announced": "Schwarz announced", "ouvert": "Ouvert",
}  # fmt: skip


def explain_value(details: dict[str, Any]) -> list[str]:
    """A Skat game's value worked out as the score sheet writes it (FS-8..12), e.g.
    ``Clubs with 2, game 3, Schneider 4 → 4 × 12 = 48``; then an overbid, Kontra and Re, and
    the doubled loss."""
    steps = value_steps(details)
    lines = []
    if steps.matadors is None:
        name = " ".join(
            word
            for word, counts in (
                ("Null", True),
                ("Hand", details["hand"]),
                ("Ouvert", details["ouvert"]),
            )
            if counts
        )
        lines.append(f"Value: {name} = {steps.counted}")
    else:
        count = steps.matadors
        words = [f"{GAME_NAMES[steps.game]} {'with' if count > 0 else 'without'} {abs(count)}"]
        words += [f"{STEP_WORDS[name]} {level}" for name, level in steps.steps[1:]]
        lines.append(f"Value: {', '.join(words)} → {steps.level} × {steps.base} = {steps.counted}")
    if steps.raised is not None:
        lines.append(
            f"Overbid: {steps.counted} is less than the bid of {details['bid']}, so the game "
            f"is lost at {steps.raised // steps.base} × {steps.base} = {steps.raised}"
        )
    if steps.kontra:
        said = "Kontra" if steps.kontra == 1 else "Kontra and Re"
        lines.append(f"{said}: × {1 << steps.kontra} = {steps.value}")
    if not details["won"]:
        lines.append(f"Lost: -2 × {steps.value} = {-2 * steps.value}")
    return lines


class SkatPresenter(PlainPresenter):
    """Skat in the French pack, its bidding and declaring asked and said."""

    help = HELP

    # -- said ------------------------------------------------------------------------------

    def action_words(self, action: Action) -> str:
        """Two cards laid away as ``lay away ♠A ♥10``."""
        if isinstance(action, Discard):
            return "lay away " + " ".join(self.face(card) for card in action.cards)
        return super().action_words(action)

    def report(self, console: Console, seats: tuple[int, ...], event: Event, deal: Deal) -> bool:
        """A bid, an answer, the skat taken or laid, a declaration; everyone passing."""
        if not isinstance(event, Said):
            return False
        seat, what = seats[event.seat], event.what
        contest = deal.state if isinstance(deal.state, SkatContest) else None
        if what.isdigit():
            console.write(f"  {console.does(seat, 'bid')} {what}")
        elif what == "hold":
            console.write(f"  {console.does(seat, 'hold')}")
        elif what == "pass":
            console.write(f"  {console.does(seat, 'pass')}")
            if contest is not None and contest.declarer is not None and forehand_must_play(contest):
                forehand = console.name(seats[contest.declarer])
                console.write(f"Both others passed: {forehand} must play a game, at 18.")
            if contest is not None and contest.passed_out:
                throw_in = getattr(deal.rules, "all_pass", "ramsch") == "throw_in"
                console.write(
                    "Everyone passed: "
                    + ("the cards are thrown in." if throw_in else "Ramsch is played.")
                )
        elif what == "pickup":
            console.write(f"  {console.does(seat, 'take')} the skat")
        elif what == "discard":
            console.write(f"  {console.does(seat, 'lay')} two cards away")
        elif what.startswith("declare") and contest is not None:
            game = self.game_line(console, deal)
            if game is not None:
                console.show_game(*game)
            self.before_card(console, deal)
        else:
            return False
        return True

    def game_line(self, console: Console, deal: Deal) -> tuple[int, str] | None:
        """``Game: AI 1 plays Clubs Hand, Schneider announced (bid 20), Kontra``."""
        contest = deal.state
        if not isinstance(contest, SkatContest):
            return None
        declaration, declarer = contest.declaration, contest.declarer
        if declaration is None or declarer is None:
            return None
        words = [GAME_NAMES[declaration.game]]
        if declaration.hand:
            words.append("Hand")
        if declaration.ouvert:
            words.append("Ouvert")
        text = " ".join(words)
        if declaration.schwarz and not declaration.ouvert:
            text += ", Schwarz announced"
        elif declaration.schneider and not declaration.ouvert:
            text += ", Schneider announced"
        name = console.name(console.match.active_seats[declarer])
        verb = "play" if declarer == console.match.deal_seat(0) else "plays"
        doubled = {0: "", 1: ", Kontra", 2: ", Kontra and Re"}[min(contest.kontra, 2)]
        return contest.kontra, f"Game: {name} {verb} {text} (bid {contest.bid}){doubled}"

    def before_card(self, console: Console, deal: Deal) -> None:
        """An Ouvert declarer's cards lie open on the table."""
        contest = deal.state
        if not isinstance(contest, SkatContest) or contest.declarer is None:
            return
        if contest.declaration is None or not contest.declaration.ouvert or deal.finished:
            return
        table_seat = console.match.active_seats[contest.declarer]
        if table_seat == 0:
            return
        cards = console.cards(deal.hand(contest.declarer))
        console.write(f"Open cards of {console.name(table_seat)}: {cards}")

    def result(self, console: Console, entry: SheetEntry) -> bool:
        """A declared game: who played what, the card points, the value worked out."""
        details = entry.result.details or {}
        if "declarer" not in details:
            return False  # Ramsch or thrown in, as the terminal says it
        result = entry.result
        declarer = console.name(entry.seats[details["declarer"]])
        game = GAME_NAMES.get(details["game"], details["game"])
        won = "won" if details["won"] else "lost"
        if details.get("hand"):
            game += " Hand"
        if details.get("ouvert"):
            game += " Ouvert"
        console.write(f"Deal {entry.number + 1} over. {declarer} {won} {game}.")
        skat = console.cards(result.skat)
        if details["game"] == "null":
            taken = result.trick_counts[details["declarer"]]
            console.write(f"{declarer} took {'no trick' if not taken else 'a trick'}; skat: {skat}")
        else:
            total = details["declarer_points"]
            skat_points = points_of(result.skat)
            console.write(
                f"{declarer}: {total} card points (tricks {total - skat_points}, skat "
                f"{skat} {skat_points})"
            )
        for line in explain_value(details):
            console.write(line)
        results.scores(console, entry)
        return True

    # -- asked -----------------------------------------------------------------------------

    def ask(self, console: Console, view: SeatView) -> Action | None:
        if view.phase == "bidding":
            return self._ask_bid(console, view)
        if view.phase == "declaring":
            return self._ask_declaring(console, view)
        return None

    def _ask_bid(self, console: Console, view: SeatView) -> Action:
        """Hold or pass a value bid to you; or bid the next value, a higher one, or pass."""
        contest = contest_of(view)
        bid = contest.bid if contest is not None else 0
        if Hold() in view.legal:
            bidder = _last_bidder(console, contest)
            while True:
                text, chosen = console.answer(
                    view, f"{bidder} bids {bid}: hold (y) or pass (p)? (Enter = AI) "
                )
                if chosen is not None:
                    return chosen
                if text in YES:
                    return Hold()
                if text in NO:
                    return Pass()
                console.write("  Answer y to hold the bid or p to pass")
        values = sorted(action.value for action in view.legal if isinstance(action, Bid))
        if not values:
            return Pass()
        following = values[0]
        if bid == 0 and contest is not None and len(contest.said) >= 2:
            throw_in = getattr(view.rules, "all_pass", "ramsch") == "throw_in"
            after = "the cards are thrown in" if throw_in else "Ramsch is played"
            console.write(f"The others passed: bid 18 to play a game, or pass and {after}.")
        else:
            console.write(f"The bid stands at {bid}." if bid else "Nobody has bid yet.")
        higher = values[min(2, len(values) - 1)]
        while True:
            text, chosen = console.answer(
                view,
                f"Bid {following} (b), a higher value (e.g. {higher}), or pass (p)? (Enter = AI) ",
            )
            if chosen is not None:
                return chosen
            if text in ("b", "bid", "y", "yes"):
                return Bid(following)
            if text in ("p", "pass", "n", "no"):
                return Pass()
            if not text.isdigit():
                console.write(f"  Answer b to bid {following}, a value like {higher}, or p to pass")
                continue
            action = Bid(int(text))
            if console.allowed(action):
                return action

    def _ask_declaring(self, console: Console, view: SeatView) -> Action:
        """Take the skat or declare a Hand game; lay two away; declare the game."""
        contest = contest_of(view)
        bid = contest.bid if contest is not None else 0
        if TakeSkat() in view.legal:
            must = contest is not None and forehand_must_play(contest)
            at = "You must play, at" if must else "You play at"
            console.write(f"{at} {bid}. Your hand: " + console.cards(view.hand))
            _values(console, view, bid, hand=True)
            prompt = (
                "Take the skat (t), or declare a Hand game (e.g. g, c schneider, n ouvert)? "
                "(Enter = AI) "
            )
            while True:
                text, chosen = console.answer(view, prompt)
                if chosen is not None:
                    return chosen
                if text in ("t", "take", "skat", "take skat"):
                    return TakeSkat()
                if text in ("p", "pass", "passe", "weg") and not console.allowed(Pass()):
                    continue  # forehand who must play is told why he may not pass (FS-16)
                action = _declaration(console, text)
                if action is not None:
                    return action
        if any(isinstance(action, Discard) for action in view.legal):
            cards = sorted(view.hand, key=view.order.sort_key)
            console.write(f"You take the skat: {console.cards(console.match.deal.initial_skat)}")
            console.write("Lay two away: " + console.numbered(cards))
            while True:
                text, chosen = console.answer(
                    view, "Two cards to lay away (e.g. SA HT or 3 7; Enter = AI): "
                )
                if chosen is not None:
                    return chosen
                parts = text.replace(",", " ").split()
                try:
                    if len(parts) != 2:
                        raise RulesError("Name exactly two cards, e.g. SA HT")
                    discard = Discard(
                        (console.card(parts[0], cards), console.card(parts[1], cards))
                    )
                except RulesError as error:
                    console.refused(error)
                    continue
                if console.allowed(discard):
                    return discard
        console.write("Your hand: " + console.cards(view.hand))
        _values(console, view, bid, hand=False)
        while True:
            text, chosen = console.answer(
                view, "Declare c s h d g or n (Null; 'n ouvert' to play it open; Enter = AI): "
            )
            if chosen is not None:
                return chosen
            action = _declaration(console, text)
            if action is not None:
                return action


def _last_bidder(console: Console, contest: SkatContest | None) -> str:
    seats = console.match.active_seats
    if contest is not None:
        for seat, what in reversed(contest.said):
            if what.isdigit():
                return console.name(seats[seat])
    return "The bidder"


def _values(console: Console, view: SeatView, bid: int, hand: bool) -> None:
    """What each game is worth with the cards the player knows (FS-8/9)."""
    known = [*view.hand, *view.laid]
    worth = [
        f"{GAME_NAMES[game]} {game_value(game, known, hand)}"  # type: ignore[arg-type]
        for game in BASE
    ]
    worth.append(f"Null {null_value(hand, False)} (Ouvert {null_value(hand, True)})")
    note = "; the skat counts for the matadors too" if hand else ""
    console.write(f"Values without Schneider (bid {bid}{note}): " + ", ".join(worth))


def _declaration(console: Console, text: str) -> Action | None:
    """A declaration typed as a game and its announcements; None (and why) if refused."""
    words = text.replace(",", " ").split()
    game = GAME_WORDS.get(words[0]) if words else None
    if game is None:
        console.write("  Name a game: c s h d (a suit), g (Grand) or n (Null)")
        return None
    flags = set()
    for word in words[1:]:
        flag = ANNOUNCEMENTS.get(word)
        if flag is None:
            console.write(f"  Unknown announcement {word!r}: use schneider, schwarz or ouvert")
            return None
        flags.add(flag)
    ouvert = "ouvert" in flags
    schwarz = game != "null" and ("schwarz" in flags or ouvert)
    schneider = game != "null" and ("schneider" in flags or schwarz)
    if game == "null" and flags & {"schneider", "schwarz"}:
        console.write("  Schneider and Schwarz can't be announced in a Null game")
        return None
    action = Declare(game, schneider, schwarz, ouvert, None)  # type: ignore[arg-type]
    return action if console.allowed(action) else None
