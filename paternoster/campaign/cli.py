"""The command line's ``campaign`` command: the campaign's floors and how the computer player does on them.

``python -m paternoster campaign`` lets the simple computer player ride every floor of the campaign
(rules §15.4) many times on the fast simulation and prints each floor's goal, tokens, pass rate with
its 95 % interval, the rule book's figure and the share of rides with one, two and three stars
(rules §15.6).  ``--json`` prints the same as a machine-readable list, ``--list`` only the floors.

:mod:`paternoster.cli` registers the command (:func:`add_parser`) and runs it (:func:`run`).

>>> from paternoster.cli import main
>>> main(["campaign", "--games", "20", "--no-progress"])  # doctest: +ELLIPSIS
The campaign: ... floors, simple computer player, 2 players, 20 games per floor (seed 0)
...
0
>>> main(["campaign", "--players", "6"])
2
"""

from __future__ import annotations

import argparse
import json
import textwrap
from typing import Any, Callable

from ..core.errors import ArgumentError
from ..core.checks import MAX_GAMES, MAX_WORKERS
from .calibration import MIDDLE_BAND, TUNED_PLAYERS, FloorRate, calibrate
from .floors import FLOOR_COUNT, FLOORS, count_words

__all__ = ["add_parser", "run", "floor_list", "floor_dicts", "rate_table"]

_TARGETS = ", ".join(f"{f.name} about {f.target:.0f} %" for f in FLOORS if f.target is not None)

ABOUT = textwrap.fill(
    f"The campaign strings {count_words(FLOOR_COUNT)} games together as the floors of a building, from floor "
    f"{FLOORS[0].number}, the {FLOORS[0].english} ({FLOORS[0].name}), to floor {FLOORS[-1].number}, the "
    f"{FLOORS[-1].name} (the kit's rule book, docs/rules/paternoster.md, section 15). Each floor has its own "
    "rules, a few emergency tokens and a goal: at most so many cards left at the end (and every passenger "
    "delivered, where there are passengers). A ride that meets the goal passes the floor; a floor opens when "
    "every floor below it is passed. Stars: one for the goal, two for at most half as many cards left as the goal "
    "allows (rounded down), three for playing every card.", 79) + "\n\n" + textwrap.fill(
    "This command lets the kit's simple computer player ride every floor many times and prints how often it "
    f"passes, with the 95 % interval, next to the figure the rule book gives (tuned for {TUNED_PLAYERS} players: "
    f"{_TARGETS}, every other floor {MIDDLE_BAND[0]:.0f}-{MIDDLE_BAND[1]:.0f} %), and the share of rides that "
    "earned one, two and three stars.", 79)

EXAMPLES = """\
terms:
  goal      the most cards (hands + draw pile) that may be left at the end.
  tokens    emergency tokens (Notruf-Marken) the team starts the floor with.
  pass rate the share of rides that met the goal.
  lost      a ride lost at once: a burning card left uncovered (Feuer) or a
            passenger delivered out of order or not at all (Fahrgäste). A lost
            ride never passes, however few cards are left.
  95 % interval  the range the true pass rate lies in with 95 % confidence;
            more games make it narrower.
  seed      a number that fixes the shuffles: the same seed gives the same games.

examples:
  python -m paternoster campaign                   every floor, 2 players, 4000 games each
  python -m paternoster campaign --list            the floors only: rules, goal, tokens, why
  python -m paternoster campaign --players 3       the same floors with 3 players
  python -m paternoster campaign --games 1000 --seed 7
  python -m paternoster campaign --json > floors.json"""


def add_parser(sub: Any, formatter: type, whole: Callable[[str], int]) -> argparse.ArgumentParser:
    """Add the ``campaign`` command to the sub-command set ``sub`` of the kit's parser.

    Args:
        sub: the object ``ArgumentParser.add_subparsers`` gave.
        formatter: the help formatter class of the other commands.
        whole: the argument type for whole numbers written in plain digits (the other commands' one).
    """
    cmd = sub.add_parser(
        "campaign", formatter_class=formatter, epilog=EXAMPLES, description=ABOUT,
        help=f"the {count_words(FLOOR_COUNT)} campaign floors: rules, goal, tokens, and how often the computer "
             "player passes each (with 95 %% intervals and star shares)")
    cmd.add_argument("--players", type=whole, default=TUNED_PLAYERS, metavar="N",
                     help=f"players per ride, 1 to 5 (default: {TUNED_PLAYERS}, the count the floors are "
                          "tuned for)")
    cmd.add_argument("--games", type=whole, default=4000, metavar="N",
                     help=f"rides per floor, 1 to {MAX_GAMES:,} (default: 4000, as in the rule book)")
    cmd.add_argument("--seed", type=whole, default=0, metavar="N",
                     help="random seed: the same seed gives the same games (default: 0, the rule book's table)")
    cmd.add_argument("--workers", type=whole, default=None, metavar="N",
                     help=f"processes sharing the floors, 1 to {MAX_WORKERS}; never more than the machine's cores "
                          "are started (default: one per core)")
    cmd.add_argument("--json", action="store_true",
                     help="print a JSON list instead of a table: per floor its number, name, rules, goal, tokens, "
                          "pass rate and 95 %% interval (percent), star shares and the rule book's figure")
    cmd.add_argument("--list", action="store_true",
                     help="list the floors (rules, goal, tokens, what makes each hard) without playing, then stop; "
                          "with --json as a JSON list (--players, --games, --seed, --workers do not apply)")
    cmd.add_argument("--no-progress", action="store_true", help="no progress bar (it goes to stderr)")
    return cmd


def floor_list() -> str:
    """The floors in words, one block per floor (``campaign --list``)."""
    lines = ["The campaign's floors (rule book section 15.4), for 1 to 5 players:"]
    for f in FLOORS:
        lines.append(f"{f.number:2}. {f.name} ({f.english})")
        lines.append(f"    rules: {f.rules_name}; goal: {f.goal_text()}; "
                     f"{f.tokens} emergency token{'s' if f.tokens != 1 else ''}")
        lines += textwrap.wrap(f.why, 74, initial_indent="    ", subsequent_indent="    ")
    return "\n".join(lines)


def floor_dicts() -> list[dict[str, Any]]:
    """The floors as JSON-ready dicts (``campaign --list --json``): number, name, english, rules (the rule
    set's name), goal (most cards left for a star), tokens, passengers, players (the counts allowed), why."""
    return [{"floor": f.number, "name": f.name, "english": f.english, "rules": f.rules_name, "goal": f.goal,
             "tokens": f.tokens, "passengers": f.passengers, "players": list(f.player_counts), "why": f.why}
            for f in FLOORS]


def _pct(x: float) -> str:
    return f"{x:.1f}"


def rate_table(rates: list[FloorRate]) -> str:
    """The calibration as a text table (one line per floor)."""
    if not rates:
        return ""
    r0 = rates[0]
    tuned = r0.players == TUNED_PLAYERS
    head = (f"The campaign: {len(rates)} floors, simple computer player, {r0.players} "
            f"player{'s' if r0.players != 1 else ''}, {r0.games:,} games per floor (seed {r0.seed})")
    cols = f"{'Floor':20} {'Goal':>4} {'Tokens':>6}  {'Passed %':>8}  {'95 % interval':>13}  " \
           f"{'Rule book':>9}{'':3}  {'1 star':>6} {'2 stars':>7} {'3 stars':>7}"
    lines = [head, "", cols]
    for r in rates:
        f = r.floor
        mark = ("ok" if r.on_target else "off") if tuned else ""
        lines.append(f"{f.number:2} {f.name:17} {f.goal:>4} {f.tokens:>6}  {_pct(r.rate):>8}  "
                     f"{_pct(r.low) + '–' + _pct(r.high):>13}  {r.target_text:>9} {mark:3}  "
                     f"{_pct(r.star_shares[1]):>6} {_pct(r.star_shares[2]):>7} {_pct(r.star_shares[3]):>7}")
    notes = ["Goal: the most cards that may be left (0: every card played); passengers must all be delivered."]
    if tuned:
        notes.append("Rule book: the pass rate the rule book gives for 2 players; ok = the 95 % interval holds it or "
                     "misses it by at most 2 points (other floors: the rate lies in 40–62 %).")
    else:
        notes.append(f"Rule book: the figures are for {TUNED_PLAYERS} players (the floors are tuned for two); with "
                     f"{r0.players} the rates differ.")
    notes.append("The computer player never talks, so Stille Fahrt and Liftführer cost it nothing: a real team finds "
                 "those floors harder. The floors in words: --list.")
    lines.append("")
    for note in notes:
        lines += textwrap.wrap(note, 100, subsequent_indent="  ")
    return "\n".join(lines)


def run(args: argparse.Namespace, progress: Any) -> int:
    """Run ``campaign`` with parsed ``args``; ``progress`` is the progress bar class (or ``None``).

    Returns:
        0.  Bad input raises :class:`~paternoster.campaign.CampaignError` or ``ValueError`` (before any game is
        played); :func:`paternoster.cli.main` turns it into one line on stderr and exit code 2.
    """
    if args.list:
        given = [opt for opt, value, default in (("--players", args.players, TUNED_PLAYERS), ("--games", args.games, 4000),
                                                  ("--seed", args.seed, 0), ("--workers", args.workers, None))
                 if value != default]
        if given:
            raise ArgumentError(f"--list plays no games, so {' and '.join(given)} {'does' if len(given) == 1 else 'do'} "
                             "not apply; leave "
                             f"{'it' if len(given) == 1 else 'them'} out or leave out --list.")
        print(json.dumps(floor_dicts(), ensure_ascii=False, indent=1) if args.json else floor_list())
        return 0
    players = min(f.player_counts[0] for f in FLOORS), max(f.player_counts[-1] for f in FLOORS)
    if not players[0] <= args.players <= players[1]:
        raise ArgumentError(f"--players must be from {players[0]} to {players[1]} (the floors are for 1 to 5 players, "
                         f"rules §15.1), not {args.players}.")
    rates = calibrate(args.players, args.games, args.seed, progress=progress,
                      workers=args.workers)
    if args.json:
        print(json.dumps([r.to_dict() for r in rates], ensure_ascii=False, indent=1))
    else:
        print(rate_table(rates))
    return 0
