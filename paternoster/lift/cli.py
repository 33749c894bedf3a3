"""Paternoster's commands on the kit's command line: ``python -m paternoster simulate …`` and ``… levels …``.

The kit's command line (:mod:`paternoster.cli`) finds this module through the registry of games (the
game's ``command_line``), adds the commands with :func:`add_commands` and runs the one given.  Its texts
(:data:`ABOUT`, :data:`TERMS`, the examples) head the kit's top-level help, whose first commands these are.
The help says "rule book" for the kit's rule book (docs/rules/paternoster.md) and "seed" only for the
random seed (``--seed``).

>>> from paternoster.cli import main
>>> main(["simulate", "--games", "5", "--engine", "reference", "--no-progress"])  # doctest: +ELLIPSIS
Normal, 2 players, simple player, 5 games (seed 0): perfect ...
0
"""

from __future__ import annotations

import argparse
import textwrap
from typing import Any, Callable

from ..core.checks import MAX_GAMES, MAX_WORKERS, plural
from ..core.terminal import check_numbers
from .levels import LEVELS, claims, difficulty_table
from .levels import claim_plans as _claim_plans, table_plans as _table_plans
from .simulation import ENGINES, PLAYERS, SimulationResult, simulate
from .variants import PRESETS

__all__ = ["add_commands", "ABOUT", "TERMS", "EXAMPLES", "NUMBER_OPTIONS"]

ABOUT = """\
Paternoster is a cooperative card game: together the team plays every card of
two shuffled decks onto two up piles and two down piles, at least two cards a
turn; the cards left in hands and draw pile when someone is stuck are the score
(0 = a perfect game).  This command lets a computer team play many games and
measures how hard a set of rules is."""

TERMS = """\
terms:
  rule book  the kit's rule book, docs/rules/paternoster.md ("rules §N").
  preset   a named set of rules: "Normal" is the standard game, and each variant
           in the rule book has one ("Kurze Fahrt", "Steil", "Notruf-Marken 2",
           ...). Spelling is forgiven: "kurze_fahrt", "Grosse Hand".
  level    a preset on the difficulty ladder, easiest first, with its number of
           players (2; Hochhaus needs 6 to 8 players and is played by 6).
  perfect  a game in which every card was played.
  lost     a game lost at once: a burning card left uncovered (Feuer) or a
           passenger delivered out of order or not at all (Fahrgäste).
  seed     a number that fixes the shuffles: the same seed gives the same games.
  95 % interval  the range the true value lies in with 95 % confidence; more
           games make it narrower."""

SIMULATE_EXAMPLES = """\
examples:
  python -m paternoster simulate                         Normal, 2 players, 4000 games
  python -m paternoster simulate --rules "Kurze Fahrt" --games 1000
  python -m paternoster simulate --rules "Hochhaus 5"    6 players (the fewest Hochhaus allows)
  python -m paternoster simulate --players 3 --seed 7
  python -m paternoster simulate --player talking --games 200
  python -m paternoster simulate --list                  every preset and level name"""

LEVELS_EXAMPLES = """\
examples:
  python -m paternoster levels                   every level, 4000 games each
  python -m paternoster levels --games 1000      faster, wider intervals
  python -m paternoster levels --claims          also check the rule book's claims"""

#: The examples of both commands, for the kit's top-level help.
EXAMPLES = f"{SIMULATE_EXAMPLES}\n{LEVELS_EXAMPLES.split(chr(10), 1)[1]}"

#: The number options: which command takes each, and the numbers allowed (for the kit's messages when
#: one is given before the command, or to a command without it).
NUMBER_OPTIONS = {
    "--players": ("simulate", "players per game: 1 to 5, or 6 to 8 with Hochhaus; rules §1.2"),
    "--games": ("simulate or levels", f"number of games: 1 to {MAX_GAMES:,}"),
    "--seed": ("simulate or levels", "random seed: 0 to 2**64 - 1"),
    "--workers": ("simulate", f"processes: 1 to {MAX_WORKERS}"),
}


def _names() -> str:
    """Every preset and level name, for ``simulate --list``."""
    lines = ["Presets (use with --rules):"]
    lines += [f"  {name:17} {p.description}" for name, p in PRESETS.items()]
    lines += ["", "Levels (the difficulty ladder, easiest first; also valid for --rules):"]
    lines += [f"  {lv.name:17} {plural(lv.players, 'player')}. {lv.description}" for lv in LEVELS]
    return "\n".join(lines)


def timing(r: SimulationResult) -> str:
    """``"(fast engine, 0.15 s, 26,000 games per second)"``; no speed without games or time."""
    if r.games and r.seconds > 0:
        return f"({r.engine} engine, {r.seconds:.2f} s, {r.games_per_second:,.0f} games per second)"
    return f"({r.engine} engine, {r.seconds:.2f} s{', too fast to time' if r.games else ''})"


def add_commands(sub: Any, formatter: type, whole: Callable[[str], int]) -> dict[str, Callable[..., int]]:
    """Add ``simulate`` and ``levels`` to the kit's sub-command set ``sub``; returns each command's runner.

    Args:
        sub: the object ``ArgumentParser.add_subparsers`` gave.
        formatter: the help formatter class of the other commands.
        whole: the argument type for whole numbers written in plain digits (the kit's one).
    """
    sim = sub.add_parser(
        "simulate", formatter_class=formatter, epilog=f"{TERMS}\n\n{SIMULATE_EXAMPLES}",
        help="play many games of one preset or level; print the share of perfect games and the mean "
             "remaining cards, with 95 %% intervals",
        description=textwrap.fill("Let the computer team play many games of one preset or level and print the "
                                  "share of perfect games and the mean remaining cards, each with its 95 % "
                                  "interval. --list shows every preset and level name.", 78))
    sim.add_argument("--rules", default="Normal", metavar="NAME",
                     help="preset or level name (default: Normal; see --list)")
    sim.add_argument("--players", type=whole, default=None, metavar="N",
                     help="players per game (default: 2, or the fewest the rules allow: Hochhaus 6)")
    sim.add_argument("--games", type=whole, default=4000, metavar="N",
                     help=f"number of games, 1 to {MAX_GAMES:,} (default: 4000)")
    sim.add_argument("--seed", type=whole, default=0, metavar="N",
                     help="random seed: the same seed gives the same games (default: 0)")
    sim.add_argument("--player", choices=PLAYERS, default="simple",
                     help="simple: the simple computer player of the rule book's difficulty table, who never "
                          "talks (default); talking: the same player posting pile signals (both run on the fast kernel)")
    sim.add_argument("--engine", choices=ENGINES, default="auto",
                     help="auto: the fast numpy kernel when it can play the rules (default); fast; reference: "
                          "the full game engine, game by game (slow). All play the same games.")
    sim.add_argument("--workers", type=whole, default=None, metavar="N",
                     help=f"processes for the fast simulation of 10,000 games or more, 1 to {MAX_WORKERS}; never "
                          "more than the machine's cores are started (default: one per core)")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar (it goes to stderr)")
    sim.add_argument("--list", action="store_true", help="list every preset and level name, then stop")

    lev = sub.add_parser(
        "levels", formatter_class=formatter, epilog=f"{TERMS}\n\n{LEVELS_EXAMPLES}",
        help="the difficulty table: every level simulated with the simple player (and the rule book's claims)",
        description=textwrap.fill("Simulate every level of the difficulty ladder with the simple computer "
                                  "player (2 players; Hochhaus 6) and print the table: share of perfect games "
                                  "and mean remaining cards, with 95 % intervals. --claims also checks the "
                                  "rule book's claims about difficulty and says whether the numbers agree.", 78))
    lev.add_argument("--games", type=whole, default=4000, metavar="N",
                     help=f"games per level, 1 to {MAX_GAMES:,}; a verdict on a claim needs 100 (default: 4000)")
    lev.add_argument("--seed", type=whole, default=0, metavar="N",
                     help="random seed: the same seed gives the same games (default: 0)")
    lev.add_argument("--claims", action="store_true",
                     help="also check the rule book's claims (emergency tokens, 2/3/4 players, hard levels)")
    lev.add_argument("--engine", choices=ENGINES, default="auto", help="as for simulate (default: auto)")
    lev.add_argument("--no-progress", action="store_true", help="no progress bar (it goes to stderr)")
    return {"simulate": _simulate, "levels": _levels}


def _simulate(args: argparse.Namespace, progress: Any) -> int:
    """``simulate``: print the summary and the timing line (or, with ``--list``, every name)."""
    if args.list:
        print(_names())
        return 0
    check_numbers(args)
    r = simulate(args.rules, args.players, args.games, args.seed, player=args.player,
                 engine=args.engine, progress=progress, workers=args.workers)
    print(r.summary())
    print(timing(r))
    return 0


def _levels(args: argparse.Namespace, progress: Any) -> int:
    """``levels``: the difficulty table (and the claims); every argument is checked before the table runs."""
    check_numbers(args)
    _table_plans(args.games, args.seed, args.engine)
    if args.claims:
        _claim_plans(args.games, args.seed, args.engine)
    print(difficulty_table(args.games, args.seed, progress=progress, engine=args.engine).summary())
    if args.claims:
        for c in claims(args.games, args.seed, progress=progress, engine=args.engine):
            print()
            print(c.summary())
    return 0
