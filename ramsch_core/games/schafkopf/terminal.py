"""Schafkopf at the terminal, in the German pack and its words: Klopfen, the calls (weiter,
Sauspiel auf eine Sau, Wenz, Solo), the partner once the called Sau falls, and the payment
worked out from the tariff (SF-1..10)."""

from __future__ import annotations

from typing import Any

from ramsch_core.actions import Action, CardPlayed, Event
from ramsch_core.cards import Suit
from ramsch_core.deal import Deal
from ramsch_core.errors import RulesError
from ramsch_core.games.schafkopf.calling import Call, Knock, NoKnock
from ramsch_core.games.schafkopf.contract import SchafkopfContest, called_ace
from ramsch_core.games.schafkopf.hochzeit import Accept, Give
from ramsch_core.match import SheetEntry
from ramsch_core.phases.say import Pass, Said
from ramsch_core.terminal import packs, results
from ramsch_core.terminal.console import Console
from ramsch_core.terminal.presenter import GermanPackPresenter
from ramsch_core.terminal.words import YOU, counted, listed, within
from ramsch_core.view import SeatView

HELP = (
    "Schafkopf: call in turn: weiter (or pass), sauspiel and the suit of the Sau you call "
    "(eichel, gras or schellen; or C, S, D), wenz, or solo and its suit (eichel, gras, herz "
    "or schellen; or C, S, H, D); add tout to either to take every trick for double; sie "
    "with all four Obers and Unters; a higher game overrides. The called Sau's holder is the "
    "caller's partner, shown when the Sau falls. At a Klopfen table knock (k) or not (n) "
    "first, after your first four cards (three in the short pack). Geier and farbwenz with "
    "a suit where the table plays them. Kontra (k) and Re (r) double. Payments in cents: the "
    "tariff and the extras, times the doublings.\n" + packs.GERMAN_HELP
)
GAME_NAMES = {
    "sauspiel": "Sauspiel", "wenz": "Wenz", "solo": "Solo", "sie": "Sie", "geier": "Geier",
    "farbwenz": "Farbwenz", "hochzeit": "Hochzeit",
}  # fmt: skip
SUIT_WORDS = {
    "c": Suit.CLUBS, "clubs": Suit.CLUBS, "kreuz": Suit.CLUBS, "eichel": Suit.CLUBS,
    "s": Suit.SPADES, "spades": Suit.SPADES, "pik": Suit.SPADES, "gras": Suit.SPADES,
    "blatt": Suit.SPADES, "grün": Suit.SPADES,
    "h": Suit.HEARTS, "hearts": Suit.HEARTS, "herz": Suit.HEARTS, "rot": Suit.HEARTS,
    "d": Suit.DIAMONDS, "diamonds": Suit.DIAMONDS, "karo": Suit.DIAMONDS,
    "schellen": Suit.DIAMONDS, "schelln": Suit.DIAMONDS,
}  # fmt: skip
"""Suits as a Schafkopf player may name them: the letter, English, French and German names."""
CALL_WORDS = {
    "sauspiel": "sauspiel", "sau": "sauspiel", "rufspiel": "sauspiel", "call": "sauspiel",
    "wenz": "wenz", "solo": "solo", "ramsch": "ramsch", "sie": "sie", "geier": "geier",
    "farbwenz": "farbwenz", "hochzeit": "hochzeit",
}  # fmt: skip
ACCEPT = ("a", "accept", "j", "ja", "y", "yes", "annehmen")
WEITER = ("weiter", "w", "pass", "p", "n", "no", "nein")
KNOCKS = ("knock", "no_knock")
DOUBLINGS = ("kontra", "re")


def call_words(what: str) -> str:
    """A call as the contest writes it, in Schafkopf: ``sauspiel C`` as ``Sauspiel auf die
    Eichel-Sau``, ``solo H`` as ``Herz-Solo``, ``wenz tout`` as ``Wenz Tout``."""
    if what.endswith(" tout"):
        return f"{call_words(what.removesuffix(' tout'))} Tout"
    game, _, letter = what.partition(" ")
    if game == "sauspiel" and letter:
        return f"Sauspiel auf die {Suit('CSHD'.index(letter)).german}-Sau"
    if game in ("solo", "farbwenz") and letter:
        return f"{Suit('CSHD'.index(letter)).german}-{game.capitalize()}"
    return game.capitalize()


def _doubled(contest: SchafkopfContest) -> str:
    """`` (1 knock, Kontra: × 4)``, or nothing when the game counts once."""
    doubled = [counted(len(contest.knocks), "knock")] if contest.knocks else []
    doubled += [["", "Kontra", "Kontra and Re"][contest.kontra]] if contest.kontra else []
    return f" ({', '.join(doubled)}: × {contest.multiplier})" if doubled else ""


class SchafkopfPresenter(GermanPackPresenter):
    """Schafkopf in the German pack, its knocks and calls asked and said."""

    help = HELP

    # -- said ------------------------------------------------------------------------------

    def action_words(self, action: Action) -> str:
        """A call as said at the table: ``weiter``, ``Sauspiel auf die Gras-Sau``; a knock."""
        if isinstance(action, Pass):
            return "weiter"
        if isinstance(action, Call):
            return call_words(action.words)
        if isinstance(action, Knock):
            return "knock"
        if isinstance(action, NoKnock):
            return "no knock"
        if isinstance(action, Accept):
            return "accept the Hochzeit"
        if isinstance(action, Give):
            return f"give {self.face(action.card)}"
        return super().action_words(action)

    def hand_line(self, console: Console, deal: Deal, seat: int) -> str:
        if deal.phase == "knocking":  # Klopfen: only the first four cards are seen
            hand = deal.view(seat).hand
            count = "four" if len(hand) == 4 else "three"  # the short pack (SF-15): three
            return f"Your first {count} cards: " + console.cards(hand)
        return super().hand_line(console, deal, seat)

    def report(self, console: Console, seats: tuple[int, ...], event: Event, deal: Deal) -> bool:
        contest = deal.state
        if not isinstance(contest, SchafkopfContest):
            return False
        if isinstance(event, Said):
            self._said(console, seats, event, contest)
            return True
        if isinstance(event, CardPlayed):
            if seats[event.seat] != 0:
                played = console.face(event.card)
                console.write(f"  {console.name(seats[event.seat])} plays {played}")
            self._partner_shown(console, seats, event, contest)
            return True
        return False

    def _said(
        self, console: Console, seats: tuple[int, ...], event: Said, contest: SchafkopfContest
    ) -> None:
        """SF-2, SF-9: a knock, a call or weiter, Kontra, Re; the game once the calls end."""
        seat, what = seats[event.seat], event.what
        if what == "knock":
            console.write(f"  {console.does(seat, 'knock')}!")
        elif what == "no_knock":
            console.write(f"  {console.name(seat)}: no knock")
        elif what == "pass":
            console.write(f"  {console.name(seat)}: weiter")
        elif what in DOUBLINGS:
            console.write(f"  {console.does(seat, 'say')} {what.capitalize()}!")
        elif what == "accept":  # SF-16
            console.write(f"  {console.does(seat, 'accept')} the Hochzeit")
            return
        else:
            console.write(f"  {console.name(seat)}: {call_words(what)}")
        if what not in (*KNOCKS, *DOUBLINGS) and contest.game is not None:
            console.show_game(contest.kontra, self._game(console, contest))  # calls are over

    def game_line(self, console: Console, deal: Deal) -> tuple[int, str] | None:
        contest = deal.state
        if not isinstance(contest, SchafkopfContest) or contest.declarer is None:
            return None
        return contest.kontra, self._game(console, contest)

    def _game(self, console: Console, contest: SchafkopfContest) -> str:
        """The game as the calls decided it, with the knocks and Kontra or Re."""
        extra = _doubled(contest)
        if contest.game == "ramsch":
            return f"Everyone passed: Ramsch is played{extra}."
        if contest.game == "passed":
            stock = getattr(self.rules, "all_pass", "") == "stock"
            return "Everyone passed: " + ("Stock, nobody scores." if stock else "thrown in.")
        declarer = contest.declarer
        assert declarer is not None
        seats = console.match.active_seats
        name = console.name(seats[declarer])
        verb = "play" if name == YOU else "plays"
        if contest.game == "sie":
            shows = "show" if name == YOU else "shows"
            return f"Game: {name} {shows} a Sie (all four Obers and Unters): won unplayed{extra}"
        tout = " Tout (every trick, or lost)" if contest.tout else ""
        if contest.game == "hochzeit":  # SF-16: shown once the calls end, before it is taken
            offers = "offer" if name == YOU else "offers"
            return f"Game: {name} {offers} a Hochzeit{extra}: the first to accept is the partner"
        if contest.game == "sauspiel" and contest.ace is not None:
            game = call_words(f"sauspiel {contest.ace.letter}")
            if contest.partner is not None:
                partner = within(console.name(seats[contest.partner]))
                return f"Game: {name} {verb} {game} with {partner}{extra}"
            return f"Game: {name} {verb} {game}{extra}; partner unknown until the Sau falls"
        if contest.game == "solo" and contest.suit is not None:
            suit = contest.suit.german
            trumps = f"Obers, Unters and {suit} are trumps"
            return f"Game: {name} {verb} {suit}-Solo{tout} alone{extra}; {trumps}"
        if contest.game == "farbwenz" and contest.suit is not None:
            suit = contest.suit.german
            trumps = f"Unters and {suit} are trumps"
            return f"Game: {name} {verb} {suit}-Farbwenz{tout} alone{extra}; {trumps}"
        if contest.game == "geier":
            return f"Game: {name} {verb} Geier{tout} alone{extra}; only the Obers are trumps"
        return f"Game: {name} {verb} Wenz{tout} alone{extra}; only the Unters are trumps"

    @staticmethod
    def _partner_shown(
        console: Console, seats: tuple[int, ...], event: CardPlayed, contest: SchafkopfContest
    ) -> None:
        """SF-3: the called Sau falls; its player is the declarer's partner."""
        if contest.game != "sauspiel" or contest.ace is None or contest.declarer is None:
            return
        if event.card != called_ace(contest.ace):
            return
        partner = console.name(seats[event.seat])
        declarer = console.name(seats[contest.declarer])
        verb = "are" if partner == YOU else "is"
        whose = "your" if declarer == YOU else f"{declarer}'s"
        console.write(f"  The called Sau is out: {partner} {verb} {whose} partner")

    def result(self, console: Console, entry: SheetEntry) -> bool:
        """SF-6..9: the game won or lost with its card points, then the payment worked out:
        the tariff and the extras, times the doublings, and who pays whom."""
        details = entry.result.details or {}
        if details.get("game") not in GAME_NAMES:
            return False  # Ramsch, or thrown in: as the terminal says it
        self._payment(console, entry, details)
        results.scores(console, entry)
        return True

    def _payment(self, console: Console, entry: SheetEntry, details: dict[str, Any]) -> None:
        names = [console.name(seat) for seat in entry.seats]
        game = GAME_NAMES[details["game"]] + (" Tout" if details.get("tout") else "")
        side = [details["declarer"]]
        if details.get("partner") is not None:
            side.append(details["partner"])
        others = listed([names[seat] for seat in range(len(names)) if seat not in side])
        players = listed([names[seat] for seat in side])
        won = "won" if details["won"] else "lost"
        extras = [
            word for word in ("Schneider", "Schwarz") if details[word.lower()]
        ]  # a lost game's side may be Schneider or Schwarz too
        if details["game"] == "sie":
            console.write(f"Deal {entry.number + 1} over. {players} won with a Sie, unplayed.")
        else:
            console.write(
                f"Deal {entry.number + 1} over. {players} {won} the {game} with "
                f"{details['declarer_points']} card points"
                + (f" ({', '.join(extras)})" if extras else "")
                + "."
            )
        tariff = getattr(self.rules, "tariff", None)
        extra = tariff.extra if tariff is not None else 0
        multiplier, amount = details["multiplier"], details["amount"]
        factor = 4 if details["game"] == "sie" else 2 if details.get("tout") else 1  # SF-11/12
        subtotal = amount // multiplier // factor
        count = details["schneider"] + details["schwarz"] + details["laufende"]
        parts = [f"{game} {subtotal - extra * count}"]
        parts += [f"{word} {extra}" for word in extras]
        if details["laufende"]:
            parts.append(f"{details['laufende']} Laufende × {extra}")
        line = f"Payment: {' + '.join(parts)} = {subtotal}"
        if factor > 1:
            subtotal *= factor
            line += f" × {factor} ({game}) = {subtotal}"
        if multiplier > 1:
            why = []
            if details["knocks"]:
                why.append(counted(details["knocks"], "knock"))
            if details["kontra"]:
                why.append("Kontra" if details["kontra"] == 1 else "Kontra and Re")
            line += f" × {multiplier} ({', '.join(why)}) = {amount}"
        console.write(f"{line} cents")
        payers, payees = (others, players) if details["won"] else (players, others)
        if details["game"] in ("sauspiel", "hochzeit"):  # SF-8, SF-16: two and two
            console.write(f"{payers} pay {amount} each; {within(payees)} get {amount} each")
        elif details["won"]:
            console.write(f"{payers} pay {amount} each to {within(payees)}: {3 * amount} in all")
        else:
            pays = "pay" if payers == YOU else "pays"
            console.write(
                f"{payers} {pays} {amount} to each of {within(payees)}: {3 * amount} in all"
            )

    # -- asked -----------------------------------------------------------------------------

    def ask(self, console: Console, view: SeatView) -> Action | None:
        if view.phase == "knocking":
            return self._ask_knock(console, view)
        if view.phase == "calling":
            return self._ask_call(console, view)
        if view.phase == "hochzeit":
            return self._ask_hochzeit(console, view)
        return None

    @staticmethod
    def _ask_hochzeit(console: Console, view: SeatView) -> Action:
        """SF-16: accept the Hochzeit offered or say weiter; having accepted, give a card that
        is not a trump for the offerer's trump."""
        gives = [action.card for action in view.legal if isinstance(action, Give)]
        if gives:
            console.write("You may give: " + console.numbered(gives))
            while True:
                text, chosen = console.answer(view, "Card to give for the trump (Enter = AI): ")
                if chosen is not None:
                    return chosen
                try:
                    action = Give(console.card(text, gives))
                except RulesError as error:
                    console.refused(error)
                    continue
                if console.allowed(action):
                    return action
        contest = view.public.state
        assert isinstance(contest, SchafkopfContest) and contest.declarer is not None
        offerer = console.name(console.match.active_seats[contest.declarer])
        console.write(f"{offerer} offers a Hochzeit. Your hand: " + console.cards(view.hand))
        while True:
            text, chosen = console.answer(view, "Accept (a) or weiter (w)? (Enter = AI) ")
            if chosen is not None:
                return chosen
            if text in ACCEPT and console.allowed(Accept()):
                return Accept()
            if text in WEITER:
                return Pass()
            if text not in ACCEPT:
                console.write("  Answer a to accept or w for weiter")

    @staticmethod
    def _ask_knock(console: Console, view: SeatView) -> Action:
        """SF-9: knock or not, with the first four cards seen (shown as the deal began)."""
        while True:
            text, chosen = console.answer(view, "Knock (k) or not (n)? (Enter = AI) ")
            if chosen is not None:
                return chosen
            if text in ("k", "knock", "klopf", "klopfen", "y", "yes", "ja", "j"):
                return Knock()
            if text in ("n", "no", "nein", "not"):
                return NoKnock()
            console.write("  Answer k to knock or n not to")

    def _ask_call(self, console: Console, view: SeatView) -> Action:
        """SF-2: weiter, or a game that outranks the calls before."""
        contest = view.public.state
        assert isinstance(contest, SchafkopfContest)
        seats = console.match.active_seats
        if contest.said:  # else the deal has just begun and shown the hand
            console.write("Your hand: " + console.cards(view.hand))
        called = [(seat, word) for seat, word in contest.said if word not in KNOCKS]
        best = next((word for _, word in reversed(called) if word != "pass"), None)
        calls = [action.game for action in view.legal if isinstance(action, Call)]
        if calls == ["ramsch"] and "hochzeit" in (word for _, word in called):  # SF-16, SK-9
            console.write("Nobody accepted the Hochzeit: ramsch, or weiter to leave a Stock.")
        elif best is not None:
            who = next(seat for seat, word in reversed(called) if word == best)
            console.write(f"{console.name(seats[who])} calls {call_words(best)}.")
        offered = [
            _typed(action)
            for action in view.legal
            if isinstance(action, Call) and action.game not in ("solo", "farbwenz")
        ]
        suited = [action for action in view.legal if isinstance(action, Call) and action.suit]
        for game in ("farbwenz", "solo"):
            if any(not call.tout and call.game == game for call in suited):
                offered.append(f"{game} eichel/gras/herz/schellen")
            if any(call.tout and call.game == game for call in suited):
                offered.append(f"{game} eichel/gras/herz/schellen tout")
        console.write("You may say: " + ", ".join(["weiter", *offered]))
        while True:
            text, chosen = console.answer(
                view, "Your call (e.g. weiter, sauspiel eichel, wenz, solo herz; Enter = AI): "
            )
            if chosen is not None:
                return chosen
            action = _call(console, text)
            if action is not None and console.allowed(action):
                return action


def _typed(call: Call) -> str:
    """A call as the player may type it: ``sauspiel gras``, ``wenz``, ``wenz tout``."""
    if call.ace is not None:
        return f"{call.game} {call.ace.german.lower()}"
    return f"{call.game} tout" if call.tout else call.game


def _call(console: Console, text: str) -> Action | None:
    """A call as typed: ``weiter``, ``sauspiel eichel``, ``wenz``, ``solo herz`` (or a suit's
    letter); None (and why) for words that name none."""
    words = text.replace(",", " ").split()
    if not words or words[0] in WEITER:
        return Pass() if words else None
    game = CALL_WORDS.get(words[0])
    if game is None:
        console.write(
            "  Say weiter, sauspiel eichel (gras, schellen), wenz or solo with a suit "
            "(eichel, gras, herz, schellen)"
        )
        return None
    tout = words[-1] == "tout"
    if tout:
        words = words[:-1]
    suit = SUIT_WORDS.get(words[1]) if len(words) > 1 else None
    if game in ("sauspiel", "solo", "farbwenz") and suit is None:
        what = (
            "the Sau's suit (eichel, gras or schellen)" if game == "sauspiel" else "the trump suit"
        )
        example = "sauspiel eichel" if game == "sauspiel" else "solo herz"
        console.write(f"  Name {what}, e.g. {example}")
        return None
    if game == "sauspiel":
        return Call("sauspiel", suit, None, tout)
    if game in ("solo", "farbwenz"):
        return Call(game, None, suit, tout)  # type: ignore[arg-type]
    return Call(game, None, None, tout)  # type: ignore[arg-type]
