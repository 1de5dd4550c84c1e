"""The table and hand messages in Components V2 (issue 27): one container each, laid out
from what the message says, within Discord's limits whatever the table holds."""

from __future__ import annotations

import random

import discord

from bot.ui.card_pictures import with_hand, with_trick
from bot.ui.hand import render_hand
from bot.ui.lobby import render_cancelled, render_lobby
from bot.ui.message import V2_TEXT_MAX, Rendered
from bot.ui.table import render_table, render_table_closed
from tests.emulator import components as comp
from tests.ui.helpers import USER_IDS, act_randomly, make_table, problems


def texts(shown: Rendered) -> list[str]:
    return [
        str(c["content"])
        for c in comp.walk(shown.layout_view().to_components())
        if c.get("type") == comp.TEXT_DISPLAY
    ]


def test_every_render_of_a_table_or_hand_message_is_a_layout() -> None:
    """A message once sent in Components V2 stays so: the lobby, the table, its closed form
    and the hands are all layouts (an edit from one to the other is what Discord refuses)."""
    table = make_table("skat", started=False)
    assert render_lobby(table).layout and render_cancelled(table).layout
    table = make_table("skat")
    assert render_table(table).layout and render_table_closed(table, "over").layout
    assert render_hand(table, USER_IDS[0]).layout
    assert render_hand(table, 999).layout  # a stranger's: "not playing at this table"


def test_a_hand_is_one_container_with_its_picture_before_the_cards() -> None:
    table = make_table("skat")
    rng = random.Random(5)
    for _ in range(4):
        act_randomly(table, rng)
    assert table.match is not None
    seat = table.match.to_act
    assert seat is not None
    shown = with_hand(render_hand(table, USER_IDS[seat]), table, USER_IDS[seat])
    [box] = shown.layout_view().to_components()
    assert box["type"] == comp.CONTAINER
    assert box["accent_color"] == discord.Colour.gold().value
    kinds = [c["type"] for c in box["components"]]
    picture = kinds.index(comp.MEDIA_GALLERY)
    assert kinds[:picture] == [comp.TEXT_DISPLAY]
    assert box["components"][picture]["items"][0]["media"]["url"] == "attachment://hand.png"
    rows = [c for c in box["components"] if c["type"] == comp.ACTION_ROW]
    view = table.view_for(USER_IDS[seat])
    assert view is not None
    held = len(view.hand)
    assert [len(r["components"]) for r in rows] == [5, held - 5]  # the cards in rows of five
    assert problems(shown) == []


def test_the_table_names_the_turn_first_and_shows_the_trick_picture() -> None:
    table = make_table("skat")
    rng = random.Random(5)
    for _ in range(4):
        act_randomly(table, rng)
    shown = with_trick(render_table(table), table)
    first, title, *_rest = texts(shown)
    assert first.endswith("your turn to play.") and first.startswith("<@")
    assert title.startswith("### Ramsch #42 — deal 1 of 3\n**Trick 2**")
    urls = [
        item["media"]["url"]
        for c in comp.walk(shown.layout_view().to_components())
        if c.get("type") == comp.MEDIA_GALLERY
        for item in c["items"]
    ]
    assert urls == ["attachment://trick.png"]
    assert texts(shown)[-1].startswith("-# ")  # the footer in small print


def test_a_table_that_says_more_than_discord_shows_is_cut_at_whole_lines() -> None:
    """An embed holds 6,000 characters, a V2 message's texts 4,000: the longest part is cut
    by whole lines, a code block closed, until everything fits."""
    sheet = "```\n" + "\n".join(f"{n:>3}. {'x' * 40}" for n in range(90)) + "\n```"
    embed = discord.Embed(title="Skat #1", description="d" * 1500)
    embed.add_field(name="Score sheet", value=sheet, inline=False)
    embed.add_field(name="Players", value="\n".join(["• **Alice** — 1 trick"] * 30))
    shown = Rendered(content="<@1>, your turn to play.", embeds=[embed], layout=True)
    laid = texts(shown)
    assert sum(len(text) for text in laid) <= V2_TEXT_MAX
    cut = next(text for text in laid if text.startswith("**Score sheet**"))
    assert cut.endswith("```\n…") and cut.count("```") == 2
    assert all(len(line) in (0, 45) for line in cut.splitlines()[2:-2])  # whole rows only
    assert laid[0] == "<@1>, your turn to play." and "d" * 1500 in laid[1]
    assert problems(shown) == []
