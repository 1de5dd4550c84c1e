"""Where a click on a component reaches the bot (bot.ui.routing)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.ui.routing import route_click


class Client:
    """The bot as the router answers through it."""

    def __init__(self) -> None:
        self.replies: list[str] = []
        self.preferences = None

    async def reply(self, interaction: Any, message: str) -> None:
        self.replies.append(message)


def _click(custom_id: str, locale: str, client: Client) -> Any:
    return SimpleNamespace(
        type=discord.InteractionType.component,
        data={"custom_id": custom_id, "component_type": 2},
        locale=locale,
        user=SimpleNamespace(id=1),
        client=client,
    )


@pytest.mark.parametrize(
    ("locale", "said"),
    [("en-US", "This button is no longer valid."), ("de", "Dieser Knopf gilt nicht mehr.")],
)
async def test_a_button_no_control_has_is_answered(locale: str, said: str) -> None:
    """A custom id that no control of the bot has (an old version's, or made up) gets one
    clear answer in the clicker's language, and nothing else happens."""
    for custom_id in ("ramsch:t:1:nonsense", "ramsch:", "x" * 100, "ramsch:a:9:play:ZZ"):
        client = Client()
        assert await route_click(_click(custom_id, locale, client))
        assert client.replies == [said]


async def test_a_command_is_not_a_click() -> None:
    client = Client()
    command = SimpleNamespace(type=discord.InteractionType.application_command, data={})
    assert not await route_click(command)
    assert client.replies == []
