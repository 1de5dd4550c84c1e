"""Ramsen on Discord: the exchange with the talon (the dealer may take the upcard), saying in or
pass, the card play among those in, and every player's crosses drawn bar by bar until one has
drawn them all and wins the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.tables.errors import IllegalAction
from bot.ui.actions import control_arg
from bot.ui.items import MARKED, ActionItem, MarkItem
from bot.ui.text import cards_text
from ramsch_core import Card, DealResult, Pass, PublicView, RuleSet, SeatView, Suit
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


def suit_text(suit: Suit) -> str:
    """``♥ Herz``: the German suit name with the symbol the cards show."""
    return f"{suit.symbol} {suit.german}"


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
    name = name.replace("`", "'")
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"


def crosses_block(owed: list[int], crosses: int, names: list[str]) -> str:
    """Every player's crosses, drawn bar by bar, and the bars still to draw, in a code block."""
    shown = [_plain(name) for name in names[: len(owed)]]
    width = max(len(name) for name in shown)
    rows = [cross_row(value, crosses) for value in owed]
    art = max(len(row) for row in rows)
    lines = []
    for name, row, value in zip(shown, rows, owed, strict=True):
        left = "all drawn: wins" if value == 0 else f"{value:>2} to draw"
        lines.append(f"{name:<{width}}  {row:<{art}}  {left}")
    lines.append(f"{' '.join(CROSS_STAGES)} = 0 to 5 bars of a cross")
    return "```\n" + "\n".join(lines) + "\n```"


def bars(count: int) -> str:
    return f"{count} bar{'s' if count != 1 else ''}"


def _exchange_lines(state: RamsenState, names: list[str], to_act: int | None) -> list[str]:
    lines = []
    for seat in range(state.players):
        name = names[seat]
        if seat == state.schleck_seat:
            lines.append(f"{name} schleckte (kept the bottom card of the cut): no exchange")
        elif seat in state.exchanged:
            count = state.exchanged[seat]
            if not count:
                lines.append(f"{name} kept the hand")
            elif seat == state.dealer and state.took_upcard:
                lines.append(
                    f"{name} laid away {count}: took the upcard and {count - 1} from the talon"
                )
            else:
                lines.append(f"{name} laid away {count} and drew {count} from the talon")
        elif seat == to_act:
            upcard = " (the dealer: may take the upcard)" if seat == state.dealer else ""
            lines.append(f"**{name}** is to exchange{upcard}")
    return lines


def _said_lines(state: RamsenState, names: list[str], to_act: int | None) -> list[str]:
    said = [
        f"{names[seat]}: **in**" if what == "in" else f"{names[seat]}: pass"
        for seat, what in sorted(state.said.items())
    ]
    lines = [" · ".join(said)] if said else []
    if to_act is not None:
        must = " (exchanged: must play)" if state.exchanged.get(to_act, 0) else ""
        lines.append(f"**{names[to_act]}** is to say in or pass{must}")
    return lines


def _legal(view: SeatView, kind: str) -> list[Action]:
    return [action for action in view.legal if action.kind == kind]


def _exchanges(view: SeatView) -> list[Exchange]:
    return [action for action in view.legal if isinstance(action, Exchange)]


def _marked(view: SeatView, marks: tuple[str, ...]) -> tuple[list[Card], bool]:
    """The cards marked to lay away, in hand order, and whether the upcard is marked."""
    names = set(marks)
    return [card for card in view.hand if card.name in names], UPCARD in marks


def _limit(view: SeatView, upcard: bool) -> int:
    """The most cards the seat may lay away now (with the upcard taken for one of them)."""
    counts = [len(action.cards) for action in _exchanges(view) if action.upcard == upcard]
    return max(counts, default=-1)


def _must_play(view: SeatView, state: RamsenState) -> str:
    """Why the seat may only say in."""
    if state.exchanged.get(view.seat, 0):
        return "you exchanged cards, so you must play"
    if view.seat == state.dealer:
        return "everyone before you passed, so as the dealer you must play"
    return "you must play"


class RamsenRenderer:
    """The Ramsen game's part of every message."""

    tag_labels: dict[str, str] = {  # noqa: RUF012
        "winner": "wins the game",
        "passed": "passed",
        "extra_cross": "in without a trick: one cross more",
    }
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
            f"{card.pretty} ({name})"
            for card, name in zip(PERMANENT_TRUMPS, PERMANENT_NAMES, strict=True)
        )
        crosses = rules.crosses
        lines = [
            f"{rules.players} players, five cards each from the 32-card pack; the card turned "
            "up after the deal (the upcard) names the trump suit (Trumpf).",
            f"Trumps, high to low: the trump Ace, {permanent}, then the trump suit's K Q J 10 "
            "9 8 7. Plain suits rank A K Q J 10 9 8 7.",
        ]
        if rules.schlecken:
            lines.append(
                "Schlecken: the cutter keeps the bottom card of the cut, is dealt four more "
                "and does not exchange."
            )
        else:
            lines.append("No schlecken: everyone is dealt five cards.")
        lines += [
            "Exchange: from forehand, each player may lay away any number of cards and draw as "
            "many from the talon; the dealer may also take the upcard for one of them.",
            "Then each says in or pass; whoever exchanged must play. Whoever is in alone takes "
            "all five tricks without play.",
        ]
        if rules.dealer_forced:
            lines.append("When everyone before the dealer passes, the dealer must play.")
        else:
            lines.append("If everyone passes, the deal is void.")
        lines += [
            "Those in play the tricks: Farbzwang (follow suit; all trumps are one suit), "
            "Trumpfzwang (trump if you can't follow) and Stechzwang (beat the trick if you can).",
            f"Everyone owes {crosses} cross{'es' if crosses != 1 else ''} of five bars "
            f"({crosses * BARS_PER_CROSS} bars); each trick won draws one bar. In without a "
            "trick: one cross more.",
            "The game runs until someone has drawn all his bars: he wins on the spot.",
        ]
        return lines

    # -- the table message -------------------------------------------------------------------

    def phase_text(self, public: PublicView, names: list[str]) -> tuple[str, str] | None:
        state = state_of(public)
        if state is None:
            return None
        if public.phase == "exchange":
            lines = _exchange_lines(state, names, public.to_act)
            lines.append(f"Talon: {talon_left(state)} cards face down")
            return "Exchange with the talon", "\n".join(lines)
        if public.phase == "in_or_pass":
            return "In or pass", "\n".join(_said_lines(state, names, public.to_act))
        return None

    def table_fields(self, public: PublicView, names: list[str]) -> list[tuple[str, str]]:
        state = state_of(public)
        if state is None or state.upcard is None:
            return []
        trump = f"**{suit_text(state.upcard.suit)}** — upcard {state.upcard.pretty}"
        if state.took_upcard:
            trump += f", taken by the dealer {names[state.dealer]}"
        rules = public.rules
        crosses = rules.crosses if isinstance(rules, RamsenRules) else 0
        art = crosses_block(owed_now(public, state), crosses, names)
        return [("Trumpf", trump), ("Crosses", art)]

    def doing(self, public: PublicView) -> str:
        if public.phase == "exchange":
            return "exchange"
        if public.phase == "in_or_pass":
            return "say in or pass"
        return "play"

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
            notes.append("schleckte")
        elif seat in state.exchanged:
            count = state.exchanged[seat]
            took = " + upcard" if seat == state.dealer and state.took_upcard else ""
            notes.append(f"exchanged {count}{took}" if count else "kept the hand")
        said = state.said.get(seat)
        if said is not None:
            notes.append("in" if said == "in" else "passed")
        return notes

    # -- a player's hand ---------------------------------------------------------------------

    def hand_status(self, view: SeatView, names: list[str], marks: tuple[str, ...]) -> list[str]:
        state = state_of(view.public)
        if state is None or state.upcard is None:
            return []
        upcard = state.upcard
        took = ""
        if state.took_upcard:
            took = ", you took it" if view.seat == state.dealer else ", the dealer took it"
        lines = [f"**Trumpf:** {suit_text(upcard.suit)} (upcard {upcard.pretty}{took})"]
        owed = owed_now(view.public, state)[view.seat]
        lines.append(f"You have **{bars(owed)}** still to draw.")
        if view.phase == "exchange":
            lines += self._exchange_status(view, state, names, marks)
        elif view.phase == "in_or_pass":
            lines += self._in_or_pass_status(view, state, names)
        elif state.said.get(view.seat) == "pass":
            lines.append("You passed: you sit this deal out.")
        if view.phase != "exchange" and view.laid:
            lines.append(
                f"You laid away {cards_text(view.laid)} and drew {cards_text(view.drawn)}."
            )
        return lines

    def _exchange_status(
        self, view: SeatView, state: RamsenState, names: list[str], marks: tuple[str, ...]
    ) -> list[str]:
        seat = view.seat
        if seat == state.schleck_seat:
            return ["You schleckte (kept the bottom card of the cut): you don't exchange."]
        if view.to_act != seat or not _exchanges(view):
            if seat in state.exchanged:
                if not view.laid:
                    return ["You kept your hand."]
                return [f"You laid away {cards_text(view.laid)} and drew {cards_text(view.drawn)}."]
            waiting = names[view.to_act] if view.to_act is not None else "the others"
            return [f"Exchange: waiting for **{waiting}**."]
        talon = talon_left(state)
        lines = [
            "**Your turn to exchange:** mark the cards to lay away, then press **Exchange**: "
            f"you draw as many from the talon ({talon} left). Or keep your hand."
        ]
        if _limit(view, True) >= 0 and state.upcard is not None:
            lines.append(
                f"As the dealer you may take the upcard {state.upcard.pretty} for one of them: "
                "mark it, and the cards to lay away."
            )
        cards, upcard = _marked(view, marks)
        if cards or upcard:
            taking = "; you take the upcard for one of them" if upcard else ""
            lines.append(f"Marked to lay away: {cards_text(cards)}{taking}")
        return lines

    def _in_or_pass_status(self, view: SeatView, state: RamsenState, names: list[str]) -> list[str]:
        said = state.said.get(view.seat)
        if said is not None:
            return ["You are **in**." if said == "in" else "You passed: you sit this deal out."]
        if view.to_act != view.seat or not view.legal:
            waiting = names[view.to_act] if view.to_act is not None else "the others"
            return [f"In or pass: waiting for **{waiting}**."]
        if Pass() not in view.legal:
            return [f"**Your turn:** {_must_play(view, state)}: press **In**."]
        return ["**Your turn:** **In** to play this deal, or **Pass** to sit it out."]

    def cards(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[discord.ui.View]] | None:
        if not _exchanges(view):
            return None
        marked = {card for card in _marked(view, marks)[0]}
        items: list[discord.ui.Item[Any]] = []
        for index, card in enumerate(view.hand):
            chosen = card in marked
            button = discord.ui.Button[Any](
                style=discord.ButtonStyle.primary if chosen else discord.ButtonStyle.secondary,
                label=(MARKED if chosen else "") + card.pretty,
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
        for kind, label, style in (
            ("in", "In", discord.ButtonStyle.success),
            ("pass", "Pass", discord.ButtonStyle.danger),
        ):
            for action in _legal(view, kind):
                button = discord.ui.Button[Any](style=style, label=label, row=1)
                items.append(ActionItem(table_id, deal, kind, control_arg(action), item=button))
        return items

    def _exchange_controls(
        self, table_id: int, deal: int, view: SeatView, marks: tuple[str, ...]
    ) -> list[discord.ui.Item[Any]]:
        state = state_of(view.public)
        cards, upcard = _marked(view, marks)
        action = Exchange(tuple(cards), upcard)
        legal = action in view.legal
        if upcard and not cards:
            label = "Mark a card to lay away for the upcard"
        elif cards:
            label = f"Exchange {len(cards)}"
            if upcard and state is not None and state.upcard is not None:
                label += f", take {state.upcard.pretty}"
        else:
            label = "Keep my hand"
        row = (len(view.hand) - 1) // HAND_SIZE + 1
        items: list[discord.ui.Item[Any]] = []
        if _limit(view, True) >= 0 and state is not None and state.upcard is not None:
            button = discord.ui.Button[Any](
                style=discord.ButtonStyle.primary if upcard else discord.ButtonStyle.secondary,
                label=(MARKED if upcard else "") + f"Take the upcard {state.upcard.pretty}",
                row=row,
            )
            items.append(MarkItem(table_id, deal, UPCARD, item=button))
        confirm = discord.ui.Button[Any](
            style=discord.ButtonStyle.success, label=label, row=row, disabled=not legal
        )
        items.append(ActionItem(table_id, deal, Exchange.kind, control_arg(action), item=confirm))
        return items

    def mark(self, view: SeatView, marks: tuple[str, ...], mark: str) -> tuple[str, ...]:
        if not _exchanges(view):
            raise IllegalAction("There is nothing to choose there now: use the buttons shown")
        cards, upcard = _marked(view, marks)
        names = [card.name for card in cards]
        if mark == UPCARD:
            if _limit(view, True) < 0:
                raise IllegalAction("Only the dealer may take the upcard")
            upcard = not upcard
        elif any(card.name == mark for card in view.hand):
            names = [name for name in names if name != mark] if mark in names else [*names, mark]
        else:
            raise IllegalAction("That card is not in your hand")
        limit = _limit(view, upcard)
        if len(names) > limit:
            state = state_of(view.public)
            talon = talon_left(state) if state is not None else limit
            if mark == UPCARD:
                raise IllegalAction(
                    f"The talon holds only {talon} card(s): unmark a card first, then take "
                    "the upcard back out"
                )
            besides = " besides the one for the upcard" if upcard else ""
            raise IllegalAction(
                f"The talon holds only {talon} card(s): lay away at most that many{besides}"
            )
        return (*names, UPCARD) if upcard else tuple(names)

    # -- results -----------------------------------------------------------------------------

    def result_facts(self, rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
        details = result.details or {}
        owed = details.get("owed") or []
        winner = details.get("winner")
        facts = []
        if winner is not None:
            facts.append(f"🏆 **{names[winner]}** has drawn the last bar and wins the game!")
        playing = self.result_play_order(result)
        if result.contract == "void" or not playing:
            facts.append("Everyone passed: the deal is void, nobody draws a bar.")
        elif not result.tricks and len(playing) == 1:
            facts.append(f"Only **{names[playing[0]]}** was in: all five tricks without play.")
        for seat, tags in enumerate(result.tags):
            if "extra_cross" in tags:
                facts.append(f"**{names[seat]}** was in and took no trick: one cross more.")
        if owed:
            left = " · ".join(f"{name} {value}" for name, value in zip(names, owed, strict=False))
            facts.append(f"Bars still to draw: {left}")
        return facts

    def player_result(self, result: DealResult, seat: int) -> str:
        """A player's line of a deal's result after the name: tricks, bars drawn, bars left."""
        tags = result.tags[seat] if seat < len(result.tags) else ()
        owed = (result.details or {}).get("owed") or []
        left = f", **{owed[seat]}** still to draw" if seat < len(owed) else ""
        if "passed" in tags:
            return f"sat the deal out{left}"
        tricks = result.trick_counts[seat]
        drawn = int(result.scores[seat])
        took = f"{tricks} trick{'s' if tricks != 1 else ''}"
        if drawn < 0:
            return f"{took} → a cross more (+{-drawn} bars){left}"
        return f"{took} → drew {bars(drawn)}{left}"

    def match_end(self, result: DealResult, names: list[str]) -> list[str]:
        """The last lines of the standings: who won, and what the totals count."""
        winner = (result.details or {}).get("winner")
        lines = []
        if winner is not None:
            lines.append(f"🏆 **{names[winner]}** has drawn the last bar and wins the game!")
        lines.append("Totals: the bars each player drew over the game.")
        return lines

    def deal_line(self, result: DealResult, names: list[str]) -> str | None:
        """``♥ Herz trumps · Carol passed · Dave no trick``; ``Bob wins`` for the last."""
        details = result.details or {}
        parts = []
        trump = details.get("trump")
        if isinstance(trump, str) and len(trump) == 1 and trump in "CSHD":
            parts.append(f"{suit_text(Suit('CSHD'.index(trump)))} trumps")
        playing = self.result_play_order(result)
        passed = [name for seat, name in enumerate(names) if seat not in playing]
        if not playing:
            parts.append("all passed")
        elif len(playing) == 1:
            parts.append(f"{names[playing[0]]} alone in")
        elif passed:
            parts.append(f"{', '.join(passed)} passed")
        else:
            parts.append("all in")
        empty = [names[seat] for seat, tags in enumerate(result.tags) if "extra_cross" in tags]
        if empty:
            parts.append(f"{', '.join(empty)} no trick")
        winner = details.get("winner")
        if winner is not None:
            parts.append(f"{names[winner]} wins")
        return " · ".join(parts)


RAMSEN = RamsenRenderer()
