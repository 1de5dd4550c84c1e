"""Private tables: who may sit down at one, and the host's invitations from its lobby."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.storage import Store
from bot.tables.errors import NotHost, TableError, WrongState
from bot.tables.model import Table, Update
from bot.tables.registry import TableRegistry

MAX_INVITED = 50
"""Players one table may invite at most (each invitation is a DM)."""


class NotInvited(TableError):
    """A private table refuses a player the host did not invite."""


def check_may_join(table: Table, user_id: int) -> None:
    """NotInvited unless the user may sit down at the table (``Table.may_join``)."""
    if not table.may_join(user_id):
        raise NotInvited("This table is private: only the players the host invited can join")


@dataclass(frozen=True)
class Invitation:
    """The host's invitation from a lobby: the players to tell (each chosen one, also one
    invited before: he is reminded) and the lobby's update when any of them is new."""

    table: Table
    users: tuple[int, ...]
    update: Update | None


class Invites:
    """The host invites players to his private table from its lobby (``service.invites``)."""

    def __init__(self, store: Store, tables: TableRegistry, clock: Callable[[], float]) -> None:
        self.store = store
        self.tables = tables
        self.clock = clock

    async def invite(self, table_id: int, user_id: int, users: Sequence[int]) -> Invitation:
        """Host only, private lobby only: ``users`` may join from now on (stored first). A
        chosen player who sits at the table already, or the host himself: refused, nothing
        changes. The adapter refuses bots and strangers to the server before."""
        async with self.tables.locked(table_id) as table:
            if user_id != table.host_id:
                raise NotHost("Only the host can invite players")
            if table.status != "lobby":
                raise WrongState("The game has already started")
            if not table.private:
                raise WrongState("Anyone can join this table: there is no need to invite")
            chosen = tuple(dict.fromkeys(users))
            if not chosen:
                raise TableError("Choose the players to invite")
            if table.host_id in chosen:
                raise TableError("You sit at your table already: invite other players")
            seated = next((user for user in chosen if table.seat_of(user) is not None), None)
            if seated is not None:
                raise TableError("{user} sits at this table already", user=f"<@{seated}>")
            new = [user for user in chosen if user not in table.invited]
            if len(table.invited) + len(new) > MAX_INVITED:
                raise WrongState("A table can invite at most {count} players", count=MAX_INVITED)
            if not new:
                return Invitation(table, chosen, None)
            await self.store.tables.add_invites(table.id, new)
            table.invited = table.invited | frozenset(new)
            update = await self.tables.changed(Update(table, "invited", actor=user_id))
            return Invitation(table, chosen, update)
