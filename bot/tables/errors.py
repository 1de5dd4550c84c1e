"""Refusals of the table service; each carries a message the adapter shows the user as is."""


class TableError(Exception):
    """A request the table refuses; ``message`` is for the user (answered ephemerally)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(TableError):
    """The table is unknown, finished or cancelled."""


class NotSeated(TableError):
    """The user holds no seat at the table."""


class NotHost(TableError):
    """Only the host (or, for abort, a Manage Server user) may do this."""


class StaleAction(TableError):
    """A button from an earlier deal, or a card that was already played."""


class NotYourTurn(TableError):
    """Another seat is to act."""


class IllegalAction(TableError):
    """The rules refuse the action (a core RulesError, message passed on)."""


class WrongState(TableError):
    """The table is not in the phase the request needs (e.g. joining a started game)."""


class ChannelBusy(TableError):
    """The channel already has an open table, or tables are not allowed there."""
