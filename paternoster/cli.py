"""The kit's command line: ``python -m paternoster COMMAND …``.

The commands come from the registry of games (:mod:`paternoster.core.registry`): each game's command-line
module (its entry's ``command_line``) either adds its commands to the top level (``add_commands``:
Paternoster's ``simulate`` and ``levels``, whose texts head the help) or takes a sub-command named after
the game and gets the rest of the argument list (``main(argv)``: ``python -m paternoster paskahousu …``).
The campaign (``campaign``) and the score book (``scorebook``) are the kit's own commands.  Nothing here
lists the games: a new game's command line appears once the game registers it.

:func:`main` takes the arguments as a list and returns the exit code (0 done, 2 bad input), so tests call
it directly.  Bad input prints one line on stderr, never a traceback, and every argument is checked before
any game is played.

>>> main(["simulate", "--games", "5", "--engine", "reference", "--no-progress"])  # doctest: +ELLIPSIS
Normal, 2 players, simple player, 5 games (seed 0): perfect ...
0
"""

from __future__ import annotations

import argparse
import functools
import importlib
import re
import sys
from types import ModuleType
from typing import Any, Callable, Sequence

from .core import registry
from .core.checks import short
from .core.errors import PaternosterError
from .core.registry import GameEntry
from .core.terminal import check_numbers, one_line, quiet_stdout
from .campaign import cli as cli_campaign
from .campaign import cli_book as cli_scorebook

__all__ = ["main", "parser"]

PROG = "python -m paternoster"

#: One example for each of the kit's own commands, so the top-level help names every command.
KIT_EXAMPLES = """\
  python -m paternoster campaign                 every campaign floor, 2 players, 4000 games each
  python -m paternoster scorebook show --db punkte.sqlite     a class's score book (Punkte)"""


def _command_lines() -> list[tuple[GameEntry, ModuleType]]:
    """Each registered game that has a command line, with its module."""
    return [(e, importlib.import_module(e.command_line)) for e in registry.games() if e.command_line]


def _top_level(lines: list[tuple[GameEntry, ModuleType]]) -> list[ModuleType]:
    """The games' modules whose commands join the top level (they have ``add_commands``)."""
    return [m for _, m in lines if hasattr(m, "add_commands")]


def _hand_over(lines: list[tuple[GameEntry, ModuleType]]) -> dict[str, tuple[GameEntry, ModuleType]]:
    """The games whose own command line takes over after their name (``python -m paternoster NAME …``)."""
    return {e.name: (e, m) for e, m in lines if not hasattr(m, "add_commands")}


def _first_example(entry: GameEntry, module: ModuleType) -> str:
    """The first example line of a hand-over game's own help (``python -m paternoster NAME COMMAND …``)."""
    found = [line for line in getattr(module, "EXAMPLES", "").splitlines() if line.split()[3:4] == [entry.name]]
    return found[0] if found else f"  {PROG} {entry.name} --help"


def _numbers() -> dict[str, tuple[str, str]]:
    """The number options of the top-level commands: option → (the command(s) taking it, the numbers allowed)."""
    out: dict[str, tuple[str, str]] = {}
    for m in _top_level(_command_lines()):
        out.update(getattr(m, "NUMBER_OPTIONS", {}))
    return out


def _whole(text: str) -> int:
    """An argument that is a whole number written in plain digits 0–9 (at most 25 of them).

    Python's ``int`` would also read Arabic-Indic or fullwidth digits and 5,000-digit numbers; the
    command line does not (kit Decision), so every number a user types is read the same way.
    """
    if not re.fullmatch(r"[+-]?[0-9]{1,25}", text.strip()):
        raise argparse.ArgumentTypeError(f"invalid int value: {short(text)} (write a whole number in plain digits 0-9)")
    return int(text)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit code 2); a number option given before
    the command, or to a command without it, names the command that takes it and the numbers allowed."""

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        words = list(sys.argv[1:] if args is None else args)
        name = words[0].split("=", 1)[0] if words else ""
        numbers = _numbers()
        if self.prog == PROG and name in numbers:  # `python -m paternoster --players 0`
            command, allowed = numbers[name]
            self.error(f"{name} belongs after a command: {PROG} {command.split()[0]} {name} N ({allowed})")
        return super().parse_known_args(words, namespace)

    def error(self, message: str) -> None:  # type: ignore[override]
        extra = re.match(r"unrecognized arguments: (--[\w-]+)", message)
        numbers = _numbers()
        if extra and extra.group(1).split("=", 1)[0] in numbers:
            name = extra.group(1).split("=", 1)[0]
            command, allowed = numbers[name]
            message += f"; {name} is an option of {command} ({allowed})"
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n")


def parser() -> argparse.ArgumentParser:
    """The argument parser of :func:`main`: the games' commands, then the kit's own."""
    return _parser_and_runners()[0]


def _parser_and_runners() -> tuple[argparse.ArgumentParser, dict[str, Callable[..., int]]]:
    """The parser, and the runner of each game command that joined the top level (``run(args, progress)``)."""
    fmt = argparse.RawDescriptionHelpFormatter
    lines = _command_lines()
    top_modules, hand_over = _top_level(lines), _hand_over(lines)
    top = _Parser(prog=PROG, description="\n\n".join(m.ABOUT for m in top_modules), formatter_class=fmt)
    sub = top.add_subparsers(dest="command", title="commands", metavar="COMMAND", parser_class=_Parser)
    runners: dict[str, Callable[..., int]] = {}
    for m in top_modules:
        runners.update(m.add_commands(sub, fmt, _whole))
    cli_campaign.add_parser(sub, fmt, _whole)
    cli_scorebook.register(sub)
    helps = [f"{PROG} {name} --help" for name in [*runners, "campaign", "scorebook"]]
    examples = [m.EXAMPLES if i == 0 else m.EXAMPLES.split("\n", 1)[1] for i, m in enumerate(top_modules)]
    examples = (examples or ["examples:"]) + [KIT_EXAMPLES]
    for name, (entry, module) in hand_over.items():
        example = _first_example(entry, module)
        first = " ".join(example.split()[3:5])  # e.g. "paskahousu simulate"
        examples.append(example)
        helps.append(f"{PROG} {first} --help")
        sub.add_parser(name, add_help=False, help=f"{entry.title}'s own commands: {PROG} {first} --help"
                       ).add_argument("rest", nargs=argparse.REMAINDER)
    terms = "\n\n".join(m.TERMS for m in top_modules if hasattr(m, "TERMS"))
    help_lines = ",\n  ".join(", ".join(helps[i:i + 3]) for i in range(0, len(helps), 3))
    top.epilog = (f"{terms}\n\n" + "\n".join(examples) + f"\n\nHelp on one command: {PROG} COMMAND --help, "
                  f"for example\n  {help_lines}")
    return top, runners


def _progress(off: bool) -> Any:
    """A tqdm class writing to stderr (silent when stderr is not a terminal), or ``None``."""
    if off:
        return None
    from tqdm import tqdm

    return functools.partial(tqdm, file=sys.stderr, unit="games", disable=None)


def _cli_words(message: str) -> str:
    """An engine message in command-line words: ``engine='auto'`` becomes ``--engine auto``."""
    return re.sub(r"\b(engine|player)='(\w+)'", r"--\1 \2", message)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); returns the exit code.

    Returns:
        0 when done (also for ``--help`` and ``--list``), 2 for bad input (one line on stderr), before
        any game is played (``levels --claims`` checks the claims' arguments before the table runs).

    >>> main(["levels", "--games", "0"])
    2
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    lines = _command_lines()
    hand_over = _hand_over(lines)
    if argv[:1] and argv[0] in hand_over:  # a game's own command line (e.g. paternoster/paskahousu/cli.py)
        return int(hand_over[argv[0]][1].main(argv[1:]))
    p, runners = _parser_and_runners()
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
        if args.command == "campaign":
            check_numbers(args)
            rc = cli_campaign.run(args, _progress(args.no_progress))
        else:
            rc = runners[args.command](args, _progress(args.no_progress))
        sys.stdout.flush()  # a closed pipe (`| head -1`) shows here, inside the try
        return rc
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
