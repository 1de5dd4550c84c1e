"""The rules of a Ramsch table in brief, per variant (Skat, Schafkopf, Altenburg Ramsch)."""

from __future__ import annotations

from bot import i18n
from bot.i18n import _
from bot.ui.games.shared.orders import order_lines
from bot.ui.games.shared.ramsch_contract import skat_ramsch_lines
from ramsch_core import AltenburgRules, RuleSet, SchafkopfRules, SkatRules


def rules_lines(rules: RuleSet) -> list[str]:
    """The rules of a Ramsch table in a few short lines."""
    if isinstance(rules, SkatRules):
        return _skat_lines(rules)
    if isinstance(rules, SchafkopfRules):
        return _schafkopf_lines(rules)
    assert isinstance(rules, AltenburgRules)
    return _altenburg_lines(rules)


def _skat_lines(rules: SkatRules) -> list[str]:
    return [
        _("Three players, ten cards each; the two skat cards stay face down."),
        *order_lines(rules),
        _("Follow suit; a led jack must be answered with a jack. No duty to trump."),
        *skat_ramsch_lines(rules),
    ]


def _schafkopf_lines(rules: SchafkopfRules) -> list[str]:
    stake = rules.base_stake
    lines = [
        _("Four players, eight cards each, no skat."),
        *order_lines(rules),
        _("Follow suit; a trump lead must be answered with a trump."),
        _("Most card points loses; ties: more tricks, then more trumps, then the highest trump."),
        _(
            "The loser pays {each}¢ to each player, {jungfrau}¢ to a Jungfrau.",
            each=i18n.number(2 * stake),
            jungfrau=i18n.number(4 * stake),
        ),
    ]
    if rules.durchmarsch:
        lines.append(
            _(
                "Durchmarsch (all eight tricks) wins {each}¢ from each player.",
                each=i18n.number(7 * stake),
            )
        )
    else:
        lines.append(_("No Durchmarsch: whoever takes all eight tricks loses like anyone."))
    if rules.jungfrau_doubles_all:
        lines.append(_("With any Jungfrau the loser pays everyone double."))
    return lines


def _altenburg_lines(rules: AltenburgRules) -> list[str]:
    lines = [
        _("Three players, ten cards each; two cards lie face down."),
        *order_lines(rules),
        _("Follow suit; no duty to head the trick."),
    ]
    if rules.schieben:
        lines.append(
            _(
                "Schieberamsch: everyone picks up the two cards and lays two for the next; "
                "the last two count with the last trick."
            )
        )
    if rules.effective_scoring == "pips":
        lines.append(_("Each player scores one penalty point per card point taken."))
        lines.append(_("Durchmarsch: 0 for its maker, 60 for each other player."))
    else:
        lines.append(_("Most points gets 10 penalty points; 15 with one Jungfer, 20 with two."))
    lines.append(_("The lowest penalty total wins."))
    return lines
