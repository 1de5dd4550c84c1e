"""Game records: one deal of any registered game as JSON — its rules, cards and actions — read
back and replayed exactly (docs/records.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ramsch_core.actions import Action, PickUp, action_from_json, action_to_json, read_card
from ramsch_core.cards import Card
from ramsch_core.contracts.ramsch import RamschFacts
from ramsch_core.deal import Deal
from ramsch_core.errors import RecordError, RulesError
from ramsch_core.games import parse_rules
from ramsch_core.rules import RuleSet

FIELDS = ("rules", "hands", "skat", "seed", "actions", "result")


def _cards(value: object, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError("'{what}' must be a list of cards like ['SA', 'HT']", what=what)
    return [read_card(item, what) for item in value]


def load_record(data: object) -> tuple[RuleSet, Deal, list[tuple[int | None, Action]]]:
    """Validate a record and build its deal (not yet replayed) and its actions.

    Raises RecordError (or another RulesError: a bad rule set, an invalid deal) saying what is
    wrong with it."""
    if not isinstance(data, Mapping):
        raise RecordError(
            "A record must be a JSON object with 'rules', 'hands' or 'seed', 'actions'"
        )
    raw_rules = data.get("rules")
    # A bad rule set is said first: the fields a record may carry depend on its game.
    rules = parse_rules(raw_rules) if isinstance(raw_rules, Mapping) else None
    extra = rules.record_fields() if rules is not None else ()
    unknown = set(data) - set(FIELDS) - set(extra)
    if unknown:
        raise RecordError("Unknown record field(s): {fields}", fields=", ".join(sorted(unknown)))
    if rules is None:
        raise RecordError('\'rules\' must be an object, e.g. {"game": "ramsch", "variant": "skat"}')
    own = rules.deal_from_record(data)
    if own is not None:
        deal = own
    elif "seed" in data:
        if "hands" in data or "skat" in data:
            raise RecordError("Give either 'seed' or 'hands' and 'skat', not both")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("'seed' must be an integer, got {seed}", seed=repr(seed))
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
    """Build a deal from a record and apply every action, checking each one.

    Raises RecordError naming the first action the rules refuse, or what load_record raises."""
    _, deal, actions = load_record(data)
    for index, (seat, action) in enumerate(actions):
        try:
            deal.apply(action, seat)
        except RulesError as error:
            raise RecordError(
                "action {number} ({action}): {error}",
                number=index + 1,
                action=action,
                error=error,
            ) from None
    return deal


def parse_record_text(text: str) -> object:
    """JSON text as an object. Raises RecordError for malformed JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            "Malformed JSON at line {line}, column {column}: {detail}",
            line=error.lineno,
            column=error.colno,
            detail=error.msg,
        ) from None


def replay_summary(deal: Deal) -> dict[str, Any]:
    """The replay CLI's result object: the result of a finished deal, or the state so far."""
    own = deal.rules.summary(deal)
    if own is not None:
        return own
    return ramsch_summary(deal)


def ramsch_summary(deal: Deal) -> dict[str, Any]:
    """The replay result of trick play: the generic fields with the facts of the deal in the
    places records have always had them (docs/records.md)."""
    result = deal.result
    if result is not None:
        return {"finished": True, "to_act": None, **result.to_json()}
    public = deal.public_view()
    generic = {
        "finished": False,
        "to_act": deal.to_act,
        "tricks": [trick.to_json() for trick in deal.tricks],
        "card_points": list(public.points_taken),
        "trick_counts": list(public.trick_counts),
        "losers": [],
        "winners": [],
        "scores": None,
        "skat": None,
        "multiplier": None,
    }
    return RamschFacts(pushes=deal.pushes).json_into(generic)


def deal_record(deal: Deal, seed: int | None = None) -> dict[str, Any]:
    """A deal as a record (with ``seed``: in seed form); a pick-up followed by its push is
    folded into the push."""
    actions: list[dict[str, Any]] = []
    for index, (seat, action) in enumerate(deal.history):
        if isinstance(action, PickUp) and index + 1 < len(deal.history):
            continue
        actions.append(action_to_json(action, seat))
    record: dict[str, Any] = {"rules": deal.rules.to_json()}
    own = deal.rules.deal_to_record(deal, seed)
    if own is not None:
        record.update(own)
    elif seed is not None:
        record["seed"] = seed
    else:
        record["hands"] = [
            [str(card) for card in deal.initial_hand(seat)] for seat in range(deal.players)
        ]
        if deal.initial_skat:
            record["skat"] = [str(card) for card in deal.initial_skat]
    record["actions"] = actions
    return record
