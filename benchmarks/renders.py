"""The bot's render work per click, in one process, by part: what the publisher does for a
card click (the table message, every hand, their keys and request bodies with the pictures),
no emulator, no network. `python -m benchmarks.renders`

It plays sample deals of Skat Ramsch as `benchmarks.floor` records them (random legal cards,
the servers' default settings) and, before every card, renders what the publisher renders:
the table message with its trick picture, its key and, if the key changed, the edit's body
as the bot builds it (the picture drawn and encoded); then each hand as the publisher
does (a waiting hand whose inputs did not change is not rendered again), its picture, key
and body. It prints the thread's CPU microseconds per click of each part, the best of
``--repeat`` passes (the picture caches cleared before each, the card tiles kept), so that a
busy machine, which slows a pass, moves the figure less than it moves the table benchmark;
run it for two commits one after the other, alternating, to compare them."""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from typing import Any

from discord.http import handle_message_parameters

from benchmarks.floor import MENTIONS, sample_table
from bot.pictures import clear_caches
from bot.ui import faces
from bot.ui.card_pictures import with_hand, with_trick
from bot.ui.hand import render_hand
from bot.ui.message import Rendered
from bot.ui.table import render_table
from ramsch_core import Play

PARTS = (
    "table render", "table key", "table body", "hand view", "hand render", "hand picture",
    "hand key", "hand body", "core",
)  # fmt: skip
"""The parts timed (the bodies draw and encode the pictures)."""


def body(shown: Rendered) -> None:
    """The request body of an edit of ``shown`` as the bot builds it (``edit_params``; in an
    older checkout discord.py's of ``edit_kwargs``), its files read."""
    edit_params = getattr(shown, "edit_params", None)
    if edit_params is not None and shown.layout:
        params = edit_params()
    else:
        kwargs = shown.edit_kwargs()
        params = handle_message_parameters(**kwargs, previous_allowed_mentions=MENTIONS)
    for file in params.files or ():
        file.fp.read()


def deal(seed: int, spent: dict[str, float]) -> int:
    """Play one sample deal, timing the renders before each card into ``spent``; the
    number of cards played."""
    clock = time.thread_time
    rng = random.Random(seed)
    table = sample_table(seed)
    match = table.match
    assert match is not None
    users = [seat.user_id for seat in table.seats if seat.user_id is not None]
    table_key: str | None = None
    hand_keys: list[str | None] = [None] * len(users)
    inputs_shown: list[Any] = [None] * len(users)
    clicks = 0
    while match.number == 0:
        start = clock()
        public = match.deal.public_view()
        shown = with_trick(render_table(table, dms=True, view=public), table, public)
        rendered = clock()
        key = shown.key()
        keyed = clock()
        if key != table_key:
            body(shown)
            table_key = key
        spent["table render"] += rendered - start
        spent["table key"] += keyed - rendered
        spent["table body"] += clock() - keyed
        for n, user in enumerate(users):
            start = clock()
            view = table.view_for(user)
            assert view is not None
            waiting = view.public.phase == "play" and view.public.to_act != view.seat
            inputs = (view.hand, view.legal, view.public.trick_counts) if waiting else None
            viewed = clock()
            spent["hand view"] += viewed - start
            if inputs is not None and inputs == inputs_shown[n]:
                continue
            with faces.preferring(faces.Preference()):
                hand = render_hand(table, user, view)
                rendered = clock()
                hand = with_hand(hand, table, user, view)
            pictured = clock()
            key = hand.key()
            keyed = clock()
            if key != hand_keys[n]:
                body(hand)
                hand_keys[n] = key
            spent["hand render"] += rendered - viewed
            spent["hand picture"] += pictured - rendered
            spent["hand key"] += keyed - pictured
            spent["hand body"] += clock() - keyed
            inputs_shown[n] = inputs
        start = clock()
        plays = [action for action in match.deal.legal_actions() if isinstance(action, Play)]
        match.apply(rng.choice(plays), match.to_act)
        table.log_length += 1
        table.turn_started_at += 1.0
        spent["core"] += clock() - start
        clicks += 1
    return clicks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=15, help="sample deals a pass plays")
    parser.add_argument("--repeat", type=int, default=7, help="passes; the best counts")
    args = parser.parse_args()
    deal(0, defaultdict(float))  # the card tiles and the imports, once
    best: tuple[float, dict[str, float], int] | None = None
    for _ in range(args.repeat):
        clear_caches(tiles=False)
        spent: dict[str, float] = defaultdict(float)
        clicks = sum(deal(seed, spent) for seed in range(1, args.deals + 1))
        total = sum(spent.values())
        if best is None or total < best[0]:
            best = (total, spent, clicks)
    assert best is not None
    total, spent, clicks = best
    for part in PARTS:
        print(f"{part:13s} {spent[part] * 1e6 / clicks:8.1f} us/click")
    print(f"{'total':13s} {total * 1e6 / clicks:8.1f} us/click ({clicks} clicks, best of "
          f"{args.repeat} passes)")  # fmt: skip


if __name__ == "__main__":
    main()
