"""The terminal's match loop: the human at table seat 0 against AI players, each deal
announced, every event said, the human asked for his actions, the standings at the end.
What is particular to a game is said by its presenter."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ramsch_core.actions import Action, CardPlayed, DealFinished, Event, Play, TrickTaken
from ramsch_core.ai import PLAYER_KINDS, HeuristicPlayer, Player, make_player
from ramsch_core.ai.players import PlayerKind
from ramsch_core.deal import Deal
from ramsch_core.errors import RulesError
from ramsch_core.match import Match
from ramsch_core.phases.say import Said
from ramsch_core.seats import seat_name
from ramsch_core.terminal import results, schieben
from ramsch_core.terminal.console import Console, Quit, Reader, Writer
from ramsch_core.terminal.doubling import Doubling
from ramsch_core.terminal.presenter import Presenter, presenter_for
from ramsch_core.terminal.words import score
from ramsch_core.view import SeatView


class TerminalGame:
    """One match at a terminal; ``read`` and ``write`` are the only contact with the outside."""

    def __init__(self, match: Match, ai: str, seed: int, read: Reader, write: Writer) -> None:
        self.match = match
        kind: PlayerKind = next((known for known in PLAYER_KINDS if known == ai), "heuristic")
        self.players: dict[int, Player] = {
            seat: make_player(kind, seed * 7 + seat) for seat in range(1, match.seats)
        }
        self.presenter: Presenter = presenter_for(match.rules)
        self.console = Console(
            match,
            read,
            write,
            HeuristicPlayer(seed),
            self.presenter.face,
            self.presenter.suit_face,
            self.presenter.action_words,
        )
        self.doubling = Doubling()
        self.announced = -1

    def run(self) -> int:
        """Play until the match ends or the player quits; the exit status is 0 either way."""
        match, console = self.match, self.console
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
        except Quit:
            console.write("Bye.")
            return 0
        last = match.finished_deals[-1] if match.finished_deals else None
        winner = (last.result.details or {}).get("winner") if last is not None else None
        if winner is not None and last is not None:
            console.write(f"\nWinner: {console.name(last.seats[winner])}")
            return 0
        console.write("\nFinal standings:")
        for place, (seat, total) in enumerate(match.standings(), start=1):
            console.write(f"  {place}. {console.name(seat)}: {score(total)}")
        return 0

    # -- output ----------------------------------------------------------------------------

    def _announce(self) -> None:
        match, console = self.match, self.console
        self.announced = match.number
        roles = ", ".join(
            f"{console.name(seat)} {seat_name(index, len(match.active_seats))}"
            for index, seat in enumerate(match.active_seats)
        )
        bock = " (Bock: counts double)" if match.bock else ""
        of = "" if match.rules.plays_to_a_winner() else f" of {match.total_deals}"
        console.write(f"\n=== Deal {match.number + 1}{of}{bock}: {roles}")
        self.presenter.deal_lines(console, match.deal)
        seat = match.deal_seat(0)
        if seat is None:
            console.write("You deal and sit this one out.")
        else:
            console.write(self.presenter.hand_line(console, match.deal, seat))

    def _report(self, seats: tuple[int, ...], events: Sequence[Event], deal: Deal) -> None:
        console = self.console
        for event in events:
            if self.presenter.report(console, seats, event, deal):
                continue
            if schieben.report(console, seats, event):
                continue
            if isinstance(event, Said):
                self._said(seats[event.seat], event.what)
            elif isinstance(event, CardPlayed):
                if seats[event.seat] != 0:
                    played = console.face(event.card)
                    console.write(f"  {console.name(seats[event.seat])} plays {played}")
            elif isinstance(event, TrickTaken):
                winner = console.name(seats[event.winner])
                points = f" ({event.points} points)" if self.presenter.trick_points else ""
                console.write(
                    f"Trick {event.number}: {console.cards(event.cards)} -> {winner}{points}"
                )
            elif isinstance(event, DealFinished):
                entry = self.match.finished_deals[-1]
                if not self.presenter.result(console, entry):
                    results.card_points(console, entry)
                    results.scores(console, entry)

    def _said(self, seat: int, what: str) -> None:
        """A word said that the game's presenter leaves to the terminal: a pass, Kontra, Re."""
        console = self.console
        if what == "pass":
            console.write(f"  {console.does(seat, 'pass')}")
        elif what in ("kontra", "re"):
            console.write(f"  {console.does(seat, 'say')} {what.capitalize()}!")
        else:
            console.write(f"  {console.name(seat)}: {what}")

    # -- input -----------------------------------------------------------------------------

    def _ask(self, view: SeatView) -> Action:
        console = self.console
        if view.phase == schieben.PHASE:
            return schieben.ask(console, view)
        action = self.presenter.ask(console, view)
        if action is not None:
            return action
        action = self.doubling.ask(console, self.presenter, view)
        if action is not None:
            return action
        return self._ask_card(
            replace(view, legal=tuple(a for a in view.legal if isinstance(a, Play)))
        )

    def _ask_card(self, view: SeatView) -> Action:
        """The card to play, with the game, the trick so far, the hand and the cards allowed."""
        console, deal = self.console, self.match.deal
        game = self.presenter.game_line(console, deal)
        if game is not None:
            console.show_game(*game)
        self.presenter.before_card(console, deal)
        if view.trick:
            leader = view.trick_leader if view.trick_leader is not None else 0
            seats = self.match.active_seats
            players = list(self.presenter.players_of(view))
            start = players.index(leader)
            turns = players[start:] + players[:start]
            played = ", ".join(
                f"{console.name(seats[turns[i]])} {console.face(card)}"
                for i, card in enumerate(view.trick)
            )
            console.write(f"Trick {len(view.tricks) + 1} so far: {played}")
        else:
            console.write(f"Trick {len(view.tricks) + 1}: you lead")
        hand = list(view.hand)
        console.write("Your hand: " + console.numbered(hand))
        legal = {action.card for action in view.legal if isinstance(action, Play)}
        playable = "  ".join(
            f"{number}:{console.face(card)}" for number, card in enumerate(hand, 1) if card in legal
        )
        console.write(f"Playable: {playable}")
        while True:
            text = console.line("Your card (e.g. SA, h10 or a number; Enter = AI; quit): ")
            if not text:
                action = console.adviser.choose(view)
                console.write(f"  AI plays for you: {console.action_words(action)}")
                return action
            try:
                play = Play(console.card(text, hand))
            except RulesError as error:
                console.refused(error)
                continue
            if console.allowed(play):
                return play
