"""What the adapter last showed of each table (its message, its hand DMs): written as the
messages change, read at start-up so that a restart edits them instead of posting anew."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage.repository import Repository
from bot.storage.rows import ShownHand, ShownTable
from bot.storage.tables import UNSHOWN


class ShownRepository(Repository):
    """The shown records of the tables (``store.shown``)."""

    async def save_shown(
        self, shown: Sequence[ShownTable], *, forget: Sequence[int] = (), at: float
    ) -> None:
        """Record what tables' messages show now (replacing what was recorded for them), and
        forget ``forget`` tables' records (they are over). One transaction for all."""
        if not shown and not forget:
            return
        table_ids = [(s.table_id,) for s in shown] + [(t,) for t in forget]
        async with self._transaction() as db:
            await db.executemany("DELETE FROM shown_hands WHERE table_id = ?", table_ids)
            await db.executemany(
                "DELETE FROM shown_tables WHERE table_id = ?", [(t,) for t in forget]
            )
            await db.executemany(
                "INSERT INTO shown_tables (table_id, message_id, log_position, deal, results,"
                " away, shown, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id) DO"
                " UPDATE SET message_id = excluded.message_id, log_position ="
                " excluded.log_position, deal = excluded.deal, results = excluded.results,"
                " away = excluded.away, shown = excluded.shown, at = excluded.at",
                [(s.table_id, s.message_id, s.log_position, s.deal, s.results, s.away, s.shown,
                  at) for s in shown],
            )  # fmt: skip
            await db.executemany(
                "INSERT INTO shown_hands (table_id, user_id, channel_id, message_id, deal,"
                " log_position, shown) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(s.table_id, h.user_id, h.channel_id, h.message_id, h.deal, h.log_position,
                  h.shown) for s in shown for h in s.hands],
            )  # fmt: skip

    async def load_shown(self) -> dict[int, ShownTable]:
        """What the messages of every table load_open_tables returns showed, by table id."""
        hands: dict[int, list[ShownHand]] = {}
        for row in await self._fetch(
            "SELECT h.table_id, h.user_id, h.channel_id, h.message_id, h.deal, h.log_position,"
            " h.shown FROM shown_hands h JOIN tables t ON t.id = h.table_id"
            f" WHERE {UNSHOWN} ORDER BY h.table_id, h.user_id"
        ):
            hands.setdefault(row[0], []).append(ShownHand(*row[1:]))
        rows = await self._fetch(
            "SELECT s.table_id, s.message_id, s.log_position, s.deal, s.results, s.away,"
            " s.shown FROM shown_tables s JOIN tables t ON t.id = s.table_id"
            f" WHERE {UNSHOWN}"
        )
        return {
            table_id: ShownTable(table_id, message_id, log_position, deal, results, away, shown,
                                 tuple(hands.get(table_id, ())))
            for table_id, message_id, log_position, deal, results, away, shown in rows
        }  # fmt: skip
