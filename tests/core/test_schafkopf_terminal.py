"""Terminal play of full Schafkopf (SF-1..10): a scripted human knocks, calls, says Kontra and
plays through the terminal's input, each kind of step wrongly once first (refused with the
core's reason and asked again); the game, the partner once the called Sau falls, and each
deal's payment worked out."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from ramsch_core import cli, terminal
from ramsch_core.cards import DECK, Card, Suit
from ramsch_core.deal import Deal
from ramsch_core.games import GAMES
from ramsch_core.games.schafkopf import SCHAFKOPF
from ramsch_core.games.schafkopf.calling import Call
from ramsch_core.match import Match, TableOptions
from ramsch_core.phases.say import Pass
from ramsch_core.terminal import TerminalGame
from ramsch_core.terminal.packs import french_face, german_face

FACES = {face(card): card for card in DECK for face in (french_face, german_face)}


@pytest.fixture
def registered() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(GAMES, SCHAFKOPF.id, SCHAFKOPF)
        yield


class SchafkopfHuman:
    """Answers every prompt: a word the step does not know once, then the AI's choice (an
    empty line); in the card play first a held card the rules forbid, when there is one."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.wrong: set[str] = set()
        self.refused = 0

    def write(self, text: str) -> None:
        self.lines.append(text)

    def last(self, prefix: str) -> str:
        return next(line for line in reversed(self.lines) if line.startswith(prefix))

    def read(self, prompt: str) -> str | None:
        self.lines.append(prompt)
        if prompt.startswith("Knock"):
            if "knock" not in self.wrong:
                self.wrong.add("knock")
                return "maybe"
            return "k" if len(self.wrong) % 2 else "n"
        if prompt.startswith("Your call"):
            if "call" not in self.wrong:
                self.wrong.add("call")
                return "sauspiel H"  # Hearts are trumps: never callable
            if "word" not in self.wrong:
                self.wrong.add("word")
                return "grand"
            return ""
        if prompt.startswith(("Accept (a)", "Card to give")):  # SF-16
            if prompt not in self.wrong:
                self.wrong.add(prompt)
                return "maybe" if prompt.startswith("Accept") else "HQ"
            return ""
        if prompt.startswith("Say Kontra"):
            return "n"
        if prompt.startswith("Your card"):
            shown = self.last("Your hand: 1:")[len("Your hand: ") :].split()
            hand = [FACES[item.split(":", 1)[1]] for item in shown]
            playable = {FACES[item.split(":")[1]] for item in self.last("Playable: ").split()[1:]}
            barred = [card for card in hand if card not in playable]
            if barred and self.refused < 40 and self.lines[-2] != "refused":
                self.refused += 1
                self.lines.append("refused")
                return str(barred[0])
            return ""
        return ""


def play(seed: int, preset: str = "schafkopf-klopfen", rounds: int = 1) -> list[str]:
    human = SchafkopfHuman()
    args = cli.build_parser().parse_args(
        ["play", "--game", "schafkopf", "--preset", preset, "--seed", str(seed),
         "--rounds", str(rounds)]
    )  # fmt: skip
    assert terminal.play_in_terminal(args, read=human.read, write=human.write) == 0
    return human.lines


def test_a_session_knocks_calls_and_plays_with_refusals(registered: None) -> None:
    """The Klopfen prompt with the first four cards only, the calls (Hearts refused with the
    core's reason), the games announced, card refusals from the core, each deal's result
    with its payment, and the totals in cents."""
    lines = play(11)
    text = "\n".join(lines)
    assert "Schafkopf: call in turn: weiter" in text
    assert sum(line.startswith("Knock (k) or not (n)?") for line in lines) >= 4
    assert "  Answer k to knock or n not to" in lines
    first = next(line for line in lines if line.startswith("Your first four cards: "))
    assert len(first.split(": ")[1].split()) == 4
    assert "Hearts are trumps in a Sauspiel" in text or "has been called" in text
    assert (
        "  Say weiter, sauspiel eichel (gras, schellen), wenz or solo with a suit "
        "(eichel, gras, herz, schellen)"
    ) in lines
    assert any(line.startswith(("Game: ", "Everyone passed")) for line in lines)
    assert re.search(r"You must follow|You can't|called Ace", text)
    assert sum(line.startswith("Deal ") and " over" in line for line in lines) == 4
    assert "\nFinal standings:" in lines
    assert any(line.startswith("Totals: ") for line in lines)


def test_a_hochzeit_is_offered_accepted_and_given_for_at_the_terminal(registered: None) -> None:
    """SF-16: the Hochzeit among the calls of a hand with one trump, the offer announced, the
    human asked to accept (a wrong word answered), the card to give (one not held refused
    with the core's reason), and the result paid as a Sauspiel, two and two."""
    lines = play(106, "schafkopf-hochzeit")
    text = "\n".join(lines)
    assert "You may say: weiter, hochzeit, wenz" in text
    assert "Game: You offer a Hochzeit: the first to accept is the partner" in lines
    assert "  Answer a to accept or w for weiter" in lines
    assert "  You accept the Hochzeit" in lines
    assert "  You do not hold ❤️O" in lines or "  You do not hold ♥Q" in lines
    over = next(line for line in lines if line.startswith("Deal 1 over."))
    assert re.match(
        r"Deal 1 over\. You and AI 2 (won|lost) the Hochzeit with \d+ card points", over
    )
    paid = lines[lines.index(over) + 2]
    assert re.fullmatch(
        r"(AI 1 and AI 3 pay (\d+) each; you and AI 2 get \2 each"
        r"|You and AI 2 pay (\d+) each; AI 1 and AI 3 get \3 each)",
        paid,
    )


def sessions(count: int) -> Iterator[tuple[int, list[str]]]:
    for seed in range(count):
        yield seed, play(seed, "schafkopf", 1)


def test_the_partner_is_named_when_the_called_sau_falls_and_payments_add_up(
    registered: None,
) -> None:
    """SF-3, SF-7..9: in a Sauspiel the called Sau's holder is named as it falls; a called game's
    payment line adds the tariff and the extras, times the doublings, to what each seat is
    paid or pays."""
    partners = payments = 0
    for _, lines in sessions(3):
        for index, line in enumerate(lines):
            if line.startswith("  The called Sau is out: "):
                partners += 1
                shown = r"  The called Sau is out: (You are|AI \d is) (your|AI \d's) partner"
                assert re.fullmatch(shown, line)
            if line.startswith("Payment: "):
                payments += 1
                numbers = re.match(r"Payment: (.*) = (\d+)( × (\d+) \(.*\) = (\d+))? cents", line)
                assert numbers is not None
                terms = numbers.group(1).split(" + ")
                total = 0
                for term in terms:
                    if "Laufende" in term:
                        count, each = re.findall(r"\d+", term)
                        total += int(count) * int(each)
                    else:
                        total += int(term.split()[-1])
                assert total == int(numbers.group(2))
                amount = int(numbers.group(5) or numbers.group(2))
                if numbers.group(4):
                    assert amount == total * int(numbers.group(4))
                scores = lines[index + 2]
                assert scores.startswith("Scores: ")
                values = [int(item.split()[-1]) for item in scores.split(": ", 1)[1].split(", ")]
                assert sum(values) == 0 and max(abs(v) for v in values) in (amount, 3 * amount)
    assert partners > 0 and payments > 0


class AceHolder(SchafkopfHuman):
    """Holds the called ♣A: tries the card its duties forbid once (the Ace when it may not be
    discarded, another club when the Ace must be played or may not be led around), then lets
    the AI choose; stops after the first deal."""

    def read(self, prompt: str) -> str | None:
        self.lines.append(prompt)
        if any(line.startswith("Deal 1 over") for line in self.lines):
            return None
        if prompt.startswith("Your card") and "duty" not in self.wrong:
            self.wrong.add("duty")
            playable = {FACES[item.split(":")[1]] for item in self.last("Playable: ").split()[1:]}
            return "C7" if Card.CA in playable else "CA"
        return ""


def test_the_called_aces_duties_are_refused_with_the_cores_reason() -> None:
    """SF-3: the human holds the called ♣A with three clubs and five spades; forehand, the
    caller, holds clubs and diamonds only. Whatever is led first (or if the human leads), the
    card the duties forbid is refused with the core's reason, and the Ace's fall names the
    partner."""
    rules = SCHAFKOPF.preset("schafkopf")
    match = Match(rules, TableOptions(seats=4), 1)
    human = match.deal_seat(0)
    assert human is not None
    given = {human: "CA C7 C9 S7 S8 S9 SK ST"}
    caller = 0 if human else 1
    given[caller] = "CK CT C8 D7 DA DT DK D9"
    used = {card for hand in given.values() for card in hand.split()}
    rest = iter([card for card in DECK if str(card) not in used])
    hands = [
        [Card.parse(item) for item in given[seat].split()]
        if seat in given
        else [next(rest) for _ in range(8)]
        for seat in range(4)
    ]
    deal = Deal(rules, hands)
    for seat in range(4):
        deal.apply(Call("sauspiel", Suit.CLUBS, None, False) if seat == caller else Pass(), seat)
    match.deal = deal
    player = AceHolder()
    assert TerminalGame(match, "heuristic", 1, player.read, player.write).run() == 0
    text = "\n".join(player.lines)
    assert re.search(
        r"The called Ace must be played when its suit is first led|"
        r"You may not discard the called Ace|You may not lead another 🌰 card before the called "
        r"Ace",
        text,
    )
    assert "The called Sau is out: You are" in text


def test_a_hochzeit_nobody_accepts_at_a_stock_table_leaves_the_dealer_ramsch_or_stock(
    registered: None,
) -> None:
    """SF-16, SK-9: the human deals at a Stock table; forehand offers a Hochzeit, nobody
    accepts. He is told why he speaks again and may say only ramsch or weiter: a Solo is
    refused with the core's reason, then his ramsch is taken."""
    rules = SCHAFKOPF.parse({"game": "schafkopf", "hochzeit": True, "all_pass": "stock"})
    match = Match(rules, TableOptions(seats=4, rounds=1), 5)
    assert match.deal_seat(0) == 3  # the human deals
    hands = [
        "DQ CA CT CK SA ST DA DT",
        "CQ SQ HQ CJ HA SK S9 D9",
        "HT SJ HJ HK C9 C8 S8 D8",
        "DJ H9 H8 H7 C7 S7 DK D7",
    ]
    match.deal = Deal(rules, [[Card.parse(card) for card in hand.split()] for hand in hands])
    match.apply(Call("hochzeit", None, None, False), match.active_seats[0])
    for deal_seat in (1, 2, 3, 1, 2):
        match.apply(Pass(), match.active_seats[deal_seat])
    match.apply(Pass(), 0)  # the human's own weiter to the offer
    lines: list[str] = []
    answers = iter(["solo herz", "ramsch"])
    game = TerminalGame(match, "heuristic", 1, lambda _prompt: next(answers), lines.append)
    action = game.presenter.ask(game.console, match.deal.view(3))
    assert action == Call("ramsch", None, None, False)
    assert "Nobody accepted the Hochzeit: ramsch, or weiter to leave a Stock." in lines
    assert "You may say: weiter, ramsch" in lines
    assert "  Nobody accepted the Hochzeit: choose a Ramsch, or pass to leave a Stock" in lines
