"""Hypothesis strategies for rule sets of any registered game, built from its variant models.

``rules_of_game(game)`` reads each variant model's ``model_fields``: a ``Literal`` option takes
one of its values, a ``bool`` either, an ``int`` with a ``ge`` bound one of the hundred values
from the bound up (within ``le`` if there is one), a nested model (rules or
a plain pydantic model) its own options;
``game`` and ``variant`` are fixed. An option
of any other type is an error here, so a new game with a new kind of option is noticed rather
than silently left at its default. ``any_rules`` draws from every game registered when this
module is imported (``ramsch_core.GAMES``).
"""

from __future__ import annotations

from typing import Any, Literal, get_args, get_origin

from annotated_types import Ge, Le
from hypothesis import strategies as st
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from ramsch_core import GAMES, Game, RuleSet

FIXED = ("game", "variant")


def option_values(name: str, info: FieldInfo) -> st.SearchStrategy[Any]:
    """Every value of one option, as a strategy."""
    annotation = info.annotation
    if get_origin(annotation) is Literal:
        return st.sampled_from(get_args(annotation))
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        low: Any = next((item.ge for item in info.metadata if isinstance(item, Ge)), None)
        if low is None:
            raise TypeError(f"option {name!r}: an int option needs a 'ge' bound to be sampled")
        high: Any = next((item.le for item in info.metadata if isinstance(item, Le)), low + 99)
        return st.integers(low, min(high, low + 99))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        # nested rules (full Skat's Ramsch on all-pass) or a plain model (Schafkopf's tariff)
        return options_of(annotation)
    raise TypeError(f"option {name!r}: no strategy for options of type {annotation!r}")


def options_of(model: type[BaseModel]) -> st.SearchStrategy[dict[str, Any]]:
    """The options of a nested model (rules, or a plain model of options such as a tariff) as
    a record writes them (without game, variant)."""
    return st.fixed_dictionaries(
        {
            name: option_values(name, info)
            for name, info in model.model_fields.items()
            if name not in FIXED
        }
    )


def rules_of_model(game: Game, model: type[RuleSet]) -> st.SearchStrategy[RuleSet]:
    """Rule sets of one variant model of ``game``, parsed the way a record's rules are."""
    fields: dict[str, st.SearchStrategy[Any]] = {"game": st.just(game.id)}
    for name, info in model.model_fields.items():
        if name == "variant":
            fields[name] = st.just(info.default)
        elif name not in FIXED:
            fields[name] = option_values(name, info)
    return st.fixed_dictionaries(fields).map(game.parse)


def rules_of_game(game: Game) -> st.SearchStrategy[RuleSet]:
    """Rule sets of every variant of ``game`` with every option value."""
    return st.one_of(*(rules_of_model(game, model) for model in game.variants))


any_rules: st.SearchStrategy[RuleSet] = st.one_of(*(rules_of_game(g) for g in GAMES.values()))
"""Rule sets of every registered game."""
