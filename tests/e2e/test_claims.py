"""Claims of the rest through Discord, in full Skat: "Rest is mine" on the hand of the player
to act in the last tricks; a claim that does not hold is refused with one sentence and logs
nothing; one that holds plays the rest at once and the deal's result is posted."""

from __future__ import annotations

from ramsch_core.claims import claim_holds
from tests.e2e.conftest import Harness
from tests.e2e.driver import logged
from tests.e2e.skat_driver import SkatGame, buttons_by_kind, claimed


async def test_a_claim_is_refused_unless_every_line_gives_the_rest_then_ends_the_deal(
    harness: Harness,
) -> None:
    players = [harness.emulator.add_user(name) for name in ("Alice", "Bob", "Carol")]
    game = SkatGame(harness, players)
    await game.open(rounds=4)
    await game.start()
    refused = False
    while True:
        user, message, enabled = game.on_turn()
        claims = buttons_by_kind(enabled).get("claim", [])
        if not claims:
            await game.auto_step()
            continue
        match = game.replay()
        seat = match.deal_seat(game.players.index(user))
        assert seat is not None
        holds = claim_holds(match.deal, seat)
        if not holds and not refused:
            count = logged(game)
            handle = await user.click(message, str(claims[0]["custom_id"]))
            await handle.wait_ack()
            await harness.settle()
            assert game.refusals(handle) == ["Not every line of play gives your side the rest"]
            assert logged(game) == count
            refused = True
        elif holds and refused:
            break
        await game.auto_step()
    number, count = match.number, logged(game)
    rest = claimed(match)
    await game.press("claim", user=user)
    assert logged(game) == count + len(rest)
    assert len(game.replay().finished_deals) == number + 1
    texts = [m.text for m in harness.channel.current_messages()]
    assert any(f"deal {number + 1} of" in text and ": result" in text for text in texts)
    assert any(f"{user.name} claimed the rest" in text for text in texts), texts[-3:]
