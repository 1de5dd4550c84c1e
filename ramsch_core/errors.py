"""Errors the rules core raises; every message is meant for a player to read."""


class RulesError(ValueError):
    """Base of every error raised for input the rules refuse."""


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
