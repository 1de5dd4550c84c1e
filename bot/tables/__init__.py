"""The application layer: tables, seats, actions logged before they show, AI seats, timers."""

from bot.tables.errors import (
    ChannelBusy,
    IllegalAction,
    NotFound,
    NotHost,
    NotSeated,
    NotYourTurn,
    StaleAction,
    TableError,
    WrongState,
)
from bot.tables.model import Seat, Table, Update, UpdateKind
from bot.tables.players import AI_KINDS, Player, PlayerFactory
from bot.tables.service import TableService
from bot.tables.settings import GuildSettings

__all__ = [
    "AI_KINDS",
    "ChannelBusy",
    "GuildSettings",
    "IllegalAction",
    "NotFound",
    "NotHost",
    "NotSeated",
    "NotYourTurn",
    "Player",
    "PlayerFactory",
    "Seat",
    "StaleAction",
    "Table",
    "TableError",
    "TableService",
    "Update",
    "UpdateKind",
    "WrongState",
]
