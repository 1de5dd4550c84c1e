"""Skat's table and hand texts: the game names, the bidding (Reizen), the declaration and its
announcements, the contract in play and whose turn it is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot import i18n
from bot.i18n import N_, _
from bot.ui import faces
from bot.ui.games.shared.ramsch_contract import RAMSCH_CONTRACT, skat_ramsch_lines
from ramsch_core import (
    LADDER,
    Card,
    FullSkatRules,
    PublicView,
    RuleSet,
    SeatView,
    SkatContest,
    Suit,
    null_value,
)
from ramsch_core.games.skat.bidding import forehand_must_play

if TYPE_CHECKING:
    from ramsch_core import Action


GAME_SUITS = {
    "clubs": Suit.CLUBS,
    "spades": Suit.SPADES,
    "hearts": Suit.HEARTS,
    "diamonds": Suit.DIAMONDS,
}
"""The suit games by the suit that is trump."""
GAMES = (*GAME_SUITS, "grand", "null")
"""The games a declarer may name."""
SUIT_AND_GRAND = ("clubs", "spades", "hearts", "diamonds", "grand")
POSITIONS = (N_("Vorhand"), N_("Mittelhand"), N_("Hinterhand"))
"""Deal seats 0, 1, 2: forehand, middlehand, rearhand (German words of the game, which the
Polish catalogue gives in Polish: pierwsza, druga, trzecia ręka)."""
SAID = {"hold": N_("ja"), "pass": N_("passe")}
LEVELS = {"schneider": "Schneider", "schwarz": "Schwarz", "ouvert": "Ouvert"}
"""The announcements of a Hand game, each implying those before it (marks on the hand)."""
ANNOUNCED = {
    "schneider": N_("Announced: **{level}**; press it again to drop."),
    "schwarz": N_("Announced: **{level}** (with Schneider); press it again to drop."),
    "ouvert": N_(
        "Announced: **{level}** (open cards, with Schneider and Schwarz); press it again to drop."
    ),
}
"""What the declarer's hand says of the announcement he marked."""


def contest_of(public: PublicView) -> SkatContest | None:
    """The bidding, declaration and doublings of a deal of full Skat; None in a Ramsch deal
    of compulsory Ramsch (its rules are not Skat's)."""
    state = public.state
    return state if isinstance(state, SkatContest) else None


def is_ramsch(public: PublicView) -> bool:
    """Whether the deal is a Ramsch: everyone passed, or a round of Ramsch after a Bock round."""
    contest = contest_of(public)
    return contest is None or contest.passed_out


def position(seat: int) -> str:
    if 0 <= seat < len(POSITIONS):
        return _(POSITIONS[seat])
    return _("seat {number}", number=seat + 1)


def game_name(game: str) -> str:
    """A game as German players call it, in English too: ``♣ Kreuz`` (``🌰 Eichel`` to a
    reader of the German pack), ``Grand``, ``Null``; Polish players name the suit in Polish
    (``♣ Trefl``)."""
    suit = GAME_SUITS.get(game)
    if suit is None:
        return game.capitalize() if game in GAMES else game
    words = "pl" if i18n.current() == "pl" else "de"
    name = faces.SUIT_NAMES[(faces.current().pack, words)][suit].capitalize()
    return f"{faces.suit_face(suit)} {name}"


def game_text(
    game: str, *, hand: bool, schneider: bool = False, schwarz: bool = False, ouvert: bool = False
) -> str:
    """``♣ Kreuz Hand Schneider angesagt``, ``Null ouvert``, ``Grand ouvert Hand``."""
    parts = [game_name(game)]
    if ouvert:
        parts.append("ouvert")
    if hand:
        parts.append("Hand")
    if ouvert:
        pass
    elif schwarz:
        parts.append(_("Schwarz angesagt"))
    elif schneider:
        parts.append(_("Schneider angesagt"))
    return " ".join(parts)


def declared_text(contest: SkatContest) -> str:
    declaration = contest.declaration
    if declaration is None:
        return "—"
    return game_text(
        declaration.game,
        hand=declaration.hand,
        schneider=declaration.schneider,
        schwarz=declaration.schwarz,
        ouvert=declaration.ouvert,
    )


def doublings_text(contest: SkatContest, names: list[str]) -> str:
    """``Kontra (Bob) · Re (Alice)``, or empty."""
    parts = []
    for seat, what in contest.said:
        if what in ("kontra", "re"):
            parts.append(f"{what.capitalize()} ({names[seat]})")
    return " · ".join(parts)


def contract_text(contest: SkatContest, names: list[str]) -> str:
    """``**Alice** (Vorhand) plays ♣ Kreuz Hand · bid 20 · Kontra (Bob)``."""
    declarer = contest.declarer
    if declarer is None:
        return "—"
    parts = [
        _(
            "**{name}** ({position}) plays **{game}**",
            name=names[declarer],
            position=position(declarer),
            game=declared_text(contest),
        ),
        _("bid {bid}", bid=contest.bid),
    ]
    doublings = doublings_text(contest, names)
    if doublings:
        parts.append(doublings)
    return " · ".join(parts)


@dataclass(frozen=True)
class Bidding:
    """Where the bidding stands: ``bidder`` names values to ``listener`` (None: forehand has
    the last word after both others passed); ``answering``: the listener is to answer."""

    round: int
    bidder: int
    listener: int | None
    answering: bool


def bidding_of(contest: SkatContest) -> Bidding:
    """Replays what was said: middlehand bids to forehand, then rearhand to the survivor; if
    nobody bid, forehand has the last word."""
    state = Bidding(1, 1, 0, False)
    for seat, what in contest.said:
        if what.isdigit():
            state = Bidding(state.round, state.bidder, state.listener, True)
        elif what == "hold":
            state = Bidding(state.round, state.bidder, state.listener, False)
        elif what == "pass" and state.listener is not None:
            survivor = state.bidder if seat == state.listener else state.listener
            if state.round == 1:
                state = Bidding(2, 2, survivor, False)
            else:
                state = Bidding(3, survivor, None, False)
    return state


def bidding_lines(contest: SkatContest, names: list[str]) -> list[str]:
    """Each round of the bidding on a line: ``Mittelhand Bob: 18 — Vorhand Alice: ja — …``."""
    rounds: list[list[str]] = [[]]
    for seat, what in contest.said:
        if not (what.isdigit() or what in SAID):
            continue
        rounds[-1].append(
            f"{position(seat)} {names[seat]}: {_(SAID[what]) if what in SAID else what}"
        )
        if what == "pass":
            rounds.append([])
    return [" — ".join(parts) for parts in rounds if parts]


def _bidding_status(contest: SkatContest, names: list[str], to_act: int | None) -> str:
    state = bidding_of(contest)
    if to_act is None:
        return ""
    name, seat = names[to_act], position(to_act)
    if state.answering:
        return _(
            "**{name}** ({position}) is to answer {bid}: ja or passe",
            name=name,
            position=seat,
            bid=contest.bid,
        )
    if state.listener is None:
        return _(
            "**{name}** ({position}) may still bid or pass: both others passed",
            name=name,
            position=seat,
        )
    listener = names[state.listener]
    if contest.bid:
        return _(
            "**{name}** ({position}) is to bid to **{listener}** (bid so far: {bid})",
            name=name,
            position=seat,
            listener=listener,
            bid=contest.bid,
        )
    return _(
        "**{name}** ({position}) is to bid to **{listener}**",
        name=name,
        position=seat,
        listener=listener,
    )


def _declaring_status(contest: SkatContest, names: list[str]) -> str:
    declarer = contest.declarer
    if declarer is None:
        return ""
    name = names[declarer]
    if not contest.picked_up:
        if contest.declaration is not None:  # a Hand game declared (a replay shows it after)
            return ""
        return _("**{name}** takes the skat or plays Hand", name=name)
    if not any(what == "discard" for _seat, what in contest.said):
        return _("**{name}** took the skat: lays two cards away (drückt), then declares", name=name)
    return _("**{name}** took the skat, laid two away and declares the game", name=name)


def _forehand_plays(view: SeatView) -> bool:
    """Whether the table makes forehand play when both others pass (FS-16)."""
    rules = view.rules
    return isinstance(rules, FullSkatRules) and rules.all_pass == "forehand"


def kind_of(action: Action) -> str:
    return type(action).kind


def legal_of(view: SeatView, kind: str) -> list[Action]:
    return [action for action in view.legal if kind_of(action) == kind]


def declared_fields(action: Action) -> dict[str, Any]:
    return action.to_json()


def discard_step(view: SeatView) -> bool:
    return bool(legal_of(view, "discard"))


def level_of(marks: tuple[str, ...]) -> str | None:
    return next((mark for mark in marks if mark in LEVELS), None)


def marked_cards(view: SeatView, marks: tuple[str, ...]) -> list[Card]:
    held = {card.name: card for card in view.hand}
    return [held[mark] for mark in marks if mark in held]


class SkatText:
    """The table's name and rules, the steps before the card play on the table and the hand."""

    tag_labels: dict[str, str]

    # -- the table in the lobby and the rules ------------------------------------------------

    def title(self, rules: RuleSet) -> str:
        if isinstance(rules, FullSkatRules) and rules.all_pass == "ramsch":
            return "Skat · Schieberamsch" if rules.ramsch.schieben else "Skat"
        return "Skat"

    def unit(self, rules: RuleSet) -> str:
        return ""

    def rules_lines(self, rules: RuleSet) -> list[str]:
        ladder = ", ".join(str(value) for value in LADDER[:7])
        lines = [
            _("Three players, ten cards each; two cards form the skat."),
            _(
                "Reizen (bidding): Mittelhand bids to Vorhand ({ladder} …), who says ja or "
                "passe; then Hinterhand bids to the one left.",
                ladder=ladder,
            ),
            _(
                "The winner (Alleinspieler) takes the skat and lays two cards away (drücken), "
                "or plays Hand; then declares {clubs} (12), {spades} (11), {hearts} (10), "
                "{diamonds} (9), Grand (24) or Null ({null}; Hand {null_hand}, ouvert "
                "{null_ouvert}, ouvert Hand {null_ouvert_hand}).",
                clubs=game_name("clubs"),
                spades=game_name("spades"),
                hearts=game_name("hearts"),
                diamonds=game_name("diamonds"),
                null=null_value(False, False),
                null_hand=null_value(True, False),
                null_ouvert=null_value(False, True),
                null_ouvert_hand=null_value(True, True),
            ),
            _(
                "A game is worth its base value × (mit or ohne so many jacks, +1 Spiel, +1 each "
                "for Hand, Schneider, Schneider angesagt, Schwarz, Schwarz angesagt, Ouvert). "
                "Schneider, Schwarz and Ouvert are announced in Hand games only."
            ),
            _(
                "The Alleinspieler needs 61 points (in Null: no trick). Won: + the value; lost, "
                "or überreizt (worth less than the bid): − twice the value."
            ),
        ]
        if not isinstance(rules, FullSkatRules):
            return lines
        if rules.kontra:
            lines.append(
                _(
                    "Kontra: a defender doubles the game before his first card; the "
                    "Alleinspieler may answer Re (×4)."
                )
            )
        if rules.all_pass == "throw_in":
            lines.append(_("When everyone passes, the cards are thrown in (eingepasst)."))
        elif rules.all_pass == "forehand":
            lines.append(
                _(
                    "When Mittelhand and Hinterhand both pass, Vorhand must play a game, as if "
                    "he had bid 18: he may not pass."
                )
            )
        else:
            lines.append(_("When everyone passes, Ramsch is played (jacks are the only trumps):"))
            lines += skat_ramsch_lines(rules.ramsch)
        return lines

    # -- the table message -------------------------------------------------------------------

    def phase_text(self, public: PublicView, names: list[str]) -> tuple[str, str] | None:
        contest = contest_of(public)
        if contest is None or contest.passed_out:
            return RAMSCH_CONTRACT.phase_text(public, names)
        if public.phase == "bidding":
            seats = " · ".join(
                f"{position(seat)} **{name}**" for seat, name in enumerate(names[:3])
            )
            lines = [seats, *bidding_lines(contest, names)]
            lines.append(_bidding_status(contest, names, public.to_act))
            return _("Reizen (bidding)"), "\n".join(line for line in lines if line)
        if public.phase == "declaring":
            declarer = contest.declarer
            assert declarer is not None
            lines = [*bidding_lines(contest, names), _declaring_status(contest, names)]
            if forehand_must_play(contest):
                heading = _("Both others passed: {name} must play", name=names[declarer])
            else:
                heading = _(
                    "{name} won the bidding at {bid}", name=names[declarer], bid=contest.bid
                )
            return heading, "\n".join(line for line in lines if line)
        return None

    def seat_notes(self, public: PublicView, seat: int) -> list[str]:
        """A seat's side once the game is declared: Alleinspieler or Gegenspieler."""
        contest = contest_of(public)
        if contest is None or contest.declaration is None or contest.declarer is None:
            return []
        return [_(self.tag_labels["declarer" if seat == contest.declarer else "defender"])]

    def table_fields(self, public: PublicView, names: list[str]) -> list[tuple[str, str]]:
        contest = contest_of(public)
        if contest is None:
            return [(_("Game"), _("**Ramsch**: a round of Ramsch after the Bock round"))]
        if contest.passed_out:
            kind = "Schieberamsch" if public.phase == "push" or public.pushes else "Ramsch"
            text = _("Everyone passed: **{kind}** (jacks are the only trumps)", kind=kind)
            return [(_("Game"), text)]
        if contest.declaration is None:
            return []
        fields = [(_("Game"), contract_text(contest, names))]
        for seat, cards in public.open_hands:
            fields.append((_("{name} plays open", name=names[seat]), faces.cards_text(cards)))
        return fields

    def doing(self, public: PublicView) -> str:
        if public.phase == "bidding":
            return _("bid")
        if public.phase == "declaring":
            return _("declare")
        return RAMSCH_CONTRACT.doing(public)

    # -- a player's hand ---------------------------------------------------------------------

    def hand_status(self, view: SeatView, names: list[str], marks: tuple[str, ...]) -> list[str]:
        contest = contest_of(view.public)
        if contest is None:
            return RAMSCH_CONTRACT.hand_status(view, names, marks)
        if contest.passed_out:
            return [
                _("Everyone passed: this deal is a Ramsch."),
                *RAMSCH_CONTRACT.hand_status(view, names, ()),
            ]
        if view.phase == "bidding":
            return self._bidding_status(view, contest, names)
        if view.phase == "declaring":
            return self._declaring_status(view, contest, names, marks)
        if view.phase not in ("play", "finished") or contest.declaration is None:
            return []
        lines = [_("**Game:** {contract}", contract=contract_text(contest, names))]
        if view.laid:
            lines.append(_("You laid {cards} away.", cards=faces.cards_text(view.laid)))
        if legal_of(view, "kontra"):
            lines.append(_("You may say **Kontra** (doubles the game) before your first card."))
        if legal_of(view, "re"):
            lines.append(_("Kontra was said: you may answer **Re** (doubles it again)."))
        return lines

    def _bidding_status(self, view: SeatView, contest: SkatContest, names: list[str]) -> list[str]:
        lines = [
            _("You are **{position}**.", position=position(view.seat)),
            *bidding_lines(contest, names)[-1:],
        ]
        state = bidding_of(contest)
        if view.to_act != view.seat:
            if view.to_act is None:
                lines.append(_("Bidding: waiting for **the others**."))
            else:
                lines.append(_("Bidding: waiting for **{name}**.", name=names[view.to_act]))
            return lines
        bids = sorted(action.to_json()["value"] for action in legal_of(view, "bid"))
        if state.answering:
            lines.append(
                _(
                    "**Your turn:** {name} bids **{bid}** to you: **Ja** holds it, **Passe** "
                    "drops out.",
                    name=names[state.bidder],
                    bid=contest.bid,
                )
            )
        elif not bids:
            lines.append(
                _(
                    "**Your turn:** {bid} is the highest bid there is: you can only **Passe**.",
                    bid=contest.bid,
                )
            )
        elif state.listener is None:
            rules = view.rules
            if isinstance(rules, FullSkatRules) and rules.all_pass == "throw_in":
                text = N_(
                    "**Your turn:** both others passed. Bid **{bid}** to play a game, or "
                    "**Passe**: then the cards are thrown in."
                )
            else:
                text = N_(
                    "**Your turn:** both others passed. Bid **{bid}** to play a game, or "
                    "**Passe**: then a Ramsch is played."
                )
            lines.append(_(text, bid=bids[0]))
        elif state.round == 2 and not contest.bid and _forehand_plays(view):
            lines.append(
                _(
                    "**Your turn:** bid to {name}: **{bid}**, or more with *Bid higher*, or "
                    "**Passe**: then {name} (Vorhand) must play a game.",
                    name=names[state.listener],
                    bid=bids[0],
                )
            )
        elif len(bids) == 1:
            lines.append(
                _(
                    "**Your turn:** bid to {name}: **{bid}** (no bid is higher), or **Passe**.",
                    name=names[state.listener],
                    bid=bids[0],
                )
            )
        else:
            lines.append(
                _(
                    "**Your turn:** bid to {name}: **{bid}**, or more with *Bid higher*, or "
                    "**Passe**.",
                    name=names[state.listener],
                    bid=bids[0],
                )
            )
        return lines

    def _declaring_status(
        self, view: SeatView, contest: SkatContest, names: list[str], marks: tuple[str, ...]
    ) -> list[str]:
        declarer = contest.declarer
        assert declarer is not None
        must = forehand_must_play(contest)
        if view.to_act != view.seat:
            status = _declaring_status(contest, names)
            if must:
                won = _(
                    "Both others passed: **{name}** (Vorhand) must play a game, at {bid}.",
                    name=names[declarer],
                    bid=contest.bid,
                )
            else:
                won = _(
                    "**{name}** won the bidding at {bid}.", name=names[declarer], bid=contest.bid
                )
            return [won, f"{status}."]
        lines = []
        if not contest.picked_up and must:
            lines.append(
                _(
                    "**Your turn:** both others passed, so you must play a game, as if you had "
                    "bid **{bid}**: you may not pass. Take the skat (**Skat aufnehmen**), or "
                    "declare a Hand game now.",
                    bid=contest.bid,
                )
            )
        elif not contest.picked_up:
            lines.append(
                _(
                    "**Your turn:** you won the bidding at **{bid}**. Take the skat "
                    "(**Skat aufnehmen**), or declare a Hand game now.",
                    bid=contest.bid,
                )
            )
            level = level_of(marks)
            if level is None:
                lines.append(
                    _(
                        "To announce Schneider, Schwarz or Ouvert (Hand only), press it first, "
                        "then your game."
                    )
                )
            else:
                lines.append(_(ANNOUNCED[level], level=LEVELS[level]))
        elif discard_step(view):
            if view.skat:
                text = _(
                    "**Your turn:** you took the skat: {cards}. Mark two cards to lay away, "
                    "then press **Drücken**.",
                    cards=faces.cards_text(view.skat),
                )
            else:
                text = _(
                    "**Your turn:** you took the skat. Mark two cards to lay away, then press "
                    "**Drücken**."
                )
            lines.append(text)
            marked = marked_cards(view, marks)
            if marked:
                lines.append(_("Marked: {cards}", cards=faces.cards_text(marked)))
        else:
            if view.laid:
                lines.append(_("You laid {cards} away.", cards=faces.cards_text(view.laid)))
            lines.append(_("**Your turn:** declare your game (you bid {bid}).", bid=contest.bid))
        return lines
