"""The command line: ``python -m paternoster simulate …`` and ``python -m paternoster levels …``.

:func:`main` takes the arguments as a list and returns the exit code (0 done, 2 bad input),
so tests call it directly.  Bad input prints one line on stderr, never a traceback, and every
argument is checked before any game is played.  The help says "rule book" for the kit's rule book
(docs/rules/paternoster.md) and "seed" only for the random seed (``--seed``).

>>> main(["simulate", "--games", "5", "--engine", "reference", "--no-progress"])  # doctest: +ELLIPSIS
Normal, 2 players, simple player, 5 games (seed 0): perfect ...
0
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
import textwrap
from typing import Any, Sequence

from .core.checks import MAX_GAMES, MAX_SEED, MAX_WORKERS, plural, short
from .core.errors import PaternosterError
from .core.terminal import one_line, quiet_stdout
from .campaign import cli_book as cli_scorebook
from .lift.levels import LEVELS, claims, difficulty_table
from .lift.levels import claim_plans as _claim_plans, table_plans as _table_plans
from .lift.simulation import ENGINES, PLAYERS, SimulationResult, simulate
from .campaign import cli as cli_campaign
from .lift.variants import PRESETS

__all__ = ["main", "parser"]

PROG = "python -m paternoster"

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

#: One example for each of the other commands, so the top-level help names every command.
MORE_EXAMPLES = """\
  python -m paternoster campaign                 every campaign floor, 2 players, 4000 games each
  python -m paternoster scorebook show --db punkte.sqlite     a class's score book (Punkte)
  python -m paternoster paskahousu simulate --house-rules "Sechs Karten,Nur einzeln"
                                                 Paskahousu with house rules"""


def _names() -> str:
    """Every preset and level name, for ``simulate --list``."""
    lines = ["Presets (use with --rules):"]
    lines += [f"  {name:17} {p.description}" for name, p in PRESETS.items()]
    lines += ["", "Levels (the difficulty ladder, easiest first; also valid for --rules):"]
    lines += [f"  {lv.name:17} {plural(lv.players, 'player')}. {lv.description}" for lv in LEVELS]
    return "\n".join(lines)


def _whole(text: str) -> int:
    """An argument that is a whole number written in plain digits 0–9 (at most 25 of them).

    Python's ``int`` would also read Arabic-Indic or fullwidth digits and 5,000-digit numbers; the
    command line does not (kit Decision), so every number a user types is read the same way.
    """
    if not re.fullmatch(r"[+-]?[0-9]{1,25}", text.strip()):
        raise argparse.ArgumentTypeError(f"invalid int value: {short(text)} (write a whole number in plain digits 0-9)")
    return int(text)


#: The number options: which command takes each, and the numbers allowed (for the messages).
_NUMBERS = {
    "--players": ("simulate", "players per game: 1 to 5, or 6 to 8 with Hochhaus; rules §1.2"),
    "--games": ("simulate or levels", f"number of games: 1 to {MAX_GAMES:,}"),
    "--seed": ("simulate or levels", "random seed: 0 to 2**64 - 1"),
    "--workers": ("simulate", f"processes: 1 to {MAX_WORKERS}"),
}


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit code 2); a number option given before
    the command, or to a command without it, names the command that takes it and the numbers allowed."""

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        words = list(sys.argv[1:] if args is None else args)
        name = words[0].split("=", 1)[0] if words else ""
        if self.prog == PROG and name in _NUMBERS:  # `python -m paternoster --players 0`
            command, allowed = _NUMBERS[name]
            self.error(f"{name} belongs after a command: {PROG} {command.split()[0]} {name} N ({allowed})")
        return super().parse_known_args(words, namespace)

    def error(self, message: str) -> None:  # type: ignore[override]
        extra = re.match(r"unrecognized arguments: (--[\w-]+)", message)
        if extra and extra.group(1).split("=", 1)[0] in _NUMBERS:
            name = extra.group(1).split("=", 1)[0]
            command, allowed = _NUMBERS[name]
            message += f"; {name} is an option of {command} ({allowed})"
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n")


def parser() -> argparse.ArgumentParser:
    """The argument parser of :func:`main` (top level and both commands)."""
    fmt = argparse.RawDescriptionHelpFormatter
    top = _Parser(prog=PROG, description=ABOUT, formatter_class=fmt,
                  epilog=f"{TERMS}\n\n{SIMULATE_EXAMPLES}\n{LEVELS_EXAMPLES.split(chr(10), 1)[1]}\n"
                         f"{MORE_EXAMPLES}\n\n"
                         f"Help on one command: {PROG} COMMAND --help, for example\n"
                         f"  {PROG} simulate --help, {PROG} levels --help, {PROG} campaign --help,\n"
                         f"  {PROG} scorebook --help, {PROG} paskahousu simulate --help")
    sub = top.add_subparsers(dest="command", title="commands", metavar="COMMAND", parser_class=_Parser)

    sim = sub.add_parser(
        "simulate", formatter_class=fmt, epilog=f"{TERMS}\n\n{SIMULATE_EXAMPLES}",
        help="play many games of one preset or level; print the share of perfect games and the mean "
             "remaining cards, with 95 %% intervals",
        description=textwrap.fill("Let the computer team play many games of one preset or level and print the "
                                  "share of perfect games and the mean remaining cards, each with its 95 % "
                                  "interval. --list shows every preset and level name.", 78))
    sim.add_argument("--rules", default="Normal", metavar="NAME",
                     help="preset or level name (default: Normal; see --list)")
    sim.add_argument("--players", type=_whole, default=None, metavar="N",
                     help="players per game (default: 2, or the fewest the rules allow: Hochhaus 6)")
    sim.add_argument("--games", type=_whole, default=4000, metavar="N",
                     help=f"number of games, 1 to {MAX_GAMES:,} (default: 4000)")
    sim.add_argument("--seed", type=_whole, default=0, metavar="N",
                     help="random seed: the same seed gives the same games (default: 0)")
    sim.add_argument("--player", choices=PLAYERS, default="simple",
                     help="simple: the simple computer player of the rule book's difficulty table, who never "
                          "talks (default); talking: the same player posting pile signals (both run on the fast kernel)")
    sim.add_argument("--engine", choices=ENGINES, default="auto",
                     help="auto: the fast numpy kernel when it can play the rules (default); fast; reference: "
                          "the full game engine, game by game (slow). All play the same games.")
    sim.add_argument("--workers", type=_whole, default=None, metavar="N",
                     help=f"processes for the fast simulation of 10,000 games or more, 1 to {MAX_WORKERS}; never "
                          "more than the machine's cores are started (default: one per core)")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar (it goes to stderr)")
    sim.add_argument("--list", action="store_true", help="list every preset and level name, then stop")

    lev = sub.add_parser(
        "levels", formatter_class=fmt, epilog=f"{TERMS}\n\n{LEVELS_EXAMPLES}",
        help="the difficulty table: every level simulated with the simple player (and the rule book's claims)",
        description=textwrap.fill("Simulate every level of the difficulty ladder with the simple computer "
                                  "player (2 players; Hochhaus 6) and print the table: share of perfect games "
                                  "and mean remaining cards, with 95 % intervals. --claims also checks the "
                                  "rule book's claims about difficulty and says whether the numbers agree.", 78))
    lev.add_argument("--games", type=_whole, default=4000, metavar="N",
                     help=f"games per level, 1 to {MAX_GAMES:,}; a verdict on a claim needs 100 (default: 4000)")
    lev.add_argument("--seed", type=_whole, default=0, metavar="N",
                     help="random seed: the same seed gives the same games (default: 0)")
    lev.add_argument("--claims", action="store_true",
                     help="also check the rule book's claims (emergency tokens, 2/3/4 players, hard levels)")
    lev.add_argument("--engine", choices=ENGINES, default="auto", help="as for simulate (default: auto)")
    lev.add_argument("--no-progress", action="store_true", help="no progress bar (it goes to stderr)")
    cli_campaign.add_parser(sub, fmt, _whole)
    cli_scorebook.register(sub)
    sub.add_parser("paskahousu", add_help=False, help="Paskahousu games with house rules: "
                   "python -m paternoster paskahousu simulate --help").add_argument("rest", nargs=argparse.REMAINDER)
    return top


def _progress(off: bool) -> Any:
    """A tqdm class writing to stderr (silent when stderr is not a terminal), or ``None``."""
    if off:
        return None
    from tqdm import tqdm

    return functools.partial(tqdm, file=sys.stderr, unit="games", disable=None)


def _cli_words(message: str) -> str:
    """An engine message in command-line words: ``engine='auto'`` becomes ``--engine auto``."""
    return re.sub(r"\b(engine|player)='(\w+)'", r"--\1 \2", message)


def _timing(r: SimulationResult) -> str:
    """``"(fast engine, 0.15 s, 26,000 games per second)"``; no speed without games or time."""
    if r.games and r.seconds > 0:
        return f"({r.engine} engine, {r.seconds:.2f} s, {r.games_per_second:,.0f} games per second)"
    return f"({r.engine} engine, {r.seconds:.2f} s{', too fast to time' if r.games else ''})"


def _check(args: argparse.Namespace) -> None:
    """Every check of the command's arguments, before any game is played (raises as the engine does)."""
    if not 1 <= args.games <= MAX_GAMES:
        raise ValueError(f"--games must be from 1 to {MAX_GAMES:,}, not {short(args.games)}.")
    workers = getattr(args, "workers", None)
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"--workers must be from 1 to {MAX_WORKERS} (never more processes than cores are "
                         f"started), not {short(workers)}.")
    if not 0 <= args.seed <= MAX_SEED:
        raise ValueError(f"--seed must be from 0 to 2**64 - 1, not {short(args.seed)}.")
    if args.command == "levels":
        _table_plans(args.games, args.seed, args.engine)
        if args.claims:
            _claim_plans(args.games, args.seed, args.engine)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit code.

    Returns:
        0 when done (also for ``--help`` and ``--list``), 2 for bad input (one line on stderr), before
        any game is played (``levels --claims`` checks the claims' arguments before the table runs).

    >>> main(["levels", "--games", "0"])
    2
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["paskahousu"]:  # Paskahousu's own command line (paternoster/paskahousu/cli.py)
        from .paskahousu.cli import main as paskahousu_main
        return paskahousu_main(argv[1:])
    p = parser()
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if args.command is None:  # a usage error (as `scorebook` without its command): the help on stderr
        p.print_help(sys.stderr)
        return 2
    if args.command == "scorebook":
        return cli_scorebook.run(args)
    try:
        if args.command == "simulate" and args.list:
            print(_names())
            return 0
        _check(args)
        if args.command == "campaign":
            rc = cli_campaign.run(args, _progress(args.no_progress))
            sys.stdout.flush()  # a closed pipe shows here, inside the try
            return rc
        if args.command == "simulate":
            r = simulate(args.rules, args.players, args.games, args.seed, player=args.player,
                         engine=args.engine, progress=_progress(args.no_progress), workers=args.workers)
            print(r.summary())
            print(_timing(r))
        else:
            t = difficulty_table(args.games, args.seed, progress=_progress(args.no_progress), engine=args.engine)
            print(t.summary())
            if args.claims:
                for c in claims(args.games, args.seed, progress=_progress(args.no_progress), engine=args.engine):
                    print()
                    print(c.summary())
        sys.stdout.flush()  # a closed pipe (`| head -1`) shows here, inside the try
    except (PaternosterError, ValueError, TypeError, OverflowError) as e:
        print(f"{PROG} {args.command}: error: {one_line(_cli_words(str(e)))}", file=sys.stderr)
        return 2
    except MemoryError:
        print(f"{PROG} {args.command}: error: not enough memory; ask for fewer --games.", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG} {args.command}: stopped.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        quiet_stdout()  # the reader went away (e.g. `| head`): stop quietly
        return 0
    return 0
