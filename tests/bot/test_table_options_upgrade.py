"""Issue 29, item 3: table options stored before a game owned its match options (Bock rounds,
tournament scoring were fields of every table's options) load with every option kept, and
the table plays on with them (FS-13)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from bot.storage import Store
from ramsch_core import parse_table_options, preset
from ramsch_core.games.skat.match_options import SkatMatchOptions
from tests.bot.helpers import FakeClock, make_service, play_human_turn, play_out, restart
from tests.bot.people import ALICE, BOB, CHANNEL, GUILD, HOST, NAMES

STORED_SKAT_BOCK = (
    '{"seats": 3, "rounds": 2, "bock_on_durchmarsch": true, "bock_on_tie": false, '
    '"bock_on_sixty": true, "bock_on_kontra": true, "bock_on_re": true, '
    '"bock_on_grand_hand": true, "bock_on_value": true, "bock_threshold": 96, '
    '"ramsch_after_bock": true, "tournament": false}'
)
"""The options of a Skat table with the Bock preset and a threshold of 96, as the version
before stored them (``TableOptions.model_dump()`` of that version, every field of it)."""

STORED_RAMSCH_AFTER_SKAT = (
    '{"seats": 3, "rounds": 1, "bock_on_durchmarsch": true, "bock_on_tie": false, '
    '"bock_on_sixty": false, "bock_on_kontra": true, "bock_on_re": false, '
    '"bock_on_grand_hand": false, "bock_on_value": false, "bock_threshold": 72, '
    '"ramsch_after_bock": false, "tournament": false}'
)
"""A Ramsch table once set to Skat with Bock after a Kontra won, in the former shape."""


def test_former_options_keep_every_option_and_act_only_at_their_game() -> None:
    """A Kontra switch kept at a Ramsch table never acts there (no Kontra in a Ramsch) but
    is not lost: the table changed back to Skat has it again."""
    options = parse_table_options(json.loads(STORED_RAMSCH_AFTER_SKAT))
    assert options.model_dump() == json.loads(STORED_RAMSCH_AFTER_SKAT)
    ramsch = options.of_game(preset("skat"))
    assert ramsch.model_dump() == {
        "bock_on_durchmarsch": True,
        "bock_on_tie": False,
        "tournament": False,
    }
    skat = options.of_game(preset("skat", game="skat"))
    assert isinstance(skat, SkatMatchOptions) and skat.bock_on_kontra


async def test_a_stored_skat_table_with_bock_plays_on_with_its_options(
    db_path: Path, clock: FakeClock, seeds: Callable[[], int]
) -> None:
    """FS-13: a Skat table mid-match whose row holds the former options is rebuilt with
    every one of them (the threshold 96 included), its Bock rounds as they were, and plays
    to its end; its stored options are written back unchanged."""
    rules = preset("skat-bock", game="skat")
    store = await Store.open(db_path)
    service = make_service(store, clock, seeds)
    update = await service.lobby.open(
        guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Host",
        rules=rules, options=json.loads(STORED_SKAT_BOCK),
    )  # fmt: skip
    table = update.table
    for user in (ALICE, BOB):
        await service.lobby.join(table.id, user, NAMES[user])
    await service.lobby.start(table.id, HOST)
    await service.autoplay.wait_idle()
    rng = random.Random(3)
    while table.deal_number < 2:
        await play_human_turn(service, table, rng)
    async with store.transaction() as db:
        await db.execute("UPDATE tables SET options = ? WHERE id = ?", (STORED_SKAT_BOCK, table.id))
    before = table.snapshot()
    service, store = await restart(service, store, db_path, clock, seeds)
    try:
        [again] = await service.recovery.recover()
        assert again.snapshot() == before
        chosen = again.options.of_game(again.rules)
        assert chosen == SkatMatchOptions.model_validate(json.loads(STORED_SKAT_BOCK))
        assert isinstance(chosen, SkatMatchOptions) and chosen.bock_threshold == 96
        assert again.match is not None and table.match is not None
        assert again.match.bock_rounds.queue == table.match.bock_rounds.queue
        await service.autoplay.wait_idle()
        await play_out(service, again, seed=4)
        assert again.status == "finished"
        rows = await store.db.execute_fetchall(
            "SELECT options FROM tables WHERE id = ?", (table.id,)
        )
        assert json.loads(rows[0][0]) == json.loads(STORED_SKAT_BOCK)
    finally:
        await service.close()
        await store.close()
