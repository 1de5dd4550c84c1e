"""Self-tests: application emojis (list, upload, rename, delete, Discord's checks) and custom
emojis on buttons, which must be the application's own."""

from __future__ import annotations

import base64

import discord
import pytest

from tests.emulator.app_emojis import APPLICATION_EMOJIS_MAX, MAXIMUM_EMOJIS, UPLOAD_ROUTE
from tests.emulator.errors import INVALID_FORM_BODY

from .conftest import World

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 32


def _channel(world: World) -> discord.TextChannel:
    channel = world.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_upload_list_rename_delete(world: World) -> None:
    made = await world.bot.create_application_emoji(name="c_fr2en_CJ_abc123", image=PNG)
    assert made.is_application_owned()
    [listed] = await world.bot.fetch_application_emojis()
    assert (listed.id, listed.name) == (made.id, "c_fr2en_CJ_abc123")
    assert world.emulator.app_emojis.by_id[made.id].image == PNG
    renamed = await listed.edit(name="c_fr2en_CJ_def456")
    assert renamed.name == "c_fr2en_CJ_def456"
    await renamed.delete()
    assert await world.bot.fetch_application_emojis() == []
    with pytest.raises(discord.NotFound):
        await renamed.delete()


async def test_a_taken_name_is_refused_as_discord_does(world: World) -> None:
    await world.bot.create_application_emoji(name="taken", image=PNG)
    with pytest.raises(discord.HTTPException) as refused:
        await world.bot.create_application_emoji(name="taken", image=PNG)
    assert (refused.value.status, refused.value.code) == (400, INVALID_FORM_BODY)
    assert len(world.emulator.app_emojis.by_id) == 1


def _uri(data: bytes, kind: str = "png") -> str:
    return f"data:image/{kind};base64," + base64.b64encode(data).decode()


@pytest.mark.parametrize(
    ("name", "image", "problem"),
    [
        ("x", _uri(PNG), "2 to 32"),
        ("a" * 33, _uri(PNG), "2 to 32"),
        ("with-dash", _uri(PNG), "2 to 32"),
        ("big", _uri(PNG + b"\0" * 256 * 1024), "byte limit"),
        ("fake", _uri(b"not an image at all"), "not a png image"),
        ("text", "data:text/plain;base64,aGk=", "data:image"),
        ("bad64", "data:image/png;base64,***", "base64"),
    ],
)
async def test_uploads_are_checked(world: World, name: str, image: str, problem: str) -> None:
    app = world.emulator.application_id
    with (
        world.emulator.expect_violations(INVALID_FORM_BODY, contains=problem),
        pytest.raises(discord.HTTPException),
    ):
        await world.bot.http.create_application_emoji(app, name, image)
    assert world.emulator.app_emojis.by_id == {}


async def test_a_gif_is_taken(world: World) -> None:
    made = await world.bot.create_application_emoji(name="moving", image=b"GIF89a" + b"\0" * 8)
    assert made.animated


async def test_the_limit_of_2000(world: World) -> None:
    for n in range(APPLICATION_EMOJIS_MAX):
        world.emulator.app_emojis.add(f"e{n}")
    with pytest.raises(discord.HTTPException) as refused:
        await world.bot.create_application_emoji(name="one_more", image=PNG)
    assert refused.value.code == MAXIMUM_EMOJIS


async def test_a_fault_refuses_uploads(world: World) -> None:
    world.emulator.faults.add("POST", UPLOAD_ROUTE, status=403, code=50013, times=None)
    for name in ("first", "second"):
        with pytest.raises(discord.Forbidden):
            await world.bot.create_application_emoji(name=name, image=PNG)
    assert world.emulator.app_emojis.by_id == {}


def _buttons(emoji: discord.PartialEmoji | str) -> discord.ui.View:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="♣J", emoji=emoji, custom_id="card"))
    return view


async def test_a_button_may_carry_the_applications_emoji(world: World) -> None:
    own = world.emulator.app_emojis.add("c_fr2en_CJ_abc123")
    sent = await _channel(world).send(
        "cards", view=_buttons(discord.PartialEmoji(name=own.name, id=own.id))
    )
    [button] = sent.components[0].children
    assert isinstance(button, discord.Button) and button.emoji is not None
    assert button.emoji.id == own.id
    await _channel(world).send("unicode", view=_buttons("🂡"))


async def test_a_custom_emoji_the_application_does_not_own_is_refused(world: World) -> None:
    stranger = discord.PartialEmoji(name="c_fr2en_CJ_abc123", id=123456789012345678)
    with (
        world.emulator.expect_violations(INVALID_FORM_BODY, contains="Invalid emoji"),
        pytest.raises(discord.HTTPException),
    ):
        await _channel(world).send("cards", view=_buttons(stranger))
    select = discord.ui.Select(
        custom_id="pick",
        options=[discord.SelectOption(label="♣J", value="CJ", emoji=stranger)],
    )
    view = discord.ui.View()
    view.add_item(select)
    with (
        world.emulator.expect_violations(INVALID_FORM_BODY, contains="options.0.emoji"),
        pytest.raises(discord.HTTPException),
    ):
        await _channel(world).send("cards", view=view)
    assert world.channel.current_messages() == []
