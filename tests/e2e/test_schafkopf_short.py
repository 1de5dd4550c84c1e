"""The Schafkopf short pack through Discord (SF-15): a whole session at a table of 24 cards,
six to each player — every hand, card picture and result as the players see them."""

from __future__ import annotations

import re

from bot.emoji_faces import all_faces
from bot.ui.faces import cards_in as faces_in
from ramsch_core import Card, Rank
from tests.e2e.conftest import Harness
from tests.e2e.driver import card_of_control
from tests.e2e.schafkopf_driver import SchafkopfGame
from tests.emulator import Message
from tests.emulator import components as comp

NAMES = ("Alice", "Bob", "Carol", "Dora")
SHORT_PACK = {card for card in Card if card.rank not in (Rank.SEVEN, Rank.EIGHT)}
GERMAN_FACES = {face.card.name: face.name for face in all_faces() if face.style == "ger"}
"""The emoji of each card in the German pack (its Herz faces are shared with the French)."""
PLAYER_LINE = re.compile(r"^\*\*(\w+)\*\*(?: \(.*\))?: (\d+) card points, (\d+) tricks? → ", re.M)


def hand_cards(game: SchafkopfGame, name: str) -> tuple[list[str], str]:
    """The cards on the ``**Your cards:**`` line of a player's hand, and the alt text of the
    picture of his hand."""
    user = next(user for user in game.players if user.name == name)
    message = game.hand_message(user)
    assert message is not None
    line = next(line for line in message.text.split("\n") if line.startswith("**Your cards:**"))
    pictures = [a for a in message.current.attachments if a.filename == "hand.png"]
    assert len(pictures) == 1, message.current.attachments
    return line.split()[2:], pictures[0].description or ""


def german_pictures(game: SchafkopfGame, message: Message) -> int:
    """Every card control carries the application's emoji of that card in the German pack
    and is a card of the short pack; how many were checked."""
    owned = {emoji.id: emoji.name for emoji in game.h.emulator.app_emojis.by_id.values()}
    checked = 0
    for control in comp.interactive(message.components):
        cards = [(control.get("emoji"), card_of_control(control["custom_id"]))]
        cards += [(option.get("emoji"), option["value"]) for option in control.get("options") or ()]
        for emoji, card in cards:
            if card is None or card not in Card.__members__:
                continue
            assert Card[card] in SHORT_PACK, card
            assert emoji and emoji.get("id"), f"{card} without its picture: {control}"
            assert owned[int(emoji["id"])] == GERMAN_FACES[card], (card, emoji)
            checked += 1
    return checked


async def test_a_session_at_a_short_pack_table(harness: Harness) -> None:
    """SF-15: ``pack=short`` for a session of four deals. At each deal's start every player
    holds six cards, in his hand's text and in its picture's alt text, none a 7 or an 8; the
    cards he may play carry their German pictures; each result shows its sixth trick as the
    last, the card points of all four add up to 120 over six tricks — the last deal a Ramsch,
    all saying weiter; the totals add up."""
    players = [harness.emulator.add_user(name) for name in NAMES]
    game = SchafkopfGame(harness, players)
    await game.open(rounds=1, options="pack=short")
    await game.start()
    assert game.rules().hand_size == 6  # type: ignore[attr-defined]
    started: set[int] = set()
    pictures = 0
    while not game.replay().finished:
        match = game.replay()
        if match.number not in started and not match.deal.view(0).played:
            started.add(match.number)
            for name in NAMES:
                cards, alt = hand_cards(game, name)
                assert len(cards) == 6, (name, cards)
                assert faces_in(" ".join(cards)) <= SHORT_PACK
                assert alt.startswith("Your cards: ") and alt.count(", ") == 5, alt
                assert not re.search(r"Sieben|Acht|\b[78]\b", alt), alt
        _user, message, _enabled = game.on_turn()
        pictures += german_pictures(game, message)
        if match.number == 3 and match.deal.phase == "calling":
            await game.press("pass")  # the last deal all say weiter: a Ramsch of six tricks
        else:
            await game.auto_step()
    assert started == {0, 1, 2, 3} and pictures > 20
    match = game.replay()
    assert len(match.finished_deals) == 4
    totals = [0, 0, 0, 0]
    for number, finished in enumerate(match.finished_deals):
        result = finished.result
        totals = [total + score for total, score in zip(totals, result.scores, strict=True)]
        text = next(
            m.text
            for m in harness.channel.current_messages()
            if f"deal {number + 1} of 4: result" in m.text
        )
        assert not faces_in(text) - SHORT_PACK, text
        if result.contract == "passed":
            assert "Trick " not in text
            continue
        assert len(result.tricks) == 6 and "Trick 6:" in text and "Trick 7" not in text, text
        lines = PLAYER_LINE.findall(text)
        assert sorted(name for name, _points, _tricks in lines) == sorted(NAMES), text
        assert sum(int(points) for _name, points, _tricks in lines) == 120, text
        assert sum(int(tricks) for _name, _points, tricks in lines) == 6, text
    assert sum(totals) == 0
    assert match.finished_deals[3].result.contract == "ramsch"
    assert harness.emulator.errors == []
