"""Ramsen's table and hand texts: the talon and the exchange, in or pass, every player's
crosses drawn bar by bar, the rules in brief and whose turn it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import _, _n
from bot.ui import faces
from bot.ui.text import CENTS, amount_text, code_name
from ramsch_core import Card, Pass, PublicView, Rank, RuleSet, SeatView, Suit
from ramsch_core.games.ramsen import HAND_SIZE, RamsenRules
from ramsch_core.games.ramsen.contract import BARS_PER_CROSS, PERMANENT_TRUMPS
from ramsch_core.games.ramsen.exchange import Exchange, RamsenState

if TYPE_CHECKING:
    from ramsch_core import Action


PERMANENT_NAMES = ("Dallmutz", "Belli", "Großer Bube", "Kleiner Bube")
"""RA-3's four permanent trumps (``PERMANENT_TRUMPS``, high to low) as players call them."""
UPCARD = "upcard"
"""The dealer's mark for taking the upcard in the exchange."""
CROSS_STAGES = "·╵└├┼╪"
"""A cross after 0 to 5 of its bars are drawn: the four arms, then the bar across."""
NAME_WIDTH = 12
"""Characters of a name in the crosses' code block."""
DECK_SIZE = 32
TRUMP_RANKS = (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
"""The trump suit's own cards below its Ace and the permanent trumps, high to low."""
PLAIN_RANKS = (Rank.ACE, *TRUMP_RANKS)
"""A plain suit, high to low."""


def suit_text(suit: Suit) -> str:
    """``❤️ Herz``: the suit's name with the symbol the cards show."""
    return f"{faces.suit_face(suit)} {faces.suit_name(suit)}"


def ranks_text(ranks: tuple[Rank, ...]) -> str:
    """``K O U 10 9 8 7``: ranks as the cards shown write them."""
    return " ".join(
        faces.face(Card["C" + rank.letter]).removeprefix(faces.suit_face(Suit.CLUBS))
        for rank in ranks
    )


def state_of(public: PublicView) -> RamsenState | None:
    state = public.state
    return state if isinstance(state, RamsenState) else None


def talon_left(state: RamsenState) -> int:
    """Cards still face down in the talon: what the deal left (31 − 5 per player) less what
    the exchanges drew (the upcard taken is not drawn from it)."""
    drawn = sum(state.exchanged.values()) - (1 if state.took_upcard else 0)
    return DECK_SIZE - 1 - HAND_SIZE * state.players - drawn


def owed_now(public: PublicView, state: RamsenState) -> list[int]:
    """The bars each seat still has to draw: after the deal, as its result says; during it,
    what it owed at the start less the tricks it has taken."""
    result = public.result
    after = (result.details or {}).get("owed") if result is not None else None
    if after is not None:
        return [int(value) for value in after]
    return [
        max(0, before - won)
        for before, won in zip(state.owed_before, public.trick_counts, strict=False)
    ]


def cross_row(owed: int, crosses: int) -> str:
    """A player's crosses: the ones drawn in full (``╪``), the one being drawn, bar by bar
    (``╵ └ ├ ┼``), and the ones not begun (``·``). ``crosses``: what everyone owed at the
    start (a cross owed on top of them adds one)."""
    open_crosses = -(-owed // BARS_PER_CROSS)
    glyphs = [CROSS_STAGES[-1]] * max(0, crosses - open_crosses)
    if open_crosses:
        drawn = (BARS_PER_CROSS - owed % BARS_PER_CROSS) % BARS_PER_CROSS
        glyphs.append(CROSS_STAGES[drawn])
        glyphs += [CROSS_STAGES[0]] * (open_crosses - 1)
    return " ".join(glyphs)


def _plain(name: str) -> str:
    """A name that can't break out of a code block, cut to ``NAME_WIDTH``."""
    name = code_name(name).replace("`", "'")
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"


def crosses_block(owed: list[int], crosses: int, names: list[str]) -> str:
    """Every player's crosses, drawn bar by bar, and the bars still to draw, in a code block."""
    shown = [_plain(name) for name in names[: len(owed)]]
    width = max(len(name) for name in shown)
    rows = [cross_row(value, crosses) for value in owed]
    art = max(len(row) for row in rows)
    lines = []
    for name, row, value in zip(shown, rows, owed, strict=True):
        padded = str(value).rjust(2)
        left = _("all drawn: wins") if value == 0 else _("{count} to draw", count=padded)
        lines.append(f"{name:<{width}}  {row:<{art}}  {left}")
    lines.append(_("{stages} = 0 to 5 bars of a cross", stages=" ".join(CROSS_STAGES)))
    return "```\n" + "\n".join(lines) + "\n```"


def bars(count: int) -> str:
    """``1 bar``, ``5 bars``."""
    return _n("{count} bar", "{count} bars", count)


def _exchange_lines(state: RamsenState, names: list[str], to_act: int | None) -> list[str]:
    lines = []
    for seat in range(state.players):
        name = names[seat]
        if seat == state.schleck_seat:
            lines.append(
                _(
                    "{player} kept the bottom card of the cut (Schlecken): no exchange",
                    player=name,
                )
            )
        elif seat in state.exchanged:
            count = state.exchanged[seat]
            if not count:
                lines.append(_("{player} kept the hand", player=name))
            elif seat == state.dealer and state.took_upcard:
                lines.append(
                    _(
                        "{player} laid away {count}: took the upcard and {drawn} from the talon",
                        player=name,
                        count=count,
                        drawn=count - 1,
                    )
                )
            else:
                lines.append(
                    _(
                        "{player} laid away {count} and drew {count} from the talon",
                        player=name,
                        count=count,
                    )
                )
        elif seat == to_act:
            lines.append(
                _("**{player}** is to exchange (the dealer: may take the upcard)", player=name)
                if seat == state.dealer
                else _("**{player}** is to exchange", player=name)
            )
    return lines


def _said_lines(state: RamsenState, names: list[str], to_act: int | None) -> list[str]:
    said = [
        _("{player}: **in**", player=names[seat])
        if what == "in"
        else _("{player}: pass", player=names[seat])
        for seat, what in sorted(state.said.items())
    ]
    lines = [" · ".join(said)] if said else []
    if to_act is not None:
        lines.append(
            _("**{player}** is to say in or pass (exchanged: must play)", player=names[to_act])
            if state.exchanged.get(to_act, 0)
            else _("**{player}** is to say in or pass", player=names[to_act])
        )
    return lines


def legal_of(view: SeatView, kind: str) -> list[Action]:
    return [action for action in view.legal if action.kind == kind]


def exchanges_of(view: SeatView) -> list[Exchange]:
    return [action for action in view.legal if isinstance(action, Exchange)]


def marked_of(view: SeatView, marks: tuple[str, ...]) -> tuple[list[Card], bool]:
    """The cards marked to lay away, in hand order, and whether the upcard is marked."""
    names = set(marks)
    return [card for card in view.hand if card.name in names], UPCARD in marks


def only_keep(view: SeatView) -> bool:
    """Whether the seat's one exchange is to keep its hand: the talon is empty and it may not
    take the upcard (RA-4), so there is no card to mark."""
    return exchanges_of(view) == [Exchange((), False)]


def exchange_limit(view: SeatView, upcard: bool) -> int:
    """The most cards the seat may lay away now (with the upcard taken for one of them)."""
    counts = [len(action.cards) for action in exchanges_of(view) if action.upcard == upcard]
    return max(counts, default=-1)


def _must_play(view: SeatView, state: RamsenState) -> str:
    """The seat may only say in: why, and which button."""
    if state.exchanged.get(view.seat, 0):
        return _("**Your turn:** you exchanged cards, so you must play: press **In**.")
    if view.seat == state.dealer:
        return _(
            "**Your turn:** everyone before you passed, so as the dealer you must play: "
            "press **In**."
        )
    return _("**Your turn:** you must play: press **In**.")


def _laid_and_drawn(view: SeatView) -> str:
    return _(
        "You laid away {laid} and drew {drawn}.",
        laid=faces.cards_text(view.laid),
        drawn=faces.cards_text(view.drawn),
    )


def _schlecken_status(view: SeatView, names: list[str]) -> list[str]:
    """RA-8: the cutter sees the bottom card of the cut and keeps or leaves it; the others
    wait for the deal."""
    if view.to_act == view.seat and view.skat:
        return [
            _(
                "**Your turn:** you cut. The bottom card of the cut is {card}. Keep it (you are "
                "dealt four more and don't exchange) or leave it (you are dealt five)?",
                card=faces.cards_text(view.skat),
            )
        ]
    if view.to_act is None:
        return []
    return [
        _(
            "**{player}** has cut and decides whether to keep the bottom card. Your cards come "
            "next.",
            player=names[view.to_act],
        )
    ]


class RamsenText:
    """The table's name and rules, the steps before the card play on the table and the hand."""

    # -- the table in the lobby and the rules ------------------------------------------------

    def title(self, rules: RuleSet) -> str:
        return "Ramsen"

    def unit(self, rules: RuleSet) -> str:
        return ""

    def rules_lines(self, rules: RuleSet) -> list[str]:
        assert isinstance(rules, RamsenRules)
        permanent = ", ".join(
            f"{faces.face(card)} ({name})"
            for card, name in zip(PERMANENT_TRUMPS, PERMANENT_NAMES, strict=True)
        )
        crosses = rules.crosses
        lines = [
            _(
                "{players} players, five cards each from the 32-card pack; the card turned up "
                "after the deal (the upcard) names the trump suit (Trumpf).",
                players=rules.players,
            ),
            _(
                "Trumps, high to low: the trump Ace, {permanent}, then the trump suit's "
                "{trump_ranks}. Plain suits rank {plain_ranks}.",
                permanent=permanent,
                trump_ranks=ranks_text(TRUMP_RANKS),
                plain_ranks=ranks_text(PLAIN_RANKS),
            ),
        ]
        if rules.schlecken == "choice":
            lines.append(
                _(
                    "Schlecken: the cutter sees the bottom card of the cut and may keep it; then "
                    "he is dealt four more and does not exchange."
                )
            )
        elif rules.schlecken == "always":
            lines.append(
                _(
                    "Schlecken: the cutter keeps the bottom card of the cut, is dealt four more "
                    "and does not exchange."
                )
            )
        else:
            lines.append(_("No schlecken: everyone is dealt five cards."))
        lines += [
            _(
                "Exchange: from forehand, each player may lay away any number of cards and draw "
                "as many from the talon; the dealer may also take the upcard for one of them."
            ),
            _(
                "Then each says in or pass; whoever exchanged must play. Whoever is in alone "
                "takes all five tricks without play."
            ),
        ]
        if rules.dealer_forced:
            lines.append(_("When everyone before the dealer passes, the dealer must play."))
        else:
            lines.append(_("If everyone passes, the deal is void."))
        lines += [
            _(
                "Those in play the tricks: Farbzwang (follow suit; all trumps are one suit), "
                "Trumpfzwang (trump if you can't follow) and Stechzwang (beat the trick if you "
                "can)."
            ),
            _n(
                "Everyone owes {count} cross of five bars ({bars} bars); each trick won draws "
                "one bar. In without a trick: one cross more.",
                "Everyone owes {count} crosses of five bars ({bars} bars); each trick won draws "
                "one bar. In without a trick: one cross more.",
                crosses,
                bars=crosses * BARS_PER_CROSS,
            ),
            _("The game runs until someone has drawn all his bars: he wins on the spot."),
        ]
        if rules.stake:
            lines.append(
                _(
                    "Played for money: at the end each player pays the winner {stake} for "
                    "every bar he still owes.",
                    stake=amount_text(rules.stake, CENTS, signed=False),
                )
            )
        return lines

    # -- the table message -------------------------------------------------------------------

    def phase_text(self, public: PublicView, names: list[str]) -> tuple[str, str] | None:
        state = state_of(public)
        if state is None:
            return None
        if public.phase == "schlecken" and public.to_act is not None:
            return _("The cut"), _(
                "**{player}** has cut and decides whether to keep the bottom card of the cut "
                "(Schlecken). Then the cards are dealt.",
                player=names[public.to_act],
            )
        if public.phase == "exchange":
            lines = _exchange_lines(state, names, public.to_act)
            talon = talon_left(state)
            lines.append(
                _n("Talon: {count} card face down", "Talon: {count} cards face down", talon)
            )
            return _("Exchange with the talon"), "\n".join(lines)
        if public.phase == "in_or_pass":
            return _("In or pass"), "\n".join(_said_lines(state, names, public.to_act))
        return None

    def table_fields(self, public: PublicView, names: list[str]) -> list[tuple[str, str]]:
        state = state_of(public)
        if state is None:
            return []
        rules = public.rules
        crosses = rules.crosses if isinstance(rules, RamsenRules) else 0
        art = crosses_block(owed_now(public, state), crosses, names)
        if state.upcard is None:  # RA-8: the cutter chooses, nothing is turned up yet
            return [(_("Crosses"), art)]
        suit, card = suit_text(state.upcard.suit), faces.face(state.upcard)
        if state.took_upcard:
            trump = _(
                "**{suit}** — upcard {card}, taken by the dealer {dealer}",
                suit=suit,
                card=card,
                dealer=names[state.dealer],
            )
        else:
            trump = _("**{suit}** — upcard {card}", suit=suit, card=card)
        return [(_("Trumpf"), trump), (_("Crosses"), art)]

    def doing(self, public: PublicView) -> str:
        if public.phase == "schlecken":
            return _("keep or leave the bottom card of the cut")
        if public.phase == "exchange":
            return _("exchange")
        if public.phase == "in_or_pass":
            return _("say in or pass")
        return _("play")

    def play_order(self, public: PublicView) -> tuple[int, ...]:
        """The seats in the card play: those that said in."""
        state = state_of(public)
        if state is None or not state.active:
            return tuple(range(public.players))
        return state.active

    def seat_notes(self, public: PublicView, seat: int) -> list[str]:
        """What a seat did before the play: its exchange and whether it is in."""
        state = state_of(public)
        if state is None:
            return []
        notes = []
        if seat == state.schleck_seat:
            notes.append(_("kept the cut's bottom card"))
        elif seat in state.exchanged:
            count = state.exchanged[seat]
            if not count:
                notes.append(_("kept the hand"))
            elif seat == state.dealer and state.took_upcard:
                notes.append(_("exchanged {count} + upcard", count=count))
            else:
                notes.append(_("exchanged {count}", count=count))
        said = state.said.get(seat)
        if said is not None:
            notes.append(_("in") if said == "in" else _("passed"))
        return notes

    # -- a player's hand ---------------------------------------------------------------------

    def hand_status(self, view: SeatView, names: list[str], marks: tuple[str, ...]) -> list[str]:
        state = state_of(view.public)
        if state is not None and view.phase == "schlecken":
            return _schlecken_status(view, names)
        if state is None or state.upcard is None:
            return []
        suit, card = suit_text(state.upcard.suit), faces.face(state.upcard)
        if not state.took_upcard:
            trump = _("**Trumpf:** {suit} (upcard {card})", suit=suit, card=card)
        elif view.seat == state.dealer:
            trump = _("**Trumpf:** {suit} (upcard {card}, you took it)", suit=suit, card=card)
        else:
            trump = _(
                "**Trumpf:** {suit} (upcard {card}, the dealer took it)", suit=suit, card=card
            )
        owed = owed_now(view.public, state)[view.seat]
        lines = [
            trump,
            _n(
                "You have **{count} bar** still to draw.",
                "You have **{count} bars** still to draw.",
                owed,
            ),
        ]
        if view.phase == "exchange":
            lines += self._exchange_status(view, state, names, marks)
        elif view.phase == "in_or_pass":
            lines += self._in_or_pass_status(view, state, names)
        elif state.said.get(view.seat) == "pass":
            lines.append(_("You passed: you sit this deal out."))
        if view.phase != "exchange" and view.laid:
            lines.append(_laid_and_drawn(view))
        return lines

    def _exchange_status(
        self, view: SeatView, state: RamsenState, names: list[str], marks: tuple[str, ...]
    ) -> list[str]:
        seat = view.seat
        if seat == state.schleck_seat:
            return [_("You kept the bottom card of the cut (Schlecken): you don't exchange.")]
        if view.to_act != seat or not exchanges_of(view):
            if seat in state.exchanged:
                return [_laid_and_drawn(view)] if view.laid else [_("You kept your hand.")]
            if view.to_act is None:
                return [_("Exchange: waiting for **the others**.")]
            return [_("Exchange: waiting for **{player}**.", player=names[view.to_act])]
        if only_keep(view):
            return [_("**Your turn to exchange:** the talon is empty: press **Keep my hand**.")]
        lines = [
            _(
                "**Your turn to exchange:** mark the cards to lay away, then press "
                "**Exchange**: you draw as many from the talon ({talon} left). Or keep your "
                "hand.",
                talon=talon_left(state),
            )
        ]
        if exchange_limit(view, True) >= 0 and state.upcard is not None:
            lines.append(
                _(
                    "As the dealer you may take the upcard {card} for one of them: mark it, and "
                    "the cards to lay away.",
                    card=faces.face(state.upcard),
                )
            )
        cards, upcard = marked_of(view, marks)
        if upcard:
            lines.append(
                _(
                    "Marked to lay away: {cards}; you take the upcard for one of them",
                    cards=faces.cards_text(cards),
                )
            )
        elif cards:
            lines.append(_("Marked to lay away: {cards}", cards=faces.cards_text(cards)))
        return lines

    def _in_or_pass_status(self, view: SeatView, state: RamsenState, names: list[str]) -> list[str]:
        said = state.said.get(view.seat)
        if said is not None:
            return [
                _("You are **in**.") if said == "in" else _("You passed: you sit this deal out.")
            ]
        if view.to_act != view.seat or not view.legal:
            if view.to_act is None:
                return [_("In or pass: waiting for **the others**.")]
            return [_("In or pass: waiting for **{player}**.", player=names[view.to_act])]
        if Pass() not in view.legal:
            return [_must_play(view, state)]
        return [_("**Your turn:** **In** to play this deal, or **Pass** to sit it out.")]
