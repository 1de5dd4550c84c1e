"""Schafkopf's results: a game's payment worked out (Schneider, Schwarz, Laufende, the
doublings), a Ramsch, the Stock pot and the line of a deal in the list of deals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.i18n import _
from bot.i18n import number as num
from bot.ui.games.schafkopf.text import PLAYED, game_text, short_game, sie_text
from bot.ui.text import CENTS, amount_text
from ramsch_core import Card, DealResult, RuleSet
from ramsch_core.contracts.ramsch import ramsch_facts_of
from ramsch_core.games.schafkopf import FullSchafkopfRules
from ramsch_core.games.schafkopf.contract import Tariff

if TYPE_CHECKING:
    pass


class SchafkopfResults:
    """The facts of a finished deal, its line in the list of deals and the score sheet's notes."""

    # -- results -----------------------------------------------------------------------------

    def carry_line(self, rules: RuleSet, carry: Any) -> str | None:
        return pot_line(rules, carry)

    def result_facts(self, rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
        details = result.details or {}
        if result.contract == "passed" or details.get("game") == "passed":
            if isinstance(rules, FullSchafkopfRules) and rules.all_pass == "stock":
                return [
                    _(
                        "Everyone said weiter: **Stock** — the cards are thrown in unplayed; "
                        "each player antes {stake}¢ into the pot, which the next game won takes",
                        stake=num(rules.tariff.sauspiel),
                    )
                ]
            return [_("Everyone said weiter: the cards are thrown in")]
        if details.get("game") not in (*PLAYED, "sie"):
            return ramsch_facts(rules, result, names)
        tariff = rules.tariff if isinstance(rules, FullSchafkopfRules) else Tariff()
        return payment_facts(details, result, names, tariff)

    def deal_line(self, result: DealResult, names: list[str]) -> str | None:
        details = result.details or {}
        if result.contract == "passed" or details.get("game") == "passed":
            return _("all said weiter, thrown in")
        game = details.get("game")
        if game not in (*PLAYED, "sie"):
            return _("Ramsch")
        declarer = details["declarer"]
        short = short_game(game, details.get("ace"), details.get("suit"), bool(details.get("tout")))
        amount = amount_text(int(details.get("amount", 0)), CENTS, signed=False)
        if details.get("won"):
            return _(
                "{declarer} {game} won {amount}",
                declarer=names[declarer],
                game=short,
                amount=amount,
            )
        return _(
            "{declarer} {game} lost {amount}", declarer=names[declarer], game=short, amount=amount
        )

    def sheet_legend(self, rules: RuleSet) -> str:
        """Under the score sheet: what the number after a game in its notes is."""
        return _("The number after a game: the cents each Gegenspieler paid or got.")


def doubling_text(knocks: int, kontra: int) -> str:
    """What doubled a deal: ``Klopfen``, ``2× Klopfen, Kontra, Re``; empty for nothing."""
    parts = []
    if knocks:
        parts.append(_("Klopfen") if knocks == 1 else _("{count}× Klopfen", count=knocks))
    if kontra:
        parts.append(_("Kontra") if kontra == 1 else _("Kontra, Re"))
    return ", ".join(parts)


def laufende_with(details: dict[str, Any], result: DealResult) -> bool:
    """Whether the declaring side held the top trump as dealt (``with`` its Laufende, else
    ``without``): read from the tricks (every card of a Schafkopf deal is played)."""
    top = Card["CJ"] if details.get("game") in ("wenz", "farbwenz") else Card["CQ"]
    side = {details.get("declarer"), details.get("partner")} - {None}
    players = len(result.card_points)
    for trick in result.tricks:
        for index, card in enumerate(trick.cards):
            if card == top:
                return (trick.leader + index) % players in side
    return True


def payment_facts(
    details: dict[str, Any], result: DealResult, names: list[str], tariff: Tariff
) -> list[str]:
    """A called game's result: who played what with whom, the points, and the payment worked
    out — ``Sauspiel gewonnen, Schneider, 3 Laufende: 10 + 10 + 30 = 50, × 2 (Klopfen) = 100¢
    each``."""
    game = str(details["game"])
    declarer = int(details["declarer"])
    partner = details.get("partner")
    won = bool(details.get("won"))
    tout = bool(details.get("tout"))
    played = game_text(game, details.get("ace"), details.get("suit"), tout)
    if game == "sie":
        who = sie_text(names[declarer])
    elif partner is not None:
        who = _(
            "**{declarer}** played **{game}** with **{partner}**",
            declarer=names[declarer],
            game=played,
            partner=names[partner],
        )
    else:
        who = _("**{declarer}** played **{game}** alone", declarer=names[declarer], game=played)
    points = num(details.get("declarer_points") or 0)
    facts = [who]
    if tout:
        facts.append(
            _("Spieler side: every trick — **won**")
            if won
            else _("Spieler side: {points} points, a trick to the others — **lost**", points=points)
        )
    elif game != "sie":
        facts.append(
            _("Spieler side: {points} points — **won**", points=points)
            if won
            else _("Spieler side: {points} points — **lost**", points=points)
        )
    laufende = int(details.get("laufende", 0))
    if laufende:
        facts.append(
            _("{count} Laufende, the top trumps held by the Spieler side", count=laufende)
            if laufende_with(details, result)
            else _("{count} Laufende, the top trumps held by the other side", count=laufende)
        )
    amount = int(details.get("amount", 0))
    knocks = int(details.get("knocks", 0))
    kontra = int(details.get("kontra", 0))
    multiplier = 1 << (knocks + kontra)
    factor = 4 if game == "sie" else 2 if tout else 1  # SF-11, SF-12
    plain = amount // multiplier
    extra = tariff.extra
    pair = game in ("sauspiel", "hochzeit")  # SF-16: a Hochzeit is paid as a Sauspiel
    base = tariff.sauspiel if pair else tariff.solo
    name = _("Sauspiel") if game == "sauspiel" else played
    named = [_("{game} won", game=name) if won else _("{game} lost", game=name)]
    sums = [num(base)]
    if details.get("schneider"):
        named.append(_("Schneider"))
        sums.append(num(extra))
    if details.get("schwarz"):
        named.append(_("Schwarz"))
        sums.append(num(extra))
    if laufende:
        named.append(_("{count} Laufende", count=laufende))
        sums.append(num(extra * laufende))
    doubled = doubling_text(knocks, kontra)
    paid = amount_text(amount, CENTS, signed=False)  # the last number: with its unit
    added = f"{' + '.join(sums)} = " if len(sums) > 1 else ""
    worked = f"{', '.join(named)}: {added}"
    if factor > 1:
        why = _("Sie") if game == "sie" else _("Tout")
        worked += f"{num(plain // factor)}, × {factor} ({why}) = "
        if not doubled:
            worked += paid
        else:
            worked += f"{num(plain)}, × {multiplier} ({doubled}) = {paid}"
    elif doubled:
        worked += f"{num(plain)}, × {multiplier} ({doubled}) = {paid}"
    else:
        worked += paid
    if pair:
        facts.append(_("{worked} each", worked=worked))
    elif won:
        facts.append(
            _(
                "{worked} from each, {total} to {declarer}",
                worked=worked,
                total=amount_text(3 * amount, CENTS, signed=False),
                declarer=names[declarer],
            )
        )
    else:
        facts.append(
            _(
                "{worked} to each, {total} from {declarer}",
                worked=worked,
                total=amount_text(3 * amount, CENTS, signed=False),
                declarer=names[declarer],
            )
        )
    return facts


def ramsch_facts(rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
    """A Ramsch after an all-pass: who loses and pays, Jungfrau, Durchmarsch, the knocks."""
    facts = [_("Everyone said weiter: **Ramsch**")]
    ramsch = ramsch_facts_of(result)
    if ramsch.durchmarsch is not None:
        facts.append(
            _("**Durchmarsch** by {player}: all eight tricks", player=names[ramsch.durchmarsch])
        )
    else:
        for loser in result.losers:
            facts.append(_("**{player}** has the most card points and pays", player=names[loser]))
        jungfrau = [names[seat] for seat in ramsch.jungfrau]
        if jungfrau:
            facts.append(_("Jungfrau (no trick): {players}", players=", ".join(jungfrau)))
    knocks = int((result.details or {}).get("knocks", 0))
    if knocks:
        facts.append(f"× {1 << knocks} ({doubling_text(knocks, 0)})")
    return facts


def pot_line(rules: RuleSet, carry: Any) -> str | None:
    """``**Stock:** 40¢ in the pot — the next game won takes it`` (a euro and more in euros),
    while the pot holds any."""
    if not isinstance(carry, int) or carry <= 0:
        return None
    return _(
        "**Stock:** {amount} in the pot — the next game won takes it",
        amount=amount_text(carry, CENTS, signed=False),
    )
