"""The rules editor's selects and its numbers button; they survive restarts like every item."""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord

from bot.ui import ids

EDITOR_COG = "Config"


class EditorHandler(Protocol):
    """What the config cog offers the editor's controls; each call answers the interaction."""

    async def on_editor_select(
        self,
        interaction: discord.Interaction,
        target: ids.EditorTarget,
        target_id: int,
        name: str,
        values: list[str],
    ) -> None: ...

    async def on_editor_numbers(
        self,
        interaction: discord.Interaction,
        target: ids.EditorTarget,
        target_id: int,
        section: str | None,
    ) -> None: ...

    async def on_editor_modal(
        self,
        interaction: discord.Interaction,
        target: ids.EditorTarget,
        target_id: int,
        texts: dict[str, str],
        section: str | None,
    ) -> None: ...

    async def on_editor_section(
        self,
        interaction: discord.Interaction,
        target: ids.EditorTarget,
        target_id: int,
        section: str | None,
    ) -> None:
        """Show the page of a nested rule set's options (``section``), or the main page."""


def editor_handler(interaction: discord.Interaction) -> EditorHandler:
    bot = cast(Any, interaction.client)
    return cast(EditorHandler, bot.get_cog(EDITOR_COG))


class EditorSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.EDITOR_TEMPLATE):
    """A select of the editor: the preset, one enum option, or the on/off options (multi)."""

    def __init__(
        self,
        target: ids.EditorTarget,
        target_id: int,
        name: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        *,
        row: int | None = None,
        min_values: int = 1,
    ) -> None:
        choices = options or []
        multi = min_values == 0
        super().__init__(
            discord.ui.Select(
                custom_id=ids.editor_id(target, target_id, name),
                placeholder=placeholder,
                min_values=min_values,
                max_values=max(len(choices), 1) if multi else 1,
                options=choices,
            ),
            row=row,
        )
        self.target: ids.EditorTarget = target
        self.target_id = target_id
        self.name = name

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> EditorSelect:
        target = cast(ids.EditorTarget, match["target"])
        return cls(target, int(match["id"]), match["field"])

    async def callback(self, interaction: discord.Interaction) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(value) for value in data.get("values") or []]
        await editor_handler(interaction).on_editor_select(
            interaction, self.target, self.target_id, self.name, values
        )


class EditorButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.NUMBERS_TEMPLATE):
    """Opens the modal for the integer options (stake, rounds, turn timer) of the main page or
    of a section."""

    def __init__(
        self,
        target: ids.EditorTarget,
        target_id: int,
        label: str = "Numbers…",
        *,
        row: int = 4,
        section: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=label,
                custom_id=ids.numbers_id(target, target_id, section),
            ),
            row=row,
        )
        self.target: ids.EditorTarget = target
        self.target_id = target_id
        self.section = section

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> EditorButton:
        target = cast(ids.EditorTarget, match["target"])
        return cls(target, int(match["id"]), section=match["section"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await editor_handler(interaction).on_editor_numbers(
            interaction, self.target, self.target_id, self.section
        )


class SectionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.SECTION_TEMPLATE):
    """Turns the editor to the page of a nested rule set (Skat's Ramsch when everyone passes),
    or back to the main page (``section`` None)."""

    def __init__(
        self,
        target: ids.EditorTarget,
        target_id: int,
        section: str | None,
        label: str = "Back",
        *,
        row: int = 4,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.primary,
                label=label,
                custom_id=ids.section_id(target, target_id, section),
            ),
            row=row,
        )
        self.target: ids.EditorTarget = target
        self.target_id = target_id
        self.section = section

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SectionButton:
        target = cast(ids.EditorTarget, match["target"])
        return cls(target, int(match["id"]), match["section"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await editor_handler(interaction).on_editor_section(
            interaction, self.target, self.target_id, self.section
        )


def modal_texts(data: dict[str, Any]) -> dict[str, str]:
    """The text inputs of a submitted modal by custom_id (in rows or in labels)."""
    texts: dict[str, str] = {}
    for top in data.get("components") or []:
        inner = top.get("components") or ([top["component"]] if "component" in top else [])
        for component in inner:
            if "value" in component:
                texts[str(component.get("custom_id"))] = str(component["value"])
    return texts


async def route_modal(interaction: discord.Interaction) -> bool:
    """Answer a submitted editor modal (modals are not kept in memory, so restarts are fine)."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = data.get("custom_id")
    if interaction.type is not discord.InteractionType.modal_submit or not isinstance(
        custom_id, str
    ):
        return False
    match = re.fullmatch(ids.EDITOR_MODAL_TEMPLATE, custom_id)
    if match is None:
        return False
    target = cast(ids.EditorTarget, match["target"])
    await editor_handler(interaction).on_editor_modal(
        interaction, target, int(match["id"]), modal_texts(data), match["section"]
    )
    return True
