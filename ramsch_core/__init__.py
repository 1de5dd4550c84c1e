"""The rules of the card games the bot hosts — Ramsch in Skat, Schafkopf and after the Altenburg
booklet — behind one state API for every registered game: pure and synchronous.

This facade is what the bot and other users import; the modules behind it may move.
"""

from ramsch_core.actions import (
    ACTIONS,
    Action,
    CardPlayed,
    DealFinished,
    Event,
    PassedOn,
    PassOn,
    PickedUp,
    PickUp,
    Play,
    Push,
    Pushed,
    TrickTaken,
    action_from_json,
    action_to_json,
)
from ramsch_core.ai import Player, make_player
from ramsch_core.cards import DECK, Card, Rank, Suit
from ramsch_core.deal import Deal, deal_from_seed
from ramsch_core.errors import (
    DealFinishedError,
    IllegalActionError,
    InvalidCardError,
    InvalidDealError,
    MustBeatError,
    MustFollowSuitError,
    MustTrumpError,
    NotYourTurnError,
    RecordError,
    RulesError,
    RuleSetError,
)
from ramsch_core.games import DEFAULT_GAME, GAMES, Game, game_of, get_game, parse_rules, preset
from ramsch_core.games.ramsch import AltenburgRules, SchafkopfRules, SkatRules
from ramsch_core.match import (
    Match,
    SheetEntry,
    TableOptions,
    check_table,
    deal_seed,
    parse_table_options,
)
from ramsch_core.record import deal_record, replay_record, replay_summary
from ramsch_core.result import DealResult, Trick, score_json
from ramsch_core.rules import RuleSet
from ramsch_core.seats import Rotation, rotation, seat_name
from ramsch_core.tricks.order import TrickOrder
from ramsch_core.view import PublicView, SeatView

__all__ = [
    "ACTIONS",
    "DECK",
    "DEFAULT_GAME",
    "GAMES",
    "Action",
    "AltenburgRules",
    "Card",
    "CardPlayed",
    "Deal",
    "DealFinished",
    "DealFinishedError",
    "DealResult",
    "Event",
    "Game",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidDealError",
    "Match",
    "MustBeatError",
    "MustFollowSuitError",
    "MustTrumpError",
    "NotYourTurnError",
    "PassOn",
    "PassedOn",
    "PickUp",
    "PickedUp",
    "Play",
    "Player",
    "PublicView",
    "Push",
    "Pushed",
    "Rank",
    "RecordError",
    "Rotation",
    "RuleSet",
    "RuleSetError",
    "RulesError",
    "SchafkopfRules",
    "SeatView",
    "SheetEntry",
    "SkatRules",
    "Suit",
    "TableOptions",
    "Trick",
    "TrickOrder",
    "TrickTaken",
    "action_from_json",
    "action_to_json",
    "check_table",
    "deal_from_seed",
    "deal_record",
    "deal_seed",
    "game_of",
    "get_game",
    "make_player",
    "parse_rules",
    "parse_table_options",
    "preset",
    "replay_record",
    "replay_summary",
    "rotation",
    "score_json",
    "seat_name",
]
