"""A local Discord API emulator (REST + gateway) for end-to-end tests of discord.py bots."""

from .emulator import Emulator, Event, percentile
from .errors import APIError, EmulatorFailure, SimulationError, Violation
from .faults import RequestSpan
from .interactions import InteractionHandle
from .message_model import Attachment, Message, MessageVersion
from .model import ADMINISTRATOR, MANAGE_GUILD, Channel, Guild, Member, Role, UserAccount
from .users import SimUser

__all__ = [
    "ADMINISTRATOR",
    "MANAGE_GUILD",
    "APIError",
    "Attachment",
    "Channel",
    "Emulator",
    "EmulatorFailure",
    "Event",
    "Guild",
    "InteractionHandle",
    "Member",
    "Message",
    "MessageVersion",
    "RequestSpan",
    "Role",
    "SimUser",
    "SimulationError",
    "UserAccount",
    "Violation",
    "percentile",
]
