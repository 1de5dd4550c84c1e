"""The Ramsch contract on Discord, as the Ramsch game and the Ramsch when everyone passes in
another game show it: how a Skat Ramsch scores, the Schieberamsch step and its controls, and the
facts of a result (the skat, pushes, what the deal counts)."""

from __future__ import annotations

from typing import Any

import discord

from bot import emojis, i18n
from bot.i18n import N_, _, _n
from bot.tables.errors import IllegalAction
from bot.ui import faces
from bot.ui.items import ActionItem
from ramsch_core import (
    Card,
    DealResult,
    PassOn,
    PickUp,
    PublicView,
    Push,
    RuleSet,
    SeatView,
    SkatRules,
)
from ramsch_core.contracts.ramsch import ramsch_facts_of

SKAT_TO = {
    "last_trick": N_("The skat's points go to the winner of the last trick."),
    "loser": N_("The skat's points go to the player with the most points."),
    "nobody": N_("The skat's points count for nobody."),
}
SCHIEBEN = {
    (True, False): N_(
        "Schieberamsch: each player in turn picks up the two cards and lays two for the next, "
        "or passes them on unseen (jacks may be laid)."
    ),
    (False, False): N_(
        "Schieberamsch: each player in turn picks up the two cards and lays two for the next, "
        "or passes them on unseen (no jacks may be laid)."
    ),
    (True, True): N_(
        "Schieberamsch: each player in turn picks up the two cards and lays two for the next, "
        "or passes them on unseen (jacks may be laid; every push doubles the deal)."
    ),
    (False, True): N_(
        "Schieberamsch: each player in turn picks up the two cards and lays two for the next, "
        "or passes them on unseen (no jacks may be laid; every push doubles the deal)."
    ),
}
"""The Schieberamsch of Skat Ramsch by (jacks may be laid, every push doubles)."""


def skat_ramsch_lines(rules: SkatRules) -> list[str]:
    """How a Skat Ramsch is scored: the skat, the loser, Jungfrau, Durchmarsch, Schieberamsch."""
    lines = [_(SKAT_TO[rules.skat_to])]
    if rules.scoring == "points":
        lines.append(_("Most card points loses that many (ties at the top all lose)."))
    else:
        lines.append(_("Most card points loses a fixed {stake}.", stake=i18n.number(rules.stake)))
    lines.append(_("A Jungfrau (no trick taken) doubles the loss."))
    if rules.durchmarsch:
        lines.append(
            _(
                "Durchmarsch: whoever takes every trick wins +{value}.",
                value=i18n.number(rules.durchmarsch_value),
            )
        )
    if rules.schieben:
        lines.append(_(SCHIEBEN[(bool(rules.schieben_jacks), bool(rules.schieben_doubles))]))
    return lines


def lay_choices(view: SeatView) -> list[Card]:
    """The cards that may be laid in the push this view allows, in hand order."""
    allowed = {card for action in view.legal if isinstance(action, Push) for card in action.cards}
    pool = list(view.hand) + [card for card in view.skat if card not in view.hand]
    return [card for card in pool if card in allowed]


def _push_status(view: SeatView, names: list[str]) -> str:
    legal = view.legal
    if any(isinstance(action, Push) for action in legal):
        if view.skat:
            return _(
                "**Your turn:** You picked up {cards}. Choose two cards to lay face down for "
                "the next player.",
                cards=faces.cards_text(view.skat),
            )
        return _("**Your turn:** Choose two cards to lay face down for the next player.")
    if PickUp() in legal:
        if PassOn() in legal:
            return _("**Your turn:** pick up the two cards, or pass them on unseen.")
        return _("**Your turn:** pick up the two cards, then lay two for the next player.")
    if view.to_act is not None:
        return _("Waiting for **{name}** to push.", name=names[view.to_act])
    return _("Waiting for the others.")


DONE = {
    "push": N_("{name} picked up and laid two"),
    "pass_on": N_("{name} passed the cards on"),
}
"""A step of the Schieberamsch on the table message, by its log entry's kind."""


RAMSCH_TAGS = {
    "durchmarsch": N_("Durchmarsch"),
    "jungfrau": N_("Jungfrau"),
    "loser": N_("loses"),
}
"""What a seat's result in a Ramsch is tagged with (shown translated), also in a game whose
deal ends in one when all pass."""


class RamschContract:
    """A Ramsch's part of every message: the Schieberamsch and its controls, the facts of its
    result (the Ramsch game and a deal of Ramsch in another game draw these)."""

    tag_labels: dict[str, str] = RAMSCH_TAGS

    def phase_text(self, public: PublicView, names: list[str]) -> tuple[str, str] | None:
        if public.phase != "push":
            return None
        lines = [
            _(DONE[kind], name=names[seat]) if kind in DONE else f"{names[seat]} {kind}"
            for seat, kind in public.log
        ]
        if public.to_act is not None:
            lines.append(_("**{name}** is to push", name=names[public.to_act]))
        return "Schieberamsch", "\n".join(lines)

    def table_fields(self, public: PublicView, names: list[str]) -> list[tuple[str, str]]:
        return []

    def doing(self, public: PublicView) -> str:
        return _("push") if public.phase == "push" else _("play")

    def hand_status(self, view: SeatView, names: list[str], marks: tuple[str, ...]) -> list[str]:
        lines = []
        if view.laid:
            lines.append(_("You laid {cards} face down.", cards=faces.cards_text(view.laid)))
        if view.phase == "push":
            lines.append(_push_status(view, names))
        return lines

    def cards(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]] | None:
        return None

    def mark(self, view: SeatView, marks: tuple[str, ...], mark: str) -> tuple[str, ...]:
        raise IllegalAction(N_("There is nothing to choose here: play with the buttons shown"))

    def controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]]:
        items: list[discord.ui.Item[Any]] = []
        if PickUp() in view.legal:
            button: discord.ui.Button[Any] = discord.ui.Button(
                style=discord.ButtonStyle.primary, label=_("Pick up"), row=2
            )
            items.append(ActionItem(table_id, deal, PickUp.kind, item=button))
        if PassOn() in view.legal:
            button = discord.ui.Button(
                style=discord.ButtonStyle.secondary, label=_("Pass on"), row=2
            )
            items.append(ActionItem(table_id, deal, PassOn.kind, item=button))
        choices = lay_choices(view)
        if len(choices) >= 2:
            select: discord.ui.Select[Any] = discord.ui.Select(
                placeholder=_("Choose two cards to lay face down"),
                min_values=2,
                max_values=2,
                options=[
                    discord.SelectOption(
                        label=faces.face(card), value=card.name, emoji=emojis.card_emoji(card)
                    )
                    for card in choices
                ],
                row=3,
            )
            items.append(ActionItem(table_id, deal, Push.kind, item=select))
        return items

    def result_facts(self, rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
        facts = []
        ramsch = ramsch_facts_of(result)
        if result.skat:
            skat = faces.cards_text(result.skat)
            if ramsch.skat_to is not None:
                facts.append(_("Skat {cards} → {name}", cards=skat, name=names[ramsch.skat_to]))
            else:
                facts.append(_("Skat {cards} → nobody", cards=skat))
        if ramsch.pushes:
            facts.append(_n("{count} push", "{count} pushes", ramsch.pushes))
        if isinstance(rules, SkatRules) and result.multiplier > 1:
            facts.append(_("counts ×{multiplier}", multiplier=result.multiplier))
        return facts

    def deal_line(self, result: DealResult, names: list[str]) -> str | None:
        return None


RAMSCH_CONTRACT = RamschContract()
