"""Schafkopf's table and hand texts: what was said (Klopfen, the calls, Kontra and Re), the
game in play, the rules in brief and whose turn it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import N_, _
from bot.i18n import number as num
from bot.ui import faces
from ramsch_core import Card, PublicView, RuleSet, SeatView, Suit
from ramsch_core.games.schafkopf import FullSchafkopfRules
from ramsch_core.games.schafkopf.contract import SchafkopfContest, schafkopf_game_order

if TYPE_CHECKING:
    from ramsch_core import Action


# -- what was said ---------------------------------------------------------------------------

GAME_WORDS = {
    "wenz": N_("Wenz"), "ramsch": N_("Ramsch"), "pass": N_("weiter"), "sie": N_("Sie"),
    "geier": N_("Geier"), "hochzeit": N_("Hochzeit"), "accept": N_("accepts the Hochzeit"),
}  # fmt: skip
PLAYED = ("sauspiel", "hochzeit", "wenz", "solo", "geier", "farbwenz")
"""The games played out after the calls."""


def contest_of(public: PublicView) -> SchafkopfContest | None:
    state = public.state
    return state if isinstance(state, SchafkopfContest) else None


def _suit_of(letter: str) -> Suit:
    return Suit("CSHD".index(letter))


def game_word(game: str) -> str:
    word = GAME_WORDS.get(game)
    return _(word) if word is not None else game


def call_text(words: str) -> str:
    """A call as ``SchafkopfContest.said`` writes it, in Schafkopf: ``weiter``, ``Sauspiel auf
    die Gras-Sau``, ``Wenz``, ``Herz-Solo``, ``Wenz Tout``, ``Herz-Solo Tout``, ``Sie``,
    ``Ramsch``."""
    if words.endswith(" tout"):
        return _("{game} Tout", game=call_text(words.removesuffix(" tout")))
    game, _sep, letter = words.partition(" ")
    if game == "sauspiel" and letter:
        return _("Sauspiel auf die {suit}-Sau", suit=faces.suit_name(_suit_of(letter)))
    if game == "solo" and letter:
        return _("{suit}-Solo", suit=faces.suit_name(_suit_of(letter)))
    if game == "farbwenz" and letter:
        return _("{suit}-Farbwenz", suit=faces.suit_name(_suit_of(letter)))
    return game_word(game)


def game_text(
    game: str | None, ace: str | Suit | None, suit: str | Suit | None, tout: bool = False
) -> str:
    """The game being played: ``Sauspiel auf die Eichel-Sau``, ``Wenz``, ``Herz-Solo``,
    ``Herz-Solo Tout``."""
    if tout:
        return _("{game} Tout", game=game_text(game, ace, suit))
    if game == "sauspiel" and ace is not None:
        letter = ace if isinstance(ace, str) else ace.letter
        return call_text(f"sauspiel {letter}")
    if game in ("solo", "farbwenz") and suit is not None:
        letter = suit if isinstance(suit, str) else suit.letter
        return call_text(f"{game} {letter}")
    return game_word(game) if game else "—"


def short_game(game: str | None, ace: str | None, suit: str | None, tout: bool = False) -> str:
    """``Sauspiel (Gras)``, ``Wenz``, ``Herz-Solo``, ``Wenz Tout``: for the score sheet."""
    if game == "sauspiel" and ace is not None:
        return _("Sauspiel ({suit})", suit=faces.suit_name(_suit_of(ace)))
    return game_text(game, ace, suit, tout)


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
    return contest.game in PLAYED and contest.declarer is not None


def contract_text(contest: SchafkopfContest, names: list[str]) -> str:
    """``**Alice** plays **Sauspiel auf die Gras-Sau** · partner unknown`` (the partner's name
    once the called Sau has fallen), ``**Bob** plays **Wenz** alone``; on a line of their own
    the doublings: ``Klopfen: Bob (×2) · Kontra (Carol) · counts ×4``."""
    declarer = contest.declarer
    assert declarer is not None
    game = game_text(contest.game, contest.ace, contest.suit, contest.tout)
    who = names[declarer]
    if contest.game == "hochzeit" and contest.partner is None:  # SF-16: being offered
        first = _("**{declarer}** offers a **Hochzeit**", declarer=who)
    elif contest.game not in ("sauspiel", "hochzeit"):
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


def sie_text(declarer: str) -> str:
    """``**Alice** shows a **Sie** — ...``: a Sie is won without play (SF-12)."""
    return _(
        "**{declarer}** shows a **Sie** — all four Obers and all four Unters: won without play",
        declarer=declarer,
    )


def legal_of(view: SeatView, kind: str) -> list[Action]:
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


class SchafkopfText:
    """The table's name and rules, the steps before the card play on the table and the hand."""

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
        short = rules.pack == "short"
        lines = [
            _(
                "Four players, the short pack without 7s and 8s: six cards each, dealt three "
                "and three; forehand leads."
            )
            if short
            else _("Four players, eight cards each, dealt four and four; forehand leads."),
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
        if rules.geier:
            lines.append(
                _("Geier: only the four Obers are trumps; the Unters go back to their suits.")
            )
        if rules.farbwenz:
            lines.append(
                _(
                    "Farbwenz: the Unters and the suit you name are trumps; the Obers stay in "
                    "their suits."
                )
            )
        if rules.geier or rules.farbwenz:
            lines.append(
                _(
                    "Geier and Farbwenz: you play alone against three, paid as a Solo; "
                    "Sauspiel < Farbwenz < Wenz and Geier < Farbsolo."
                )
            )
        if rules.hochzeit:
            lines.append(
                _(
                    "Hochzeit: with exactly one trump you may offer it (above a Sauspiel); the "
                    "first to accept takes your trump for a card that is not a trump, and you "
                    "play together as in a Sauspiel. If nobody accepts, it is as if you had "
                    "said weiter."
                )
            )
        if rules.tout:
            lines.append(
                _(
                    "Tout: call a Wenz or a Solo Tout to take every trick — one trick to the "
                    "others loses it; paid double, without Schneider and Schwarz."
                )
                if rules.wenz
                else _(
                    "Tout: call a Solo Tout to take every trick — one trick to the others "
                    "loses it; paid double, without Schneider and Schwarz."
                )
            )
        if rules.sie:
            lines.append(
                _(
                    "Sie: all four Obers and all four Unters in your hand — show it at your call "
                    "and win unplayed, four times a Solo with 8 Laufende."
                )
            )
        if rules.klopfen:
            lines.append(
                _("Klopfen: after your first three cards you may knock; each knock doubles.")
                if short
                else _("Klopfen: after your first four cards you may knock; each knock doubles.")
            )
        if rules.kontra:
            lines.append(
                _(
                    "Kontra: a Gegenspieler may double before his first card; the Spieler side "
                    "may answer Re (×4)."
                )
            )
        stake = rules.ramsch.base_stake
        if rules.ramsch.durchmarsch:
            ramsch = _(
                "Ramsch (Obers and Unters trumps): the most card points pays {each}¢ to each, "
                "{jungfrau}¢ to a Jungfrau; a Durchmarsch wins {durchmarsch}¢ from each",
                each=num(2 * stake),
                jungfrau=num(4 * stake),
                durchmarsch=num(7 * stake),
            )
        else:
            ramsch = _(
                "Ramsch (Obers and Unters trumps): the most card points pays {each}¢ to each, "
                "{jungfrau}¢ to a Jungfrau; no Durchmarsch: all eight tricks lose too",
                each=num(2 * stake),
                jungfrau=num(4 * stake),
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
                rules = public.rules
                seen = rules.first_cards if isinstance(rules, FullSchafkopfRules) else 4
                lines.append(
                    _(
                        "**{player}** has seen four cards: klopfen (doubles) or not",
                        player=names[public.to_act],
                    )
                    if seen == 4
                    else _(
                        "**{player}** has seen three cards: klopfen (doubles) or not",
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
        if public.phase == "hochzeit" and contest.declarer is not None:
            lines = [knocks_line(contest, names), calls_line(contest, names)]
            if public.to_act is not None and contest.partner is None:
                lines.append(
                    _(
                        "**{player}** offers a Hochzeit: **{other}** accepts it or says weiter",
                        player=names[contest.declarer],
                        other=names[public.to_act],
                    )
                )
            elif public.to_act is not None:
                lines.append(
                    _(
                        "**{partner}** accepted: gives **{player}** a card for the trump",
                        partner=names[public.to_act],
                        player=names[contest.declarer],
                    )
                )
            return _("Hochzeit"), "\n".join(line for line in lines if line)
        return None

    def table_fields(self, public: PublicView, names: list[str]) -> list[tuple[str, str]]:
        contest = contest_of(public)
        if contest is None or public.phase in ("knocking", "calling", "hochzeit"):
            return []
        if contest.game == "ramsch":
            lines = [_("Everyone said weiter: **Ramsch** (Obers and Unters trumps)")]
            knocks = knocks_line(contest, names)
            if knocks:
                lines.append(knocks)
            return [(_("Game"), "\n".join(lines))]
        if contest.game == "passed":
            return [(_("Game"), _("Everyone said weiter: the cards are thrown in"))]
        if contest.game == "sie" and contest.declarer is not None:
            return [(_("Game"), sie_text(names[contest.declarer]))]
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
        if public.phase == "hochzeit":
            return _("accept or not")
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
            elif contest.game not in ("sauspiel", "hochzeit") or contest.partner is not None:
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
        if view.phase == "hochzeit":
            return self._hochzeit_status(view, contest, names)
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
        if legal_of(view, "kontra"):
            lines.append(_("You may say **Kontra** (doubles the game) before your first card."))
        if legal_of(view, "re"):
            lines.append(_("Kontra was said: you may answer **Re** (doubles it again)."))
        return lines

    def _knocking_status(
        self, view: SeatView, contest: SchafkopfContest, names: list[str]
    ) -> list[str]:
        lines = [
            _("You see your first four cards; four more come after Klopfen.")
            if len(view.hand) == 4
            else _("You see your first three cards; three more come after Klopfen.")
        ]
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
        calls_open = legal_of(view, "call")
        best = [what for _seat, what in contest.said if what.startswith((*PLAYED, "sie"))]
        if [call.to_json()["game"] for call in calls_open] == ["ramsch"]:  # SF-16, SK-9
            lines.append(
                _(
                    "**Your turn:** nobody accepted the Hochzeit: choose **Ramsch**, or say "
                    "**Weiter** — then it is a Stock and the cards are thrown in."
                )
            )
        elif best:
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

    def _hochzeit_status(
        self, view: SeatView, contest: SchafkopfContest, names: list[str]
    ) -> list[str]:
        """SF-16: the offer, who is asked, and the card to give."""
        offerer = contest.declarer
        assert offerer is not None
        lines = [_("**{player}** offers a **Hochzeit**.", player=names[offerer])]
        if view.to_act != view.seat:
            if view.to_act is not None:
                lines.append(_("Hochzeit: waiting for **{player}**.", player=names[view.to_act]))
            return lines
        if legal_of(view, "give"):
            lines.append(
                _(
                    "**Your turn:** choose a card that is not a trump to give **{player}**; "
                    "you take his trump and play together.",
                    player=names[offerer],
                )
            )
        elif legal_of(view, "accept"):
            lines.append(
                _(
                    "**Your turn:** accept to play with **{player}**, taking his one trump for "
                    "a card of yours that is not a trump — or say **Weiter**.",
                    player=names[offerer],
                )
            )
        else:
            lines.append(
                _("**Your turn:** you hold only trumps and cannot accept: say **Weiter**.")
            )
        return lines
