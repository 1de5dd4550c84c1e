"""A finished deal replayed in Discord (``/ramsch replay``), step by step, for one reader.

The steps come from the deal's game record, replayed through the core's state API — the same
for every registered game: the deal as dealt, each step before the card play (Schieberamsch,
Reizen, the Schafkopf calls, Ramsen's exchange) as it ended, every trick, and the result. Each
step shows what the table showed then (drawn by the game's renderer) and, the deal being
over, every hand as it was at that moment.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import discord

from bot.i18n import N_, _, _n
from bot.pictures import alt_text, trick_picture
from bot.tables.errors import TableError
from bot.ui import faces
from bot.ui.boards import plain
from bot.ui.card_pictures import plate_names, style, turn_of
from bot.ui.games import (
    card_face,
    card_points,
    play_order,
    renderer_for,
    table_name,
)
from bot.ui.message import Picture, Rendered
from bot.ui.replay_items import MAX_STEP, Go, ReplayButton
from bot.ui.results import player_lines
from bot.ui.table import last_trick_text
from bot.ui.text import player_name
from ramsch_core import (
    Card,
    DealResult,
    PublicView,
    RulesError,
    RuleSet,
    Trick,
    action_from_json,
    replay_record,
)

log = logging.getLogger(__name__)

REPLAY_COLOUR = discord.Colour.blurple()
CARD_PLAY = "play"
ENDED = ("play", "finished")
"""Phases that are not a step before the card play."""
PHASE_TITLES = {
    "push": N_("Schieberamsch"),
    "bidding": N_("Reizen (bidding)"),
    "declaring": N_("Skat and game"),
    "knocking": N_("Klopfen"),
    "calling": N_("Ansagen (the calls)"),
    "exchange": N_("Exchange with the talon"),
    "in_or_pass": N_("In or pass"),
}
"""A heading for a step before the card play when the game's renderer has none for it."""
FIELD_LIMIT = 1024
TRICK_FILE = "trick.png"

StepKind = Literal["dealt", "phase", "trick", "result"]


@dataclass(frozen=True)
class Step:
    """One moment of a replay: what the table showed then, and every hand."""

    kind: StepKind
    public: PublicView
    hands: tuple[tuple[Card, ...], ...]
    """What each deal seat held: as dealt, after the phase, or when the trick began."""
    laid: tuple[tuple[Card, ...], ...]
    """What each seat had laid face down by then."""
    face_down: tuple[Card, ...]
    """The face-down cards: the skat (after a Schieberamsch the last two laid), or a talon."""
    phase: str | None = None
    """``phase``: the phase that ended with this step."""
    trick: Trick | None = None
    number: int = 0
    """``trick``: the trick's number, from 1."""


class UnreplayableRecord(TableError):
    """A stored record the core refuses (written by a version whose rules differ)."""


def replay_steps(record: Mapping[str, Any]) -> list[Step]:
    """The steps of a finished deal's record, first to last (at most ``MAX_STEP`` + 1).

    Raises UnreplayableRecord for a record the core refuses or one that does not finish."""
    try:
        deal = replay_record({**record, "actions": []})
        raw = record.get("actions", [])
        if not isinstance(raw, list):
            raise UnreplayableRecord("This deal's record cannot be replayed")
        actions = [action_from_json(item, index) for index, item in enumerate(raw)]
    except RulesError as error:
        log.warning("A stored record cannot be read: %s", error)
        raise UnreplayableRecord("This deal's record cannot be replayed") from None

    def hands() -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(deal.hand(seat)) for seat in range(deal.players))

    def step(kind: StepKind, held: tuple[tuple[Card, ...], ...], **more: Any) -> Step:
        laid = tuple(tuple(cards) for cards in deal.laid)
        return Step(kind, deal.public_view(), held, laid, tuple(deal.skat), **more)

    def initial() -> list[tuple[Card, ...]]:
        return [deal.initial_hand(seat) for seat in range(deal.players)]

    steps = [step("dealt", hands())]
    at_trick = hands()
    dealt = initial()
    for index, (seat, action) in enumerate(actions):
        before = deal.phase
        done = len(deal.tricks)
        if before == CARD_PLAY and not deal.trick:
            at_trick = hands()
        try:
            deal.apply(action, seat)
        except RulesError as error:
            log.warning("Action %s of a stored record is refused: %s", index + 1, error)
            raise UnreplayableRecord("This deal's record cannot be replayed") from None
        if initial() != dealt:  # dealt as a first step decided (Ramsen's cutter keeps a card)
            dealt = initial()
            steps[0] = step("dealt", hands())
            continue
        if before not in ENDED and deal.phase != before:
            steps.append(step("phase", hands(), phase=before))
        if len(deal.tricks) > done:
            steps.append(step("trick", at_trick, trick=deal.tricks[-1], number=len(deal.tricks)))
    if deal.result is None or len(steps) > MAX_STEP:
        raise UnreplayableRecord("This deal's record cannot be replayed")
    steps.append(step("result", hands()))
    return steps


# -- rendering --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayOf:
    """Which deal is replayed and who played it."""

    table_id: int
    deal: int
    """0-based."""
    names: tuple[str, ...]
    """By deal seat, as stored (shown escaped)."""
    robots: tuple[bool, ...] = ()


def shown_names(of: ReplayOf) -> list[str]:
    """The players' names by deal seat, safe in markdown (🤖 before an AI)."""
    robots = of.robots or (False,) * len(of.names)
    return [
        ("🤖 " if robot else "") + plain(player_name(name, ai=robot))
        for name, robot in zip(of.names, robots, strict=True)
    ]


def render_replay(
    of: ReplayOf, steps: Sequence[Step], index: int, *, pictures: bool = True
) -> Rendered:
    """Step ``index`` of a replay with its ⏮ ◀ ▶ ⏭ buttons (the reader's pack and language are
    set by the caller: ``faces.preferring``, ``i18n``)."""
    step = steps[index]
    rules = step.public.rules
    with faces.showing(rules):
        return _render(of, steps, index, step, rules, pictures=pictures)


def _render(
    of: ReplayOf, steps: Sequence[Step], index: int, step: Step, rules: RuleSet, *, pictures: bool
) -> Rendered:
    names = shown_names(of)
    if len(names) != step.public.players:  # a record with other seats than stored
        names = [_("Seat {seat}", seat=seat + 1) for seat in range(step.public.players)]
    renderer = renderer_for(rules)
    heading = _(
        "Replay — {table}, deal {deal}", table=table_name(rules.game, of.table_id), deal=of.deal + 1
    )
    embed = discord.Embed(title=heading[:256], colour=REPLAY_COLOUR)
    public = step.public
    picture: Picture | None = None
    fields: list[tuple[str, str]] = []
    if step.kind == "dealt":
        embed.description = "**" + _("The deal") + "**\n" + _("The cards as they were dealt.")
        fields += renderer.table_fields(public, names)
    elif step.kind == "phase":
        embed.description = _phase_text(public, step.phase or "", names)
        fields += renderer.table_fields(public, names)
    elif step.kind == "trick":
        assert step.trick is not None
        embed.description = _trick_text(step, names)
        fields += renderer.table_fields(public, names)
        if pictures:
            picture = _trick_picture(of, step)
    else:
        result = public.result
        assert result is not None
        embed.description = (
            "**" + _("Result") + "**\n" + "\n".join(_result_lines(rules, result, names))
        )
        facts = renderer.result_facts(rules, result, names)
        if result.nobody_loses and not rules.plays_to_a_winner():
            facts.append(_("nobody loses"))
        if facts:
            fields.append((_("Deal"), "\n".join(facts)))
    if step.kind == "trick":
        fields.append((_("So far"), _running_text(rules, public, names)))
    if step.kind != "result" or any(step.hands):
        fields.append((_hands_title(step), _hands_text(step, names)))
    said = embed.description or ""
    for name, value in fields:
        if value.strip() and value.strip() in said:  # the phase's own text says it already
            continue
        embed.add_field(name=name[:256], value=value[:FIELD_LIMIT] or "—", inline=False)
    embed.description = (embed.description or "")[:4096]
    embed.set_footer(
        text=_(
            "Step {step} of {steps} · only you see this replay",
            step=index + 1,
            steps=len(steps),
        )
    )
    shown = Rendered(embeds=[embed], view=_buttons(of, index, len(steps)))
    if picture is not None:
        embed.set_image(url=picture.url)
        shown.pictures.append(picture)
    return shown


def _buttons(of: ReplayOf, index: int, count: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    last = count - 1
    targets: tuple[tuple[Go, int], ...] = (
        ("first", 0), ("prev", index - 1), ("next", index + 1), ("last", last),
    )  # fmt: skip
    for go, target in targets:
        disabled = target == index or not 0 <= target <= last
        shown = min(max(target, 0), last)
        view.add_item(ReplayButton(of.table_id, of.deal, shown, go, disabled=disabled))
    return view


def _phase_text(public: PublicView, phase: str, names: list[str]) -> str:
    """The step before the card play as it ended: the game's own text for that phase, as the
    table showed it, without whose turn it was."""
    as_then = dataclasses.replace(public, phase=phase, to_act=None)
    text = renderer_for(public.rules).phase_text(as_then, names)
    if text is None:
        heading = _(PHASE_TITLES[phase]) if phase in PHASE_TITLES else _("Before the card play")
        return f"**{heading}**"
    heading, lines = text
    return f"**{heading}**\n" + (lines or "—")


def _trick_text(step: Step, names: list[str]) -> str:
    trick = step.trick
    assert trick is not None
    rules = step.public.rules
    leader = _("{name} leads", name=names[trick.leader])
    line = last_trick_text(
        names,
        trick,
        step.number,
        play_order(rules, step.public),
        points=card_points(rules),
        face=card_face(rules),
    )
    heading = _("**Trick {number}**", number=step.number)
    return f"{heading} — {leader}\n{line}"


def _trick_picture(of: ReplayOf, step: Step) -> Picture:
    """The trick's picture, each card over its seat's name, the winning card framed."""
    trick = step.trick
    assert trick is not None
    turn = turn_of(play_order(step.public.rules, step.public), trick.leader)
    highlight = turn.index(trick.winner) if trick.winner in turn else None
    robots = of.robots or (False,) * len(of.names)
    typed = [player_name(name, ai=robot) for name, robot in zip(of.names, robots, strict=True)]
    if len(typed) != step.public.players:  # a record with other seats than stored
        typed = [_("Seat {seat}", seat=seat + 1) for seat in range(step.public.players)]
    names = [typed[seat] for seat in turn]
    look = style()
    labels = plate_names(names, turn)
    data = trick_picture(list(trick.cards), look, highlight=highlight, names=labels)
    cards = alt_text(trick.cards, look, names)
    alt = _("Trick {number}: {cards}", number=step.number, cards=cards)
    return Picture(TRICK_FILE, data, alt[:1024])


def _running_text(rules: RuleSet, public: PublicView, names: list[str]) -> str:
    """Each player's card points and tricks so far."""
    parts = []
    for seat, name in enumerate(names):
        tricks = _n("{count} trick", "{count} tricks", public.trick_counts[seat])
        if card_points(rules):
            points = _("{points} card points", points=public.points_taken[seat])
            parts.append(f"**{name}** {points}, {tricks}")
        else:
            parts.append(f"**{name}** {tricks}")
    return "\n".join(parts)


def _hands_title(step: Step) -> str:
    if step.kind == "dealt":
        return _("Hands as dealt")
    if step.kind == "trick":
        return _("Hands before trick {number}", number=step.number)
    if step.kind == "result":
        return _("Cards left")
    return _("Hands")


def _hands_text(step: Step, names: list[str]) -> str:
    """Every hand, what each seat laid face down, and the face-down cards."""
    lines = []
    for seat, name in enumerate(names):
        line = f"**{name}**: {faces.cards_text(step.hands[seat])}"
        if step.laid[seat]:
            line += " · " + _("laid {cards}", cards=faces.cards_text(step.laid[seat]))
        lines.append(line)
    rules = step.public.rules
    if step.face_down and (step.kind != "result" or rules.skat_size):
        what = _("Skat") if rules.skat_size else _("Talon")
        lines.append(f"{what}: {faces.cards_text(step.face_down)}")
    return "\n".join(lines)


def _result_lines(rules: RuleSet, result: DealResult, names: list[str]) -> list[str]:
    """Each player's line of the deal's own result (a Bock doubling is the table's)."""
    lines = player_lines(rules, result, names, result.scores)
    deal_line = renderer_for(rules).deal_line(result, names)
    if deal_line:
        lines.insert(0, deal_line)
    return lines
