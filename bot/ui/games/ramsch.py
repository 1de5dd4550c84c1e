"""Ramsch on Discord: the rules in brief per variant, the Schieberamsch step and its controls,
and the facts of a result (the skat, pushes, what the deal counts)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.tables.errors import IllegalAction
from bot.ui.items import ActionItem
from bot.ui.text import cards_text
from ramsch_core import (
    AltenburgRules,
    Card,
    DealResult,
    PassOn,
    PickUp,
    PublicView,
    Push,
    RuleSet,
    SchafkopfRules,
    SeatView,
    SkatRules,
)

if TYPE_CHECKING:
    pass


def order_lines(rules: RuleSet) -> list[str]:
    """The trumps and the rank of the plain suits."""
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
    return [
        "Three players, ten cards each; the two skat cards stay face down.",
        *order_lines(rules),
        "Follow suit; a led jack must be answered with a jack. No duty to trump.",
        *skat_ramsch_lines(rules),
    ]


def skat_ramsch_lines(rules: SkatRules) -> list[str]:
    """How a Skat Ramsch is scored: the skat, the loser, Jungfrau, Durchmarsch, Schieberamsch."""
    skat_to = {
        "last_trick": "go to the winner of the last trick",
        "loser": "go to the player with the most points",
        "nobody": "count for nobody",
    }[rules.skat_to]
    lines = [f"The skat's points {skat_to}."]
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
        *order_lines(rules),
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
        *order_lines(rules),
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


def lay_choices(view: SeatView) -> list[Card]:
    """The cards that may be laid in the push this view allows, in hand order."""
    allowed = {card for action in view.legal if isinstance(action, Push) for card in action.cards}
    pool = list(view.hand) + [card for card in view.skat if card not in view.hand]
    return [card for card in pool if card in allowed]


def _push_status(view: SeatView, names: list[str]) -> str:
    legal = view.legal
    if any(isinstance(action, Push) for action in legal):
        picked = f"You picked up {cards_text(view.skat)}. " if view.skat else ""
        return f"**Your turn:** {picked}Choose two cards to lay face down for the next player."
    if PickUp() in legal:
        if PassOn() in legal:
            return "**Your turn:** pick up the two cards, or pass them on unseen."
        return "**Your turn:** pick up the two cards, then lay two for the next player."
    if view.to_act is not None:
        return f"Waiting for **{names[view.to_act]}** to push."
    return "Waiting for the others."


class RamschRenderer:
    """The Ramsch game's part of every message."""

    tag_labels: dict[str, str] = {  # noqa: RUF012
        "durchmarsch": "Durchmarsch",
        "jungfrau": "Jungfrau",
        "loser": "loses",
    }

    def title(self, rules: RuleSet) -> str:
        title = rules.title()
        if rules.schieben_rules() is not None:
            title += " · Schieberamsch"
        return title

    def unit(self, rules: RuleSet) -> str:
        return "¢" if isinstance(rules, SchafkopfRules) else ""

    def rules_lines(self, rules: RuleSet) -> list[str]:
        if isinstance(rules, SkatRules):
            return _skat_lines(rules)
        if isinstance(rules, SchafkopfRules):
            return _schafkopf_lines(rules)
        assert isinstance(rules, AltenburgRules)
        return _altenburg_lines(rules)

    def phase_text(self, public: PublicView, names: list[str]) -> tuple[str, str] | None:
        if public.phase != "push":
            return None
        done = {"push": "picked up and laid two", "pass_on": "passed the cards on"}
        lines = [f"{names[seat]} {done.get(kind, kind)}" for seat, kind in public.log]
        if public.to_act is not None:
            lines.append(f"**{names[public.to_act]}** is to push")
        return "Schieberamsch", "\n".join(lines)

    def table_fields(self, public: PublicView, names: list[str]) -> list[tuple[str, str]]:
        return []

    def doing(self, public: PublicView) -> str:
        return "push" if public.phase == "push" else "play"

    def hand_status(self, view: SeatView, names: list[str], marks: tuple[str, ...]) -> list[str]:
        lines = []
        if view.laid:
            lines.append(f"You laid {cards_text(view.laid)} face down.")
        if view.phase == "push":
            lines.append(_push_status(view, names))
        return lines

    def cards(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]] | None:
        return None

    def mark(self, view: SeatView, marks: tuple[str, ...], mark: str) -> tuple[str, ...]:
        raise IllegalAction("There is nothing to choose here: play with the buttons shown")

    def controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]]:
        items: list[discord.ui.Item[Any]] = []
        if PickUp() in view.legal:
            button = discord.ui.Button[Any](
                style=discord.ButtonStyle.primary, label="Pick up", row=2
            )
            items.append(ActionItem(table_id, deal, PickUp.kind, item=button))
        if PassOn() in view.legal:
            button = discord.ui.Button[Any](
                style=discord.ButtonStyle.secondary, label="Pass on", row=2
            )
            items.append(ActionItem(table_id, deal, PassOn.kind, item=button))
        choices = lay_choices(view)
        if len(choices) >= 2:
            select = discord.ui.Select[Any](
                placeholder="Choose two cards to lay face down",
                min_values=2,
                max_values=2,
                options=[
                    discord.SelectOption(label=card.pretty, value=card.name) for card in choices
                ],
                row=3,
            )
            items.append(ActionItem(table_id, deal, Push.kind, item=select))
        return items

    def result_facts(self, rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
        facts = []
        if result.skat:
            to = names[result.skat_to] if result.skat_to is not None else "nobody"
            facts.append(f"Skat {cards_text(result.skat)} → {to}")
        if result.pushes:
            facts.append(f"{result.pushes} push(es)")
        if isinstance(rules, SkatRules) and result.multiplier > 1:
            facts.append(f"counts ×{result.multiplier}")
        return facts

    def deal_line(self, result: DealResult, names: list[str]) -> str | None:
        return None


RAMSCH = RamschRenderer()
