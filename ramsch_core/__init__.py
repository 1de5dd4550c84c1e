"""The rules of the card games the bot hosts — Ramsch in Skat, Schafkopf and after the Altenburg
booklet, and full Skat with Ramsch when all pass — behind one state API for every registered
game: pure and synchronous.

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
from ramsch_core.ai import LEVELS, PLAYER_KINDS, Player, make_player
from ramsch_core.cards import DECK, Card, Rank, Suit
from ramsch_core.contracts.ramsch_rules import AltenburgRules, SchafkopfRules, SkatRules
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
from ramsch_core.games.ramsen import RamsenRules, ramsen_deal
from ramsch_core.games.ramsen.exchange import RamsenState
from ramsch_core.games.skat import FullSkatRules
from ramsch_core.games.skat.bidding import Bid, Hold
from ramsch_core.games.skat.contract import (
    BASE,
    LADDER,
    Declaration,
    SkatContest,
    ValueSteps,
    matadors,
    null_value,
    value_steps,
)
from ramsch_core.games.skat.declaring import Declare, Discard, TakeSkat
from ramsch_core.match import (
    Match,
    SheetEntry,
    SkatListRow,
    TableOptions,
    check_table,
    deal_seed,
    parse_table_options,
    skat_list,
)
from ramsch_core.phases.doubling import Kontra, Re
from ramsch_core.phases.say import Pass, Said
from ramsch_core.record import deal_record, replay_record, replay_summary
from ramsch_core.result import DealResult, Trick, score_json
from ramsch_core.rules import RuleSet
from ramsch_core.seats import Rotation, rotation, seat_name
from ramsch_core.tricks.order import TrickOrder
from ramsch_core.view import PublicView, SeatView

__all__ = [
    "ACTIONS",
    "BASE",
    "DECK",
    "DEFAULT_GAME",
    "GAMES",
    "LADDER",
    "LEVELS",
    "PLAYER_KINDS",
    "Action",
    "AltenburgRules",
    "Bid",
    "Card",
    "CardPlayed",
    "Deal",
    "DealFinished",
    "DealFinishedError",
    "DealResult",
    "Declaration",
    "Declare",
    "Discard",
    "Event",
    "FullSkatRules",
    "Game",
    "Hold",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidDealError",
    "Kontra",
    "Match",
    "MustBeatError",
    "MustFollowSuitError",
    "MustTrumpError",
    "NotYourTurnError",
    "Pass",
    "PassOn",
    "PassedOn",
    "PickUp",
    "PickedUp",
    "Play",
    "Player",
    "PublicView",
    "Push",
    "Pushed",
    "RamsenRules",
    "RamsenState",
    "Rank",
    "Re",
    "RecordError",
    "Rotation",
    "RuleSet",
    "RuleSetError",
    "RulesError",
    "Said",
    "SchafkopfRules",
    "SeatView",
    "SheetEntry",
    "SkatContest",
    "SkatListRow",
    "SkatRules",
    "Suit",
    "TableOptions",
    "TakeSkat",
    "Trick",
    "TrickOrder",
    "TrickTaken",
    "ValueSteps",
    "action_from_json",
    "action_to_json",
    "check_table",
    "deal_from_seed",
    "deal_record",
    "deal_seed",
    "game_of",
    "get_game",
    "make_player",
    "matadors",
    "null_value",
    "parse_rules",
    "parse_table_options",
    "preset",
    "ramsen_deal",
    "replay_record",
    "replay_summary",
    "rotation",
    "score_json",
    "seat_name",
    "skat_list",
    "value_steps",
]
