"""Plain-text pieces shared by every message: cards, scores, names and the rules in brief."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from ramsch_core import DEFAULT_GAME, Card, Game, RuleSet, TableOptions, get_game

VARIANT_TITLES = dict(get_game(DEFAULT_GAME).variant_titles)


def cards_text(
    cards: Iterable[Card], empty: str = "—", face: Callable[[Card], str] | None = None
) -> str:
    """Cards as ``♣J ♠A ♥10`` (or each as ``face`` shows it: a game's own pack)."""
    text = " ".join(card.pretty if face is None else face(card) for card in cards)
    return text or empty


def score_text(value: Fraction | int, *, signed: bool = True) -> str:
    """A score, exact: ``-7½``, ``+120``, ``0``."""
    value = Fraction(value)
    whole, rest = divmod(abs(value), 1)
    if rest == 0:
        body = str(whole)
    elif rest == Fraction(1, 2):
        body = (str(whole) if whole else "") + "½"
    else:
        body = f"{float(abs(value)):g}"
    if value < 0:
        return "−" + body
    return ("+" if signed and value > 0 else "") + body


def preset_choice_name(game: Game, name: str) -> str:
    """A preset as a slash-command choice: its name and description, ≤ 100 characters."""
    text = f"{name} — {game.descriptions[name]}"
    return text if len(text) <= 100 else text[:99] + "…"


def presets_overview(game: Game) -> str:
    """Every preset of a game with its one-line description."""
    return "\n".join(f"**{name}** — {game.descriptions[name]}" for name in game.presets)


def timer_text(seconds: float | None) -> str:
    """A turn timer: ``off``, ``45 s``, ``2 min``, ``1 min 30 s``."""
    if seconds is None:
        return "off"
    minutes, rest = divmod(round(seconds), 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min" + (f" {rest} s" if rest else "")


def table_text(rules: RuleSet, options: TableOptions) -> str:
    """Seats, length and Bock rounds of a table, e.g. ``4 seats (the dealer sits out) · …``."""
    deals = options.rounds * options.seats
    rounds = "1 round" if options.rounds == 1 else f"{options.rounds} rounds"
    seats = f"{options.seats} seats"
    if options.seats > rules.players:
        seats += " (the dealer sits out each deal)"
    length = f"{rounds} ({deals} deals)"
    if rules.plays_to_a_winner():
        length = "played until someone has drawn all his bars"
    parts = [seats, length]
    chosen = options.model_dump()
    bock = [what for name, what in BOCK_AFTER.items() if chosen.get(name)]
    if chosen.get("bock_on_value"):
        bock.append(f"a game worth {chosen.get('bock_threshold', 72)} or more")
    if bock:
        listed = ", ".join(bock[:-1]) + " or " if len(bock) > 1 else ""
        parts.append(f"Bock round after {listed}{bock[-1]}")
    if chosen.get("ramsch_after_bock"):
        parts.append("a round of Ramsch after each Bock round")
    if options.tournament:
        parts.append("tournament scoring (Seeger-Fabian)")
    return " · ".join(parts)


BOCK_AFTER = {
    "bock_on_durchmarsch": "a Durchmarsch",
    "bock_on_tie": "a tie",
    "bock_on_sixty": "a game lost with 60",
    "bock_on_kontra": "a Kontra won",
    "bock_on_re": "Kontra and Re",
    "bock_on_grand_hand": "a Grand Hand won",
}
"""What opens a Bock round, by table option."""
