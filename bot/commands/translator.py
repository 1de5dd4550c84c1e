"""The slash commands in the user's language: discord.py asks the translator for every name,
description and choice when the command tree is synced, and Discord shows each user the
version for their client's language.

Descriptions and choice names are looked up in the catalogues as they are (their English text
is the message id). Names are words of their own (``new`` → ``neu``) and short enough to mean
something else elsewhere, so their message ids carry their kind: ``command name: new``,
``option name: seats``; a name without a translation stays English. Discord takes a name in
lower case, 1 to 32 letters, digits, ``-`` or ``_`` (tests/bot/test_command_translations.py
checks every one)."""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot import i18n

NAME_KEYS = {
    Where.command_name: "command name: {}",
    Where.group_name: "command name: {}",
    Where.parameter_name: "option name: {}",
}
"""The catalogue's message id of a name, by where the name is shown."""


def message_id(text: str, where: Where) -> str:
    """The catalogue's message id of ``text`` shown at ``where``."""
    key = NAME_KEYS.get(where)
    return key.format(text) if key is not None else text


class CatalogueTranslator(app_commands.Translator):
    """Answers from the bot's catalogues (bot/locale/de/commands.po) for the languages it
    speaks; None (Discord shows the English text) for the others."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = i18n.language_of(locale)
        if language == i18n.SOURCE:
            return None
        return i18n.translated(message_id(string.message, context.location), language)
