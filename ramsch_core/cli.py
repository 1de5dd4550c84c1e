"""The ``python -m ramsch_core`` command line: replay a record, deal a fresh one, play offline."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from ramsch_core.ai import PLAYER_KINDS
from ramsch_core.deal import Deal
from ramsch_core.errors import RulesError
from ramsch_core.games import DEFAULT_GAME, GAMES, get_game
from ramsch_core.record import deal_record, parse_record_text, replay_record, replay_summary


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m ramsch_core", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a game record and print its result")
    replay.add_argument("file", help="the record (JSON); '-' reads standard input")
    deal = commands.add_parser("deal", help="print a fresh deal as a game record")
    _game_arguments(deal)
    deal.add_argument("--seed", type=int, required=True)
    play = commands.add_parser("play", help="play a match in the terminal against AI players")
    _game_arguments(play)
    play.add_argument("--seed", type=int, default=None, help="match seed (default: random)")
    play.add_argument("--rounds", type=int, default=1)
    play.add_argument("--seats", type=int, choices=(3, 4, 5), default=None)
    play.add_argument(
        "--players",
        type=int,
        choices=(3, 4, 5),
        default=None,
        help="players in each deal, for a game that lets you choose (Ramsen: 3 to 5)",
    )
    play.add_argument(
        "--ai",
        choices=PLAYER_KINDS,
        default="heuristic",
        help="the AI players' kind: easy, normal (= heuristic) or random (default: heuristic)",
    )
    return parser


def _game_arguments(parser: argparse.ArgumentParser) -> None:
    presets = "; ".join(f"{game.id}: {', '.join(game.presets)}" for game in GAMES.values())
    parser.add_argument("--game", default=DEFAULT_GAME, choices=sorted(GAMES))
    parser.add_argument(
        "--preset", default=None, help=f"a preset of the game (default: its default) — {presets}"
    )


def _read(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise RulesError("Cannot read {path}: {reason}", path=path, reason=error.strerror) from None
    except UnicodeDecodeError:
        raise RulesError("Cannot read {path}: a record is UTF-8 text", path=path) from None


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "replay":
            deal = replay_record(parse_record_text(_read(args.file)))
            print(json.dumps(replay_summary(deal)))
        elif args.command == "deal":
            game = get_game(args.game)
            rules = game.preset(args.preset or game.default_preset)
            record = deal_record(Deal.from_seed(rules, args.seed))
            print(json.dumps(record))
        else:
            from ramsch_core.terminal import play_in_terminal

            code: int = play_in_terminal(args)
            return code
    except RulesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head -c 100`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0
