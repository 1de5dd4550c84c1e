"""Every dynamic item of the bot, and clicks or modal submits discord.py itself would drop."""

from __future__ import annotations

from typing import Any

import discord

from bot.ui.board_items import PageButton, RecordSelect, ResultRecordButton
from bot.ui.editor_items import EditorButton, EditorSelect, SectionButton, route_modal
from bot.ui.items import TABLE_ITEMS, walk
from bot.ui.privacy_items import ForgetButton
from bot.ui.replay_items import REPLAY_ITEMS

ALL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    *TABLE_ITEMS,
    EditorSelect,
    EditorButton,
    SectionButton,
    PageButton,
    RecordSelect,
    ResultRecordButton,
    *REPLAY_ITEMS,
    ForgetButton,
)


def shown_custom_ids(message: discord.Message) -> set[str]:
    """The custom_ids of the components a message shows now."""
    found = (getattr(component, "custom_id", None) for component in walk(message.components))
    return {custom_id for custom_id in found if custom_id}


async def route_stale(interaction: discord.Interaction) -> bool:
    """Answer a click on one of our components that its message no longer shows.

    A client that has not yet received an edit still shows the old button; Discord sends the
    click with the message as it is now, where discord.py finds no such component and drops
    the click unanswered. Such clicks go to the same handler, which then refuses them clearly.
    """
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = data.get("custom_id")
    if interaction.type is not discord.InteractionType.component or not isinstance(custom_id, str):
        return False
    if interaction.message is not None and custom_id in shown_custom_ids(interaction.message):
        return False
    for item_class in ALL_ITEMS:
        match = item_class.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is not None:
            placeholder = discord.ui.Button[Any](custom_id=custom_id)
            item = await item_class.from_custom_id(interaction, placeholder, match)
            await item.callback(interaction)
            return True
    return False


async def route_unhandled(interaction: discord.Interaction) -> bool:
    """Stale clicks and editor modal submits: answered here, since discord.py drops them."""
    return await route_stale(interaction) or await route_modal(interaction)
