"""Errors the rules core raises; every message is meant for a player to read.

An error is built from a template and named parameters, e.g.
``MustFollowSuitError("You must follow {what}: you hold {cards}", cards=(Card.SA,))``, so
that an adapter can translate the template (gettext) and show cards and suits its own way
(:meth:`Templated.render`); ``str(error)`` is the English text. Templates are plain string
literals with ``{name}`` placeholders only; a template without parameters is taken as it is
(braces need no doubling there).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ramsch_core.cards import Card, Suit

#: How a parameter that is a tuple or list of cards is joined.
CARD_SEPARATOR = ", "
#: How a parameter that is a tuple or list of messages (several problems) is joined.
MESSAGE_SEPARATOR = "; "


def identity(text: str) -> str:
    """The untranslated template."""
    return text


def pretty(card: Card) -> str:
    """A card as the English messages show it, e.g. ``♠A``."""
    return card.pretty


def symbol(suit: Suit) -> str:
    """A suit as the English messages show it, e.g. ``♠``."""
    return suit.symbol


def render_template(
    template: str,
    params: Mapping[str, object],
    translate: Callable[[str], str] = identity,
    card: Callable[[Card], str] = pretty,
    suit: Callable[[Suit], str] = symbol,
) -> str:
    """``template`` translated and filled in: a Card through ``card``, a Suit through
    ``suit``, a tuple or list of Cards through ``card`` joined by :data:`CARD_SEPARATOR`, a
    nested message or error (:class:`Templated`) rendered the same way, a tuple or list of
    them joined by :data:`MESSAGE_SEPARATOR`, anything else by ``str``."""
    from ramsch_core.cards import Card, Suit  # lazy: cards imports this module

    def convert(value: object) -> str:
        if isinstance(value, Card):
            return card(value)
        if isinstance(value, Suit):
            return suit(value)
        if isinstance(value, tuple | list) and value and all(isinstance(v, Card) for v in value):
            return CARD_SEPARATOR.join(card(v) for v in value)
        if isinstance(value, Templated):
            return value.render(translate, card, suit)
        if (
            isinstance(value, tuple | list)
            and value
            and all(isinstance(v, Templated) for v in value)
        ):
            return MESSAGE_SEPARATOR.join(v.render(translate, card, suit) for v in value)
        return str(value)

    text = translate(template)
    if not params:
        return text
    return text.format_map({name: convert(value) for name, value in params.items()})


class Templated:
    """A message kept as a template and named parameters (see the module docstring)."""

    template: str
    params: Mapping[str, object]

    def render(
        self,
        translate: Callable[[str], str] = identity,
        card: Callable[[Card], str] = pretty,
        suit: Callable[[Suit], str] = symbol,
    ) -> str:
        """The message with the template passed through ``translate`` and the parameters
        converted (cards by ``card``, suits by ``suit``)."""
        return render_template(self.template, self.params, translate, card, suit)


class Message(Templated):
    """A templated message that is not an error itself, e.g. one of several problems that an
    error lists; ``str`` is the English text."""

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params = params

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Message({self.template!r}, **{self.params!r})"


def one_of(choices: Sequence[object]) -> object:
    """Choices joined as a player reads them, ``3, 4 or 5``: the joining words are messages of
    their own (``{first}, {second}`` and ``{first} or {second}``), so they are translated with
    the sentence they stand in."""
    if not choices:
        return ""
    joined: object = choices[0]
    for index, choice in enumerate(choices[1:], start=2):
        if index == len(choices):
            joined = Message("{first} or {second}", first=joined, second=choice)
        else:
            joined = Message("{first}, {second}", first=joined, second=choice)
    return joined


class RulesError(Templated, ValueError):
    """Base of every error raised for input the rules refuse."""

    def __init__(self, template: str = "", /, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(self.render())


class InvalidCardError(RulesError):
    """A card name that is not one of the 32 cards in C-2 notation."""


class RuleSetError(RulesError):
    """A rule set or table option that is unknown, or a value the option does not take."""


class IllegalActionError(RulesError):
    """An action the rules do not allow at this point of the deal."""


class NotYourTurnError(IllegalActionError):
    """An action by a seat that is not the seat to act."""


class MustFollowSuitError(IllegalActionError):
    """A card that breaks the duty to follow suit."""


class MustTrumpError(IllegalActionError):
    """A card that breaks the duty to trump a suit the player cannot follow."""


class MustBeatError(IllegalActionError):
    """A card that breaks the duty to beat the trick when the player can."""


class DealFinishedError(IllegalActionError):
    """An action after the deal is over."""


class InvalidDealError(RulesError):
    """Hands and skat that do not form a valid deal (size, duplicates, missing cards)."""


class RecordError(RulesError):
    """A game record that cannot be read."""
