"""Ramsen on Discord: the exchange with the talon (the dealer may take the upcard), saying in or
pass, the card play among those in, and every player's crosses drawn bar by bar until one has
drawn them all and wins the game. The cards are drawn by ``bot.ui.faces`` (Ramsen's own pack
is the German one)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot import emojis
from bot.i18n import N_, _, _n
from bot.tables.errors import IllegalAction
from bot.ui import faces
from bot.ui.actions import control_arg
from bot.ui.items import MARKED, ActionItem, MarkItem
from bot.ui.text import code_name
from ramsch_core import Card, DealResult, Pass, PublicView, Rank, RuleSet, SeatView, Suit
from ramsch_core.contracts.ramsen import BARS_PER_CROSS, PERMANENT_TRUMPS
from ramsch_core.games.ramsen import HAND_SIZE, RamsenRules
from ramsch_core.phases.exchange import Exchange, RamsenState

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
CONTROLS = (
    ("in", N_("In"), discord.ButtonStyle.success),
    ("pass", N_("Pass"), discord.ButtonStyle.danger),
)
"""The buttons to say in or pass: action kind, label, style."""


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


def _legal(view: SeatView, kind: str) -> list[Action]:
    return [action for action in view.legal if action.kind == kind]


def _exchanges(view: SeatView) -> list[Exchange]:
    return [action for action in view.legal if isinstance(action, Exchange)]


def _marked(view: SeatView, marks: tuple[str, ...]) -> tuple[list[Card], bool]:
    """The cards marked to lay away, in hand order, and whether the upcard is marked."""
    names = set(marks)
    return [card for card in view.hand if card.name in names], UPCARD in marks


def _only_keep(view: SeatView) -> bool:
    """Whether the seat's one exchange is to keep its hand: the talon is empty and it may not
    take the upcard (RA-4), so there is no card to mark."""
    return _exchanges(view) == [Exchange((), False)]


def _limit(view: SeatView, upcard: bool) -> int:
    """The most cards the seat may lay away now (with the upcard taken for one of them)."""
    counts = [len(action.cards) for action in _exchanges(view) if action.upcard == upcard]
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


class RamsenRenderer:
    """The Ramsen game's part of every message."""

    tag_labels: dict[str, str] = {  # noqa: RUF012
        "winner": N_("wins the game"),
        "passed": N_("passed"),
        "extra_cross": N_("in without a trick: one cross more"),
    }
    """Shown translated (``_(label)``)."""
    card_points = False
    """Tricks carry no card points worth showing (see ``bot.ui.games.card_points``)."""

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
        if rules.schlecken:
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
        return lines

    # -- the table message -------------------------------------------------------------------

    def phase_text(self, public: PublicView, names: list[str]) -> tuple[str, str] | None:
        state = state_of(public)
        if state is None:
            return None
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
        if state is None or state.upcard is None:
            return []
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
        rules = public.rules
        crosses = rules.crosses if isinstance(rules, RamsenRules) else 0
        art = crosses_block(owed_now(public, state), crosses, names)
        return [(_("Trumpf"), trump), (_("Crosses"), art)]

    def doing(self, public: PublicView) -> str:
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

    def result_play_order(self, result: DealResult) -> tuple[int, ...]:
        """The seats that played the tricks of a finished deal: those that did not pass."""
        return tuple(seat for seat, tags in enumerate(result.tags) if "passed" not in tags)

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
        if view.to_act != seat or not _exchanges(view):
            if seat in state.exchanged:
                return [_laid_and_drawn(view)] if view.laid else [_("You kept your hand.")]
            if view.to_act is None:
                return [_("Exchange: waiting for **the others**.")]
            return [_("Exchange: waiting for **{player}**.", player=names[view.to_act])]
        if _only_keep(view):
            return [_("**Your turn to exchange:** the talon is empty: press **Keep my hand**.")]
        lines = [
            _(
                "**Your turn to exchange:** mark the cards to lay away, then press "
                "**Exchange**: you draw as many from the talon ({talon} left). Or keep your "
                "hand.",
                talon=talon_left(state),
            )
        ]
        if _limit(view, True) >= 0 and state.upcard is not None:
            lines.append(
                _(
                    "As the dealer you may take the upcard {card} for one of them: mark it, and "
                    "the cards to lay away.",
                    card=faces.face(state.upcard),
                )
            )
        cards, upcard = _marked(view, marks)
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

    def cards(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]] | None:
        if not _exchanges(view) or _only_keep(view):
            return None
        marked = set(_marked(view, marks)[0])
        items: list[discord.ui.Item[Any]] = []
        for index, card in enumerate(view.hand):
            chosen = card in marked
            button: discord.ui.Button[Any] = discord.ui.Button(
                style=discord.ButtonStyle.primary if chosen else discord.ButtonStyle.secondary,
                label=(MARKED if chosen else "") + faces.face(card),
                emoji=emojis.card_emoji(card),
                row=index // HAND_SIZE,
            )
            items.append(MarkItem(table_id, deal, card.name, item=button))
        return items

    def controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]]:
        if _exchanges(view):
            return self._exchange_controls(table_id, deal, view, marks)
        items: list[discord.ui.Item[Any]] = []
        for kind, label, style in CONTROLS:
            for action in _legal(view, kind):
                button: discord.ui.Button[Any] = discord.ui.Button(
                    style=style, label=_(label), row=1
                )
                items.append(ActionItem(table_id, deal, kind, control_arg(action), item=button))
        return items

    def _exchange_controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[Any]]:
        state = state_of(view.public)
        cards, upcard = _marked(view, marks)
        action = Exchange(tuple(cards), upcard)
        legal = action in view.legal
        shown = state.upcard if state is not None else None
        if upcard and not cards:
            label = _("Mark a card first")
        elif cards and upcard and shown is not None:
            label = _("Exchange {count} + {card}", count=len(cards), card=faces.face(shown))
        elif cards:
            label = _("Exchange {count}", count=len(cards))
        else:
            label = _("Keep my hand")
        row = (len(view.hand) - 1) // HAND_SIZE + 1
        items: list[discord.ui.Item[Any]] = []
        if _limit(view, True) >= 0 and shown is not None:
            button: discord.ui.Button[Any] = discord.ui.Button(
                style=discord.ButtonStyle.primary if upcard else discord.ButtonStyle.secondary,
                label=(MARKED if upcard else "") + _("Take upcard {card}", card=faces.face(shown)),
                emoji=emojis.card_emoji(shown),
                row=row,
            )
            items.append(MarkItem(table_id, deal, UPCARD, item=button))
        confirm: discord.ui.Button[Any] = discord.ui.Button(
            style=discord.ButtonStyle.success, label=label, row=row, disabled=not legal
        )
        items.append(ActionItem(table_id, deal, Exchange.kind, control_arg(action), item=confirm))
        return items

    def mark(self, view: SeatView, marks: tuple[str, ...], mark: str) -> tuple[str, ...]:
        if not _exchanges(view):
            raise IllegalAction(N_("There is nothing to choose there now: use the buttons shown"))
        if _only_keep(view):
            raise IllegalAction(N_("The talon is empty: there is nothing to exchange"))
        cards, upcard = _marked(view, marks)
        names = [card.name for card in cards]
        if mark == UPCARD:
            if _limit(view, True) < 0:
                raise IllegalAction(N_("Only the dealer may take the upcard"))
            upcard = not upcard
        elif any(card.name == mark for card in view.hand):
            names = [name for name in names if name != mark] if mark in names else [*names, mark]
        else:
            raise IllegalAction(N_("That card is not in your hand"))
        limit = _limit(view, upcard)
        if len(names) > limit:
            state = state_of(view.public)
            talon = talon_left(state) if state is not None else limit
            if mark == UPCARD:
                raise IllegalAction(
                    N_(
                        "The talon holds only {talon} card(s): unmark a card first, then take "
                        "the upcard back out"
                    ),
                    talon=talon,
                )
            if upcard:
                raise IllegalAction(
                    N_(
                        "The talon holds only {talon} card(s): lay away at most that many "
                        "besides the one for the upcard"
                    ),
                    talon=talon,
                )
            raise IllegalAction(
                N_("The talon holds only {talon} card(s): lay away at most that many"),
                talon=talon,
            )
        return (*names, UPCARD) if upcard else tuple(names)

    # -- results -----------------------------------------------------------------------------

    def result_facts(self, rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
        details = result.details or {}
        owed = details.get("owed") or []
        winner = details.get("winner")
        facts = []
        if winner is not None:
            facts.append(_winner_line(names[winner]))
        playing = self.result_play_order(result)
        if result.contract == "void" or not playing:
            facts.append(_("Everyone passed: the deal is void, nobody draws a bar."))
        elif not result.tricks and len(playing) == 1:
            facts.append(
                _(
                    "Only **{player}** was in: all five tricks without play.",
                    player=names[playing[0]],
                )
            )
        for seat, tags in enumerate(result.tags):
            if "extra_cross" in tags:
                facts.append(
                    _("**{player}** was in and took no trick: one cross more.", player=names[seat])
                )
        if owed:
            left = " · ".join(f"{name} {value}" for name, value in zip(names, owed, strict=False))
            facts.append(_("Bars still to draw: {players}", players=left))
        return facts

    def player_result(self, result: DealResult, seat: int) -> str:
        """A player's line of a deal's result after the name: tricks, bars drawn, bars left."""
        tags = result.tags[seat] if seat < len(result.tags) else ()
        owed = (result.details or {}).get("owed") or []
        left = owed[seat] if seat < len(owed) else None
        if "passed" in tags:
            if left is None:
                return _("sat the deal out")
            return _("sat the deal out, **{left}** still to draw", left=left)
        tricks = result.trick_counts[seat]
        drawn = int(result.scores[seat])
        took = _n("{count} trick", "{count} tricks", tricks)
        if drawn < 0:
            if left is None:
                return _("{tricks} → a cross more (+{bars} bars)", tricks=took, bars=-drawn)
            return _(
                "{tricks} → a cross more (+{bars} bars), **{left}** still to draw",
                tricks=took,
                bars=-drawn,
                left=left,
            )
        if left is None:
            return _("{tricks} → drew {bars}", tricks=took, bars=bars(drawn))
        return _(
            "{tricks} → drew {bars}, **{left}** still to draw",
            tricks=took,
            bars=bars(drawn),
            left=left,
        )

    def match_end(self, result: DealResult, names: list[str]) -> list[str]:
        """The last lines of the standings: who won, and what the totals count."""
        winner = (result.details or {}).get("winner")
        lines = []
        if winner is not None:
            lines.append(_winner_line(names[winner]))
        lines.append(_("Totals: the bars each player drew over the game."))
        return lines

    def deal_line(self, result: DealResult, names: list[str]) -> str | None:
        """``♥ Herz trumps · Carol passed · Dave no trick``; ``Bob wins`` for the last."""
        details = result.details or {}
        parts = []
        trump = details.get("trump")
        if isinstance(trump, str) and len(trump) == 1 and trump in "CSHD":
            parts.append(_("{suit} trumps", suit=suit_text(Suit("CSHD".index(trump)))))
        playing = self.result_play_order(result)
        passed = [name for seat, name in enumerate(names) if seat not in playing]
        if not playing:
            parts.append(_("all passed"))
        elif len(playing) == 1:
            parts.append(_("{player} alone in", player=names[playing[0]]))
        elif passed:
            parts.append(_("{players} passed", players=", ".join(passed)))
        else:
            parts.append(_("all in"))
        empty = [names[seat] for seat, tags in enumerate(result.tags) if "extra_cross" in tags]
        if empty:
            parts.append(_("{players} no trick", players=", ".join(empty)))
        winner = details.get("winner")
        if winner is not None:
            parts.append(_("{player} wins", player=names[winner]))
        return " · ".join(parts)


def _winner_line(name: str) -> str:
    return _("🏆 **{player}** has drawn the last bar and wins the game!", player=name)


RAMSEN = RamsenRenderer()
