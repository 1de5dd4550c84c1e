"""Game records: a deal's rules, cards and actions as JSON, read back and replayed exactly."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ramsch_core.actions import Action, PassOn, PickUp, Play, Push
from ramsch_core.cards import Card
from ramsch_core.errors import RecordError, RulesError
from ramsch_core.rules import AnyRules, parse_rules

if TYPE_CHECKING:
    from ramsch_core.deal import Deal


def action_to_json(action: Action, seat: int) -> dict[str, Any]:
    return {"seat": seat, **action.to_json()}


def action_from_json(item: object, index: int) -> tuple[int | None, Action]:
    """Read one record action: a card name, or an object with seat, action and its cards."""
    where = f"action {index + 1}"
    if isinstance(item, str):
        return None, Play(_card(item, where))
    if not isinstance(item, Mapping):
        raise RecordError(f"{where}: expected a card like 'SA' or an object, got {item!r}")
    seat = item.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise RecordError(f"{where}: 'seat' must be a seat number, got {seat!r}")
    kind = item.get("action")
    allowed: dict[str, set[str]] = {
        "play": {"card"},
        "push": {"cards"},
        "pass_on": set(),
        "pick_up": set(),
    }
    if kind not in allowed:
        raise RecordError(
            f"{where}: unknown action {kind!r}; use 'play', 'push', 'pass_on' or 'pick_up'"
        )
    extra = set(item) - {"seat", "action"} - allowed[kind]
    if extra:
        raise RecordError(f"{where}: unexpected field(s) {', '.join(sorted(extra))}")
    if kind == "play":
        return seat, Play(_card(item.get("card"), where))
    if kind == "push":
        cards = item.get("cards")
        if not isinstance(cards, list) or len(cards) != 2:
            raise RecordError(f"{where}: a push lays exactly two cards, e.g. ['SA', 'ST']")
        return seat, Push((_card(cards[0], where), _card(cards[1], where)))
    return seat, PassOn() if kind == "pass_on" else PickUp()


def _card(value: object, where: str) -> Card:
    try:
        return Card.parse(value)
    except RulesError as error:
        raise RecordError(f"{where}: {error}") from None


def _cards(value: object, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError(f"'{what}' must be a list of cards like ['SA', 'HT']")
    return [_card(item, what) for item in value]


def load_record(data: object) -> tuple[AnyRules, Deal, list[tuple[int | None, Action]]]:
    """Validate a record and build its deal (not yet replayed) and its actions."""
    from ramsch_core.deal import Deal

    if not isinstance(data, Mapping):
        raise RecordError(
            "A record must be a JSON object with 'rules', 'hands' or 'seed', 'actions'"
        )
    unknown = set(data) - {"rules", "hands", "skat", "seed", "actions", "result"}
    if unknown:
        raise RecordError(f"Unknown record field(s): {', '.join(sorted(unknown))}")
    raw_rules = data.get("rules")
    if not isinstance(raw_rules, Mapping):
        raise RecordError('\'rules\' must be an object, e.g. {"game": "ramsch", "variant": "skat"}')
    rules = parse_rules(raw_rules)
    if "seed" in data:
        if "hands" in data or "skat" in data:
            raise RecordError("Give either 'seed' or 'hands' and 'skat', not both")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"'seed' must be an integer, got {seed!r}")
        deal = Deal.from_seed(rules, seed)
    else:
        hands = data.get("hands")
        if not isinstance(hands, list):
            raise RecordError("'hands' must be a list of hands (or give a 'seed')")
        skat = _cards(data.get("skat", []), "skat")
        deal = Deal(rules, [_cards(hand, f"hand {seat}") for seat, hand in enumerate(hands)], skat)
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list")
    return rules, deal, [action_from_json(item, index) for index, item in enumerate(actions)]


def replay_record(data: object) -> Deal:
    """Build a deal from a record and apply every action, checking each one."""
    _, deal, actions = load_record(data)
    for index, (seat, action) in enumerate(actions):
        try:
            deal.apply(action, seat)
        except RulesError as error:
            raise RecordError(f"action {index + 1} ({action}): {error}") from None
    return deal


def parse_record_text(text: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"Malformed JSON at line {error.lineno}, column {error.colno}: {error.msg}"
        ) from None


def replay_summary(deal: Deal) -> dict[str, Any]:
    """The replay CLI's result object."""
    result = deal.result
    if result is not None:
        return {"finished": True, "to_act": None, **result.to_json()}
    counts = [0] * deal.players
    points = [0] * deal.players
    for trick in deal.tricks:
        counts[trick.winner] += 1
        points[trick.winner] += trick.points
    return {
        "finished": False,
        "to_act": deal.to_act,
        "tricks": [trick.to_json() for trick in deal.tricks],
        "card_points": points,
        "trick_counts": counts,
        "jungfrau": [],
        "durchmarsch": None,
        "losers": [],
        "winners": [],
        "scores": None,
        "skat": None,
        "skat_to": None,
        "pushes": deal.pushes,
        "multiplier": None,
    }


def deal_record(deal: Deal, seed: int | None = None) -> dict[str, Any]:
    """A deal as a record; a pick-up followed by its push is folded into the push."""
    actions: list[dict[str, Any]] = []
    for index, (seat, action) in enumerate(deal.history):
        if isinstance(action, PickUp) and index + 1 < len(deal.history):
            continue
        actions.append(action_to_json(action, seat))
    record: dict[str, Any] = {
        "rules": {"game": "ramsch", "variant": deal.rules.variant, **deal.rules.options()}
    }
    if seed is not None:
        record["seed"] = seed
    else:
        record["hands"] = [
            [str(card) for card in deal.initial_hand(seat)] for seat in range(deal.players)
        ]
        if deal.skat:
            record["skat"] = [str(card) for card in deal.skat]
    record["actions"] = actions
    return record
