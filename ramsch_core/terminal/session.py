"""``python -m ramsch_core play``: the match the options ask for, its header, the terminal run."""

from __future__ import annotations

import argparse
import os
import secrets
import sys

from ramsch_core.errors import RuleSetError
from ramsch_core.games import get_game
from ramsch_core.match import Match, parse_table_options
from ramsch_core.rules import RuleSet
from ramsch_core.terminal.console import Reader, Writer
from ramsch_core.terminal.shell import TerminalGame
from ramsch_core.terminal.words import counted

HELP = (
    "Type a card as suit letter + rank (C S H D + A T K Q J 9 8 7; 10 for T, any case, e.g. "
    "SA or h10) or by its number in your hand. An empty line lets the AI choose for you; "
    "'quit' (or end of input) stops."
)


def _stdin_reader(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        print()
        return None


def _seated(rules: RuleSet, args: argparse.Namespace) -> RuleSet:
    """The rule set dealt to as many players as ``--players`` (or ``--seats``) asks for."""
    players = getattr(args, "players", None)
    if players is None:
        if args.seats is not None and args.seats in rules.seatings():
            return rules.seated(args.seats)  # a game dealt to as many players as it seats
        return rules
    seated = rules.seated(players) if players in rules.seatings() else rules
    if seated.players != players:
        if players in rules.table_sizes():
            raise RuleSetError(
                "{game} is dealt to {dealt} players, not {players} "
                "(a table of {players} is set with --seats {players})",
                game=rules.title(),
                dealt=rules.players,
                players=players,
            )
        raise RuleSetError(
            "{game} is dealt to {dealt} players, not {players}",
            game=rules.title(),
            dealt=rules.players,
            players=players,
        )
    if args.seats is not None and args.seats != players:
        raise RuleSetError(
            "--players {players} plays at {players} seats, not {seats}",
            players=players,
            seats=args.seats,
        )
    return seated


def play_in_terminal(
    args: argparse.Namespace, read: Reader = _stdin_reader, write: Writer = print
) -> int:
    """Run ``python -m ramsch_core play``: a whole match, the human at seat 0, reading his
    input with ``read`` and writing every line with ``write``."""
    game = get_game(args.game)
    preset_name = args.preset or game.default_preset
    rules = _seated(game.preset(preset_name), args)
    seats = args.seats if args.seats is not None else rules.players
    options = parse_table_options(
        {**game.table_presets.get(preset_name, {}), "seats": seats, "rounds": args.rounds}
    )
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    match = Match(rules, options, seed)
    dealt_to = (
        "" if rules.players == game.preset(preset_name).players else f" ({rules.players} players)"
    )
    write(f"{game.title}: {game.descriptions[preset_name]}{dealt_to}")
    length = "to a winner" if rules.plays_to_a_winner() else counted(options.rounds, "round")
    write(f"Seed {seed}, {seats} seats, {length}, AI: {args.ai}. {HELP}")
    terminal = TerminalGame(match, args.ai, seed, read, write)
    if terminal.presenter.help:
        write(terminal.presenter.help)
    try:
        return terminal.run()
    except KeyboardInterrupt:
        write("\nBye.")
        return 130
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
