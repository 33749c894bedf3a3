"""The Paskahousu command line: ``python -m paternoster paskahousu simulate …``.

Computer players play many games of Paskahousu, with or without house rules (Paskahousu rules
§11), and the command prints how often each seat lost, how long the finished games lasted (mean and
median turns) and how many games stalled at the turn cap (counted apart), each share with its 95 %
interval.  :func:`main` takes the arguments as a list and returns
the exit code (0 done, 2 bad input), so tests call it directly.  Bad input prints one line on
stderr, never a traceback, and every argument is checked before any game is played.

>>> main(["simulate", "--games", "20", "--players", "3", "--no-progress", "--json"])  # doctest: +ELLIPSIS
{"players": 3, "games": 20, ...}
0
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import sys
import textwrap
from typing import Any, Sequence

from ..core.errors import ArgumentError
from ..core.checks import MAX_GAMES, MAX_SEED, short
from ..core.errors import PaternosterError
from ..core.terminal import one_line, quiet_stdout
from .rules import STANDARD_HOUSE_RULES, HouseRules

__all__ = ["main", "parser", "PROG", "switch_lines"]

PROG = "python -m paternoster paskahousu"

ABOUT = """\
Paskahousu is a Finnish shedding card game: in turn, players lay cards at least
as high as the top card of a pile in the middle, or pick the whole pile up.
The last player still holding cards loses and is "the Paskahousu".  This command
lets computer players play many games and counts who loses, how long a game
lasts and how often a game stalls (the kit's rule book: docs/rules/paskahousu.md)."""

TERMS = """\
terms:
  house rule  a change to the standard game that a group agrees on before it
              plays, such as "Sechs Karten" (hands of six cards) or "Nur einzeln"
              (face cards, aces and 2s are laid one at a time).  The rule book
              lists eleven (Paskahousu rules §11); --list shows them all with
              the player counts each allows.  Without --house-rules the
              standard game is played.
  seat        a player's place at the table; seat 1 is the first player.  The
              dealer moves one seat to the left every game, so seats differ by
              strategy, not by who deals.
  heuristic   the kit's careful computer player (plays low, keeps its 2s, burns
              big piles); random: picks any legal move at random.
  stalemate   a game that reached the turn cap without a loser; counted apart,
              so the mean and median turns are those of the finished games.
  seed        a number that fixes the shuffles: the same seed gives the same games.
  95 % interval  the range the true value lies in with 95 % confidence; more
              games make it narrower."""

EXAMPLES = """\
examples:
  python -m paternoster paskahousu simulate                      standard game, 4 players
  python -m paternoster paskahousu simulate --house-rules "Sechs Karten,Nur einzeln"
  python -m paternoster paskahousu simulate --players 3 --games 500 --seed 7
  python -m paternoster paskahousu simulate --players 3 --strategies heuristic,random,random
  python -m paternoster paskahousu simulate --house-rules Pöytäpaska     3 players (it allows 2-3)
  python -m paternoster paskahousu simulate --json               the result as JSON
  python -m paternoster paskahousu simulate --list               every house rule"""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit code 2)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {one_line(message, ONE_LINE_LIMIT)} (see {self.prog} --help)\n")


def _whole(text: str) -> int:
    """A whole number in plain digits 0–9 (at most 25), read the same way as the Paternoster command line."""
    if not re.fullmatch(r"[+-]?[0-9]{1,25}", text.strip()):
        raise argparse.ArgumentTypeError(f"invalid int value: {short(text)} (write a whole number in plain digits 0-9)")
    return int(text)


#: Paskahousu's messages may be one line of up to 1200 characters: room for the list of every house rule's name.
ONE_LINE_LIMIT = 1200


def parser() -> argparse.ArgumentParser:
    """The argument parser of :func:`main` (``paskahousu`` and its ``simulate`` command)."""
    fmt = argparse.RawDescriptionHelpFormatter
    top = _Parser(prog=PROG, description=ABOUT, formatter_class=fmt,
                  epilog=f"{TERMS}\n\n{EXAMPLES}\n\nHelp on the command: {PROG} simulate --help")
    sub = top.add_subparsers(dest="command", title="commands", metavar="COMMAND", parser_class=_Parser)
    sim = sub.add_parser(
        "simulate", formatter_class=fmt, epilog=f"{TERMS}\n\n{EXAMPLES}",
        help="computer players play many games; print each seat's loss rate, the finished games' mean and "
             "median turns and the stalemates, with 95 %% intervals",
        description=textwrap.fill(
            "Let computer players play many games of Paskahousu, with the house rules you name or the "
            "standard game, and print how often each seat lost, the mean and median turns of the finished "
            "games and, apart, the stalemates (games stopped at the turn cap), each share with its 95 % "
            "interval. --list shows every house rule.", 78))
    sim.add_argument("--house-rules", default="", metavar="NAMES",
                     help='house rules by their names in the rule book, separated by commas, e.g. '
                          '"Sechs Karten,Nur einzeln" (default: none, the standard game; see --list)')
    sim.add_argument("--players", type=_whole, default=None, metavar="N",
                     help="players per game (default: 4, or the nearest count the house rules allow: "
                          "Pöytäpaska 3, Zwei Blätter 6; see --list)")
    sim.add_argument("--games", type=_whole, default=2000, metavar="N",
                     help=f"number of games, 1 to {MAX_GAMES:,} (default: 2000)")
    sim.add_argument("--seed", type=_whole, default=0, metavar="N",
                     help="random seed: the same seed gives the same games (default: 0)")
    sim.add_argument("--strategies", default="heuristic", metavar="NAMES",
                     help='"heuristic" (default), "random", or one per seat separated by commas, '
                          'e.g. "heuristic,random,random,random"')
    sim.add_argument("--json", action="store_true", help="print the result as one JSON object instead of a table")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar (it goes to stderr)")
    sim.add_argument("--list", action="store_true",
                     help="list every house rule (name, players allowed, what it changes), then stop")
    return top


def switch_lines() -> str:
    """Every house rule of the catalogue as text lines, for ``simulate --list`` (Paskahousu rules §11):
    name, rule-book section, the player counts it allows, one line on what changes, and how to write
    each option."""
    from .rules import HOUSE_RULE_SWITCHES

    lines = ["House rules (give them to --house-rules by name, several separated by commas):", ""]
    for sw in HOUSE_RULE_SWITCHES:
        lo, hi = sw.players
        lines.append(f"  {sw.name}  ({sw.section}; {lo} players)" if lo == hi else
                     f"  {sw.name}  ({sw.section}; {lo}–{hi} players)")
        lines += textwrap.wrap(sw.what, 74, initial_indent="      ", subsequent_indent="      ")
        labels = [label for label, _ in sw.options if label]
        if len(labels) > 1:  # one spelling a line, so a name is never broken
            lines.append(f'      options: "{sw.name}" (means: {labels[0]})')
            lines += [f'               "{sw.name} ({label})"' for label in labels[1:]]
    lines += ["", f'Example: {PROG} simulate --house-rules "Sechs Karten,Nur einzeln"']
    return "\n".join(lines)


def rules_from_names(text: str, players: int | None) -> tuple[HouseRules, int]:
    """The house rules named in ``text`` (the rule book's names, comma-separated) and the player count:
    ``players`` checked against them, or for ``None`` 4 if they allow it, else the nearest count they allow.

    Raises:
        RulesError: an unknown name (the valid names are listed), a combination that makes no sense,
            or a player count a named rule does not allow.
    """
    rules = STANDARD_HOUSE_RULES
    if text.strip():
        from .rules import house_rules

        rules = house_rules(text)
    if players is None:
        players = min(max(4, rules.min_players), rules.max_players)
    return rules, rules.check_players(players)


def _strategies(text: str, players: int) -> Any:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) == 1:
        return parts[0]
    if len(parts) != players:
        raise ArgumentError(f"--strategies: {len(parts)} given for {players} players; give one name or one per seat, "
                         f"e.g. heuristic{',random' * (players - 1)}.")
    return parts


def _check(args: argparse.Namespace) -> None:
    if args.games < 1:
        raise ArgumentError(f"--games must be at least 1, not {args.games}.")
    if args.games > MAX_GAMES:
        raise ArgumentError(f"--games must be at most {MAX_GAMES:,}, not {short(args.games)}.")
    if args.seed < 0:
        raise ArgumentError(f"--seed must be at least 0, not {args.seed}.")
    if args.seed > MAX_SEED:
        raise ArgumentError(f"--seed must be at most 2**64 - 1, not {short(args.seed)}.")
    if args.players is not None and not 2 <= args.players <= 10:
        raise ArgumentError(PLAYERS_WORDS.format(short(args.players)))


def _progress(off: bool) -> Any:
    """A tqdm class writing to stderr (silent when stderr is not a terminal), or ``None``."""
    if off:
        return None
    from tqdm import tqdm

    return functools.partial(tqdm, file=sys.stderr, unit="games", disable=None)


#: The one wording of a player count outside the rules (Paskahousu rules §1.2, §11.9).
PLAYERS_WORDS = "--players must be from 2 to 6 (6 to 10 with Zwei Blätter), not {}."


def _cli_words(message: str) -> str:
    """An engine message in command-line words (``house_rules`` → ``--house-rules``)."""
    one_deck = re.fullmatch(r"players must be from 2 to 6, not (\S+)\.", message.strip())
    if one_deck:
        return PLAYERS_WORDS.format(one_deck.group(1))
    message = re.sub(r"^players must be", "--players must be", message)
    return re.sub(r"\bplayers=(\d+)", r"--players \1", message)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the Paskahousu command line with ``argv`` (default: ``sys.argv[2:]``); returns the exit code.

    Returns:
        0 when done (also for ``--help`` and ``--list``), 2 for bad input (one line on stderr),
        before any game is played.

    >>> main(["simulate", "--house-rules", "Nope", "--games", "5"])
    2
    """
    from .simulation import simulate

    p = parser()
    try:
        args = p.parse_args(sys.argv[2:] if argv is None else list(argv))
    except SystemExit as e:
        return int(e.code or 0)
    if args.command is None:
        p.print_help()
        return 0
    try:
        if args.list:
            print(switch_lines())
            return 0
        _check(args)
        rules, players = rules_from_names(args.house_rules, args.players)
        strategies = _strategies(args.strategies, players)
        r = simulate(players, args.games, args.seed, strategies=strategies, rules=rules,
                     progress=None if args.json else _progress(args.no_progress))
        if args.json:
            print(json.dumps(r.to_dict(), ensure_ascii=False))
        else:
            print(r.summary())
            speed = f", {r.games_per_second:,.0f} games per second" if r.seconds > 0 else ""
            print(f"({r.engine} loop, {r.seconds:.2f} s{speed})")
    except (PaternosterError, ValueError, TypeError, OverflowError) as e:
        print(f"{PROG} {args.command}: error: {one_line(_cli_words(str(e)), ONE_LINE_LIMIT)}", file=sys.stderr)
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
