"""Start the bot: `python -m bot` or the `ramsch-bot` script; settings come from env or `.env`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import aiohttp
import discord
import discord.gateway
import discord.http
import yarl
from pydantic import ValidationError

from bot.client import RamschBot, freeze_imports
from bot.cluster import Cluster
from bot.extra_games import ExtraGameError, install_extra_games
from bot.health import Heartbeat
from bot.settings import Settings, settings_error
from bot.shards import build_bot, coverage_warning, describe, needs_shared_database
from bot.storage import Store, backend
from bot.storage.lease import LeaseLost, LeaseRefused
from bot.storage.opening import StoreUnusable, unusable
from bot.tables import TableService
from bot.tables.thinking import default_processes
from bot.version import log_build

log = logging.getLogger("bot")


class DiscordUnreachable(Exception):
    """Starting failed because Discord (or the configured proxy/emulator) could not be reached."""


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


def unreachable_message(settings: Settings, error: BaseException) -> str:
    """One line: Discord could not be reached, why, and what to check (never the token)."""
    reason = str(error) or type(error).__name__
    checks = ["the network connection (DNS, firewall, proxy)"]
    if settings.discord_api_base:
        checks.append(f"DISCORD_API_BASE={settings.discord_api_base}")
    if settings.discord_gateway_url:
        checks.append(f"DISCORD_GATEWAY_URL={settings.discord_gateway_url}")
    line = f"Could not reach Discord ({reason}): check " + ", ".join(checks)
    line = " ".join(line.split())  # one line, whatever the reason contains
    token = settings.discord_token.get_secret_value()
    return line.replace(token, "***") if token else line


async def run(settings: Settings, stopper: Stopper | None = None) -> None:
    """Open the store, take the process lease, build the service and the bot, and run until
    stopped (SIGTERM/SIGINT) or until another process takes the lease over.

    Raises StoreUnusable when the database can't be used, LeaseRefused when another process
    runs on it (after waiting ``RAMSCH_LEASE_WAIT`` seconds for it to stop), LeaseLost when
    another process took it over while this one ran, and DiscordUnreachable when the
    connection fails (DNS, refused, timeout); discord.py itself retries gateway drops once
    logged in, so this is mostly a failure at login."""
    point_discord_at(settings)
    async with Store(settings.ramsch_db) as store:
        cluster = Cluster(
            store,
            shard_count=settings.ramsch_shard_count,
            shard_ids=settings.ramsch_shard_ids,
            url=str(settings.ramsch_db) if store.postgres else None,
        )
        try:
            await cluster.acquire(settings.ramsch_lease_wait)
        except backend.DATABASE_ERRORS as error:
            raise unusable(settings.ramsch_db, error) from None
        try:
            await serve(settings, store, cluster, stopper or Stopper())
        finally:
            await cluster.release()
    if cluster.lost:
        raise LeaseLost
    log.info("Stopped")


async def serve(settings: Settings, store: Store, cluster: Cluster, stopper: Stopper) -> None:
    """Run the bot on an open store whose leases this process holds."""
    processes = settings.ramsch_ai_processes
    service = TableService(
        store,
        ai_delay=settings.ramsch_ai_delay,
        ai_processes=default_processes() if processes is None else processes,
        ai_budget=settings.ramsch_ai_budget,
    )
    try:
        async with build_bot(settings, service, store) as client:
            client.cluster = cluster
            client.freeze_heap = True
            stopper.client = client
            cluster.keep(on_lost=lambda: asyncio.ensure_future(client.close()))
            try:
                async with Heartbeat(client, settings.ramsch_health_file):
                    await client.start(settings.discord_token.get_secret_value())
            except Exception as error:
                if stopper.requested:
                    # Closed mid-start (a request on the closed session, a cancelled step):
                    # it was asked to stop, and it has.
                    log.debug("The start ended as the bot stopped: %r", error)
                    return
                if isinstance(error, (aiohttp.ClientConnectionError, OSError, TimeoutError)):
                    raise DiscordUnreachable(unreachable_message(settings, error)) from error
                raise
    finally:
        await cluster.stop()
        await service.close()


class Stopper:
    """SIGTERM and SIGINT at any moment of the process: before the bot exists (opening the
    database, waiting for the lease) the start is cancelled; once it exists it is closed
    cleanly (pending renders shown, store closed). Either way the process exits 0."""

    def __init__(self) -> None:
        self.requested = False
        self.client: RamschBot | None = None
        self._task = asyncio.current_task()
        self._closing: asyncio.Future[None] | None = None

    def install(self) -> None:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(signum, self.stop)

    def stop(self) -> None:
        if self.requested:
            return
        self.requested = True
        if self.client is not None:
            self._closing = asyncio.ensure_future(self.client.close())
        elif self._task is not None:
            self._task.cancel()


async def run_until_stopped(settings: Settings) -> None:
    """``run``, stopped by SIGTERM or SIGINT at any moment with one line and nothing raised."""
    stopper = Stopper()
    stopper.install()
    try:
        await run(settings, stopper)
    except asyncio.CancelledError:
        if not stopper.requested:
            raise
        log.info("Stopped before the bot was up")


def main() -> None:
    """Run the bot until stopped. Exit status: 0 stopped by SIGTERM/SIGINT; 1 Discord refused
    the token; 2 a setting is missing or invalid; 3 Discord could not be reached at start
    (network, DNS, DISCORD_API_BASE / DISCORD_GATEWAY_URL); 4 the database can't be used
    (its directory, its file, its schema, a lock); 5 another bot process runs on the database
    (or took it over). Errors are one line on stderr."""
    settings = load_settings()
    setup_logging(settings.ramsch_log_level)
    try:
        install_extra_games(settings.ramsch_extra_games)
    except ExtraGameError as error:
        print(error, file=sys.stderr)
        raise SystemExit(2) from None
    log_build()
    log.info("Database: %s", backend.describe(settings.ramsch_db))
    if settings.ramsch_shard_ids is not None:
        shards = describe(settings.ramsch_shard_ids)
        log.info("Shards: %s of %s", shards, settings.ramsch_shard_count)
        count = settings.ramsch_shard_count or 1
        refusal = needs_shared_database(
            settings.ramsch_shard_ids, count, backend.is_postgres(settings.ramsch_db)
        )
        if refusal:
            print(f"Invalid configuration: {refusal}", file=sys.stderr)
            raise SystemExit(2)
        warning = coverage_warning(settings.ramsch_shard_ids, count)
        if warning:
            log.info("%s", warning)
    freeze_imports()
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run_until_stopped(settings))
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN")
        raise SystemExit(1) from None
    except DiscordUnreachable as error:
        log.error("%s", error)
        raise SystemExit(3) from None
    except StoreUnusable as error:
        log.error("%s", error)
        raise SystemExit(4) from None
    except LeaseRefused as error:
        log.error("%s", error)
        raise SystemExit(5) from None
    except LeaseLost:
        raise SystemExit(5) from None  # the lease's renewer said so when it happened


if __name__ == "__main__":
    main()
