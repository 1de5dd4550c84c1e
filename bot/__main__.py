"""Start the bot: `python -m bot` or the `ramsch-bot` script; settings come from env or `.env`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import discord
import discord.gateway
import discord.http
import yarl
from pydantic import ValidationError

from bot.client import RamschBot
from bot.settings import Settings, settings_error
from bot.storage import Store
from bot.tables import TableService

log = logging.getLogger("bot")


def load_settings() -> Settings:
    """Read the settings, or print one line saying what is missing and exit with status 2."""
    try:
        return Settings()  # DISCORD_TOKEN comes from the environment
    except ValidationError as error:
        missing_token = any(
            item["type"] == "missing" and item["loc"] == ("discord_token",)
            for item in error.errors()
        )
        if missing_token:
            print(
                "DISCORD_TOKEN is not set: put the bot token in the environment or in a .env "
                "file (see .env.example)",
                file=sys.stderr,
            )
        else:
            print(settings_error(error), file=sys.stderr)
        raise SystemExit(2) from None


def point_discord_at(settings: Settings) -> None:
    """Send REST and gateway traffic to a proxy or emulator when configured (process-global)."""
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
        log.info("REST API base: %s", discord.http.Route.BASE)
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)
        log.info("Gateway: %s", settings.discord_gateway_url)


def setup_logging(level: str) -> None:
    logging.basicConfig(
        level=logging.WARNING,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    logging.getLogger("bot").setLevel(level)
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLevelName(level)))


async def run(settings: Settings) -> None:
    """Open the store, build the service and the bot, and run until stopped (SIGTERM/SIGINT)."""
    point_discord_at(settings)
    async with Store(settings.ramsch_db) as store:
        service = TableService(store, ai_delay=settings.ramsch_ai_delay)
        try:
            async with RamschBot(settings, service, store) as client:
                stop_on_signals(client)
                await client.start(settings.discord_token.get_secret_value())
        finally:
            await service.close()
    log.info("Stopped")


def stop_on_signals(client: RamschBot) -> None:
    """Close the bot cleanly (pending renders shown, store closed) on SIGTERM or SIGINT."""
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, lambda: asyncio.ensure_future(client.close()))


def main() -> None:
    settings = load_settings()
    setup_logging(settings.ramsch_log_level)
    log.info("Database: %s", settings.ramsch_db)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run(settings))
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN")
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
