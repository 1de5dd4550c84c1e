"""Skat's results: a declared game's value worked out, the thrown-in deal, a Ramsch, the line
of a deal in the list of deals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.i18n import N_, _
from bot.ui.games.shared.ramsch_contract import RAMSCH_CONTRACT
from bot.ui.games.skat.text import game_text
from bot.ui.text import score_text
from ramsch_core import DealResult, FullSkatRules, RuleSet, value_steps

if TYPE_CHECKING:
    pass


class SkatResults:
    """The facts of a finished deal and its line in the list of deals."""

    # -- results -----------------------------------------------------------------------------

    def result_facts(self, rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
        details = result.details or {}
        if result.contract == "passed" or details.get("game") == "passed":
            return [_("Everyone passed: the cards are thrown in (eingepasst)")]
        if "declarer" not in details:
            ramsch = rules.ramsch if isinstance(rules, FullSkatRules) else rules
            return ["Ramsch", *RAMSCH_CONTRACT.result_facts(ramsch, result, names)]
        return value_facts(details, result, names)

    def deal_line(self, result: DealResult, names: list[str]) -> str | None:
        details = result.details or {}
        if result.contract == "passed" or details.get("game") == "passed":
            return _("thrown in")
        if "declarer" not in details:
            return "Ramsch"
        declarer = details["declarer"]
        game = game_text(
            details["game"],
            hand=bool(details.get("hand")),
            schneider=bool(details.get("schneider_announced")),
            schwarz=bool(details.get("schwarz_announced")),
            ouvert=bool(details.get("ouvert")),
        )
        if details.get("won"):
            return _("{name} {game}, won", name=names[declarer], game=game)
        return _("{name} {game}, lost", name=names[declarer], game=game)


def value_facts(details: dict[str, Any], result: DealResult, names: list[str]) -> list[str]:
    """A declared game's value worked out: ``mit 2, Spiel 3, Schneider 4 → 4 × 12 = 48``, the
    doublings, and what the declarer scores."""
    declarer = details["declarer"]
    game = details["game"]
    bid = details.get("bid", 0)
    value = int(details.get("value", 0))
    kontra = int(details.get("kontra", 0))
    hand = bool(details.get("hand"))
    announced = game_text(
        game,
        hand=hand,
        schneider=bool(details.get("schneider_announced")),
        schwarz=bool(details.get("schwarz_announced")),
        ouvert=bool(details.get("ouvert")),
    )
    facts = [
        _("**{name}** played **{game}**, bid {bid}", name=names[declarer], game=announced, bid=bid)
    ]
    plain = value >> kontra
    if game == "null":
        facts.append(f"{game_text(game, hand=hand, ouvert=bool(details.get('ouvert')))}: {plain}")
    else:
        facts.append(_game_value(details, game, bid, plain))
    if kontra:
        said = N_("Kontra: {plain} × {factor} = {value}")
        if kontra > 1:
            said = N_("Kontra and Re: {plain} × {factor} = {value}")
        facts.append(_(said, plain=plain, factor=2**kontra, value=value))
    points = details.get("declarer_points")
    won = bool(details.get("won"))
    score = result.scores[declarer] if declarer < len(result.scores) else 0
    if game == "null":
        how = _("no trick taken") if won else _("took a trick")
    else:
        how = _("{points} points", points=points) if points is not None else ""
    if won:
        facts.append(_("**won** ({how}): {score}", how=how, score=score_text(value)))
    elif score == -2 * value:
        facts.append(
            _(
                "**lost** ({how}): −2 × {value} = {score}",
                how=how,
                value=value,
                score=score_text(-2 * value),
            )
        )
    else:
        facts.append(_("**lost** ({how})", how=how))
    return facts


STEP_NAMES = {
    "game": N_("Spiel"),
    "hand": N_("Hand"),
    "schneider": N_("Schneider"),
    "schneider_announced": N_("Schneider angesagt"),
    "schwarz": N_("Schwarz"),
    "schwarz_announced": N_("Schwarz angesagt"),
    "ouvert": N_("Ouvert"),
}
"""German words of the game, in English too (the Polish catalogue gives some in Polish)."""


def _game_value(details: dict[str, Any], game: str, bid: int, plain: int) -> str:
    """``mit 2, Spiel 3, Hand 4 → 4 × 12 = 48``; an overbid game says what it counts."""
    steps = value_steps(details)
    matadors = steps.matadors or 0
    with_or_without = N_("mit {count}") if matadors > 0 else N_("ohne {count}")
    parts = [_(with_or_without, count=abs(matadors))]
    parts += [f"{_(STEP_NAMES[name])} {level}" for name, level in steps.steps[1:]]
    worked = f"{', '.join(parts)} → {steps.level} × {steps.base} = {steps.counted}"
    if steps.raised is not None:
        return _(
            "{worked}, less than the bid of {bid}: **überreizt** (lost), counted as "
            "{level} × {base} = {raised}",
            worked=worked,
            bid=bid,
            level=steps.raised // steps.base,
            base=steps.base,
            raised=steps.raised,
        )
    return worked
