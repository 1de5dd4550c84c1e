"""Whole offline matches of every game through the terminal, a scripted human against seeded
AI players: the game's own pack and words, real plurals and lists, no line said twice."""

from __future__ import annotations

import itertools
import re

import pytest

from ramsch_core import cli
from ramsch_core.errors import RulesError
from ramsch_core.games import GAMES
from ramsch_core.terminal import play_in_terminal
from ramsch_core.terminal.packs import GERMAN_SUITS
from ramsch_core.terminal.presenter import PlainPresenter, presenter_for
from ramsch_core.terminal.words import plural_template

FRENCH = re.compile("[♣♠♥♦]")
GERMAN = re.compile("|".join(GERMAN_SUITS))
ONCE_A_DEAL = ("Game: ", "Everyone passed", "Upcard ", "Deal ", "Scores", "Totals: ")
"""Lines about the deal that say something once: the game (again only when it changes)."""


class Stumbler:
    """Answers every prompt first with words no step takes or a card out of range, then with
    an empty line (the AI decides; in Ramsen's exchange ``ai``); the lines written and the
    prompts read make one transcript."""

    WRONG = ("x", "99")

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.turns = 0

    def write(self, text: str) -> None:
        self.lines.extend(text.split("\n"))

    def read(self, prompt: str) -> str | None:
        self.lines.append(prompt)
        self.turns += 1
        if self.turns % 3 < len(self.WRONG):
            return self.WRONG[self.turns % 3]
        return "ai" if prompt.startswith("Cards to lay away") else ""


def transcript(game: str, preset: str, seed: int) -> list[str]:
    args = cli.build_parser().parse_args(
        ["play", "--game", game, "--preset", preset, "--seed", str(seed), "--rounds", "1"]
    )
    human = Stumbler()
    assert play_in_terminal(args, read=human.read, write=human.write) == 0
    assert human.lines[-1] != "Bye."
    return human.lines


MATCHES = [
    ("ramsch", "skat-schieberamsch", 4, "french"),
    ("ramsch", "schafkopf", 2, "german"),
    ("skat", "skat-bock", 3, "french"),
    ("skat", "skat-schieberamsch", 5, "french"),
    ("skat", "skat-standard", 2, "french"),
    ("schafkopf", "schafkopf-klopfen", 6, "german"),
    ("schafkopf", "schafkopf-stock", 1, "german"),
    ("ramsen", "ramsen", 7, "german"),
]


@pytest.mark.parametrize(("game", "preset", "seed", "pack"), MATCHES)
def test_a_whole_match_reads_well(game: str, preset: str, seed: int, pack: str) -> None:
    lines = transcript(game, preset, seed)
    text = "\n".join(lines)
    assert "Final standings:" in text or "\nWinner: " in text
    assert "(s)" not in text
    assert not re.search(r"\w+ and \w+( \d)? and ", text.replace("Kontra and Re", ""))
    for before, after in itertools.pairwise(lines):
        assert not (before and before == after), f"said twice: {before!r}"
    deals = re.split(r"\n=== Deal ", text)
    for deal in deals[1:]:
        said = [line for line in deal.splitlines() if line.startswith(ONCE_A_DEAL)]
        assert len(said) == len(set(said)), deal
    other = GERMAN if pack == "french" else FRENCH
    assert not other.search(text), other.findall(text)[:5]
    own = FRENCH if pack == "french" else GERMAN
    plays = re.findall(r"AI plays for you: (\S+)", text)
    assert plays and all(own.match(card) for card in plays), plays[:5]
    decided = re.findall(r"AI decides for you: (.*)", text)
    assert not [words for words in decided if re.search(r"\b[CSHD][ATKQJ987]\b", words)]
    if game == "schafkopf":
        assert "AI decides for you: pass" not in text  # weiter


def test_schafkopf_is_said_in_its_own_words() -> None:
    """Calls and games by the Sau and the German suits, never by a French Ace."""
    text = "\n".join(transcript("schafkopf", "schafkopf", 2))
    assert re.search(r"Sauspiel auf die (Eichel|Gras|Schellen)-Sau", text)
    assert "Sauspiel on the" not in text and "calling" not in text
    assert "Cards are shown in the German pack" in text


def test_ramsen_names_the_trump_suit_in_the_german_pack() -> None:
    text = "\n".join(transcript("ramsen", "ramsen-3", 3))
    upcard = re.search(r"Upcard (\S+): trump is (\w+); trumps: (.*)", text)
    assert upcard is not None
    assert upcard.group(2) in ("Eichel", "Gras", "Herz", "Schellen")
    assert upcard.group(3).split()[1:3] == ["🔔9", "🔔7"]  # the permanent trumps


def test_every_game_has_a_presenter() -> None:
    """A game registered without a presenter would be said plainly, in the French pack."""
    for game in GAMES.values():
        rules = game.preset(game.default_preset)
        assert game.terminal is not None
        presenter = presenter_for(rules)
        assert type(presenter) is not PlainPresenter and presenter.face is not None


def test_a_core_message_with_a_count_reads_as_english() -> None:
    error = RulesError("The talon holds only {count} card(s): discard at most that many", count=1)
    template, params = plural_template(error.template, dict(error.params))
    assert template.format_map(params) == "The talon holds only 1 card: discard at most that many"
    template, params = plural_template(error.template, {"count": 0})
    assert template.format_map(params).startswith("The talon holds only 0 cards:")
    assert plural_template("{name} card(s)", {"name": "x"})[0] == "{name} card(s)"
