"""Offline play in a terminal: the human at table seat 0 against AI players, over stdin/stdout."""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Literal

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
from ramsch_core.ai import HeuristicPlayer, Player, make_player
from ramsch_core.cards import Card
from ramsch_core.errors import RulesError
from ramsch_core.games import get_game
from ramsch_core.match import Match, SheetEntry, parse_table_options
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


class _Quit(Exception):
    """The player stopped the match."""


def _score(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


class TerminalGame:
    """One match at a terminal; ``read`` and ``write`` are the only contact with the outside."""

    def __init__(self, match: Match, ai: str, seed: int, read: Reader, write: Writer) -> None:
        self.match = match
        self.read = read
        self.write = write
        kind: Literal["random", "heuristic"] = "random" if ai == "random" else "heuristic"
        self.players: dict[int, Player] = {
            seat: make_player(kind, seed * 7 + seat) for seat in range(1, match.seats)
        }
        self.adviser = HeuristicPlayer(seed)
        self.announced = -1

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
                events = match.apply(action, table_seat)
                self._report(seats, events)
        except _Quit:
            self.write("Bye.")
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
        self.write(f"\n=== Deal {match.number + 1} of {match.total_deals}{bock}: {roles}")
        seat = match.deal_seat(0)
        if seat is None:
            self.write("You deal and sit this one out.")
        else:
            self.write("Your hand: " + " ".join(card.pretty for card in match.deal.hand(seat)))

    def _does(self, table_seat: int, verb: str) -> str:
        """``You lay`` / ``AI 1 lays``; ``pass`` takes ``es``."""
        ending = "es" if verb.endswith("s") else "s"
        return f"You {verb}" if table_seat == 0 else f"{self.name(table_seat)} {verb}{ending}"

    def _report(self, seats: tuple[int, ...], events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, CardPlayed) and seats[event.seat] != 0:
                self.write(f"  {self.name(seats[event.seat])} plays {event.card.pretty}")
            elif isinstance(event, TrickTaken):
                cards = " ".join(card.pretty for card in event.cards)
                winner = self.name(seats[event.winner])
                self.write(f"Trick {event.number}: {cards} -> {winner} ({event.points} points)")
            elif isinstance(event, PickedUp) and seats[event.seat] != 0:
                self.write(f"  {self.name(seats[event.seat])} picks up the two cards")
            elif isinstance(event, Pushed):
                self.write(f"  {self._does(seats[event.seat], 'lay')} two cards for the next")
            elif isinstance(event, PassedOn):
                self.write(f"  {self._does(seats[event.seat], 'pass')} the two cards on")
            elif isinstance(event, DealFinished):
                self._result(self.match.finished_deals[-1])

    def _result(self, entry: SheetEntry) -> None:
        result = entry.result
        names = [self.name(seat) for seat in entry.seats]
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
        if view.trick:
            leader = view.trick_leader if view.trick_leader is not None else 0
            seats = self.match.active_seats
            played = ", ".join(
                f"{self.name(seats[(leader + i) % view.players])} {card.pretty}"
                for i, card in enumerate(view.trick)
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

    def _card(self, text: str, cards: Sequence[Card]) -> Card:
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(cards):
                raise RulesError(f"Choose a number from 1 to {len(cards)}, or a card name")
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
    seats = args.seats if args.seats is not None else rules.players
    options = parse_table_options({"seats": seats, "rounds": args.rounds})
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    match = Match(rules, options, seed)
    print(f"{game.title}: {game.descriptions[preset_name]}")
    print(f"Seed {seed}, {seats} seats, {options.rounds} round(s), AI: {args.ai}. {HELP}")
    terminal = TerminalGame(match, args.ai, seed, _stdin_reader, print)
    try:
        return terminal.run()
    except KeyboardInterrupt:
        print("\nBye.")
        return 130
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
