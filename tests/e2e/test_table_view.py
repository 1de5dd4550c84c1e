"""The table and hand messages as one Components V2 view each (issue 27): every seat in order
with its role and the card it played to the trick, the picture, the controls in the same
container; no content or embed beside it."""

from __future__ import annotations

import re

from ramsch_core import SkatContest
from tests.e2e.conftest import Harness
from tests.e2e.driver import Game, is_one_view
from tests.e2e.skat_driver import SkatGame
from tests.emulator import Message, SimUser
from tests.emulator import components as comp
from tests.emulator.message_model import MessageVersion

TABLE_IDS = re.compile(r"ramsch:(?:t|l):")
"""The custom_ids of a table message's controls (My hand) and of a lobby's (Join...)."""


def table_messages(harness: Harness) -> list[Message]:
    """The channel's lobby and table messages (those that ever had a table control)."""
    return [
        message
        for message in harness.channel.current_messages()
        if any(
            TABLE_IDS.match(str(c.get("custom_id") or ""))
            for version in message.versions
            for c in comp.walk(version.components)
        )
    ]


def private_versions(users: list[SimUser], table_id: int) -> list[MessageVersion]:
    mark = f" #{table_id}** in "
    return [
        version
        for user in users
        for message in [*user.dms(), *user.ephemerals()]
        if mark in message.text
        for version in message.versions
    ]


def players_line(game: Game, user: SimUser) -> str:
    """The line of the Players list of the table message that names ``user``."""
    lines = game.table_message().text.splitlines()
    return next(line for line in lines if f"**{user.name}**" in line and line[:1] in "▶•")


async def test_a_skat_session_is_one_view_per_message_with_every_seat(harness: Harness) -> None:
    """A full Skat deal, lobby to result: each version of the lobby and table messages and of
    every hand is one V2 container; after each card the Players list shows it beside its
    player's name, the declarer as Alleinspieler and the others as Gegenspieler."""
    users = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = SkatGame(harness, users)
    await game.open()
    await game.start()
    number = len(game.replay().finished_deals)
    cards_seen = declared = 0
    while len(game.replay().finished_deals) == number:
        await game.auto_step()
        match = game.replay()
        if match.finished_deals[number:] or match.deal.public_view().phase != "play":
            continue
        view = match.deal.public_view()
        contest = view.state
        assert isinstance(contest, SkatContest)
        for seat, user in enumerate(game.players):
            deal_seat = match.active_seats.index(seat)
            if contest.declarer is None:  # everyone passed: a Ramsch, no sides
                assert "spieler" not in players_line(game, user)
                continue
            role = "Alleinspieler" if deal_seat == contest.declarer else "Gegenspieler"
            assert role in players_line(game, user)
            declared += 1
        for card, deal_seat in zip(view.trick, trick_seats(view), strict=False):
            user = game.players[match.active_seats[deal_seat]]
            assert f"**{user.name}** {card.pretty} — " in players_line(game, user)
            cards_seen += 1
    assert cards_seen > 5 and declared > 5
    shown = table_messages(harness)
    assert len(shown) >= 2  # the lobby that became the table message, the next deal's
    versions = [version for message in shown for version in message.versions]
    versions += private_versions(users, game.table_id)
    assert len(versions) > 40
    odd = [(v.source, v.flags, v.content[:60], v.text[:80]) for v in versions if not is_one_view(v)]
    assert not odd, odd
    assert harness.emulator.errors == []


def trick_seats(view: object) -> list[int]:
    """The deal seats in the order they play to the trick being played."""
    leader = getattr(view, "trick_leader", None) or 0
    players = getattr(view, "players", 3)
    return [(leader + i) % players for i in range(players)]
