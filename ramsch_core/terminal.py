"""Offline play in a terminal: the human at table seat 0 against AI players, over stdin/stdout."""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

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
from ramsch_core.ai import PLAYER_KINDS, HeuristicPlayer, Player, make_player
from ramsch_core.ai.players import PlayerKind
from ramsch_core.ai.skat import contest_of, game_value
from ramsch_core.cards import Card, Suit, points_of
from ramsch_core.contracts.ramsen import BARS_PER_CROSS, ramsen_order
from ramsch_core.contracts.schafkopf import SchafkopfContest, called_ace
from ramsch_core.contracts.skat import BASE, SkatContest, null_value, value_steps
from ramsch_core.deal import Deal
from ramsch_core.errors import RulesError, RuleSetError
from ramsch_core.games import get_game
from ramsch_core.match import Match, SheetEntry, parse_table_options
from ramsch_core.phases.bidding import Bid, Hold, Pass, Said
from ramsch_core.phases.calling import Call, Knock, NoKnock
from ramsch_core.phases.declaring import Declare, Discard, TakeSkat
from ramsch_core.phases.doubling import Kontra, Re
from ramsch_core.phases.exchange import Exchange, Exchanged, RamsenState
from ramsch_core.phases.in_or_pass import In
from ramsch_core.seats import seat_name
from ramsch_core.view import SeatView

Reader = Callable[[str], str | None]
"""Shows a prompt and returns the line typed (without its newline), or None at end of input."""
Writer = Callable[[str], None]

HELP = (
    "Type a card as suit letter + rank (C S H D + A T K Q J 9 8 7; 10 for T, any case, e.g. "
    "SA or h10) or by its number in your hand. An empty line lets the AI choose for you; "
    "'quit' (or end of input) stops."
)


SKAT_HELP = (
    "Skat: in the bidding b bids the next value (or type a value), y holds, p passes; then "
    "t takes the skat, a game is declared by its letter (c s h d g n) with schneider, schwarz "
    "or ouvert after it for a Hand game. An empty line lets the AI decide any step."
)

RAMSEN_HELP = (
    "Ramsen: in the exchange name the cards to lay away (e.g. C7 S8), an empty line keeps "
    "your hand; as the dealer add 'up' to take the upcard for one of them (e.g. up C7). Then "
    "say in (i) or pass (p). Each trick won draws one bar of the crosses you owe (five bars a "
    "cross); whoever draws his last bar wins."
)

SCHAFKOPF_HELP = (
    "Schafkopf: call in turn: weiter (or pass), sauspiel C (calling the Ace of ♣; S or D: "
    "Gras/Pik, Schellen/Karo), wenz, or solo H (any suit: C S H D, or Eichel Gras Herz "
    "Schellen); a higher game overrides. The called Ace's holder is the caller's partner, shown "
    "when the Ace falls. At a Klopfen table knock (k) or not (n) first, after your first four "
    "cards. Kontra (k) and Re (r) double. Payments in cents: the tariff and the extras, times "
    "the doublings."
)
SCHAFKOPF_GAMES = {"sauspiel": "Sauspiel", "wenz": "Wenz", "solo": "Solo"}
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
    "wenz": "wenz", "solo": "solo", "ramsch": "ramsch",
}  # fmt: skip
WEITER = ("weiter", "w", "pass", "p", "n", "no", "nein")

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
YES = ("y", "yes", "j", "ja", "hold", "h")
NO = ("p", "pass", "n", "no", "nein", "weg")


class _Quit(Exception):
    """The player stopped the match."""


def counted(count: int, word: str) -> str:
    """``count`` and the English ``word`` in the singular or plural: "1 round", "6 cards"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def listed(names: Sequence[str]) -> str:
    """Names as an English list: "Alice", "Alice and Bob", "AI 1, AI 2 and you" (the human,
    "You", in lower case after the first)."""
    words = [name if i == 0 or name != "You" else "you" for i, name in enumerate(names)]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _score(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


class TerminalGame:
    """One match at a terminal; ``read`` and ``write`` are the only contact with the outside."""

    def __init__(self, match: Match, ai: str, seed: int, read: Reader, write: Writer) -> None:
        self.match = match
        self.read = read
        self.write = write
        kind: PlayerKind = next((known for known in PLAYER_KINDS if known == ai), "heuristic")
        self.players: dict[int, Player] = {
            seat: make_player(kind, seed * 7 + seat) for seat in range(1, match.seats)
        }
        self.adviser = HeuristicPlayer(seed)
        self.announced = -1
        self.shown = (-1, -1)
        """(deal number, Kontra level) the game was last shown at the player's turn."""
        self.declined: set[tuple[int, str]] = set()
        """(deal number, action kind) of the Kontra or Re the player said no to."""

    def name(self, table_seat: int) -> str:
        return "You" if table_seat == 0 else f"AI {table_seat}"

    def run(self) -> int:
        """Play until the match ends or the player quits; the exit status is 0 either way."""
        match = self.match
        try:
            while not match.finished:
                if self.announced != match.number:
                    self._announce()
                table_seat = match.to_act
                assert table_seat is not None
                deal_seat = match.deal_seat(table_seat)
                assert deal_seat is not None
                view = match.deal.view(deal_seat)
                if table_seat == 0:
                    action = self._ask(view)
                else:
                    action = self.players[table_seat].choose(view)
                seats = match.active_seats
                deal = match.deal
                events = match.apply(action, table_seat)
                self._report(seats, events, deal)
        except _Quit:
            self.write("Bye.")
            return 0
        last = match.finished_deals[-1] if match.finished_deals else None
        winner = (last.result.details or {}).get("winner") if last is not None else None
        if winner is not None and last is not None:
            self.write(f"\nWinner: {self.name(last.seats[winner])}")
            return 0
        self.write("\nFinal standings:")
        for place, (seat, total) in enumerate(match.standings(), start=1):
            self.write(f"  {place}. {self.name(seat)}: {_score(total)}")
        return 0

    # -- output ----------------------------------------------------------------------------

    def _announce(self) -> None:
        match = self.match
        self.announced = match.number
        roles = ", ".join(
            f"{self.name(seat)} {seat_name(index, len(match.active_seats))}"
            for index, seat in enumerate(match.active_seats)
        )
        bock = " (Bock: counts double)" if match.bock else ""
        of = "" if match.rules.plays_to_a_winner() else f" of {match.total_deals}"
        self.write(f"\n=== Deal {match.number + 1}{of}{bock}: {roles}")
        state = match.deal.state
        if isinstance(state, RamsenState):
            self._ramsen_deal(state)
        seat = match.deal_seat(0)
        if seat is None:
            self.write("You deal and sit this one out.")
        elif match.deal.phase == "knocking":  # Klopfen: only the first four cards are seen
            cards = match.deal.view(seat).hand
            self.write("Your first four cards: " + " ".join(card.pretty for card in cards))
        else:
            self.write("Your hand: " + " ".join(card.pretty for card in match.deal.hand(seat)))

    def _ramsen_deal(self, state: RamsenState) -> None:
        """RA-2, RA-3: the upcard and the trumps; who schleckte."""
        upcard = state.upcard
        assert upcard is not None
        seats = self.match.active_seats
        self.write(
            f"Upcard {upcard.pretty}: trump is {upcard.suit.german} ({upcard.suit.symbol}); "
            f"trumps: {_ramsen_trumps(upcard)}"
        )
        if state.schleck_seat is not None:
            who = self.name(seats[state.schleck_seat])
            self.write(f"{who} kept the bottom card of the cut (schlecken): no exchange turn")

    def _does(self, table_seat: int, verb: str) -> str:
        """``You lay`` / ``AI 1 lays``; ``pass`` takes ``es``."""
        ending = "es" if verb.endswith("s") else "s"
        return f"You {verb}" if table_seat == 0 else f"{self.name(table_seat)} {verb}{ending}"

    def _report(self, seats: tuple[int, ...], events: Sequence[Event], deal: Deal) -> None:
        contest = deal.state if isinstance(deal.state, SchafkopfContest) else None
        for event in events:
            if isinstance(event, Said) and contest is not None:
                self._schafkopf_said(seats, event, contest)
            elif isinstance(event, Said):
                self._said(seats, event, deal)
            elif isinstance(event, CardPlayed):
                if seats[event.seat] != 0:
                    self.write(f"  {self.name(seats[event.seat])} plays {event.card.pretty}")
                if contest is not None:
                    self._partner_shown(seats, event, contest)
            elif isinstance(event, TrickTaken):
                cards = " ".join(card.pretty for card in event.cards)
                winner = self.name(seats[event.winner])
                points = "" if isinstance(deal.state, RamsenState) else f" ({event.points} points)"
                self.write(f"Trick {event.number}: {cards} -> {winner}{points}")
            elif isinstance(event, Exchanged):
                self._exchanged(seats[event.seat], event)
            elif isinstance(event, PickedUp) and seats[event.seat] != 0:
                self.write(f"  {self.name(seats[event.seat])} picks up the two cards")
            elif isinstance(event, Pushed):
                self.write(f"  {self._does(seats[event.seat], 'lay')} two cards for the next")
            elif isinstance(event, PassedOn):
                self.write(f"  {self._does(seats[event.seat], 'pass')} the two cards on")
            elif isinstance(event, DealFinished):
                self._result(self.match.finished_deals[-1])

    def _said(self, seats: tuple[int, ...], event: Said, deal: Deal) -> None:
        """A bid, an answer, the skat taken or laid, a declaration, Kontra or Re."""
        seat, what = seats[event.seat], event.what
        contest = deal.state if isinstance(deal.state, SkatContest) else None
        if what.isdigit():
            self.write(f"  {self._does(seat, 'bid')} {what}")
        elif what == "hold":
            self.write(f"  {self._does(seat, 'hold')}")
        elif what == "pass":
            self.write(f"  {self._does(seat, 'pass')}")
            if contest is not None and contest.passed_out:
                throw_in = getattr(deal.rules, "all_pass", "ramsch") == "throw_in"
                self.write(
                    "Everyone passed: "
                    + ("the cards are thrown in." if throw_in else "Ramsch is played.")
                )
        elif what == "pickup":
            self.write(f"  {self._does(seat, 'take')} the skat")
        elif what == "discard":
            self.write(f"  {self._does(seat, 'lay')} two cards away")
        elif what.startswith("declare") and contest is not None:
            self.write(f"Game: {self._contract(contest, seats)}")
            self.shown = (self.match.number, contest.kontra)  # said: not again before a card
            self._open_cards(deal, seats)
        elif what in ("kontra", "re"):
            self.write(f"  {self._does(seat, 'say')} {what.capitalize()}!")
        elif what == "in":
            self.write(f"  {self._does(seat, 'say')} in")
        else:
            self.write(f"  {self.name(seat)}: {what}")

    # -- Schafkopf ---------------------------------------------------------------------------

    def _schafkopf_said(
        self, seats: tuple[int, ...], event: Said, contest: SchafkopfContest
    ) -> None:
        """SF-2, SF-9: a knock, a call or weiter, Kontra, Re; the game once the calls end."""
        seat, what = seats[event.seat], event.what
        if what == "knock":
            self.write(f"  {self._does(seat, 'knock')}!")
        elif what == "no_knock":
            self.write(f"  {self.name(seat)}: no knock")
        elif what == "pass":
            self.write(f"  {self.name(seat)}: weiter")
        elif what in ("kontra", "re"):
            self.write(f"  {self._does(seat, 'say')} {what.capitalize()}!")
        else:
            self.write(f"  {self.name(seat)}: {self._call_words(what)}")
        if what not in ("knock", "no_knock", "kontra", "re") and contest.game is not None:
            self.shown = (self.match.number, contest.kontra)
            self.write(self._schafkopf_game(contest, seats))  # the calls are over

    @staticmethod
    def _call_words(what: str) -> str:
        """``sauspiel C`` as ``Sauspiel on the ♣ Ace``, ``solo H`` as ``Solo, ♥ trumps``."""
        words = what.split()
        if words[0] == "sauspiel":
            return f"Sauspiel on the {Suit('CSHD'.index(words[1])).symbol} Ace"
        if words[0] == "solo":
            suit = Suit("CSHD".index(words[1]))
            return f"Solo, {suit.german} ({suit.symbol}) trumps"
        return words[0].capitalize()

    def _schafkopf_game(self, contest: SchafkopfContest, seats: tuple[int, ...]) -> str:
        """The game as the calls decided it, with the knocks and Kontra or Re."""
        knocks = len(contest.knocks)
        doubled = [f"{knocks} knock{'s' if knocks != 1 else ''}"] if knocks else []
        doubled += [["", "Kontra", "Kontra and Re"][contest.kontra]] if contest.kontra else []
        extra = f" ({', '.join(doubled)}: × {contest.multiplier})" if doubled else ""
        if contest.game == "ramsch":
            return f"Everyone passed: Ramsch is played{extra}."
        if contest.game == "passed":
            stock = getattr(self.match.rules, "all_pass", "") == "stock"
            return "Everyone passed: " + ("Stock, nobody scores." if stock else "thrown in.")
        declarer = contest.declarer
        assert declarer is not None
        name = self.name(seats[declarer])
        verb = "play" if name == "You" else "plays"
        game = contest.game or ""
        if game == "sauspiel" and contest.ace is not None:
            ace = called_ace(contest.ace).pretty
            if contest.partner is not None:
                partner = f"with {self.name(seats[contest.partner])}"
            else:
                partner = "the partner hidden until it falls"
            text = f"a Sauspiel calling {ace} ({partner})"
        elif game == "solo" and contest.suit is not None:
            text = f"a {contest.suit.german} Solo ({contest.suit.symbol} trumps)"
        else:
            text = "a Wenz (only the Unters are trumps)"
        return f"Game: {name} {verb} {text}{extra}"

    def _partner_shown(
        self, seats: tuple[int, ...], event: CardPlayed, contest: SchafkopfContest
    ) -> None:
        """SF-3: the called Ace falls; its player is the declarer's partner."""
        if contest.game != "sauspiel" or contest.ace is None or contest.declarer is None:
            return
        if event.card != called_ace(contest.ace):
            return
        partner = self.name(seats[event.seat])
        declarer = self.name(seats[contest.declarer])
        verb = "are" if partner == "You" else "is"
        whose = "your" if declarer == "You" else f"{declarer}'s"
        self.write(f"  The called Ace is out: {partner} {verb} {whose} partner")

    def _schafkopf_result(self, entry: SheetEntry, details: dict[str, Any]) -> None:
        """SF-6..9: the game won or lost with its card points, then the payment worked out:
        the tariff and the extras, times the doublings, and who pays whom."""
        names = [self.name(seat) for seat in entry.seats]
        game = SCHAFKOPF_GAMES[details["game"]]
        side = [details["declarer"]]
        if details.get("partner") is not None:
            side.append(details["partner"])
        others = listed([names[seat] for seat in range(len(names)) if seat not in side])
        players = listed([names[seat] for seat in side])
        won = "won" if details["won"] else "lost"
        extras = [
            word for word in ("Schneider", "Schwarz") if details[word.lower()]
        ]  # a lost game's side may be Schneider or Schwarz too
        self.write(
            f"Deal {entry.number + 1} over. {players} {won} the {game} with "
            f"{details['declarer_points']} card points"
            + (f" ({', '.join(extras)})" if extras else "")
            + "."
        )
        tariff = getattr(self.match.rules, "tariff", None)
        extra = tariff.extra if tariff is not None else 0
        multiplier, amount = details["multiplier"], details["amount"]
        subtotal = amount // multiplier
        count = details["schneider"] + details["schwarz"] + details["laufende"]
        parts = [f"{game} {subtotal - extra * count}"]
        parts += [f"{word} {extra}" for word in extras]
        if details["laufende"]:
            parts.append(f"{details['laufende']} Laufende × {extra}")
        line = f"Payment: {' + '.join(parts)} = {subtotal}"
        if multiplier > 1:
            why = []
            if details["knocks"]:
                why.append(counted(details["knocks"], "knock"))
            if details["kontra"]:
                why.append("Kontra" if details["kontra"] == 1 else "Kontra and Re")
            line += f" × {multiplier} ({', '.join(why)}) = {amount}"
        self.write(f"{line} cents")
        payers, payees = (others, players) if details["won"] else (players, others)
        if details["game"] == "sauspiel":
            self.write(f"{payers} pay {amount} each; {payees} get {amount} each")
        elif details["won"]:
            self.write(f"{payers} pay {amount} each to {payees}: {3 * amount} in all")
        else:
            pays = "pay" if payers == "You" else "pays"
            self.write(f"{payers} {pays} {amount} to each of {payees}: {3 * amount} in all")
        self._scores(entry)

    def _ask_knock(self, view: SeatView) -> Action:
        """SF-9: knock or not, with the first four cards seen (shown as the deal began)."""
        while True:
            text, chosen = self._answer(view, "Knock (k) or not (n)? (Enter = AI) ")
            if chosen is not None:
                return chosen
            if text in ("k", "knock", "klopf", "klopfen", "y", "yes", "ja", "j"):
                return Knock()
            if text in ("n", "no", "nein", "not"):
                return NoKnock()
            self.write("  Answer k to knock or n not to")

    def _ask_schafkopf_call(self, view: SeatView) -> Action:
        """SF-2: weiter, or a game that outranks the calls before."""
        contest = view.public.state
        assert isinstance(contest, SchafkopfContest)
        seats = self.match.active_seats
        self.write("Your hand: " + " ".join(card.pretty for card in view.hand))
        called = [(seat, word) for seat, word in contest.said if word not in ("knock", "no_knock")]
        best = next((word for _, word in reversed(called) if word != "pass"), None)
        if best is not None:
            who = next(seat for seat, word in reversed(called) if word == best)
            self.write(f"{self.name(seats[who])} calls {self._call_words(best)}.")
        offered = [
            action.words
            for action in view.legal
            if isinstance(action, Call) and action.game != "solo"
        ]
        if any(isinstance(action, Call) and action.game == "solo" for action in view.legal):
            offered.append("solo C/S/H/D")
        self.write("You may say: " + ", ".join(["weiter", *offered]))
        while True:
            text, chosen = self._answer(
                view, "Your call (e.g. weiter, sauspiel C, wenz, solo H; Enter = AI): "
            )
            if chosen is not None:
                return chosen
            action = self._schafkopf_call(text)
            if action is None:
                continue
            try:
                self.match.check(action, 0)
            except RulesError as error:
                self.write(f"  {error}")
                continue
            return action

    def _schafkopf_call(self, text: str) -> Action | None:
        """A call as typed: ``weiter``, ``sauspiel C``, ``wenz``, ``solo herz``; None (and
        why) for words that name none."""
        words = text.replace(",", " ").split()
        if not words or words[0] in WEITER:
            return Pass() if words else None
        game = CALL_WORDS.get(words[0])
        if game is None:
            self.write("  Say weiter, sauspiel C (S, D), wenz or solo with a suit (C S H D)")
            return None
        suit = SUIT_WORDS.get(words[1]) if len(words) > 1 else None
        if game in ("sauspiel", "solo") and suit is None:
            what = "the Ace's suit (C, S or D)" if game == "sauspiel" else "the trump suit"
            self.write(f"  Name {what}, e.g. {game} {'C' if game == 'sauspiel' else 'H'}")
            return None
        if game == "sauspiel":
            return Call("sauspiel", suit, None)
        if game == "solo":
            return Call("solo", None, suit)
        return Call(game, None, None)  # type: ignore[arg-type]

    def _exchanged(self, table_seat: int, event: Exchanged) -> None:
        """RA-4: how many cards a seat laid away (what it drew only the seat sees)."""
        if not event.count:
            self.write(f"  {self._does(table_seat, 'keep')} the hand")
            return
        cards = "a card" if event.count == 1 else f"{event.count} cards"
        upcard = " and takes the upcard" if event.took_upcard else ""
        if table_seat == 0:
            upcard = upcard.replace("takes", "take")
        self.write(f"  {self._does(table_seat, 'exchange')} {cards}{upcard}")
        deal_seat = self.match.deal_seat(0)
        if table_seat == 0 and deal_seat is not None:
            hand = " ".join(card.pretty for card in self.match.deal.hand(deal_seat))
            self.write(f"Your hand now: {hand}")

    def _contract(self, contest: SkatContest, seats: tuple[int, ...]) -> str:
        """``AI 1 plays Clubs Hand, Schneider announced (bid 20), Kontra``."""
        declaration, declarer = contest.declaration, contest.declarer
        assert declaration is not None and declarer is not None
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
        name = self.name(seats[declarer])
        verb = "play" if name == "You" else "plays"
        doubled = {0: "", 1: ", Kontra", 2: ", Kontra and Re"}[min(contest.kontra, 2)]
        return f"{name} {verb} {text} (bid {contest.bid}){doubled}"

    def _open_cards(self, deal: Deal, seats: tuple[int, ...]) -> None:
        """An Ouvert declarer's cards lie open on the table."""
        contest = deal.state
        if not isinstance(contest, SkatContest) or contest.declarer is None:
            return
        if contest.declaration is None or not contest.declaration.ouvert or deal.finished:
            return
        if seats[contest.declarer] == 0:
            return
        cards = " ".join(card.pretty for card in deal.hand(contest.declarer))
        self.write(f"Open cards of {self.name(seats[contest.declarer])}: {cards}")

    def _result(self, entry: SheetEntry) -> None:
        result = entry.result
        names = [self.name(seat) for seat in entry.seats]
        details = result.details or {}
        if details.get("game") in SCHAFKOPF_GAMES:
            self._schafkopf_result(entry, details)
            return
        if "declarer" in details:
            self._game_result(entry, details)
            return
        if "owed" in details:
            self._ramsen_result(entry, details)
            return
        if result.contract == "passed":
            self.write(f"Deal {entry.number + 1} over: thrown in, nobody scores.")
            self._scores(entry)
            return
        points = ", ".join(f"{names[i]} {p}" for i, p in enumerate(result.card_points))
        self.write(f"Deal {entry.number + 1} over. Card points: {points}")
        if result.skat and result.skat_to is not None:
            skat = " ".join(card.pretty for card in result.skat)
            self.write(f"The face-down cards {skat} count for {names[result.skat_to]}")
        if result.durchmarsch is not None:
            self.write(f"Durchmarsch by {names[result.durchmarsch]}!")
        if result.jungfrau:
            self.write("Jungfrau: " + ", ".join(names[seat] for seat in result.jungfrau))
        losers = ", ".join(names[seat] for seat in result.losers) or "nobody"
        self.write(f"Loses: {losers}")
        self._scores(entry)

    def _ramsen_result(self, entry: SheetEntry, details: dict[str, Any]) -> None:
        """RA-5, RA-7: the tricks, the extra crosses, then what everyone still owes drawn as
        crosses; the winner."""
        result = entry.result
        names = [self.name(seat) for seat in entry.seats]
        number = entry.number + 1
        if result.contract == "void":
            self.write(f"Deal {number} over: everyone passed, the deal is void.")
        elif not result.tricks:
            alone = next(seat for seat, count in enumerate(result.trick_counts) if count)
            self.write(
                f"Deal {number} over: {names[alone]} alone in, all five tricks without play."
            )
        else:
            counts = ", ".join(
                f"{names[seat]} {count}"
                for seat, count in enumerate(result.trick_counts)
                if "passed" not in result.tags[seat]
            )
            self.write(f"Deal {number} over. Tricks: {counts}")
        for seat in result.losers:
            self.write(f"{names[seat]} said in and took no trick: one cross more")
        owed = [int(value) for value in details["owed"]]
        for table_seat in range(self.match.seats):
            bars = owed[entry.seats.index(table_seat)] if table_seat in entry.seats else None
            if bars is None:
                bars = int(self.match.carry[table_seat])
            self.write(f"  {self.name(table_seat):<6} {crosses_art(bars)}")
        winner = details.get("winner")
        if winner is not None:
            who = names[winner]
            verb = "have" if who == "You" else "has"
            verb += " drawn the last bar and win" + ("" if who == "You" else "s")
            self.write(f"{who} {verb} the game!")

    def _game_result(self, entry: SheetEntry, details: dict[str, Any]) -> None:
        """A declared game: who played what, the card points, the value worked out."""
        result = entry.result
        declarer = self.name(entry.seats[details["declarer"]])
        game = GAME_NAMES.get(details["game"], details["game"])
        won = "won" if details["won"] else "lost"
        if details.get("hand"):
            game += " Hand"
        if details.get("ouvert"):
            game += " Ouvert"
        self.write(f"Deal {entry.number + 1} over. {declarer} {won} {game}.")
        skat = " ".join(card.pretty for card in result.skat)
        if details["game"] == "null":
            taken = result.trick_counts[details["declarer"]]
            self.write(f"{declarer} took {'no trick' if not taken else 'a trick'}; skat: {skat}")
        else:
            total = details["declarer_points"]
            skat_points = points_of(result.skat)
            self.write(
                f"{declarer}: {total} card points (tricks {total - skat_points}, skat "
                f"{skat} {skat_points})"
            )
        for line in explain_value(details):
            self.write(line)
        self._scores(entry)

    def _scores(self, entry: SheetEntry) -> None:
        scores = ", ".join(
            f"{self.name(seat)} {_score(value)}"
            for seat, value in enumerate(entry.table_scores)
            if seat in entry.seats
        )
        self.write(f"Scores{' (Bock x2)' if entry.bock else ''}: {scores}")
        totals = ", ".join(
            f"{self.name(seat)} {_score(total)}" for seat, total in enumerate(self.match.totals)
        )
        self.write(f"Totals: {totals}")

    # -- input -----------------------------------------------------------------------------

    def _line(self, prompt: str) -> str:
        line = self.read(prompt)
        if line is None or line.strip().lower() in ("quit", "q", "exit"):
            raise _Quit
        return line.strip()

    def _ask(self, view: SeatView) -> Action:
        if view.phase == "push":
            return self._ask_push(view)
        if view.phase == "bidding":
            return self._ask_bid(view)
        if view.phase == "declaring":
            return self._ask_declaring(view)
        if view.phase == "exchange":
            return self._ask_exchange(view)
        if view.phase == "in_or_pass":
            return self._ask_in_or_pass(view)
        if view.phase == "knocking":
            return self._ask_knock(view)
        if view.phase == "calling":
            return self._ask_schafkopf_call(view)
        call = self._ask_call(view)
        if call is not None:
            return call
        view = replace(view, legal=tuple(a for a in view.legal if isinstance(a, Play)))
        contest = contest_of(view)
        shown = (self.match.number, contest.kontra if contest is not None else 0)
        if contest is not None and contest.declaration is not None and self.shown != shown:
            self.shown = shown  # the game once, again after a Kontra or Re
            self.write(f"Game: {self._contract(contest, self.match.active_seats)}")
        schafkopf = view.public.state
        if isinstance(schafkopf, SchafkopfContest) and schafkopf.declarer is not None:
            shown = (self.match.number, schafkopf.kontra)
            if self.shown != shown:
                self.shown = shown
                self.write(self._schafkopf_game(schafkopf, self.match.active_seats))
        self._open_cards(self.match.deal, self.match.active_seats)  # as they lie now
        if view.trick:
            leader = view.trick_leader if view.trick_leader is not None else 0
            seats = self.match.active_seats
            turns = _turns(view, leader)
            played = ", ".join(
                f"{self.name(seats[turns[i]])} {card.pretty}" for i, card in enumerate(view.trick)
            )
            self.write(f"Trick {len(view.tricks) + 1} so far: {played}")
        else:
            self.write(f"Trick {len(view.tricks) + 1}: you lead")
        hand = list(view.hand)
        self.write("Your hand: " + "  ".join(f"{i}:{c.pretty}" for i, c in enumerate(hand, 1)))
        legal = {action.card for action in view.legal if isinstance(action, Play)}
        self.write("Playable: " + " ".join(str(card) for card in hand if card in legal))
        while True:
            text = self._line("Your card (e.g. SA, h10 or a number; Enter = AI; quit): ")
            if not text:
                action = self.adviser.choose(view)
                self.write(f"  AI plays for you: {action}")
                return action
            try:
                card = self._card(text, hand)
                play = Play(card)
                self.match.check(play, 0)
            except RulesError as error:
                self.write(f"  {error}")
                continue
            return play

    def _ask_exchange(self, view: SeatView) -> Action:
        """RA-4: the cards to lay away (empty: keep the hand), the dealer's upcard."""
        state = view.public.state
        assert isinstance(state, RamsenState) and state.upcard is not None
        hand = list(view.hand)
        self.write("Your hand: " + "  ".join(f"{i}:{c.pretty}" for i, c in enumerate(hand, 1)))
        talon = len(self.match.deal.skat)
        dealer = view.seat == state.dealer
        extra = f"; 'up' takes the upcard {state.upcard.pretty} for one" if dealer else ""
        self.write(f"The talon holds {counted(talon, 'card')}{extra}.")
        while True:
            text = self._line(
                "Cards to lay away (e.g. C7 S8 or 1 4; Enter = keep your hand; ai = AI): "
            )
            if text.lower() == "ai":
                action = self.adviser.choose(view)
                self.write(f"  AI decides for you: {action}")
                return action
            parts = text.replace(",", " ").split()
            upcard = any(part.lower() in ("up", "u", "upcard") for part in parts)
            names = [part for part in parts if part.lower() not in ("up", "u", "upcard")]
            try:
                cards = [self._card(name, hand) for name in names]
                if len(set(cards)) != len(cards):
                    raise RulesError("Name each card you lay away once")
                exchange = Exchange(tuple(cards), upcard)
                self.match.check(exchange, 0)
            except RulesError as error:
                self.write(f"  {error}")
                continue
            return exchange

    def _ask_in_or_pass(self, view: SeatView) -> Action:
        """RA-5: say in or pass (the legal actions say when the seat must play)."""
        self.write("Your hand: " + " ".join(card.pretty for card in view.hand))
        if Pass() not in view.legal:
            reason = "you exchanged" if self._exchanged_cards(view) else "everyone passed"
            self.write(f"You must play ({reason}): you say in")
            return In()
        while True:
            text, chosen = self._answer(view, "Play this deal: in (i) or pass (p)? (Enter = AI) ")
            if chosen is not None:
                return chosen
            if text in ("i", "in", "y", "yes", "play"):
                return In()
            if text in ("p", "pass", "n", "no"):
                return Pass()
            self.write("  Answer i to play or p to pass")

    @staticmethod
    def _exchanged_cards(view: SeatView) -> int:
        state = view.public.state
        return state.exchanged.get(view.seat, 0) if isinstance(state, RamsenState) else 0

    def _answer(self, view: SeatView, prompt: str) -> tuple[str, Action | None]:
        """A line typed (lower case), or the AI's choice for an empty line."""
        text = self._line(prompt).lower()
        if not text:
            action = self.adviser.choose(view)
            self.write(f"  AI decides for you: {action}")
            return text, action
        return text, None

    def _ask_bid(self, view: SeatView) -> Action:
        """Skat bidding: hold or pass a value bid to you; or bid the next value, a higher one,
        or pass."""
        contest = contest_of(view)
        bid = contest.bid if contest is not None else 0
        if Hold() in view.legal:
            bidder = self._last_bidder(contest)
            while True:
                text, chosen = self._answer(
                    view, f"{bidder} bids {bid}: hold (y) or pass (p)? (Enter = AI) "
                )
                if chosen is not None:
                    return chosen
                if text in YES:
                    return Hold()
                if text in NO:
                    return Pass()
                self.write("  Answer y to hold the bid or p to pass")
        values = sorted(action.value for action in view.legal if isinstance(action, Bid))
        if not values:
            return Pass()
        following = values[0]
        if bid == 0 and contest is not None and len(contest.said) >= 2:
            throw_in = getattr(view.rules, "all_pass", "ramsch") == "throw_in"
            after = "the cards are thrown in" if throw_in else "Ramsch is played"
            self.write(f"The others passed: bid 18 to play a game, or pass and {after}.")
        else:
            self.write(f"The bid stands at {bid}." if bid else "Nobody has bid yet.")
        higher = values[min(2, len(values) - 1)]
        while True:
            text, chosen = self._answer(
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
                self.write(f"  Answer b to bid {following}, a value like {higher}, or p to pass")
                continue
            action = Bid(int(text))
            try:
                self.match.check(action, 0)
            except RulesError as error:
                self.write(f"  {error}")
                continue
            return action

    def _last_bidder(self, contest: SkatContest | None) -> str:
        seats = self.match.active_seats
        if contest is not None:
            for seat, what in reversed(contest.said):
                if what.isdigit():
                    return self.name(seats[seat])
        return "The bidder"

    def _ask_declaring(self, view: SeatView) -> Action:
        """Take the skat or declare a Hand game; lay two away; declare the game."""
        contest = contest_of(view)
        bid = contest.bid if contest is not None else 0
        if TakeSkat() in view.legal:
            self.write(f"You play at {bid}. Your hand: " + " ".join(c.pretty for c in view.hand))
            self._values(view, bid, hand=True)
            prompt = (
                "Take the skat (t), or declare a Hand game (e.g. g, c schneider, n ouvert)? "
                "(Enter = AI) "
            )
            while True:
                text, chosen = self._answer(view, prompt)
                if chosen is not None:
                    return chosen
                if text in ("t", "take", "skat", "take skat"):
                    return TakeSkat()
                action = self._declaration(text)
                if action is not None:
                    return action
        if any(isinstance(action, Discard) for action in view.legal):
            cards = sorted(view.hand, key=view.order.sort_key)
            skat = " ".join(card.pretty for card in self.match.deal.initial_skat)
            self.write(f"You take the skat: {skat}")
            self.write(
                "Lay two away: " + "  ".join(f"{i}:{c.pretty}" for i, c in enumerate(cards, 1))
            )
            while True:
                text, chosen = self._answer(
                    view, "Two cards to lay away (e.g. SA HT or 3 7; Enter = AI): "
                )
                if chosen is not None:
                    return chosen
                parts = text.replace(",", " ").split()
                try:
                    if len(parts) != 2:
                        raise RulesError("Name exactly two cards, e.g. SA HT")
                    discard = Discard((self._card(parts[0], cards), self._card(parts[1], cards)))
                    self.match.check(discard, 0)
                except RulesError as error:
                    self.write(f"  {error}")
                    continue
                return discard
        self.write("Your hand: " + " ".join(card.pretty for card in view.hand))
        self._values(view, bid, hand=False)
        while True:
            text, chosen = self._answer(
                view, "Declare c s h d g or n (Null; 'n ouvert' to play it open; Enter = AI): "
            )
            if chosen is not None:
                return chosen
            action = self._declaration(text)
            if action is not None:
                return action

    def _values(self, view: SeatView, bid: int, hand: bool) -> None:
        """What each game is worth with the cards the player knows (FS-8/9)."""
        known = [*view.hand, *view.laid]
        worth = [
            f"{GAME_NAMES[game]} {game_value(game, known, hand)}"  # type: ignore[arg-type]
            for game in BASE
        ]
        worth.append(f"Null {null_value(hand, False)} (Ouvert {null_value(hand, True)})")
        note = "; the skat counts for the matadors too" if hand else ""
        self.write(f"Values without Schneider (bid {bid}{note}): " + ", ".join(worth))

    def _declaration(self, text: str) -> Action | None:
        """A declaration typed as a game and its announcements; None (and why) if refused."""
        words = text.replace(",", " ").split()
        game = GAME_WORDS.get(words[0]) if words else None
        if game is None:
            self.write("  Name a game: c s h d (a suit), g (Grand) or n (Null)")
            return None
        flags = set()
        for word in words[1:]:
            flag = {"schneider": "schneider", "schwarz": "schwarz", "ouvert": "ouvert",
                    "open": "ouvert", "o": "ouvert", "hand": "hand"}.get(word)  # fmt: skip
            if flag is None:
                self.write(f"  Unknown announcement {word!r}: use schneider, schwarz or ouvert")
                return None
            flags.add(flag)
        ouvert = "ouvert" in flags
        schwarz = game != "null" and ("schwarz" in flags or ouvert)
        schneider = game != "null" and ("schneider" in flags or schwarz)
        if game == "null" and flags & {"schneider", "schwarz"}:
            self.write("  Schneider and Schwarz can't be announced in a Null game")
            return None
        action = Declare(game, schneider, schwarz, ouvert, None)  # type: ignore[arg-type]
        try:
            self.match.check(action, 0)
        except RulesError as error:
            self.write(f"  {error}")
            return None
        return action

    def _ask_call(self, view: SeatView) -> Action | None:
        """Kontra (a defender before his first card) or Re (the declarer after a Kontra)."""
        number = self.match.number
        for call, key, question in (
            (Kontra(), "k", "Say Kontra (k) or not (n)?"),
            (Re(), "r", "Answer the Kontra with Re (r) or not (n)?"),
        ):
            if call not in view.legal or (number, call.kind) in self.declined:
                continue
            contest = contest_of(view)
            if contest is not None and contest.declaration is not None:
                said = (number, contest.kontra)
                if self.shown != said:  # the game once, again after a Kontra or Re
                    self.shown = said
                    self.write(f"Game: {self._contract(contest, self.match.active_seats)}")
            schafkopf = view.public.state
            if isinstance(schafkopf, SchafkopfContest) and self.shown != (number, schafkopf.kontra):
                self.shown = (number, schafkopf.kontra)
                self.write(self._schafkopf_game(schafkopf, self.match.active_seats))
            self.write("Your hand: " + " ".join(card.pretty for card in view.hand))
            while True:
                text = self._line(f"{question} (Enter = AI) ").lower()
                if not text:
                    if self.adviser.choose(view) == call:
                        self.write(f"  AI decides for you: {call}")
                        return call
                    self.write(f"  AI decides for you: no {call}")
                    break
                if text in (key, call.kind, "y", "yes", "ja", "j"):
                    return call
                if text in ("n", "no", "nein"):
                    break
                self.write(f"  Answer {key} for {call} or n for no")
            self.declined.add((number, call.kind))
        return None

    def _card(self, text: str, cards: Sequence[Card]) -> Card:
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(cards):
                raise RulesError(
                    "Choose a number from 1 to {count}, or a card name", count=len(cards)
                )
            return cards[number - 1]
        return Card.parse(text)

    def _ask_push(self, view: SeatView) -> Action:
        if PassOn() in view.legal:
            self.write("Schieberamsch: your hand: " + " ".join(c.pretty for c in view.hand))
            while True:
                text = self._line("Pick up the two cards (p) or pass them on (o)? ").lower()
                if not text:
                    return self.adviser.choose(view)
                if text in ("p", "pick", "pick up", "pickup"):
                    return PickUp()
                if text in ("o", "pass", "pass on", "passon"):
                    return PassOn()
                self.write("  Answer p to pick up or o to pass on")
        if PickUp() in view.legal:
            self.write("Schieberamsch: you pick up the two cards (everyone must push here)")
            return PickUp()
        pool = sorted([*view.hand, *view.skat], key=view.order.sort_key)
        self.write("You picked up: " + " ".join(card.pretty for card in view.skat))
        self.write("Lay two: " + "  ".join(f"{i}:{c.pretty}" for i, c in enumerate(pool, 1)))
        while True:
            text = self._line("Two cards to lay (e.g. SA HT or 3 7; Enter = AI): ")
            if not text:
                return self.adviser.choose(view)
            parts = text.replace(",", " ").split()
            try:
                if len(parts) != 2:
                    raise RulesError("Name exactly two cards, e.g. SA HT")
                push = Push((self._card(parts[0], pool), self._card(parts[1], pool)))
                self.match.check(push, 0)
            except RulesError as error:
                self.write(f"  {error}")
                continue
            return push


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


def _turns(view: SeatView, leader: int) -> list[int]:
    """The deal seats in the order they play to a trick led by ``leader`` (Ramsen: the seats
    that said in)."""
    state = view.public.state
    seats = list(range(view.players))
    if isinstance(state, RamsenState) and state.active:
        seats = list(state.active)
    start = seats.index(leader)
    return seats[start:] + seats[:start]


def _ramsen_trumps(upcard: Card) -> str:
    """RA-3: the trump order of a deal, high to low."""
    return " ".join(card.pretty for card in ramsen_order(upcard.suit).trumps)


def crosses_art(bars: int) -> str:
    """RA-7: the bars a player still owes, a cross of five to a group: each bar still owed is
    ``|``, each bar of a started cross already drawn ``·``; nothing owed is a drawn cross.

    ``crosses_art(7)`` is ``||··· |||||  7 bars (1 cross 2 bars)``."""
    if bars <= 0:
        return "╳  all bars drawn"
    full, part = divmod(bars, BARS_PER_CROSS)
    groups = ["|" * part + "·" * (BARS_PER_CROSS - part)] if part else []
    groups += ["|" * BARS_PER_CROSS] * full
    count = f"{bars} bar{'s' if bars != 1 else ''}"
    if full:
        spelled = f"{full} cross{'es' if full != 1 else ''}"
        if part:
            spelled += f" {part} bar{'s' if part != 1 else ''}"
        count += f" ({spelled})"
    return f"{' '.join(groups)}  {count}"


def _stdin_reader(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        print()
        return None


def play_in_terminal(args: argparse.Namespace) -> int:
    """Run ``python -m ramsch_core play``: a whole match, the human at seat 0."""
    game = get_game(args.game)
    preset_name = args.preset or game.default_preset
    rules = game.preset(preset_name)
    players = getattr(args, "players", None)
    if players is None and args.seats is not None and args.seats in rules.seatings():
        rules = rules.seated(args.seats)  # Ramsen: as many players as seats; Skat: itself
    if players is not None:
        seated = rules.seated(players) if players in rules.seatings() else rules
        if seated.players != players:
            table = players in rules.table_sizes()
            if table:
                raise RuleSetError(
                    "{game} is dealt to {dealt} players, not {players} "
                    "(a table of {players} is set with --seats {players})",
                    game=rules.title(),
                    dealt=rules.players,
                    players=players,
                )
            raise RuleSetError(
                "{game} is dealt to {dealt} players, not {players}",
                game=rules.title(),
                dealt=rules.players,
                players=players,
            )
        if args.seats is not None and args.seats != players:
            raise RuleSetError(
                "--players {players} plays at {players} seats, not {seats}",
                players=players,
                seats=args.seats,
            )
        rules = seated
    seats = args.seats if args.seats is not None else rules.players
    options = parse_table_options(
        {**game.table_presets.get(preset_name, {}), "seats": seats, "rounds": args.rounds}
    )
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    match = Match(rules, options, seed)
    dealt_to = (
        "" if rules.players == game.preset(preset_name).players else f" ({rules.players} players)"
    )
    print(f"{game.title}: {game.descriptions[preset_name]}{dealt_to}")
    length = "to a winner" if rules.plays_to_a_winner() else counted(options.rounds, "round")
    print(f"Seed {seed}, {seats} seats, {length}, AI: {args.ai}. {HELP}")
    if rules.game == "skat":
        print(SKAT_HELP)
    if rules.game == "ramsen":
        print(RAMSEN_HELP)
    if rules.game == "schafkopf":
        print(SCHAFKOPF_HELP)
    terminal = TerminalGame(match, args.ai, seed, _stdin_reader, print)
    try:
        return terminal.run()
    except KeyboardInterrupt:
        print("\nBye.")
        return 130
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
