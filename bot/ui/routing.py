"""Every dynamic item of the bot and how a click on one reaches it; modal submits too."""

from __future__ import annotations

from typing import Any

import discord

from bot import i18n
from bot.i18n import _
from bot.ui.board_items import PageButton, RecordSelect, ResultRecordButton
from bot.ui.editor_items import EditorButton, EditorSelect, SectionButton, route_modal
from bot.ui.items import TABLE_ITEMS, walk
from bot.ui.privacy_items import ForgetButton
from bot.ui.public import PUBLIC_ITEMS
from bot.ui.replay_items import REPLAY_ITEMS
from bot.ui.substitute_items import SUBSTITUTE_ITEMS
from bot.ui.tournament import TournamentButton

ALL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    *TABLE_ITEMS,
    *SUBSTITUTE_ITEMS,
    EditorSelect,
    EditorButton,
    SectionButton,
    PageButton,
    RecordSelect,
    ResultRecordButton,
    *REPLAY_ITEMS,
    ForgetButton,
    TournamentButton,
    *PUBLIC_ITEMS,
)


def shown_custom_ids(message: discord.Message) -> set[str]:
    """The custom_ids of the components a message shows now."""
    found = (getattr(component, "custom_id", None) for component in walk(message.components))
    return {custom_id for custom_id in found if custom_id}


async def route_click(interaction: discord.Interaction) -> bool:
    """Answer a click on one of the bot's components: the item its custom_id names is made
    from the id alone and its callback called (True), whether or not the message still shows
    it. A click its message no longer shows (a client that has not yet received an edit)
    goes to the same handler, which refuses it clearly.

    The bot routes its clicks itself instead of registering its items with discord.py as
    dynamic items: discord.py would rebuild the whole message as a view for every click to
    find the item (about a tenth of a click's CPU), and drop the click unanswered when the
    message no longer shows it. The callbacks read what was chosen from the interaction's
    data, never from the item."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = data.get("custom_id")
    if interaction.type is not discord.InteractionType.component or not isinstance(custom_id, str):
        return False
    for item_class in ALL_ITEMS:
        match = item_class.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is not None:
            placeholder = discord.ui.Button[Any](custom_id=custom_id)
            item = await item_class.from_custom_id(interaction, placeholder, match)
            await item.callback(interaction)
            return True
    # No control of the bot has this id (one of an older version, or made up): say so, as
    # for every other click that changes nothing.
    i18n.speak_to(interaction)
    await interaction.client.reply(  # type: ignore[attr-defined]
        interaction, _("This button is no longer valid.")
    )
    return True


async def route_interaction(interaction: discord.Interaction) -> bool:
    """Clicks on the bot's components and the rules editor's modal submits."""
    return await route_click(interaction) or await route_modal(interaction)
