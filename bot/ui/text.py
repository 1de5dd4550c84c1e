"""Plain-text pieces shared by every message: cards, scores, names and the rules in brief."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from ramsch_core import (
    DEFAULT_GAME,
    AltenburgRules,
    Card,
    RuleSet,
    SchafkopfRules,
    SkatRules,
    TableOptions,
    get_game,
)

VARIANT_TITLES = dict(get_game(DEFAULT_GAME).variant_titles)


def cards_text(cards: Iterable[Card], empty: str = "—") -> str:
    """Cards as ``♣J ♠A ♥10``."""
    text = " ".join(card.pretty for card in cards)
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


def unit(rules: RuleSet) -> str:
    """What the scores count: cents in Schafkopf, points elsewhere."""
    return "¢" if isinstance(rules, SchafkopfRules) else ""


def title(rules: RuleSet) -> str:
    title_text = rules.title()
    if rules.schieben_rules() is not None:
        title_text += " · Schieberamsch"
    return title_text


def preset_choice_name(name: str) -> str:
    """A preset as a slash-command choice: its name and description, ≤ 100 characters."""
    text = f"{name} — {get_game(DEFAULT_GAME).descriptions[name]}"
    return text if len(text) <= 100 else text[:99] + "…"


def _order_text(rules: RuleSet) -> list[str]:
    order = rules.trick_order()
    lines = []
    if order.trumps:
        lines.append("Trumps, high to low: " + cards_text(order.trumps))
    else:
        lines.append("No trumps.")
    suit = next(cards for cards in order.plain if cards)
    ranks = " ".join(card.rank.display for card in suit)
    lines.append(f"Plain suits rank {ranks}.")
    return lines


def _skat_lines(rules: SkatRules) -> list[str]:
    skat_to = {
        "last_trick": "go to the winner of the last trick",
        "loser": "go to the player with the most points",
        "nobody": "count for nobody",
    }[rules.skat_to]
    lines = [
        "Three players, ten cards each; the two skat cards stay face down.",
        *_order_text(rules),
        "Follow suit; a led jack must be answered with a jack. No duty to trump.",
        f"The skat's points {skat_to}.",
    ]
    if rules.scoring == "points":
        lines.append("Most card points loses that many (ties at the top all lose).")
    else:
        lines.append(f"Most card points loses a fixed {rules.stake}.")
    lines.append("A Jungfrau (no trick taken) doubles the loss.")
    if rules.durchmarsch:
        lines.append("Durchmarsch: whoever takes every trick wins +120.")
    if rules.schieben:
        jacks = "jacks may be laid" if rules.schieben_jacks else "no jacks may be laid"
        doubles = "; every push doubles the deal" if rules.schieben_doubles else ""
        lines.append(
            "Schieberamsch: each player in turn picks up the two cards and lays two for the "
            f"next, or passes them on unseen ({jacks}{doubles})."
        )
    return lines


def _schafkopf_lines(rules: SchafkopfRules) -> list[str]:
    stake = rules.base_stake
    lines = [
        "Four players, eight cards each, no skat.",
        *_order_text(rules),
        "Follow suit; a trump lead must be answered with a trump.",
        "Most card points loses; ties: more tricks, then more trumps, then the highest trump.",
        f"The loser pays {2 * stake}¢ to each player, {4 * stake}¢ to a Jungfrau.",
        f"Durchmarsch (all eight tricks) wins {7 * stake}¢ from each player.",
    ]
    if rules.jungfrau_doubles_all:
        lines.append("With any Jungfrau the loser pays everyone double.")
    return lines


def _altenburg_lines(rules: AltenburgRules) -> list[str]:
    lines = [
        "Three players, ten cards each; two cards lie face down.",
        *_order_text(rules),
        "Follow suit; no duty to head the trick.",
    ]
    if rules.schieben:
        lines.append(
            "Schieberamsch: everyone picks up the two cards and lays two for the next; "
            "the last two count with the last trick."
        )
    if rules.effective_scoring == "pips":
        lines.append("Each player scores one penalty point per card point taken.")
        lines.append("Durchmarsch: 0 for its maker, 60 for each other player.")
    else:
        lines.append("Most points gets 10 penalty points; 15 with one Jungfer, 20 with two.")
    lines.append("The lowest penalty total wins.")
    return lines


def rules_lines(rules: RuleSet) -> list[str]:
    """The rules of a table in a few short lines."""
    if isinstance(rules, SkatRules):
        return _skat_lines(rules)
    if isinstance(rules, SchafkopfRules):
        return _schafkopf_lines(rules)
    assert isinstance(rules, AltenburgRules)
    return _altenburg_lines(rules)


def rules_brief(rules: RuleSet) -> str:
    return "\n".join(f"• {line}" for line in rules_lines(rules))


def presets_overview() -> str:
    """Every preset with its one-line description."""
    game = get_game(DEFAULT_GAME)
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
    parts = [seats, f"{rounds} ({deals} deals)"]
    pairs = (("a Durchmarsch", options.bock_on_durchmarsch), ("a tie", options.bock_on_tie))
    bock = [what for what, on in pairs if on]
    if bock:
        parts.append("Bock round after " + " or ".join(bock))
    if options.tournament:
        parts.append("tournament scoring")
    return " · ".join(parts)
