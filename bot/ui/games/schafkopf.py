"""Full Schafkopf on Discord, in the German pack: Klopfen on the first four cards, the calls
(weiter, Sauspiel auf eine Sau, Wenz, Farbsolo), the hidden partner of a Sauspiel until the
called Sau falls, Kontra and Re, and a game's payment worked out in its result (Schneider,
Schwarz, Laufende, the doublings). A deal everyone passed is a Ramsch (or thrown in, a Stock).

The cards are drawn by ``bot.ui.faces`` (the German pack is Schafkopf's own); the Schafkopf
terms (Sauspiel, Wenz, Solo, weiter, Klopfen, Kontra, Re, Laufende, Stock) are German in
English too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import N_, _
from bot.i18n import number as num
from bot.tables.errors import IllegalAction
from bot.ui import faces
from bot.ui.actions import control_arg
from bot.ui.items import ActionItem, choice_select
from bot.ui.text import CENTS, amount_text
from ramsch_core import Card, DealResult, PublicView, RuleSet, SeatView, Suit
from ramsch_core.contracts.schafkopf import SchafkopfContest, Tariff, schafkopf_game_order
from ramsch_core.games.schafkopf import FullSchafkopfRules
from ramsch_core.phases.calling import Call

if TYPE_CHECKING:
    from ramsch_core import Action

# -- what was said ---------------------------------------------------------------------------

GAME_WORDS = {"wenz": N_("Wenz"), "ramsch": N_("Ramsch"), "pass": N_("weiter")}


def contest_of(public: PublicView) -> SchafkopfContest | None:
    state = public.state
    return state if isinstance(state, SchafkopfContest) else None


def _suit_of(letter: str) -> Suit:
    return Suit("CSHD".index(letter))


def _game_word(game: str) -> str:
    word = GAME_WORDS.get(game)
    return _(word) if word is not None else game


def call_text(words: str) -> str:
    """A call as ``SchafkopfContest.said`` writes it, in Schafkopf: ``weiter``, ``Sauspiel auf
    die Gras-Sau``, ``Wenz``, ``Herz-Solo``, ``Ramsch``."""
    game, _sep, letter = words.partition(" ")
    if game == "sauspiel" and letter:
        return _("Sauspiel auf die {suit}-Sau", suit=faces.suit_name(_suit_of(letter)))
    if game == "solo" and letter:
        return _("{suit}-Solo", suit=faces.suit_name(_suit_of(letter)))
    return _game_word(game)


def game_text(game: str | None, ace: str | Suit | None, suit: str | Suit | None) -> str:
    """The game being played: ``Sauspiel auf die Eichel-Sau``, ``Wenz``, ``Herz-Solo``."""
    if game == "sauspiel" and ace is not None:
        letter = ace if isinstance(ace, str) else ace.letter
        return call_text(f"sauspiel {letter}")
    if game == "solo" and suit is not None:
        letter = suit if isinstance(suit, str) else suit.letter
        return call_text(f"solo {letter}")
    return _game_word(game) if game else "—"


def _short_game(game: str | None, ace: str | None, suit: str | None) -> str:
    """``Sauspiel (Gras)``, ``Wenz``, ``Herz-Solo``: for the score sheet."""
    if game == "sauspiel" and ace is not None:
        return _("Sauspiel ({suit})", suit=faces.suit_name(_suit_of(ace)))
    return game_text(game, ace, suit)


def calls_line(contest: SchafkopfContest, names: list[str]) -> str:
    """``Alice: weiter · Bob: Sauspiel auf die Gras-Sau``, or empty before the first call."""
    parts = [
        f"{names[seat]}: {call_text(what)}"
        for seat, what in contest.said
        if what not in ("knock", "no_knock", "kontra", "re")
    ]
    return " · ".join(parts)


def knocks_line(contest: SchafkopfContest, names: list[str]) -> str:
    """``Klopfen: Bob, Dave (×4)``, or empty when nobody knocked."""
    if not contest.knocks:
        return ""
    who = ", ".join(names[seat] for seat in contest.knocks)
    return _("Klopfen: {players} (×{factor})", players=who, factor=1 << len(contest.knocks))


def doublings_text(contest: SchafkopfContest, names: list[str]) -> str:
    """``Kontra (Bob) · Re (Alice)``, or empty."""
    return " · ".join(
        _("Kontra ({player})", player=names[seat])
        if what == "kontra"
        else _("Re ({player})", player=names[seat])
        for seat, what in contest.said
        if what in ("kontra", "re")
    )


def played_game(contest: SchafkopfContest) -> bool:
    return contest.game in ("sauspiel", "wenz", "solo") and contest.declarer is not None


def contract_text(contest: SchafkopfContest, names: list[str]) -> str:
    """``**Alice** plays **Sauspiel auf die Gras-Sau** · partner unknown`` (the partner's name
    once the called Sau has fallen), ``**Bob** plays **Wenz** alone``; on a line of their own
    the doublings: ``Klopfen: Bob (×2) · Kontra (Carol) · counts ×4``."""
    declarer = contest.declarer
    assert declarer is not None
    game = game_text(contest.game, contest.ace, contest.suit)
    who = names[declarer]
    if contest.game != "sauspiel":
        first = _("**{declarer}** plays **{game}** alone", declarer=who, game=game)
    elif contest.partner is None:
        first = _(
            "**{declarer}** plays **{game}** · partner unknown until the Sau falls",
            declarer=who,
            game=game,
        )
    else:
        first = _(
            "**{declarer}** plays **{game}** with **{partner}**",
            declarer=who,
            game=game,
            partner=names[contest.partner],
        )
    doubled = [knocks_line(contest, names), doublings_text(contest, names)]
    if contest.kontra:
        doubled.append(_("counts ×{factor}", factor=contest.multiplier))
    doubled = [part for part in doubled if part]
    return "\n".join([first, " · ".join(doubled)] if doubled else [first])


def _legal(view: SeatView, kind: str) -> list[Action]:
    return [action for action in view.legal if type(action).kind == kind]


def _your_turn_to_call(rules: RuleSet) -> str:
    """The first call of a round: weiter or a game, and what happens when all say weiter."""
    if not isinstance(rules, FullSchafkopfRules) or rules.all_pass == "ramsch":
        return _(
            "**Your turn:** say **Weiter**, or call a game. If all say weiter, a Ramsch is played."
        )
    if rules.all_pass == "stock":
        return _(
            "**Your turn:** say **Weiter**, or call a game. If all say weiter, the last may "
            "still call a game or a Ramsch, else it is a Stock."
        )
    return _(
        "**Your turn:** say **Weiter**, or call a game. If all say weiter, the cards are thrown in."
    )


# -- the renderer ------------------------------------------------------------------------------

CONTROLS = (
    ("knock", N_("Klopfen"), discord.ButtonStyle.danger),
    ("no_knock", N_("No Klopfen"), discord.ButtonStyle.secondary),
    ("pass", N_("Weiter"), discord.ButtonStyle.secondary),
    ("kontra", N_("Kontra"), discord.ButtonStyle.danger),
    ("re", N_("Re"), discord.ButtonStyle.danger),
)
"""The buttons other than the calls: action kind, label, style."""


class SchafkopfRenderer:
    """The full Schafkopf game's part of every message."""

    tag_labels: dict[str, str] = {  # noqa: RUF012
        "declarer": N_("Spieler"),
        "partner": N_("Mitspieler"),
        "defender": N_("Gegenspieler"),
        "won": N_("won"),
        "lost": N_("lost"),
        "durchmarsch": N_("Durchmarsch"),
        "jungfrau": N_("Jungfrau"),
        "loser": N_("loses"),
    }
    """Shown translated (``_(label)``)."""

    # -- the table in the lobby and the rules ------------------------------------------------

    def title(self, rules: RuleSet) -> str:
        if isinstance(rules, FullSchafkopfRules) and rules.klopfen:
            return "Schafkopf · Klopfen"
        return "Schafkopf"

    def unit(self, rules: RuleSet) -> str:
        return "¢"

    def rules_lines(self, rules: RuleSet) -> list[str]:
        assert isinstance(rules, FullSchafkopfRules)
        tariff = rules.tariff
        trumps = faces.cards_text(schafkopf_game_order("sauspiel").trumps)
        lines = [
            _("Four players, eight cards each, dealt four and four; forehand leads."),
            _(
                "The calls, once each from forehand: **weiter**, or a game — Sauspiel, Wenz, "
                "Farbsolo, from low to high; a higher call takes the game away."
            )
            if rules.wenz
            else _(
                "The calls, once each from forehand: **weiter**, or a game — Sauspiel, "
                "Farbsolo, from low to high; a higher call takes the game away."
            ),
            _(
                "Sauspiel: call the Eichel-, Gras- or Schellen-Sau you don't hold, in a suit you "
                "hold; its holder is your partner, unknown until it is played. Trumps: {trumps}.",
                trumps=trumps,
            ),
        ]
        if rules.wenz:
            lines.append(
                _("Wenz: only the four Unters are trumps; the Obers go back to their suits.")
            )
            lines.append(
                _(
                    "Farbsolo: Obers, Unters and the suit you name are trumps. In a Wenz or a "
                    "Farbsolo you play alone against three."
                )
            )
            lines.append(
                _(
                    "The Spieler side needs 61 of 120. Tariff: Sauspiel {sauspiel}¢, Wenz and "
                    "Solo {solo}¢, +{extra}¢ each for Schneider, Schwarz and each Laufender "
                    "(from 3, in a Wenz from 2).",
                    sauspiel=num(tariff.sauspiel),
                    solo=num(tariff.solo),
                    extra=num(tariff.extra),
                )
            )
            lines.append(
                _(
                    "Sauspiel: each loser pays each winner. Wenz and Solo: each of the three "
                    "pays the soloist, or is paid by him."
                )
            )
        else:
            lines.append(
                _(
                    "Farbsolo: Obers, Unters and the suit you name are trumps. In a Farbsolo "
                    "you play alone against three."
                )
            )
            lines.append(
                _(
                    "The Spieler side needs 61 of 120. Tariff: Sauspiel {sauspiel}¢, Solo "
                    "{solo}¢, +{extra}¢ each for Schneider, Schwarz and each Laufender "
                    "(from 3).",
                    sauspiel=num(tariff.sauspiel),
                    solo=num(tariff.solo),
                    extra=num(tariff.extra),
                )
            )
            lines.append(
                _(
                    "Sauspiel: each loser pays each winner. Solo: each of the three pays the "
                    "soloist, or is paid by him."
                )
            )
        if rules.klopfen:
            lines.append(
                _("Klopfen: after your first four cards you may knock; each knock doubles.")
            )
        if rules.kontra:
            lines.append(
                _(
                    "Kontra: a Gegenspieler may double before his first card; the Spieler side "
                    "may answer Re (×4)."
                )
            )
        stake = rules.ramsch.base_stake
        ramsch = _(
            "Ramsch (Obers and Unters trumps): the most card points pays {each}¢ to each, "
            "{jungfrau}¢ to a Jungfrau; a Durchmarsch wins {durchmarsch}¢ from each",
            each=num(2 * stake),
            jungfrau=num(4 * stake),
            durchmarsch=num(7 * stake),
        )
        if rules.all_pass == "ramsch":
            lines.append(_("When all say weiter: {ramsch}.", ramsch=ramsch))
        elif rules.all_pass == "stock":
            lines.append(
                _(
                    "When the first three say weiter, the last may call a game, a Ramsch, or "
                    "pass too (Stock: thrown in). {ramsch}.",
                    ramsch=ramsch,
                )
            )
        else:
            lines.append(_("When all say weiter, the cards are thrown in."))
        return lines

    # -- the table message -------------------------------------------------------------------

    def phase_text(self, public: PublicView, names: list[str]) -> tuple[str, str] | None:
        contest = contest_of(public)
        if contest is None:
            return None
        if public.phase == "knocking":
            said = [
                _("{player}: Klopfen", player=names[seat])
                if what == "knock"
                else _("{player}: no Klopfen", player=names[seat])
                for seat, what in contest.said
                if what in ("knock", "no_knock")
            ]
            lines = [" · ".join(said)]
            if public.to_act is not None:
                lines.append(
                    _(
                        "**{player}** has seen four cards: klopfen (doubles) or not",
                        player=names[public.to_act],
                    )
                )
            return _("Klopfen"), "\n".join(line for line in lines if line)
        if public.phase == "calling":
            lines = [knocks_line(contest, names), calls_line(contest, names)]
            if public.to_act is not None:
                lines.append(
                    _("**{player}** is to call: weiter or a game", player=names[public.to_act])
                )
            return _("Ansagen (the calls)"), "\n".join(line for line in lines if line)
        return None

    def table_fields(self, public: PublicView, names: list[str]) -> list[tuple[str, str]]:
        contest = contest_of(public)
        if contest is None or public.phase in ("knocking", "calling"):
            return []
        if contest.game == "ramsch":
            lines = [_("Everyone said weiter: **Ramsch** (Obers and Unters trumps)")]
            knocks = knocks_line(contest, names)
            if knocks:
                lines.append(knocks)
            return [(_("Game"), "\n".join(lines))]
        if contest.game == "passed":
            return [(_("Game"), _("Everyone said weiter: the cards are thrown in"))]
        if not played_game(contest):
            return []
        fields = [(_("Game"), contract_text(contest, names))]
        calls = calls_line(contest, names)
        if calls:
            fields.append((_("Calls"), calls))
        return fields

    def doing(self, public: PublicView) -> str:
        if public.phase == "knocking":
            return _("knock or not")
        if public.phase == "calling":
            return _("call")
        return _("play")

    def seat_notes(self, public: PublicView, seat: int) -> list[str]:
        contest = contest_of(public)
        if contest is None:
            return []
        notes = []
        if seat in contest.knocks:
            notes.append(_("knocked (Klopfen)"))
        if played_game(contest):
            if seat == contest.declarer:
                notes.append(_("Spieler"))
            elif seat == contest.partner:
                notes.append(_("Mitspieler"))
            elif contest.game != "sauspiel" or contest.partner is not None:
                notes.append(_("Gegenspieler"))  # the sides are known
        return notes

    # -- a player's hand ---------------------------------------------------------------------

    def hand_status(self, view: SeatView, names: list[str], marks: tuple[str, ...]) -> list[str]:
        contest = contest_of(view.public)
        if contest is None:
            return []
        if view.phase == "knocking":
            return self._knocking_status(view, contest, names)
        if view.phase == "calling":
            return self._calling_status(view, contest, names)
        if contest.game == "ramsch":
            lines = [
                _("Everyone said weiter: this deal is a **Ramsch** (Obers and Unters trumps).")
            ]
            knocks = knocks_line(contest, names)
            return [*lines, knocks] if knocks else lines
        if not played_game(contest) or view.phase != "play":
            return []
        lines = [_("**Game:** {game}", game=contract_text(contest, names))]
        declarer = contest.declarer
        assert declarer is not None
        if contest.game == "sauspiel" and contest.partner is None and contest.ace is not None:
            ace = Card[f"{contest.ace.letter}A"]
            if ace in view.hand:
                lines.append(
                    _(
                        "You hold the called {card}: you play with **{declarer}** — nobody "
                        "knows it until you play it.",
                        card=faces.face(ace),
                        declarer=names[declarer],
                    )
                )
        if _legal(view, "kontra"):
            lines.append(_("You may say **Kontra** (doubles the game) before your first card."))
        if _legal(view, "re"):
            lines.append(_("Kontra was said: you may answer **Re** (doubles it again)."))
        return lines

    def _knocking_status(
        self, view: SeatView, contest: SchafkopfContest, names: list[str]
    ) -> list[str]:
        lines = [_("You see your first four cards; four more come after Klopfen.")]
        knocks = knocks_line(contest, names)
        if knocks:
            lines.append(knocks)
        if view.to_act == view.seat:
            lines.append(
                _(
                    "**Your turn:** **Klopfen** doubles the deal, whatever is played — or "
                    "**No Klopfen**."
                )
            )
        elif view.to_act is not None:
            lines.append(_("Klopfen: waiting for **{player}**.", player=names[view.to_act]))
        return lines

    def _calling_status(
        self, view: SeatView, contest: SchafkopfContest, names: list[str]
    ) -> list[str]:
        lines = []
        knocks = knocks_line(contest, names)
        if knocks:
            lines.append(knocks)
        calls = calls_line(contest, names)
        lines.append(
            _("**Calls so far:** {calls}", calls=calls) if calls else _("Nobody has called yet.")
        )
        if view.to_act != view.seat:
            if view.to_act is not None:
                lines.append(_("Calls: waiting for **{player}**.", player=names[view.to_act]))
            return lines
        calls_open = _legal(view, "call")
        best = [
            what for _seat, what in contest.said if what.startswith(("sauspiel", "wenz", "solo"))
        ]
        if best:
            lines.append(
                _(
                    "**Your turn:** {game} is called: say **Weiter**, or a higher game.",
                    game=call_text(best[-1]),
                )
                if calls_open
                else _(
                    "**Your turn:** {game} is called: nothing outranks it, say **Weiter**.",
                    game=call_text(best[-1]),
                )
            )
        elif any(call.to_json()["game"] == "ramsch" for call in calls_open):
            lines.append(
                _(
                    "**Your turn:** all three said weiter: call a game, choose **Ramsch**, or "
                    "say **Weiter** — then it is a Stock and the cards are thrown in."
                )
            )
        else:
            lines.append(_your_turn_to_call(view.rules))
        sauspiel = any(call.to_json()["game"] == "sauspiel" for call in calls_open)
        if calls_open and not best and not sauspiel:
            lines.append(
                _(
                    "No Sauspiel for you: you may call only a Sau you don't hold, in a suit you "
                    "hold."
                )
            )
        return lines

    def cards(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]] | None:
        return None

    def controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]]:
        row = (len(view.hand) + 4) // 5  # the first row below the cards
        items: list[discord.ui.Item[Any]] = []
        for kind, label, style in CONTROLS:
            for action in _legal(view, kind):
                items.append(_button(table_id, deal, action, _(label), style, row))
        calls = _legal(view, "call")
        if calls:
            options = [
                discord.SelectOption(label=_call_label(call), value=arg)
                for call in calls
                if (arg := control_arg(call)) is not None
            ]
            items.append(choice_select(table_id, deal, "call", _("Call a game…"), options, row + 1))
        return items

    def mark(self, view: SeatView, marks: tuple[str, ...], mark: str) -> tuple[str, ...]:
        raise IllegalAction(N_("There is nothing to choose here: use the buttons shown"))

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
        if details.get("game") not in ("sauspiel", "wenz", "solo"):
            return ramsch_facts(rules, result, names)
        tariff = rules.tariff if isinstance(rules, FullSchafkopfRules) else Tariff()
        return payment_facts(details, result, names, tariff)

    def deal_line(self, result: DealResult, names: list[str]) -> str | None:
        details = result.details or {}
        if result.contract == "passed" or details.get("game") == "passed":
            return _("all said weiter, thrown in")
        game = details.get("game")
        if game not in ("sauspiel", "wenz", "solo"):
            return _("Ramsch")
        declarer = details["declarer"]
        short = _short_game(game, details.get("ace"), details.get("suit"))
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


def _call_label(call: Action) -> str:
    """``Sauspiel Eichel``, ``Wenz``, ``Herz-Solo``, ``Ramsch``: short for a button."""
    assert isinstance(call, Call)
    if call.game == "sauspiel" and call.ace is not None:
        return _("Sauspiel {suit}", suit=faces.suit_name(call.ace))
    if call.game == "solo" and call.suit is not None:
        return _("{suit}-Solo", suit=faces.suit_name(call.suit))
    return _game_word(call.game)


def _button(
    table_id: int, deal: int, action: Action, label: str, style: discord.ButtonStyle, row: int
) -> discord.ui.Item[Any]:
    button: discord.ui.Button[Any] = discord.ui.Button(style=style, label=label, row=row)
    return ActionItem(table_id, deal, type(action).kind, control_arg(action), item=button)


# -- the payment worked out --------------------------------------------------------------------


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
    top = Card["CJ"] if details.get("game") == "wenz" else Card["CQ"]
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
    played = game_text(game, details.get("ace"), details.get("suit"))
    if partner is not None:
        who = _(
            "**{declarer}** played **{game}** with **{partner}**",
            declarer=names[declarer],
            game=played,
            partner=names[partner],
        )
    else:
        who = _("**{declarer}** played **{game}** alone", declarer=names[declarer], game=played)
    points = num(details.get("declarer_points", 0))
    facts = [
        who,
        _("Spieler side: {points} points — **won**", points=points)
        if won
        else _("Spieler side: {points} points — **lost**", points=points),
    ]
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
    plain = amount // multiplier
    extra = tariff.extra
    base = tariff.sauspiel if game == "sauspiel" else tariff.solo
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
    if doubled:
        worked += f"{num(plain)}, × {multiplier} ({doubled}) = {paid}"
    else:
        worked += paid
    if game == "sauspiel":
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
    if result.durchmarsch is not None:
        facts.append(
            _("**Durchmarsch** by {player}: all eight tricks", player=names[result.durchmarsch])
        )
    else:
        for loser in result.losers:
            facts.append(_("**{player}** has the most card points and pays", player=names[loser]))
        jungfrau = [names[seat] for seat in result.jungfrau]
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


SCHAFKOPF = SchafkopfRenderer()
"""The renderer of game ``schafkopf`` (not in ``RENDERERS`` until the game is registered)."""
