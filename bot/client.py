"""The bot: a commands.Bot holding the table service, the /ramsch group and one error handler."""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import emojis, i18n
from bot.commands.sync import CommandSync
from bot.commands.translator import CatalogueTranslator
from bot.i18n import N_, _
from bot.preferences import Preferences
from bot.settings import Settings
from bot.tables import TableError
from bot.tables.errors import UserText
from bot.tables.log import database_unavailable, fault
from bot.ui import faces
from bot.ui.text import name_text
from ramsch_core import RulesError
from ramsch_core.errors import render_template

if TYPE_CHECKING:
    from bot.cluster import Cluster
    from bot.storage import Store
    from bot.tables import TableService
    from bot.ui.items import ClickHandler

log = logging.getLogger(__name__)

EXTENSIONS = (
    "bot.cogs.tables",
    "bot.cogs.config",
    "bot.cogs.info",
    "bot.cogs.stats",
    "bot.cogs.history",
    "bot.cogs.preferences",
    "bot.cogs.privacy",
    "bot.cogs.tournament",
    "bot.cogs.public",
)
MAX_REPLY = 2000
"""Characters of a message's content Discord takes."""
APOLOGY = N_("Sorry, something went wrong on my side. It has been logged; please try again.")
DATABASE_DOWN = N_(
    "The bot can't reach its database right now, so nothing was changed. Please try again in"
    " a moment."
)


def user_message(error: BaseException) -> str | None:
    """The message a user should read for an expected refusal, in the current language and
    with cards as the reader sees them; None for a bug. A database that is unreachable or
    failing for the moment is not a bug: nothing was changed, the user may try again."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if database_unavailable(error):
        return _(DATABASE_DOWN)
    if isinstance(error, TableError | RulesError):
        params = {
            key: name_text(value) if isinstance(value, UserText) else value
            for key, value in error.params.items()
        }
        with faces.showing(getattr(error, "rules", None)):
            return render_template(
                error.template, params, i18n.translate, faces.face, faces.suit_face
            )
    if isinstance(error, app_commands.CheckFailure | app_commands.TransformerError):
        return str(error) or _("You can't use this command here.")
    return None


UNKNOWN_INTERACTION = 10062
"""Discord's error code for an interaction answered after its three seconds."""


def expired(error: BaseException) -> bool:
    """Whether Discord refused an answer because the interaction's time had run out."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


class RamschTree(app_commands.CommandTree["RamschBot"]):
    """The command tree: each command speaks the language of the user who ran it."""

    async def interaction_check(self, interaction: discord.Interaction[RamschBot]) -> bool:
        i18n.speak_to(interaction)
        return True


BUCKET_SWEEP_INTERVAL = 30.0
"""Seconds between two sweeps of discord.py's rate limit buckets for unused ones."""


def _throttle_bucket_sweep(http: Any, clock: Any = time.monotonic) -> None:
    """Let discord.py sweep its rate limit buckets at most every BUCKET_SWEEP_INTERVAL s.

    It looks through every bucket whenever a request makes a new one once there are 256:
    every interaction's answer and every new hand message makes one, so with a few hundred
    tables each of those requests went through thousands of buckets. A bucket is dropped only
    after five minutes unused, so sweeping every half minute keeps as few."""
    sweep = getattr(http, "_try_clear_expired_ratelimits", None)
    if sweep is None:  # another discord.py: leave it as it is
        return
    last = clock()

    def throttled() -> None:
        nonlocal last
        now = clock()
        if now - last >= BUCKET_SWEEP_INTERVAL:
            last = now
            sweep()

    vars(http)["_try_clear_expired_ratelimits"] = throttled


def _route_clicks_ourselves(state: Any) -> None:
    """Keep discord.py from dispatching the bot's dynamic items: the bot routes every click
    on them itself (``bot.ui.routing.route_click``). discord.py registers an item's class
    again whenever a message is sent with a view holding one (an editor, a record select)
    and would then answer such a click a second time; and for each click it dispatches it
    rebuilds the whole message as a view to find the item (about a tenth of a click's CPU)."""
    store = getattr(state, "_view_store", None)
    if store is not None and hasattr(store, "dispatch_dynamic_items"):
        vars(store)["dispatch_dynamic_items"] = lambda *args: None


def freeze_startup_heap() -> None:
    """Leave the objects of the start (modules, classes, catalogues, caches) out of every later
    garbage collection: they live as long as the process. With them, a full collection at 400
    tables stopped the bot for up to 125 ms, every click then waiting; without, up to 50 ms."""
    gc.collect()
    gc.freeze()


GC_THRESHOLDS = (50_000, 20, 10)
"""The garbage collector's thresholds in ``python -m bot`` (Python's are 700, 10, 10). Each
render makes reference cycles (a ``discord.ui.View`` and its items) that live until its edit
is answered or the next edit replaces the view; at 700 allocations a young collection came
about 60 times a second under load, so they outlived two of them and reached the oldest
generation, whose full collections (140 ms each at 200 tables, every 2 s) took 16-20 % of the
bot's CPU at think 1 s. With 50,000 most die young: 4-7 %, young collections of tens of ms
and no full one in 20 s of play."""


def collect_less() -> None:
    """Collect young garbage less often (``GC_THRESHOLDS``)."""
    gc.set_threshold(*GC_THRESHOLDS)


def freeze_imports() -> None:
    """At the start of ``python -m bot``, once its modules are imported and before the
    database is opened: collect young garbage less often from now on (``GC_THRESHOLDS``),
    and leave what the imports made (modules, classes, catalogues: about 77,000 objects) out
    of every collection. The imports leave no cyclic garbage (a collection at this point
    finds none), so nothing is frozen that could have been freed. Before, the recovery of
    1,000 tables (about 1.5 million objects allocated) ran the collector with Python's
    thresholds through those objects again and again (70-90 ms of a 0.5-0.7 s recover()),
    and the full collection of ``freeze_startup_heap`` at the first ready took 50-65 ms
    instead of about 20."""
    collect_less()
    gc.freeze()


class HeldEvents:
    """The gateway's events, held back until the bot has started, then handled in the order
    they came (``release``).

    The bot recovers its tables while discord.py connects: the connection's round trips and
    the gateway's READY and GUILD_CREATE events, which took 0.2-0.3 s after the recovery of
    1,000 tables, now come meanwhile. But no event is handled before the tables are there:
    not a click, not a deleted channel, not READY (so ``on_ready`` and ``is_ready`` still
    mean that every table is recovered), just as when the bot connected only after
    recovering. Every parser of the connection state is wrapped, once: while held, an event
    is kept with its name; at the release each is handled by the parser then in place under
    its name (which may wrap this one: the cluster's relay of clicks), and every later event
    at once."""

    def __init__(self, parsers: dict[str, Callable[[Any], None]]) -> None:
        self.parsers = parsers
        self.held: list[tuple[str, Any]] | None = []
        for name, parse in list(parsers.items()):
            parsers[name] = self._holding(name, parse)

    def _holding(self, name: str, parse: Callable[[Any], None]) -> Callable[[Any], None]:
        def hold(data: Any) -> None:
            if self.held is None:
                parse(data)
            else:
                self.held.append((name, data))

        return hold

    def release(self) -> None:
        held, self.held = self.held, None
        for name, data in held or ():
            self.parsers[name](data)


class RamschBot(commands.Bot):
    """The Ramsch bot; resources (store, service) are opened outside and passed in."""

    def __init__(
        self,
        settings: Settings,
        service: TableService,
        store: Store | None = None,
        *,
        extensions: tuple[str, ...] = EXTENSIONS,
        **options: Any,
    ) -> None:
        options.setdefault("guild_ready_timeout", settings.ramsch_guild_ready_timeout)
        # The bot never joins voice: no warnings about missing voice libraries.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            help_command=None,
            tree_cls=RamschTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,
        )
        _throttle_bucket_sweep(self.http)
        _route_clicks_ourselves(self._connection)
        self.settings = settings
        self.freeze_heap = False
        """Freeze the start heap at the first ready (``python -m bot``, which owns its process;
        not a bot run inside tests)."""
        self._heap_frozen = False
        self.service = service
        self.store = store
        self.initial_extensions = extensions
        self.ramsch = app_commands.Group(
            name="ramsch",
            description="Play Ramsch: open a table, read the rules, see the scores",
            guild_only=True,
        )
        self.clicks: ClickHandler | None = None
        self.cluster: Cluster | None = None
        """This process among several on one database (bot/cluster.py); None: the only one."""
        self.preferences = Preferences(None if store is None else store.preferences, service.clock)
        self.command_sync: asyncio.Task[None] | None = None
        """The slash commands' sync (bot/commands/sync.py), run in the background: the bot
        connects at once, serving the commands Discord has from before, however long a
        failing sync takes."""
        self.emoji_upload: asyncio.Task[None] | None = None
        """The card emojis still being uploaded in the background (bot/emojis.py), if any."""
        self.starting: list[asyncio.Task[Any]] = []
        """Work of the start that runs while discord.py connects (the cogs add it in
        ``cog_load``: the tables' recovery); the gateway's events wait for it
        (``HeldEvents``)."""
        self._started: asyncio.Task[None] | None = None
        self.start_failure: BaseException | None = None
        """Why the start's work failed (the bot then closed); ``start`` raises it."""
        self.tree.error(self.on_app_command_error)

    async def setup_hook(self) -> None:
        events = HeldEvents(self._connection.parsers)
        await self.preferences.load()
        await self.tree.set_translator(CatalogueTranslator())
        for extension in self.initial_extensions:
            await self.load_extension(extension)
        self.tree.add_command(self.ramsch)
        self.command_sync = asyncio.create_task(self.sync_commands(), name="command sync")
        if self.settings.ramsch_card_emojis:
            self.emoji_upload = await emojis.sync(self)
        self._started = asyncio.create_task(self._release_when_started(events), name="start")

    async def _release_when_started(self, events: HeldEvents) -> None:
        """Handle the gateway's events once the start's work is done; if it failed, close
        the bot (``start`` raises why)."""
        try:
            for work in self.starting:
                await work
            self.starting.clear()
            events.release()
        except asyncio.CancelledError:
            return  # the bot is closing
        except Exception as error:
            self.start_failure = error
            await self.close()

    async def start(self, token: str, *, reconnect: bool = True) -> None:
        """Log in and connect; raises what failed in the start's work after its close."""
        await super().start(token, reconnect=reconnect)
        if self.start_failure is not None:
            raise self.start_failure

    async def close(self) -> None:
        for background in (self.command_sync, self.emoji_upload):
            if background is not None:
                background.cancel()
        if self._started is not None and self._started is not asyncio.current_task():
            self._started.cancel()
        emojis.forget()
        await super().close()

    async def sync_commands(self) -> None:
        """Sync to the configured guilds (instant), else globally (may take a while to show):
        only what changed since the last start, removing the copies of the other kind; a
        guild Discord refuses or a server error never stops the start (bot.commands.sync)."""
        saved = None if self.store is None else self.store.commands
        sync = CommandSync(self, self.tree, saved, clock=self.service.clock)
        try:
            await sync.run(self.settings.ramsch_guild_ids)
        except Exception:
            log.exception("Syncing the commands failed; the next start tries again")

    async def on_ready(self) -> None:
        if self.freeze_heap and not self._heap_frozen:
            # Once: later readies (reconnects) hold tables that end.
            self._heap_frozen = True
            freeze_startup_heap()
            collect_less()
        user = self.user
        log.info("Logged in as %s (%s) in %d guild(s)", user, user and user.id, len(self.guilds))

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await self.report_error(interaction, error)

    async def report_error(self, interaction: discord.Interaction, error: BaseException) -> None:
        """The one error handler: refusals answered ephemerally, bugs logged and apologised for."""
        i18n.speak_to(interaction)
        message = user_message(error)
        what = interaction.command.qualified_name if interaction.command else "a click"
        user = interaction.user.id
        original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if expired(original):
            # Acknowledged too late (an overloaded bot): Discord no longer knows the click, so
            # no answer can reach its user; what it did shows in the messages. Not a bug.
            log.warning("Too late to answer %s of user %s: %s", what, user, original)
            return
        if message is None:
            log.error("Error while handling %s of user %s", what, user, exc_info=error)
            message = _(APOLOGY)
        elif database_unavailable(original):
            # One line, no traceback: an outage is not a bug (the error names the server
            # without its password, see backend.describe).
            log.warning(
                "The database failed while handling %s of user %s: %s", what, user, fault(original)
            )
        else:
            # Not the text: a refusal may say what only its player may know (a hidden partner).
            log.debug("Refused user %s (%s)", interaction.user.id, type(error).__name__)
        await self.reply(interaction, message)

    async def reply(self, interaction: discord.Interaction, message: str) -> None:
        """An ephemeral answer, whether or not the interaction was acknowledged already; cut
        to Discord's 2,000 characters (a refusal may echo what the user typed)."""
        if len(message) > MAX_REPLY:
            message = message[: MAX_REPLY - 1] + "…"
        try:
            if interaction.response.is_done():
                await interaction.followup.send(message, ephemeral=True)
            else:
                await interaction.response.send_message(message, ephemeral=True)
        except discord.HTTPException as error:
            log.warning("Could not answer interaction %s: %s", interaction.id, error)
