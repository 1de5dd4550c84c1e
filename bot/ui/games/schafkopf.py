"""Full Schafkopf on Discord, in the German pack: Klopfen on the first four cards, the calls
(weiter, Sauspiel auf eine Sau, Wenz, Farbsolo), the hidden partner of a Sauspiel until the
called Sau falls, Kontra and Re, and a game's payment worked out in its result (Schneider,
Schwarz, Laufende, the doublings). A deal everyone passed is a Ramsch (or thrown in, a Stock).

Not registered yet: the lead adds ``SCHAFKOPF`` to ``RENDERERS`` with the game."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord

from bot.tables.errors import IllegalAction
from bot.ui.actions import control_arg
from bot.ui.items import ActionItem
from ramsch_core import Card, DealResult, PublicView, RuleSet, SeatView, Suit
from ramsch_core.contracts.schafkopf import SchafkopfContest, Tariff, schafkopf_game_order
from ramsch_core.games.schafkopf import FullSchafkopfRules
from ramsch_core.phases.calling import Call

if TYPE_CHECKING:
    from ramsch_core import Action

# -- the German pack -------------------------------------------------------------------------

SUIT_FACES = ("🌰", "🍀", "❤️", "🔔")
"""Eichel, Gras, Herz, Schellen (Suit order C, S, H, D)."""
RANK_FACES = ("A", "10", "K", "O", "U", "9", "8", "7")
"""Sau, Zehn, König, Ober, Unter, 9, 8, 7 (Rank order A 10 K Q J 9 8 7)."""
SUIT_NAMES = ("Eichel", "Gras", "Herz", "Schellen")
FACE_TEXT = re.compile("(🌰|🍀|❤️|❤|🔔)(10|[AKOU987])")
"""A card face in a text: a suit symbol, then its rank (``❤️`` with or without its variation
selector)."""
_FACE_SUITS = {"🌰": "C", "🍀": "S", "❤️": "H", "❤": "H", "🔔": "D"}
_FACE_RANKS = {"A": "A", "10": "T", "K": "K", "O": "Q", "U": "J", "9": "9", "8": "8", "7": "7"}


def card_face(card: Card) -> str:
    """A card of the German pack, short enough for a button: ``🌰O`` (Eichel-Ober), ``❤️A``
    (Herz-Sau), ``🔔10``."""
    return SUIT_FACES[card.suit] + RANK_FACES[card.rank]


def faces_text(cards: Iterable[Card], empty: str = "—") -> str:
    """Cards as ``🌰O 🍀U ❤️A``."""
    return " ".join(card_face(card) for card in cards) or empty


def cards_in(text: str) -> set[Card]:
    """Every card named in ``text`` by its face (``card_face``): for checks that a message
    shows no card it should not (the e2e tests' leak checker)."""
    return {Card[_FACE_SUITS[suit] + _FACE_RANKS[rank]] for suit, rank in FACE_TEXT.findall(text)}


def suit_name(suit: Suit) -> str:
    return SUIT_NAMES[suit]


# -- what was said ---------------------------------------------------------------------------

GAME_WORDS = {"wenz": "Wenz", "ramsch": "Ramsch", "pass": "weiter"}


def contest_of(public: PublicView) -> SchafkopfContest | None:
    state = public.state
    return state if isinstance(state, SchafkopfContest) else None


def _suit_of(letter: str) -> Suit:
    return Suit("CSHD".index(letter))


def call_text(words: str) -> str:
    """A call as ``SchafkopfContest.said`` writes it, in Schafkopf: ``weiter``, ``Sauspiel auf
    die Gras-Sau``, ``Wenz``, ``Herz-Solo``, ``Ramsch``."""
    game, _, letter = words.partition(" ")
    if game == "sauspiel" and letter:
        return f"Sauspiel auf die {suit_name(_suit_of(letter))}-Sau"
    if game == "solo" and letter:
        return f"{suit_name(_suit_of(letter))}-Solo"
    return GAME_WORDS.get(game, game)


def game_text(game: str | None, ace: str | Suit | None, suit: str | Suit | None) -> str:
    """The game being played: ``Sauspiel auf die Eichel-Sau``, ``Wenz``, ``Herz-Solo``."""
    if game == "sauspiel" and ace is not None:
        letter = ace if isinstance(ace, str) else ace.letter
        return call_text(f"sauspiel {letter}")
    if game == "solo" and suit is not None:
        letter = suit if isinstance(suit, str) else suit.letter
        return call_text(f"solo {letter}")
    return GAME_WORDS.get(game or "", game or "—")


def _short_game(game: str | None, ace: str | None, suit: str | None) -> str:
    """``Sauspiel (Gras)``, ``Wenz``, ``Herz-Solo``: for the score sheet."""
    if game == "sauspiel" and ace is not None:
        return f"Sauspiel ({suit_name(_suit_of(ace))})"
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
    return f"Klopfen: {who} (×{1 << len(contest.knocks)})"


def doublings_text(contest: SchafkopfContest, names: list[str]) -> str:
    """``Kontra (Bob) · Re (Alice)``, or empty."""
    return " · ".join(
        f"{what.capitalize()} ({names[seat]})"
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
    parts = [f"**{names[declarer]}** plays **{game}**"]
    if contest.game == "sauspiel":
        if contest.partner is None:
            parts[0] += " · partner unknown until the Sau falls"
        else:
            parts[0] += f" with **{names[contest.partner]}**"
    else:
        parts[0] += " alone"
    doubled = [knocks_line(contest, names), doublings_text(contest, names)]
    if contest.kontra:
        doubled.append(f"counts ×{contest.multiplier}")
    doubled = [part for part in doubled if part]
    if doubled:
        parts.append(" · ".join(doubled))
    return "\n".join(parts)


def _legal(view: SeatView, kind: str) -> list[Action]:
    return [action for action in view.legal if type(action).kind == kind]


def _ramsch_text(rules: RuleSet) -> str:
    """What happens when everyone says weiter."""
    if not isinstance(rules, FullSchafkopfRules) or rules.all_pass == "ramsch":
        return "a Ramsch is played"
    if rules.all_pass == "stock":
        return "the last may still call a game or a Ramsch, else it is a Stock"
    return "the cards are thrown in"


# -- the renderer ------------------------------------------------------------------------------


class SchafkopfRenderer:
    """The full Schafkopf game's part of every message."""

    tag_labels: dict[str, str] = {  # noqa: RUF012
        "declarer": "Spieler",
        "partner": "Mitspieler",
        "defender": "Gegenspieler",
        "won": "won",
        "lost": "lost",
        "durchmarsch": "Durchmarsch",
        "jungfrau": "Jungfrau",
        "loser": "loses",
    }

    def card_face(self, card: Card) -> str:
        return card_face(card)

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
        trumps = faces_text(schafkopf_game_order("sauspiel").trumps)
        solo = "a Wenz or a Farbsolo" if rules.wenz else "a Farbsolo"
        lines = [
            "Four players, eight cards each, dealt four and four; forehand leads.",
            "The calls, once each from forehand: **weiter**, or a game — Sauspiel, "
            + ("Wenz, " if rules.wenz else "")
            + "Farbsolo, from low to high; a higher call takes the game away.",
            "Sauspiel: call the Eichel-, Gras- or Schellen-Sau you don't hold, in a suit you "
            "hold; its holder is your partner, unknown until it is played. "
            f"Trumps: {trumps}.",
        ]
        if rules.wenz:
            lines.append("Wenz: only the four Unters are trumps; the Obers go back to their suits.")
        lines.append(
            "Farbsolo: Obers, Unters and the suit you name are trumps. "
            f"In {solo} you play alone against three."
        )
        solos = "Wenz and Solo" if rules.wenz else "Solo"
        runs = " (from 3, in a Wenz from 2)" if rules.wenz else " (from 3)"
        lines.append(
            f"The Spieler side needs 61 of 120. Tariff: Sauspiel {tariff.sauspiel}¢, {solos} "
            f"{tariff.solo}¢, +{tariff.extra}¢ each for Schneider, Schwarz and each "
            f"Laufender{runs}."
        )
        lines.append(
            f"Sauspiel: each loser pays each winner. {solos}: each of the three pays the "
            "soloist, or is paid by him."
        )
        if rules.klopfen:
            lines.append("Klopfen: after your first four cards you may knock; each knock doubles.")
        if rules.kontra:
            lines.append(
                "Kontra: a Gegenspieler may double before his first card; the Spieler side may "
                "answer Re (×4)."
            )
        stake = rules.ramsch.base_stake
        ramsch = (
            f"Ramsch (Obers and Unters trumps): the most card points pays {2 * stake}¢ to each, "
            f"{4 * stake}¢ to a Jungfrau; a Durchmarsch wins {7 * stake}¢ from each"
        )
        if rules.all_pass == "ramsch":
            lines.append(f"When all say weiter: {ramsch}.")
        elif rules.all_pass == "stock":
            lines.append(
                "When the first three say weiter, the last may call a game, a Ramsch, or pass "
                f"too (Stock: thrown in). {ramsch}."
            )
        else:
            lines.append("When all say weiter, the cards are thrown in.")
        return lines

    # -- the table message -------------------------------------------------------------------

    def phase_text(self, public: PublicView, names: list[str]) -> tuple[str, str] | None:
        contest = contest_of(public)
        if contest is None:
            return None
        if public.phase == "knocking":
            said = [
                f"{names[seat]}: {'klopft' if what == 'knock' else 'nicht'}"
                for seat, what in contest.said
                if what in ("knock", "no_knock")
            ]
            lines = [" · ".join(said)]
            if public.to_act is not None:
                lines.append(
                    f"**{names[public.to_act]}** has seen four cards: klopfen (doubles) or not"
                )
            return "Klopfen", "\n".join(line for line in lines if line)
        if public.phase == "calling":
            lines = [knocks_line(contest, names), calls_line(contest, names)]
            if public.to_act is not None:
                lines.append(f"**{names[public.to_act]}** is to call: weiter or a game")
            return "Ansagen (the calls)", "\n".join(line for line in lines if line)
        return None

    def table_fields(self, public: PublicView, names: list[str]) -> list[tuple[str, str]]:
        contest = contest_of(public)
        if contest is None or public.phase in ("knocking", "calling"):
            return []
        if contest.game == "ramsch":
            lines = ["Everyone said weiter: **Ramsch** (Obers and Unters trumps)"]
            knocks = knocks_line(contest, names)
            if knocks:
                lines.append(knocks)
            return [("Game", "\n".join(lines))]
        if contest.game == "passed":
            return [("Game", "Everyone said weiter: the cards are thrown in")]
        if not played_game(contest):
            return []
        fields = [("Game", contract_text(contest, names))]
        calls = calls_line(contest, names)
        if calls:
            fields.append(("Calls", calls))
        return fields

    def doing(self, public: PublicView) -> str:
        if public.phase == "knocking":
            return "knock or not"
        if public.phase == "calling":
            return "call"
        return "play"

    def seat_notes(self, public: PublicView, seat: int) -> list[str]:
        contest = contest_of(public)
        if contest is None:
            return []
        notes = []
        if seat in contest.knocks:
            notes.append("klopft")
        if played_game(contest):
            if seat == contest.declarer:
                notes.append("Spieler")
            elif seat == contest.partner:
                notes.append("Mitspieler")
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
            lines = ["Everyone said weiter: this deal is a **Ramsch** (Obers and Unters trumps)."]
            knocks = knocks_line(contest, names)
            return [*lines, knocks] if knocks else lines
        if not played_game(contest) or view.phase != "play":
            return []
        lines = [f"**Game:** {contract_text(contest, names)}"]
        declarer = contest.declarer
        assert declarer is not None
        if contest.game == "sauspiel" and contest.partner is None and contest.ace is not None:
            ace = Card[f"{contest.ace.letter}A"]
            if ace in view.hand:
                lines.append(
                    f"You hold the called {card_face(ace)}: you play with "
                    f"**{names[declarer]}** — nobody knows it until you play it."
                )
        if _legal(view, "kontra"):
            lines.append("You may say **Kontra** (doubles the game) before your first card.")
        if _legal(view, "re"):
            lines.append("Kontra was said: you may answer **Re** (doubles it again).")
        return lines

    def _knocking_status(
        self, view: SeatView, contest: SchafkopfContest, names: list[str]
    ) -> list[str]:
        lines = ["You see your first four cards; four more come after Klopfen."]
        knocks = knocks_line(contest, names)
        if knocks:
            lines.append(knocks)
        if view.to_act == view.seat:
            lines.append(
                "**Your turn:** **Klopfen** doubles the deal, whatever is played — or "
                "**Nicht klopfen**."
            )
        elif view.to_act is not None:
            lines.append(f"Klopfen: waiting for **{names[view.to_act]}**.")
        return lines

    def _calling_status(
        self, view: SeatView, contest: SchafkopfContest, names: list[str]
    ) -> list[str]:
        lines = []
        knocks = knocks_line(contest, names)
        if knocks:
            lines.append(knocks)
        calls = calls_line(contest, names)
        lines.append(f"**Calls so far:** {calls}" if calls else "Nobody has called yet.")
        if view.to_act != view.seat:
            if view.to_act is not None:
                lines.append(f"Calls: waiting for **{names[view.to_act]}**.")
            return lines
        calls_open = _legal(view, "call")
        best = [what for _, what in contest.said if what.startswith(("sauspiel", "wenz", "solo"))]
        if best:
            lines.append(
                f"**Your turn:** {call_text(best[-1])} is called: say **Weiter**, or a higher game."
                if calls_open
                else f"**Your turn:** {call_text(best[-1])} is called: nothing outranks it, "
                "say **Weiter**."
            )
        elif any(call.to_json()["game"] == "ramsch" for call in calls_open):
            lines.append(
                "**Your turn:** all three said weiter: call a game, choose **Ramsch**, or say "
                "**Weiter** — then it is a Stock and the cards are thrown in."
            )
        else:
            lines.append(
                f"**Your turn:** say **Weiter**, or call a game. If all say weiter, "
                f"{_ramsch_text(view.rules)}."
            )
        sauspiel = any(call.to_json()["game"] == "sauspiel" for call in calls_open)
        if calls_open and not best and not sauspiel:
            lines.append(
                "No Sauspiel for you: you may call only a Sau you don't hold, in a suit you hold."
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
        for kind, label, style in (
            ("knock", "Klopfen", discord.ButtonStyle.danger),
            ("no_knock", "Nicht klopfen", discord.ButtonStyle.secondary),
            ("pass", "Weiter", discord.ButtonStyle.secondary),
            ("kontra", "Kontra", discord.ButtonStyle.danger),
            ("re", "Re", discord.ButtonStyle.danger),
        ):
            for action in _legal(view, kind):
                items.append(_button(table_id, deal, action, label, style, row))
        calls = _legal(view, "call")
        sauspiel = [call for call in calls if call.to_json()["game"] in ("sauspiel", "ramsch")]
        solo = [call for call in calls if call.to_json()["game"] in ("wenz", "solo")]
        for call in sauspiel:
            items.append(_button(table_id, deal, call, _call_label(call), _style(call), row))
        for call in solo:
            items.append(_button(table_id, deal, call, _call_label(call), _style(call), row + 1))
        return items

    def mark(self, view: SeatView, marks: tuple[str, ...], mark: str) -> tuple[str, ...]:
        raise IllegalAction("There is nothing to choose here: use the buttons shown")

    # -- results -----------------------------------------------------------------------------

    def carry_line(self, rules: RuleSet, carry: Any) -> str | None:
        return pot_line(rules, carry)

    def result_facts(self, rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
        details = result.details or {}
        if result.contract == "passed" or details.get("game") == "passed":
            if isinstance(rules, FullSchafkopfRules) and rules.all_pass == "stock":
                return [
                    "Everyone said weiter: **Stock** — the cards are thrown in unplayed; each "
                    f"player antes {rules.tariff.sauspiel}¢ into the pot, which the next game "
                    "won takes"
                ]
            return ["Everyone said weiter: the cards are thrown in"]
        if details.get("game") not in ("sauspiel", "wenz", "solo"):
            return ramsch_facts(rules, result, names)
        tariff = rules.tariff if isinstance(rules, FullSchafkopfRules) else Tariff()
        return payment_facts(details, result, names, tariff)

    def deal_line(self, result: DealResult, names: list[str]) -> str | None:
        details = result.details or {}
        if result.contract == "passed" or details.get("game") == "passed":
            return "all said weiter, thrown in"
        game = details.get("game")
        if game not in ("sauspiel", "wenz", "solo"):
            return "Ramsch"
        declarer = details["declarer"]
        short = _short_game(game, details.get("ace"), details.get("suit"))
        outcome = "won" if details.get("won") else "lost"
        return f"{names[declarer]} {short} {outcome} {details.get('amount', 0)}"


def _call_label(call: Action) -> str:
    """``Sauspiel Eichel``, ``Wenz``, ``Herz-Solo``, ``Ramsch``: short for a button."""
    assert isinstance(call, Call)
    if call.game == "sauspiel" and call.ace is not None:
        return f"Sauspiel {suit_name(call.ace)}"
    if call.game == "solo" and call.suit is not None:
        return f"{suit_name(call.suit)}-Solo"
    return GAME_WORDS.get(call.game, call.game)


def _style(call: Action) -> discord.ButtonStyle:
    game = call.to_json()["game"]
    if game == "sauspiel":
        return discord.ButtonStyle.primary
    if game == "ramsch":
        return discord.ButtonStyle.secondary
    return discord.ButtonStyle.success


def _button(
    table_id: int, deal: int, action: Action, label: str, style: discord.ButtonStyle, row: int
) -> discord.ui.Item[Any]:
    button = discord.ui.Button[Any](style=style, label=label, row=row)
    return ActionItem(table_id, deal, type(action).kind, control_arg(action), item=button)


# -- the payment worked out --------------------------------------------------------------------


def doubling_text(knocks: int, kontra: int) -> str:
    """What doubled a deal: ``Klopfen``, ``2× Klopfen, Kontra, Re``; empty for nothing."""
    parts = []
    if knocks:
        parts.append("Klopfen" if knocks == 1 else f"{knocks}× Klopfen")
    if kontra:
        parts.append("Kontra" if kontra == 1 else "Kontra, Re")
    return ", ".join(parts)


def laufende_side(details: dict[str, Any], result: DealResult) -> str:
    """``with`` when the declaring side held the top trump as dealt, else ``without``: read
    from the tricks (every card of a Schafkopf deal is played)."""
    top = Card["CJ"] if details.get("game") == "wenz" else Card["CQ"]
    side = {details.get("declarer"), details.get("partner")} - {None}
    players = len(result.card_points)
    for trick in result.tricks:
        for index, card in enumerate(trick.cards):
            if card == top:
                return "with" if (trick.leader + index) % players in side else "without"
    return "with"


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
    who = f"**{names[declarer]}** played **{played}**"
    who += f" with **{names[partner]}**" if partner is not None else " alone"
    points = details.get("declarer_points", 0)
    outcome = "won" if won else "lost"
    facts = [who, f"Spieler side: {points} points — **{outcome}**"]
    laufende = int(details.get("laufende", 0))
    if laufende:
        facts.append(f"Laufende: {laufende_side(details, result)} {laufende}")
    amount = int(details.get("amount", 0))
    knocks = int(details.get("knocks", 0))
    kontra = int(details.get("kontra", 0))
    multiplier = 1 << (knocks + kontra)
    plain = amount // multiplier
    extra = tariff.extra
    base = tariff.sauspiel if game == "sauspiel" else tariff.solo
    named = [("Sauspiel" if game == "sauspiel" else played) + (" gewonnen" if won else " verloren")]
    sums = [str(base)]
    if details.get("schneider"):
        named.append("Schneider")
        sums.append(str(extra))
    if details.get("schwarz"):
        named.append("Schwarz")
        sums.append(str(extra))
    if laufende:
        named.append(f"{laufende} Laufende")
        sums.append(str(extra * laufende))
    worked = f"{', '.join(named)}: " + (
        f"{' + '.join(sums)} = {plain}" if len(sums) > 1 else sums[0]
    )
    doubled = doubling_text(knocks, kontra)
    if doubled:
        worked += f", × {multiplier} ({doubled}) = {amount}"
    if game == "sauspiel":
        worked += "¢ each"
    elif won:
        worked += f"¢ from each, {3 * amount}¢ to {names[declarer]}"
    else:
        worked += f"¢ to each, {3 * amount}¢ from {names[declarer]}"
    facts.append(worked)
    return facts


def ramsch_facts(rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
    """A Ramsch after an all-pass: who loses and pays, Jungfrau, Durchmarsch, the knocks."""
    facts = ["Everyone said weiter: **Ramsch**"]
    if result.durchmarsch is not None:
        facts.append(f"**Durchmarsch** by {names[result.durchmarsch]}: all eight tricks")
    else:
        for loser in result.losers:
            facts.append(f"**{names[loser]}** has the most card points and pays")
        jungfrau = [names[seat] for seat in result.jungfrau]
        if jungfrau:
            facts.append(f"Jungfrau (no trick): {', '.join(jungfrau)}")
    knocks = int((result.details or {}).get("knocks", 0))
    if knocks:
        facts.append(f"× {1 << knocks} ({doubling_text(knocks, 0)})")
    return facts


def pot_line(rules: RuleSet, carry: Any) -> str | None:
    """``**Stock:** 40¢ in the pot — the next game won takes it``, while the pot holds any."""
    if not isinstance(carry, int) or carry <= 0:
        return None
    return f"**Stock:** {carry}¢ in the pot — the next game won takes it"


SCHAFKOPF = SchafkopfRenderer()
"""The renderer of game ``schafkopf`` (not in ``RENDERERS`` until the game is registered)."""
