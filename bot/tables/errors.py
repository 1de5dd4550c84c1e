"""Refusals of the table service; each carries a message the adapter shows the user as is.

Like the core's RulesError, a refusal is a template and named parameters
(``TableError("Table #{table} is full", table=7)``): ``message`` is the English text,
``render(translate, card, suit)`` the text for another language (see ramsch_core.errors)."""

from __future__ import annotations

from typing import Self

from ramsch_core.errors import RulesError, Templated


class UserText(str):
    """Text a user chose, such as a player's name, as a refusal's parameter: the adapter
    escapes it wherever it shows the refusal (``bot.client.user_message``), so a nickname
    like ``<@someone> **x**`` pings nobody and shows as typed."""


class TableError(Templated, Exception):
    """A request the table refuses; ``message`` is for the user (answered ephemerally)."""

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params = params
        self.message = self.render()
        super().__init__(self.message)

    @classmethod
    def of(cls, error: RulesError) -> Self:
        """This refusal for a core error, keeping its template and parameters."""
        return cls(error.template, **error.params)


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
    """The rules refuse the action (a core RulesError, its template and parameters passed on
    by ``IllegalAction.of(error)``)."""


class WrongState(TableError):
    """The table is not in the phase the request needs (e.g. joining a started game)."""


class ChannelBusy(TableError):
    """The channel already has an open table, or tables are not allowed there."""
