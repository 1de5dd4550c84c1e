"""`/ramsch forget-me`: a player's identity removed from the bot's database (docs/privacy.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.commands.group import RamschCog, subcommand
from bot.i18n import N_
from bot.tables import TableError
from bot.ui.privacy_items import (
    PRIVACY_COG,
    render_confirmation,
    render_forgotten,
    render_kept,
)

if TYPE_CHECKING:
    from bot.client import RamschBot


class NotYours(TableError):
    """A confirmation button clicked by someone it was not shown to."""


class PrivacyCog(RamschCog, name=PRIVACY_COG):
    """Forget me: asked, confirmed by the one user, then done in one transaction."""

    @subcommand("forget-me", "Remove your name and user id from the bot's records")
    async def forget_me(self, interaction: discord.Interaction) -> None:
        user_id = interaction.user.id
        await self.bot.service.privacy.check_not_playing(user_id)
        shown = render_confirmation(user_id)
        await interaction.response.send_message(**shown.send_kwargs(), ephemeral=True)

    async def on_forget(
        self, interaction: discord.Interaction, user_id: int, confirmed: bool
    ) -> None:
        """Forget me or Cancel on the confirmation; only its user may click."""
        try:
            if interaction.user.id != user_id:
                raise NotYours(N_("This button is not for you: use /ramsch forget-me yourself"))
            if not confirmed:
                await interaction.response.edit_message(**render_kept().edit_kwargs())
                return
            preferences = self.bot.preferences
            # A language seen on this very click must not be written after the erasure.
            await preferences.flush()
            await self.bot.service.privacy.forget_user(user_id)
            preferences.forget(user_id)
            await interaction.response.edit_message(**render_forgotten().edit_kwargs())
        except Exception as error:
            await self.bot.report_error(interaction, error)


async def setup(bot: RamschBot) -> None:
    await bot.add_cog(PrivacyCog(bot))
