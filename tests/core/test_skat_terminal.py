"""Terminal play of full Skat: a scripted human bids, takes the skat or plays Hand, lays two
away, declares, says Kontra and plays whole sessions through the terminal's input function."""

from __future__ import annotations

import re

from ramsch_core.cards import DECK
from ramsch_core.games import SKAT
from ramsch_core.games.skat.terminal import explain_value
from ramsch_core.match import Match, TableOptions
from ramsch_core.terminal import TerminalGame
from ramsch_core.terminal.packs import french_face
from tests.core.cli import run_cli

FACES = {french_face(card): card for card in DECK}


class SkatHuman:
    """Answers every prompt of a Skat session, each kind wrongly once first."""

    def __init__(self, hand_game: bool = False) -> None:
        self.lines: list[str] = []
        self.wrong: set[str] = set()
        self.pending: list[str] = []
        self.hand_game = hand_game

    def write(self, text: str) -> None:
        self.lines.append(text)

    def last(self, prefix: str) -> str:
        return next(line for line in reversed(self.lines) if line.startswith(prefix))

    def once(self, kind: str, wrong: str, right: str) -> str:
        if kind in self.wrong:
            return right
        self.wrong.add(kind)
        return wrong

    def read(self, prompt: str) -> str | None:
        self.lines.append(prompt)
        if self.pending:
            return self.pending.pop(0)
        named = re.search(r"(?:^Bid |bids )(\d+)", prompt)
        if self.hand_game and named and int(named.group(1)) > 30:
            return "p"  # leave the big games to the AI
        if prompt.startswith("Bid "):
            if "bid" not in self.wrong:
                self.wrong.add("bid")
                self.pending = ["what", "b"]
                return "19"
            return "b"
        if ": hold (y) or pass (p)?" in prompt:
            return self.once("hold", "perhaps", "y")
        if prompt.startswith("Take the skat"):
            if self.hand_game:
                return self.once("hand", "x", "g")
            return self.once("take", "x", "t")
        if prompt.startswith("Two cards to lay away"):
            if "lay" not in self.wrong:
                self.wrong.add("lay")
                self.pending = ["SA SA", "1 2"]
                return "1"
            return "1 2"
        if prompt.startswith("Declare"):
            if "declare" not in self.wrong:
                self.wrong.add("declare")
                self.pending = ["g schneider", "g"]
                return "x"
            bid = int(self.last("Values without Schneider").split("(bid ")[1].split(")")[0])
            if bid > 23 and "null" not in self.wrong:
                self.wrong.add("null")  # a Null below the bid is refused (FS-11)
                self.pending = ["g"]
                return "n"
            return "g"
        if prompt.startswith("Say Kontra"):
            return self.once("kontra", "maybe", "n")
        if prompt.startswith("Answer the Kontra"):
            return "r"
        if prompt.startswith("Pick up"):
            return "p"
        if prompt.startswith("Two cards to lay"):
            return ""
        if prompt.startswith("Your card"):
            playable = self.last("Playable: ").split()[1:]
            return str(FACES[playable[-1].split(":")[1]]).lower().replace("t", "10")
        raise AssertionError(f"unexpected prompt {prompt!r}")


def _session(seed: int, rounds: int, hand_game: bool = False) -> tuple[Match, str]:
    match = Match(SKAT.preset("skat"), TableOptions(seats=3, rounds=rounds), seed=seed)
    human = SkatHuman(hand_game)
    assert TerminalGame(match, "heuristic", seed, human.read, human.write).run() == 0
    return match, "\n".join(human.lines)


def test_scripted_skat_session_bids_declares_and_plays() -> None:
    """FS-4..12 prompts: a bad bid, a bad answer, a bad pair to lay away, a refused
    declaration, each re-asked with the reason; the contract during play; the value worked
    out; running totals and the final standings."""
    match, text = _session(seed=4, rounds=1)
    assert match.finished and len(match.finished_deals) == 3
    assert "19 is not a value you can bid" in text
    assert "Answer b to bid" in text
    assert "You take the skat:" in text
    assert "Name exactly two cards" in text
    assert "Name a game" in text
    assert "Only a Hand game can be played open or with Schneider or Schwarz announced" in text
    assert "This Null is worth 23, less than your bid of" in text
    assert "Game: You play Grand (bid " in text
    assert "Value: Grand with" in text or "Value: Grand without" in text
    assert " → " in text and " × 24 = " in text
    assert text.count("Totals: ") == 3
    assert "Final standings:" in text


def test_scripted_skat_session_with_a_hand_game_and_ai_declarers() -> None:
    """A Grand Hand declared right away; AI declarers' games are shown with their bid."""
    match, text = _session(seed=4, rounds=2, hand_game=True)
    assert match.finished
    assert "Game: You play Grand Hand (bid " in text
    assert ", Hand " in text
    assert "Game: AI " in text and " plays " in text
    assert "Final standings:" in text


def test_the_value_is_worked_out_as_the_sheet_writes_it() -> None:
    """FS-8..12: Clubs with 2, Schneider; a lost Grand with Kontra; an overbid; a Null Hand."""
    details = {
        "game": "clubs", "matadors": 2, "hand": False, "schneider": True, "schwarz": False,
        "schneider_announced": False, "schwarz_announced": False, "ouvert": False,
        "kontra": 0, "value": 48, "won": True, "overbid": False, "bid": 18,
    }  # fmt: skip
    assert explain_value(details) == ["Value: Clubs with 2, game 3, Schneider 4 → 4 × 12 = 48"]
    lost = {**details, "game": "grand", "matadors": -1, "schneider": False, "kontra": 1}
    lost.update(value=96, won=False)
    assert explain_value(lost) == [
        "Value: Grand without 1, game 2 → 2 × 24 = 48",
        "Kontra: × 2 = 96",
        "Lost: -2 × 96 = -192",
    ]
    overbid = {**details, "game": "diamonds", "matadors": -1, "schneider": False}
    overbid.update(value=27, won=False, overbid=True, bid=22)
    assert explain_value(overbid) == [
        "Value: Diamonds without 1, game 2 → 2 × 9 = 18",
        "Overbid: 18 is less than the bid of 22, so the game is lost at 3 × 9 = 27",
        "Lost: -2 × 27 = -54",
    ]
    null = {**details, "game": "null", "matadors": None, "hand": True, "value": 35}
    assert explain_value(null) == ["Value: Null Hand = 35"]


def test_blank_lines_let_the_ai_play_a_skat_session() -> None:
    """An empty line lets the AI decide every step, bidding and declaring included; at four
    seats the dealer sits out (FS-3)."""
    run = run_cli(
        "play", "--game", "skat", "--seed", "2", "--rounds", "1", "--seats", "4", stdin="\n" * 400
    )
    assert run.returncode == 0, run.stderr
    assert "AI decides for you" in run.stdout
    assert "You deal and sit this one out." in run.stdout
    assert run.stdout.count("Totals: ") == 4
    assert "Final standings:" in run.stdout
    assert "Traceback" not in run.stderr


def test_quit_in_the_bidding_exits_cleanly() -> None:
    run = run_cli("play", "--game", "skat", "--seed", "1", "--ai", "random", stdin="quit\n")
    assert run.returncode == 0
    assert "Bye." in run.stdout and "Traceback" not in run.stderr


def test_the_game_is_said_once_a_deal() -> None:
    """A deal's "Game: ..." line comes when the game is declared, and again only after a
    Kontra or Re (whose line it then carries): never twice in a row for the same game."""
    _match, text = _session(seed=4, rounds=2, hand_game=True)
    games = 0
    for deal in text.split("Totals: "):
        lines = [line for line in deal.splitlines() if line.startswith("Game: ")]
        games += len(lines)
        assert len(lines) == len(set(lines)), lines
    assert games >= 3
