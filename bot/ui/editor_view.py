"""The rules editor's message: the rules in brief and a control per option; and its modal."""

from __future__ import annotations

from typing import get_args

import discord

from bot import i18n
from bot.i18n import _
from bot.ui import ids
from bot.ui.editor import (
    EXTRA_TOGGLES,
    SECTION_TITLES,
    SEP,
    Draft,
    fields_of,
    section_of,
    sections_of,
    title_of,
    value_at,
)
from bot.ui.editor_items import EditorButton, EditorSelect, SectionButton
from bot.ui.games import rules_brief, table_name, value_labels
from bot.ui.message import Rendered
from bot.ui.text import table_text, timer_text
from ramsch_core import TableOptions, game_of

EDITOR_COLOUR = discord.Colour.blurple()
VALUES = value_labels()
"""What an enum option's value reads as in its select, by (option, value)."""


def _preset_select(draft: Draft) -> EditorSelect:
    current = draft.shown_preset()
    game = game_of(draft.rules)
    options = [
        discord.SelectOption(
            label=name,
            value=name,
            default=name == current,
            description=_(game.descriptions[name])[:100],
        )
        for name in game.presets
    ]
    placeholder = _("Preset: custom rules") if current is None else _("Preset")
    return EditorSelect(draft.target, draft.target_id, "preset", options, placeholder, row=0)


def _enum_select(draft: Draft, name: str, row: int) -> EditorSelect:
    section = section_of(name)
    model = getattr(draft.rules, section) if section else draft.rules
    info = type(model).model_fields[name.rpartition(SEP)[2]]
    current = value_at(draft.rules.model_dump(), name)
    options = [
        discord.SelectOption(
            label=_value_label(name, str(value))[:100],
            value=str(value),
            default=value == current,
        )
        for value in get_args(info.annotation)
    ]
    return EditorSelect(draft.target, draft.target_id, name, options, title_of(name), row=row)


def _toggle_select(draft: Draft, row: int, section: str | None = None) -> EditorSelect:
    options = []
    for name, on in draft.toggles_of(section).items():
        options.append(
            discord.SelectOption(
                label=title_of(name)[:100],
                value=name,
                default=on,
                description=_description(draft, name)[:100] or None,
            )
        )
    field = f"{section}{SEP}toggles" if section else "toggles"
    return EditorSelect(
        draft.target, draft.target_id, field, options, _("Options: none on"), row=row, min_values=0
    )


def _value_label(name: str, value: str) -> str:
    """A value of an enum option as the select offers it."""
    base = name.rpartition(SEP)[2]
    if (base, value) in VALUES:
        return _(VALUES[base, value])
    return f"{title_of(name)}: {value}"


def _description(draft: Draft, name: str) -> str:
    if name in EXTRA_TOGGLES:
        return _(EXTRA_TOGGLES[name])
    section = section_of(name)
    model = getattr(draft.rules, section) if section else draft.rules
    table = TableOptions.model_fields | game_of(draft.rules).match_options.model_fields
    fields = type(model).model_fields | table
    info = fields.get(name.rpartition(SEP)[2])
    return _(info.description) if info is not None and info.description else ""


def _section_title(section: str) -> str:
    return _(SECTION_TITLES[section]) if section in SECTION_TITLES else title_of(section)


def _short_title(name: str) -> str:
    """An option's title without its unit (``stake``, ``turn timer``), as a button lists it:
    lower case in English, German nouns keep their capital."""
    short = title_of(name).split(" in ")[0]
    return short.lower() if i18n.current() == i18n.SOURCE else short


def render_editor(draft: Draft, note: str = "", section: str | None = None) -> Rendered:
    """The editor: the rules in brief and a control for every option; changes apply at once.
    A nested rule set (Skat's Ramsch when everyone passes) has a page of its own, ``section``."""
    if section is not None and section not in sections_of(draft.rules):
        section = None
    embed = discord.Embed(
        title=draft.heading, description=rules_brief(draft.rules), colour=EDITOR_COLOUR
    )
    embed.add_field(name=_("Table"), value=table_text(draft.rules, draft.options), inline=False)
    if draft.target == "g":
        channels = " ".join(f"<#{channel}>" for channel in draft.channels) or _("every channel")
        embed.add_field(name=_("Turn timer"), value=timer_text(draft.turn_timeout))
        embed.add_field(name=_("Hands by DM"), value=_("on") if draft.dms else _("off"))
        embed.add_field(name=_("Tables may open in"), value=channels[:1024])
        embed.set_footer(
            text=_("New tables start with these settings; running tables keep theirs.")
        )
    else:
        embed.set_footer(text=_("Changes apply at once; the lobby shows them."))
    view = discord.ui.View(timeout=None)
    row = 0
    if section is None:
        view.add_item(_preset_select(draft))
        row = 1
    else:
        embed.title = f"{draft.heading} · {_section_title(section)}"[:256]
    fields = fields_of(draft.rules, section)
    for name in fields.enums:
        view.add_item(_enum_select(draft, name, row))
        row += 1
    if draft.toggles_of(section):
        view.add_item(_toggle_select(draft, row, section))
        row += 1
    numbers = draft.numbers(section)
    if numbers:
        titles = ", ".join(_short_title(name) for name in numbers)
        label = _("Set {options}…", options=titles)[:80]
        view.add_item(EditorButton(draft.target, draft.target_id, label, row=row, section=section))
    if section is not None:
        view.add_item(SectionButton(draft.target, draft.target_id, None, _("Back"), row=row))
    for nested in sections_of(draft.rules) if section is None else ():
        label = f"{_section_title(nested)}…"[:80]
        view.add_item(SectionButton(draft.target, draft.target_id, nested, label, row=row))
    return Rendered(content=note or None, embeds=[embed], view=view)


def numbers_modal(draft: Draft, section: str | None = None) -> discord.ui.Modal:
    """The modal for the integer options (of the main page or a section); answered
    statelessly by its custom_id (see routing)."""
    if draft.target == "g":
        title = _("Numbers — server defaults")
    else:
        title = _("Numbers — {table}", table=table_name(draft.rules.game, draft.target_id))
    modal = discord.ui.Modal(
        title=title[:45],
        timeout=None,
        custom_id=ids.editor_modal_id(draft.target, draft.target_id, section),
    )
    for name, value in draft.numbers(section).items():
        modal.add_item(
            discord.ui.Label(
                text=title_of(name)[:45],
                component=discord.ui.TextInput(custom_id=name, default=value, max_length=6),
            )
        )
    modal.stop()  # not kept in discord.py's store: the submit is routed by its custom_id
    return modal
