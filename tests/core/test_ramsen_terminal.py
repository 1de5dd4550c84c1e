"""Terminal play of Ramsen (RA-1..8): a scripted human schleckt or not, exchanges, says in or
pass and plays
whole games to a winner through the terminal's input function; bad input is refused with the
core's reason and asked again."""

from __future__ import annotations

from functools import cache

import pytest

from ramsch_core.cards import DECK, Card
from ramsch_core.games import RAMSEN
from ramsch_core.games.ramsen.terminal import crosses_art
from ramsch_core.match import Match, TableOptions
from ramsch_core.terminal import TerminalGame
from ramsch_core.terminal.packs import french_face, german_face
from tests.core.cli import run_cli

FACES = {face(card): card for card in DECK for face in (french_face, german_face)}
DUTIES = (
    "You must follow",
    "You can't follow suit, so you must trump",
    "You must beat the trick",
)


class RamsenHuman:
    """Answers every prompt of a Ramsen game: each kind of step wrongly once first (a card
    it does not hold and the upcard it may not take in the exchange, a word that is neither in
    nor pass, a card the duties forbid), then rightly."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.wrong: set[str] = set()
        self.exchanges = 0
        self.cuts = 0

    def write(self, text: str) -> None:
        self.lines.append(text)

    def last(self, prefix: str) -> str:
        return next(line for line in reversed(self.lines) if line.startswith(prefix))

    def hand(self) -> list[Card]:
        """The cards of the latest numbered hand shown (``1:♣K  2:♣8 ...``)."""
        shown = self.last("Your hand: 1:")[len("Your hand: ") :].split()
        return [FACES[item.split(":", 1)[1]] for item in shown]

    def read(self, prompt: str) -> str | None:
        self.lines.append(prompt)
        if prompt.startswith("Keep it and be dealt four more"):
            assert self.last("You cut. The bottom card of the cut is ")
            if "cut" not in self.wrong:
                self.wrong.add("cut")
                return "perhaps"
            self.cuts += 1
            return "k" if self.cuts % 2 else "l"
        if prompt.startswith("Cards to lay away"):
            hand = self.hand()
            held = set(hand)
            if "not held" not in self.wrong:
                self.wrong.add("not held")
                return next(str(card) for card in DECK if card not in held)
            dealer = "'up' takes the upcard" in self.last("The talon holds")
            if "upcard" not in self.wrong and not dealer:
                self.wrong.add("upcard")
                return f"up {hand[-1]}"
            self.exchanges += 1
            if self.exchanges % 3 == 0:
                return f"{hand[-1]} {hand[-2]}".lower()  # two cards away: bound to play
            if self.exchanges % 3 == 1 and dealer:
                return f"up {hand[-1]}"
            return ""
        if prompt.startswith("Play this deal"):
            if "word" not in self.wrong:
                self.wrong.add("word")
                return "maybe"
            return "i"
        if prompt.startswith("Your card"):
            hand = self.hand()
            playable = [FACES[item.split(":")[1]] for item in self.last("Playable: ").split()[1:]]
            illegal = [card for card in hand if card not in playable]
            if illegal and "card" not in self.wrong:
                self.wrong.add("card")
                return str(illegal[0])
            return str(playable[0]).lower().replace("t", "10")
        raise AssertionError(f"unexpected prompt {prompt!r}")


@cache
def _game(seed: int, players: int) -> tuple[Match, str]:
    rules = RAMSEN.preset("ramsen").seated(players)
    match = Match(rules, TableOptions(seats=players), seed=seed)
    human = RamsenHuman()
    assert TerminalGame(match, "heuristic", seed, human.read, human.write).run() == 0
    return match, "\n".join(human.lines)


@pytest.mark.parametrize(("seed", "players"), [(3, 3), (5, 4), (8, 5)])
def test_scripted_ramsen_game_to_a_winner(seed: int, players: int) -> None:
    """RA-2..7 at the terminal: the upcard and the trumps, a bad exchange refused with the
    core's reason and asked again, in or pass, a card the duties forbid refused naming the
    duty, the crosses drawn after every deal and the winner."""
    match, text = _game(seed, players)
    assert match.finished
    assert "Upcard " in text and "trump is " in text and "trumps: " in text
    assert "You don't hold " in text
    assert "Answer i to play or p to pass" in text
    assert "Answer k to keep the card or l to leave it" in text
    assert "|||||" in text or "·" in text
    assert text.count("Deal ") >= len(match.finished_deals)
    last = match.finished_deals[-1]
    winner = (last.result.details or {}).get("winner")
    assert winner is not None
    name = "You" if last.seats[winner] == 0 else f"AI {last.seats[winner]}"
    assert f"\nWinner: {name}" in text
    assert "drawn the last bar and win" in text
    assert "╳  all bars drawn" in text


def test_the_refusals_name_the_rule_broken() -> None:
    """RA-4, RA-6: over a few games the human is refused the upcard (not the dealer) and a
    card the duties forbid, each with the core's message."""
    texts = [_game(seed, players)[1] for seed, players in ((3, 3), (5, 4), (8, 5))]
    joined = "\n".join(texts)
    assert "Only the dealer may take the upcard" in joined
    assert any(duty in joined for duty in DUTIES)


def test_crosses_are_drawn_bar_by_bar() -> None:
    """RA-7: five bars to a cross; a started cross shows its drawn bars as dots."""
    assert crosses_art(10) == "||||| |||||  10 bars (2 crosses)"
    assert crosses_art(7) == "||··· |||||  7 bars (1 cross 2 bars)"
    assert crosses_art(3) == "|||··  3 bars"
    assert crosses_art(1) == "|····  1 bar"
    assert crosses_art(16) == "|···· ||||| ||||| |||||  16 bars (3 crosses 1 bar)"
    assert crosses_art(0) == "╳  all bars drawn"


def test_blank_lines_play_a_ramsen_game_for_five() -> None:
    """``--players 5``: empty lines keep the hand and let the AI decide the rest, to a
    winner."""
    run = run_cli("play", "--game", "ramsen", "--players", "5", "--seed", "2", stdin="\n" * 400)
    assert run.returncode == 0, run.stderr
    assert "Seed 2, 5 seats, to a winner" in run.stdout
    assert "You keep the hand" in run.stdout
    assert "\nWinner: " in run.stdout
    assert "Traceback" not in run.stderr


def test_players_is_refused_for_a_game_dealt_to_a_fixed_number() -> None:
    run = run_cli("play", "--game", "ramsch", "--players", "4", stdin="quit\n")
    assert run.returncode == 2
    assert "is dealt to 3 players, not 4" in run.stderr
    assert "Traceback" not in run.stderr
