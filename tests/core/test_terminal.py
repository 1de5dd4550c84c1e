"""Terminal play: a scripted human finishes whole sessions; quit and end of input exit cleanly."""

from __future__ import annotations

from ramsch_core import Match, TableOptions, preset
from ramsch_core.cards import DECK
from ramsch_core.terminal import TerminalGame, counted, listed
from ramsch_core.terminal.packs import french_face, german_face
from tests.core.cli import run_cli

FACES = {face(card): card for card in DECK for face in (french_face, german_face)}


class ScriptedHuman:
    """Answers the terminal's prompts by reading them and the lines printed before them."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.pending: list[str] = []
        self.pushes = 0

    def write(self, text: str) -> None:
        self.lines.append(text)

    def last(self, prefix: str) -> str:
        return next(line for line in reversed(self.lines) if line.startswith(prefix))

    def read(self, prompt: str) -> str | None:
        self.lines.append(prompt)
        if self.pending:
            return self.pending.pop(0)
        if prompt.startswith("Your card"):
            playable = [FACES[item.split(":")[1]] for item in self.last("Playable: ").split()[1:]]
            held = [FACES[item.split(":")[1]] for item in self.last("Your hand: ").split()[2:]]
            card = str(playable[-1]).lower().replace("t", "10")
            if not any("Unknown card" in line for line in self.lines):
                stranger = next(c for c in DECK if c not in held)
                self.pending = ["99", str(stranger), card]
                return "x1"
            return card
        if prompt.startswith("Pick up"):
            self.pushes += 1
            return "maybe" if self.pushes == 1 else "p" if self.pushes % 2 else "o"
        if prompt.startswith("Two cards"):
            self.pending = [""]
            return "1"
        raise AssertionError(f"unexpected prompt {prompt!r}")


def test_scripted_session_with_schieberamsch_and_a_seat_out() -> None:
    """SR-10 prompts, four seats (the dealer sits out, C-4), bad input re-asked with reasons."""
    match = Match(preset("skat-schieberamsch"), TableOptions(seats=4, rounds=1), seed=11)
    human = ScriptedHuman()
    game = TerminalGame(match, "random", 11, human.read, human.write)
    assert game.run() == 0
    text = "\n".join(human.lines)
    assert match.finished and len(match.finished_deals) == 4
    assert "You deal and sit this one out." in text
    assert "Unknown card 'x1'" in text
    assert "Choose a number from 1 to" in text
    assert "You don't hold" in text
    assert "Answer p to pick up or o to pass on" in text
    assert "Name exactly two cards" in text
    assert "Final standings:" in text
    assert text.count("Totals: ") == 4


def test_scripted_session_must_follow_suit_is_explained() -> None:
    """SK-4: a card that does not follow is refused with the core's message, then re-asked."""
    match = Match(preset("schafkopf"), TableOptions(seats=4), seed=3)
    human = ScriptedHuman()

    def read(prompt: str) -> str | None:
        if prompt.startswith("Your card") and not human.pending:
            playable = {item.split(":")[1] for item in human.last("Playable: ").split()[1:]}
            held = [FACES[item.split(":")[1]] for item in human.last("Your hand: ").split()[2:]]
            wrong = [str(card) for card in held if german_face(card) not in playable]
            if wrong and not any("You must follow" in line for line in human.lines):
                human.lines.append(prompt)
                return wrong[0]
        return human.read(prompt)

    assert TerminalGame(match, "heuristic", 3, read, human.write).run() == 0
    assert any("You must follow" in line for line in human.lines)
    assert match.finished


def test_blank_lines_let_the_ai_finish_a_session() -> None:
    run = run_cli("play", "--preset", "altenburg", "--seed", "5", "--rounds", "1", stdin="\n" * 200)
    assert run.returncode == 0, run.stderr
    assert "Final standings:" in run.stdout
    assert run.stdout.count("AI plays for you") == 30


def test_end_of_input_and_quit_exit_cleanly() -> None:
    for stdin in ("\n\n", "SA\nquit\n"):
        run = run_cli("play", "--preset", "skat", "--seed", "1", "--ai", "random", stdin=stdin)
        assert run.returncode == 0
        assert "Bye." in run.stdout
        assert "Traceback" not in run.stderr


def test_a_bad_table_is_an_error_message() -> None:
    run = run_cli("play", "--preset", "schafkopf", "--seats", "3", stdin="")
    assert run.returncode == 2
    assert "four players" in run.stderr and "Traceback" not in run.stderr


def test_easy_and_hard_ai_players_play_a_session_through() -> None:
    run = run_cli("play", "--preset", "skat", "--seed", "3", "--rounds", "1", "--ai", "easy",
                stdin="\n" * 200)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Final standings:" in run.stdout and "Traceback" not in run.stderr
    hard = run_cli("play", "--preset", "skat", "--seed", "3", "--rounds", "1", "--ai", "hard",
                 stdin="\n" * 200)  # fmt: skip
    assert hard.returncode == 0, hard.stderr
    assert "Final standings:" in hard.stdout
    refused = run_cli("play", "--preset", "skat", "--ai", "expert", stdin="")
    assert refused.returncode == 2 and "invalid choice" in refused.stderr


def test_counts_and_lists_read_as_english() -> None:
    """The terminal says "1 round", "6 cards" and "AI 1, AI 2 and you", never "round(s)" or
    "AI 1 and AI 2 and You"."""
    assert [counted(n, "round") for n in (0, 1, 2)] == ["0 rounds", "1 round", "2 rounds"]
    assert listed([]) == "" and listed(["You"]) == "You"
    assert listed(["AI 1", "AI 2", "You"]) == "AI 1, AI 2 and you"
    assert listed(["You", "AI 3"]) == "You and AI 3"


def test_the_session_header_counts_its_rounds() -> None:
    for rounds, said in (("1", "1 round,"), ("2", "2 rounds,")):
        run = run_cli("play", "--preset", "skat", "--seed", "3", "--rounds", rounds, stdin="quit\n")
        assert said in run.stdout and "(s)" not in run.stdout, run.stdout
