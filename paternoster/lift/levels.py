"""The difficulty ladder (rules §14.2), its table, and the original's claims about difficulty (rules §14.3).

The original rules order the variants into difficulty levels, measured by a simple computer
player with two players and 4000 games per level — but they do not print the table.
The kit computes it: :func:`difficulty_table` simulates every level of :data:`LEVELS`
(:func:`paternoster.lift.simulation.simulate`, the silent :class:`~paternoster.lift.bots.SimplePlayer`)
and gives the share of perfect games and the mean remaining cards, each with its 95 %
interval.  :func:`claims` checks the original's claims about difficulty (rules §14.3) against such
simulations, and says honestly whether the numbers agree; :func:`talking_vs_silent`
compares a team that talks (pile signals) with the silent one on the same deals.

**Decisions** (the kit's, rules §14.2): the levels are presets, easiest first as the rule book's
chapters suggest (easier variants, Normal, harder variants, large rounds), played by 2 players;
Hochhaus, which needs 6–8 players, by 6 (its fewest).  Every level uses the same simulation
seed, so game ``i`` of every level starts from the same shuffle index.

>>> [lv.name for lv in LEVELS][:4]
['Kinderfahrt', 'Kurze Fahrt', 'Große Hand', 'Normal']
>>> level("hochhaus_4").players, level("Normal").rules.hand_size(2)
(6, 7)
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

import numpy as np

from ..core.errors import ArgumentError
from ..core.checks import MAX_GAMES, plural, short, whole
from ..core.stats import check_progress, describe, mean_interval, newcombe, paired_shares, progress_bar
from ..core.errors import RulesError
from .simulation import Plan as _Plan
from .simulation import SimulationResult
from .simulation import num as _num
from .simulation import pct as _pct
from .simulation import perfect_text as _perfect_text
from .simulation import plan as _plan
from .simulation import remaining_text as _remaining_text
from .simulation import run_plan as _run
from .simulation import span as _span
from .level_list import LEVELS, Level, find_level, level
from .variants import make_rules, preset
from .variants import name_spellings as _spellings
from .variants import normalize_name as _norm

__all__ = ["Level", "LEVELS", "level", "find_level", "DifficultyTable", "difficulty_table",
           "Claim", "claims", "VERDICTS", "VERDICT_GAMES", "TalkingComparison", "talking_vs_silent"]


def _run_plans(plans: Sequence[_Plan], progress: Any, call: str) -> list[SimulationResult]:
    """Run ``plans`` in order under one progress bar (total: every game of every plan)."""
    bar = progress_bar(progress, sum(p.games for p in plans), call)
    try:
        out = []
        for p in plans:
            describe(bar, p.name)
            out.append(_run(p, bar))
        return out
    finally:
        bar.close()


def _pts(x: float) -> str:
    """A difference of shares in points: ``"-66.7"``, ``"+0.0"`` (never ``"-0.0"``)."""
    if math.isnan(x):
        return "—"
    v = round(100 * x, 1)
    return "+0.0" if v == 0 else f"{v:+.1f}"


# --------------------------------------------------------------------------- the table
@dataclass
class DifficultyTable:
    """Every level's :class:`~paternoster.lift.simulation.SimulationResult`, in ladder order.

    Attributes:
        results: one result per level (``results[k].rules_name`` is the level's name).
        games: games per level; seed: the simulation seed (the same for every level).
    """

    results: tuple[SimulationResult, ...]
    games: int
    seed: int

    def result(self, name: str) -> SimulationResult:
        """The result of the level called ``name``.

        Raises:
            RulesError: no such level in this table.
        """
        lv = level(name)
        for r in self.results:
            if r.rules_name == lv.name:
                return r
        raise RulesError(f"The level {short(lv.name)} is not in this table; it has: "
                         f"{', '.join(r.rules_name for r in self.results)}.")

    @property
    def rows(self) -> list[dict[str, Any]]:
        """One dict per level: ``level``, ``players``, ``games``, ``perfect`` / ``perfect_low`` /
        ``perfect_high`` (fractions of 1, 95 % Wilson interval), ``remaining`` / ``remaining_low`` /
        ``remaining_high`` (cards, 95 % interval), ``lost`` (share of games lost to Feuer or Fahrgäste)."""
        out = []
        for r in self.results:
            p, plo, phi = r.perfect()
            m, mlo, mhi = r.mean_remaining()
            out.append({"level": r.rules_name, "players": r.players, "games": r.games,
                        "perfect": p, "perfect_low": plo, "perfect_high": phi,
                        "remaining": m, "remaining_low": mlo, "remaining_high": mhi,
                        "lost": r.outcomes()["lost"][0]})
        return out

    def summary(self) -> str:
        """The table as plain text, one line per level; the same for a seed every run (no timing).

        >>> print(difficulty_table(games=4, levels=["Kurze Fahrt"], engine="reference").summary())
        ... # doctest: +NORMALIZE_WHITESPACE
        Difficulty levels: simple player, 4 games per level (seed 0), 95 % intervals
        level          players  perfect %  (95 % interval)  remaining cards  (95 % interval)  lost %
        Kurze Fahrt          2 ...
        """
        lines = [f"Difficulty levels: simple player, {plural(self.games, 'game')} per level (seed {self.seed}), "
                 f"95 % intervals",
                 f"{'level':15}{'players':>7}  {'perfect %':>9}  {'(95 % interval)':15}  "
                 f"{'remaining cards':>15}  {'(95 % interval)':15}  {'lost %':>6}"]
        for row in self.rows:
            c = _row_text(row)
            lines.append(f"{row['level']:15}{row['players']:>7}  {c['perfect']:>9}  {'(' + c['perfect_int'] + ')':15}  "
                         f"{c['remaining']:>15}  {'(' + c['remaining_int'] + ')':15}  {c['lost']:>6}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"DifficultyTable(levels={[r.rules_name for r in self.results]}, games={self.games}, "
                f"seed={self.seed})")

    def _repr_html_(self) -> str:
        rows = []

        def pct(t: str) -> str:
            return t if t in ("—", "–") else t + " %"

        for row in self.rows:
            c = _row_text(row, " – ")
            rows.append(f"<tr><td>{html.escape(row['level'])}</td><td>{row['players']}</td>"
                        f"<td>{pct(c['perfect'])}</td><td>{pct(c['perfect_int'])}</td><td>{c['remaining']}</td>"
                        f"<td>{c['remaining_int']}</td><td>{pct(c['lost'])}</td></tr>")
        return (f'<div class="pn-levels"><b>Difficulty levels</b> · simple player · {plural(self.games, "game")} '
                f"per level (seed {self.seed})<table><tr><th>level</th><th>players</th><th>perfect games</th>"
                f"<th>95 % interval</th><th>mean remaining cards</th><th>95 % interval</th><th>lost</th></tr>"
                f"{''.join(rows)}</table></div>")


def _row_text(row: dict[str, Any], sep: str = "–") -> dict[str, str]:
    """A table row's numbers as text: ``"—"`` for what no game measured (0 games; one game's spread)."""
    if not row["games"]:
        return dict(perfect="—", perfect_int="—", remaining="—", remaining_int="—", lost="—")
    return dict(perfect=_pct(row["perfect"]), perfect_int=_span(row["perfect_low"], row["perfect_high"], _pct, sep),
                remaining=_num(row["remaining"]), remaining_int=_span(row["remaining_low"], row["remaining_high"],
                                                                      _num, sep),
                lost=_pct(row["lost"]) if row["lost"] else "–")


def difficulty_table(games: int = 4000, seed: int = 0, progress: Any = None, engine: str = "auto",
                     levels: Sequence[str] | None = None) -> DifficultyTable:
    """Simulate every level of :data:`LEVELS` with the simple player (rules §14.2).

    Args:
        games: games per level (the rule book's levels: 4000, rules §14.2).
        seed: simulation seed, the same for every level.
        progress: ``None`` or a tqdm-like class; one bar counts every game of every level.
        engine: as in :func:`~paternoster.lift.simulation.simulate` (``"auto"``: the fast kernel where it can).
        levels: level names to simulate (ladder order is kept); ``None``: all of them.

    Returns:
        :class:`DifficultyTable`.

    Raises:
        RulesError: an unknown level name, or none given; ValueError: bad ``games``, ``seed`` or ``engine``
        (``engine="fast"`` when some level needs the reference engine); TypeError: bad ``progress``.
        All before any game is played.
    """
    plans = table_plans(games, seed, engine, levels)
    check_progress(progress, "difficulty_table")
    results = _run_plans(plans, progress, "difficulty_table")
    return DifficultyTable(tuple(results), plans[0].games, plans[0].seed)


def table_plans(games: Any, seed: Any, engine: Any, levels: Any = None) -> list[_Plan]:
    """Every argument check of :func:`difficulty_table`, before any game is played: the plans to run."""
    chosen = LEVELS if levels is None else _levels_named(levels)
    if not chosen:
        raise RulesError("levels: give at least one level name, or None for every level.")
    return [replace(_plan(lv.rules, lv.players, games, seed, "simple", engine), name=lv.name) for lv in chosen]


def _levels_named(names: Sequence[str]) -> tuple[Level, ...]:
    if isinstance(names, str):
        names = [names]
    wanted = {level(n).name for n in names}
    return tuple(lv for lv in LEVELS if lv.name in wanted)


# --------------------------------------------------------------------------- the original's claims (rules §14.3)
#: The verdicts a :class:`Claim` can have: the claim's rule decides the first three; "too few games"
#: when some simulation behind the claim has fewer than :data:`VERDICT_GAMES` games.
VERDICTS = ("agrees", "partly", "does not agree", "too few games")
#: Games per simulation a verdict needs (the kit's **Decision**).  Below it a share's 95 % interval is
#: more than ±8 points wide (Wilson, 25 % perfect games, 100 games: 17.3–34.5 %), too wide to tell the
#: 5- and 10-point differences the verdict rules ask about.
VERDICT_GAMES = 100


@dataclass(frozen=True)
class Claim:
    """One of the original's claims about difficulty (rules §14.3), checked against simulations.

    Attributes:
        key: ``"tokens"``, ``"players"`` or ``"hard-levels"``.
        source: where the kit's rule book states the claim (``"rules §14.3"``).
        english: the claim, in the kit's words.
        rule: how the verdict is decided, in words (fixed before measuring; see :func:`claims`).
        verdict: ``"agrees"``, ``"partly"`` or ``"does not agree"`` (by :attr:`rule`), or
            ``"too few games"`` when a simulation behind it has fewer than :data:`VERDICT_GAMES` games
            (the findings still show the numbers).
        findings: what was measured, one sentence each, with 95 % intervals.
        numbers: name → ``(value, low, high)``: shares and differences as fractions of 1
            (``0.1`` = 10 % or 10 points), remaining cards in cards.
        results: the simulations behind it (find one with :meth:`result`).
    """

    key: str
    source: str
    english: str
    rule: str
    verdict: str
    findings: tuple[str, ...]
    numbers: dict[str, tuple[float, float, float]] = field(repr=False, hash=False, compare=False)
    results: tuple[SimulationResult, ...] = field(repr=False, hash=False, compare=False)

    def result(self, name: str, players: int | None = None) -> SimulationResult:
        """The simulation of the rules called ``name`` (and ``players``, where a claim has several counts).

        >>> from paternoster.lift.levels import Claim
        >>> c = Claim("k", "", "", "", "agrees", (), {}, ())
        >>> c.result("Normal")
        Traceback (most recent call last):
        ...
        paternoster.core.errors.RulesError: This claim has no simulation of 'Normal'; it has: (none).

        Raises:
            RulesError: no such simulation, or several and ``players`` not given.
        """
        m = re.search(r"\s*\((\d+) players?\)$", name)
        if m and players is None:
            players = int(m.group(1))
        key = _norm(name[:m.start()] if m else name)
        found = [r for r in self.results if key in _spellings(re.sub(r"\s*\(\d+ players?\)$", "", r.rules_name))
                 and (players is None or r.players == players)]
        have = ", ".join(sorted({f"{r.rules_name}" if "player" in r.rules_name else
                                 f"{r.rules_name} ({r.players} players)" for r in self.results})) or "(none)"
        if not found:
            raise RulesError(f"This claim has no simulation of {short(name)}"
                             + (f" with {players} players" if players is not None else "") + f"; it has: {have}.")
        if len(found) > 1:
            raise RulesError(f"This claim has {len(found)} simulations of {short(name)}; say which with players= "
                             f"({', '.join(str(r.players) for r in found)}).")
        return found[0]

    def summary(self) -> str:
        """The claim, the rule, the numbers and the verdict as plain text."""
        lines = [f"Claim: {self.english}", f"  Rule book: {self.source}", f"  Verdict: {self.verdict.upper()}",
                 f"  Rule: {self.rule}"]
        lines += [f"  - {f}" for f in self.findings]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Claim(key={self.key!r}, verdict={self.verdict!r})"

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(f)}</li>" for f in self.findings)
        return (f'<div class="pn-claim"><b>{html.escape(self.english)}</b> — <i>{html.escape(self.verdict)}</i>'
                f'<p>Rule book: {html.escape(self.source)}</p>'
                f"<p>Rule: {html.escape(self.rule)}</p><ul>{items}</ul></div>")


def _perfect(r: SimulationResult) -> np.ndarray:
    return (r.outcome == 0).astype(float)


def _paired(a: SimulationResult, b: SimulationResult) -> tuple[float, float, float]:
    """Perfect share of ``a`` minus that of ``b`` on the same game indices, with its paired 95 % interval
    (clipped to −1 … 1)."""
    return paired_shares(_perfect(a), _perfect(b))


def _measured(r: SimulationResult) -> str:
    """``"perfect 23.5 % (95 % interval 22.2–24.9 %), on average 5.85 cards left (95 % interval 5.62–6.08)"``:
    the same words as :meth:`SimulationResult.summary`."""
    return f"{_perfect_text(r)}, {_remaining_text(r)}"


def _cards(x: float) -> str:
    """A difference in cards: ``"-1.07"``, ``"+0.00"`` (never ``"-0.00"``)."""
    if math.isnan(x):
        return "—"
    v = round(x, 2)
    return "+0.00" if v == 0 else f"{v:+.2f}"


def _diff(d: tuple[float, float, float], unit: str = "points", fmt: Any = None) -> str:
    """``"+5.7 points (-1.1 to +12.4)"``; ``"—"`` for nothing measured; ``"(—)"`` for an unknown interval."""
    fmt = fmt or _pts
    if math.isnan(d[0]):
        return "—"
    return f"{fmt(d[0])} {unit} ({_span(d[1], d[2], fmt, ' to ')})"


def _test(ok: bool, name: str, decided: bool) -> str:
    """How one part of a verdict rule came out; nothing when there are too few games to decide."""
    return f" — {name}: {'yes' if ok else 'no'}" if decided else ""


def _too_few(runs: Sequence[SimulationResult]) -> bool:
    return min(r.games for r in runs) < VERDICT_GAMES


def _tally(parts: Sequence[bool], runs: Sequence[SimulationResult]) -> str:
    if _too_few(runs):
        return "too few games"
    return "agrees" if all(parts) else ("partly" if any(parts) else "does not agree")


_TOKENS_RULE = ("agrees when each of the four tokens raises the perfect share by 5 to 15 points; partly when the "
                "mean gain per token (0 → 4 tokens, divided by 4) is 5 to 15 points but not every single token's "
                "gain is; does not agree when the mean gain per token is outside 5 to 15 points. Point estimates "
                "decide; the intervals show how sure they are.")
_PLAYERS_RULE = ("two parts, measured on Normal: (1) 3 players are slightly harder — their perfect share is lower "
                 "than 2 players' by at most 10 points, with the 95 % interval of the difference wholly above 0; "
                 "(2) 4 players are about as hard as 2 — their perfect shares differ by at most 5 points. "
                 "Agrees when both hold, partly when one does, does not agree when neither does.")
_HARD_RULE = ("three parts: (1) Zwei Kabinen is hard — its perfect share is at most half of Normal's (2 players) "
              "and the 95 % interval of the difference lies wholly below 0; (2) Hochhaus 4 is hard — the same "
              "test; (3) Hochhaus 5 is clearly easier than Hochhaus 4 — its perfect share is higher by at least "
              "5 points, with the 95 % interval of the difference wholly above 0. Agrees when all three hold, "
              "partly when one or two do, does not agree when none does.")
_TOO_FEW_RULE = (f" With fewer than {VERDICT_GAMES} games per simulation the verdict is 'too few games' "
                 f"(the numbers are still shown).")


def claims(games: int = 4000, seed: int = 0, progress: Any = None, engine: str = "auto") -> list[Claim]:
    """Check the original's three claims about difficulty (rules §14.3).

    1. ``"tokens"`` — on Normal, every emergency token adds about ten percentage points to the
       share of perfect games.  Measured: Normal with 0, 1, 2, 3, 4 emergency tokens
       (``make_rules("notruf-marken", tokens=k)``), 2 players.
    2. ``"players"`` — three players find every level a little harder than two, four players
       about as hard.  Measured on Normal only, with 2, 3 and 4 players.  The kit reads "about as
       hard" as "about as hard as two players" (rules §14.3); 4 against 3 players is reported too.
    3. ``"hard-levels"`` — Zwei Kabinen and Hochhaus with hands of 4 are hard; hands of 5 make
       Hochhaus clearly easier.  Measured: Normal (2 players), Zwei Kabinen (2), Hochhaus 4 and 5 (6 players).

    Every simulation uses the same ``seed``, so runs with the same deck size play the same shuffles
    (game ``i`` alike): their differences are *paired* (the per-game differences are one sample,
    :func:`~paternoster.core.stats.mean_interval`).  Runs with different decks (Zwei Kabinen: 52 cards,
    Hochhaus: 156, against Normal's 104) are independent samples, compared with Newcombe's interval
    (:func:`~paternoster.core.stats.newcombe`).

    **Verdict rules** (the kit's, fixed before measuring; each claim states its own in :attr:`Claim.rule`).
    Perfect share is the measure throughout, as in the tokens claim (the chance to play every
    card); 1 point = 1 percentage point.

    * tokens: agrees when each of the four tokens raises the perfect share by 5 to 15 points; partly
      when the mean gain per token (0 → 4 tokens, divided by 4) is 5 to 15 points but not every single
      token's is; otherwise does not agree.
    * players: (1) 3 players' perfect share is lower than 2 players' by at most 10 points, the interval
      of the difference above 0; (2) 4 and 2 players differ by at most 5 points.  Both: agrees, one: partly.
    * hard-levels: (1) Zwei Kabinen's and (2) Hochhaus 4's perfect shares are at most half of Normal's,
      the interval of the difference below 0; (3) Hochhaus 5 beats Hochhaus 4 by at least 5 points,
      the interval of the difference above 0.  All three: agrees; one or two: partly.  A finding also
      gives the cards Hochhaus 4 and Normal leave as shares of their decks (156 and 104 cards); it is
      not part of the verdict.
    * every claim: with fewer than :data:`VERDICT_GAMES` (100) games per simulation the verdict is
      ``"too few games"``: a share's interval is then too wide to tell 5 points from 10.  The findings
      still give every number (and leave out whether each test passes).

    Args:
        games: games per simulation (≥ 1; 10 simulations in all; a verdict needs 100); seed: the
            simulation seed.
        progress: ``None`` or a tqdm-like class (one bar over every game).
        engine: as in :func:`~paternoster.lift.simulation.simulate`.

    Returns:
        three :class:`Claim` objects, in the order above.

    Raises:
        ValueError: ``games`` below 1, bad ``seed`` or ``engine``; TypeError: bad ``progress`` — before any game.

    >>> [c.verdict for c in claims(games=2)]
    ['too few games', 'too few games', 'too few games']
    """
    specs, plans = claim_plans(games, seed, engine)
    check_progress(progress, "claims")
    runs = dict(zip(specs, _run_plans(plans, progress, "claims")))
    return [_tokens_claim(runs), _players_claim(runs), _hard_claim(runs)]


def claim_plans(games: Any, seed: Any, engine: Any) -> tuple[list[str], list[_Plan]]:
    """Every argument check of :func:`claims`, before any game is played: the runs' keys and plans."""
    games = whole(games, "games (a claim needs at least 1 game per simulation)", lo=1, hi=MAX_GAMES, error=ArgumentError)
    normal = preset("Normal")
    specs = {
        **{f"tokens {k}": (make_rules("notruf-marken", tokens=k) if k else normal, 2) for k in range(5)},
        "players 3": (normal, 3), "players 4": (normal, 4),
        "Zwei Kabinen": (preset("Zwei Kabinen"), 2),
        "Hochhaus 4": (preset("Hochhaus 4"), 6), "Hochhaus 5": (preset("Hochhaus 5"), 6),
    }
    plans = [_plan(rules, players, games, seed, "simple", engine) for rules, players in specs.values()]
    plans = [replace(p, name=f"{p.name} ({plural(p.players, 'player')})") if key.startswith("players") else p
             for key, p in zip(specs, plans)]
    return list(specs), plans


def _tokens_claim(runs: dict[str, SimulationResult]) -> Claim:
    t = [runs[f"tokens {k}"] for k in range(5)]
    numbers = {f"perfect, {k} tokens": t[k].perfect() for k in range(5)}
    gains = [_paired(t[k], t[k - 1]) for k in range(1, 5)]
    numbers.update({f"gain of token {k}": gains[k - 1] for k in range(1, 5)})
    mean = mean_interval((_perfect(t[4]) - _perfect(t[0])) / 4)
    numbers["mean gain per token"] = mean
    each = all(0.05 <= g[0] <= 0.15 for g in gains)
    band = 0.05 <= mean[0] <= 0.15
    verdict = ("too few games" if _too_few(t) else
               "agrees" if each else ("partly" if band else "does not agree"))
    findings = [f"{plural(k, 'token')}: {_measured(t[k])}" for k in range(5)]
    findings += [f"gain of token {k}: {_diff(gains[k - 1])}" for k in range(1, 5)]
    findings.append(f"mean gain per token: {_diff(mean)}")
    return Claim("tokens", "rules §14.3",
                 "On Normal, every emergency token adds about ten percentage points to the share of "
                 "perfect games.", _TOKENS_RULE + _TOO_FEW_RULE, verdict, tuple(findings), numbers, tuple(t))


def _players_claim(runs: dict[str, SimulationResult]) -> Claim:
    two, three, four = runs["tokens 0"], runs["players 3"], runs["players 4"]
    d3, d4, d43 = _paired(two, three), _paired(two, four), _paired(three, four)
    numbers = {"perfect, 2 players": two.perfect(), "perfect, 3 players": three.perfect(),
               "perfect, 4 players": four.perfect(), "2 minus 3 players": d3, "2 minus 4 players": d4,
               "3 minus 4 players": d43}
    slightly = d3[1] > 0 and d3[0] <= 0.10
    same = abs(d4[0]) <= 0.05
    used = (two, three, four)
    decided = not _too_few(used)
    findings = [f"{n} players: {_measured(r)}" for n, r in ((2, two), (3, three), (4, four))]
    findings += [f"2 players minus 3 players: {_diff(d3)}{_test(slightly, '3 players slightly harder', decided)}",
                 f"2 players minus 4 players: {_diff(d4)}{_test(same, '4 players about as hard as 2', decided)}",
                 f"3 players minus 4 players: {_diff(d43)} (if the claim meant '4 players about as hard as 3': "
                 f"{'yes' if abs(d43[0]) <= 0.05 else 'no'}, not part of the verdict)"]
    return Claim("players", "rules §14.3",
                 "Three players find every level a little harder than two; four players find it about as "
                 "hard as two.", _PLAYERS_RULE + _TOO_FEW_RULE, _tally([slightly, same], used), tuple(findings),
                 numbers, used)


def _hard_claim(runs: dict[str, SimulationResult]) -> Claim:
    normal, kab, h4, h5 = runs["tokens 0"], runs["Zwei Kabinen"], runs["Hochhaus 4"], runs["Hochhaus 5"]

    def hard(r: SimulationResult) -> tuple[bool, tuple[float, float, float]]:
        k = int(np.count_nonzero(r.outcome == 0))
        kn = int(np.count_nonzero(normal.outcome == 0))
        d = newcombe(k, r.games, kn, normal.games)
        return (r.perfect()[0] <= normal.perfect()[0] / 2 and d[2] < 0), d

    kab_hard, d_kab = hard(kab)
    h4_hard, d_h4 = hard(h4)
    d_h = _paired(h5, h4)
    easier = d_h[0] >= 0.05 and d_h[1] > 0
    used = (normal, kab, h4, h5)
    decided = not _too_few(used)
    deck_h4, deck_n = _deck_share(h4), _deck_share(normal)
    numbers = {"perfect, Normal": normal.perfect(), "perfect, Zwei Kabinen": kab.perfect(),
               "perfect, Hochhaus 4": h4.perfect(), "perfect, Hochhaus 5": h5.perfect(),
               "Zwei Kabinen minus Normal": d_kab, "Hochhaus 4 minus Normal": d_h4,
               "Hochhaus 5 minus Hochhaus 4": d_h,
               "cards left, Hochhaus 4": h4.mean_remaining(), "cards left, Normal": normal.mean_remaining(),
               "share of the deck left, Hochhaus 4": deck_h4, "share of the deck left, Normal": deck_n}
    findings = [f"{r.rules_name} ({plural(r.players, 'player')}): {_measured(r)}" for r in used]
    findings += [f"Zwei Kabinen minus Normal: {_diff(d_kab)}{_test(kab_hard, 'Zwei Kabinen is hard', decided)}",
                 f"Hochhaus 4 minus Normal: {_diff(d_h4)}{_test(h4_hard, 'Hochhaus 4 is hard', decided)}",
                 f"Hochhaus 5 minus Hochhaus 4: {_diff(d_h)}{_test(easier, 'Hochhaus 5 clearly easier', decided)}",
                 f"Hochhaus 4 leaves {_deck_text(h4, deck_h4)}; Normal {_deck_text(normal, deck_n)}: with "
                 f"{h4.rules.cards} cards instead of {normal.rules.cards} the scale differs, so compare the "
                 f"shares (not part of the verdict)"]
    return Claim("hard-levels", "rules §14.3",
                 "Zwei Kabinen and Hochhaus with hands of 4 are hard; hands of 5 make Hochhaus clearly easier.",
                 _HARD_RULE + _TOO_FEW_RULE, _tally([kab_hard, h4_hard, easier], used), tuple(findings), numbers,
                 used)


def _deck_share(r: SimulationResult) -> tuple[float, float, float]:
    """Mean cards left as a fraction of the deck (``rules.cards``), with its 95 % interval."""
    return tuple(x / r.rules.cards for x in r.mean_remaining())  # type: ignore[return-value]


def _deck_text(r: SimulationResult, d: tuple[float, float, float]) -> str:
    """``"on average 18.60 cards, 11.9 % of its 156 (95 % interval 11.5–12.3 %)"``."""
    if math.isnan(d[0]):
        return "— cards"
    return (f"on average {_num(r.mean_remaining()[0])} cards, {_pct(d[0])} % of its {r.rules.cards} "
            f"(95 % interval {_span(d[1], d[2], _pct)}{'' if math.isnan(d[1]) else ' %'})")


# --------------------------------------------------------------------------- talking vs silent
@dataclass
class TalkingComparison:
    """The silent simple player and the talking team on the same deals.

    Attributes:
        silent, talking: the two :class:`~paternoster.lift.simulation.SimulationResult` objects.
        perfect_gain: talking minus silent perfect share, paired over the same games, with its 95 %
            interval (fractions of 1: ``0.05`` = 5 points; the interval clipped to −1 … 1).
        remaining_change: talking minus silent mean remaining cards, paired, with its 95 % interval
            (negative: the talking team leaves fewer cards).
    """

    silent: SimulationResult
    talking: SimulationResult
    perfect_gain: tuple[float, float, float]
    remaining_change: tuple[float, float, float]

    def summary(self) -> str:
        """Both results and the differences, as plain text (no timing)."""
        return "\n".join([self.silent.summary(), self.talking.summary(), f"Talking minus silent: {self._diffs()}"])

    def verdict(self) -> str:
        """The comparison in plain words: for perfect games and for cards left, whether talking did better,
        worse, or no differently than these deals can tell (a paired 95 % interval wholly above or below
        0 decides; one that includes 0 does not).

        >>> print(talking_vs_silent(games=200, rules="Stille Fahrt").verdict())
        Stille Fahrt, 200 deals: the two teams played exactly the same games — nobody talks.
        """
        head = f"{self.silent.rules_name}, {plural(self.silent.games, 'deal')}"
        if not self.silent.games:
            return f"{head}: nothing to compare."
        if (np.array_equal(self.silent.remaining, self.talking.remaining)
                and np.array_equal(self.silent.turns, self.talking.turns)):
            return f"{head}: the two teams played exactly the same games — nobody talks."

        def says(d: tuple[float, float, float], better: str, worse: str, what: str) -> str:
            if math.isnan(d[1]) or d[1] <= 0 <= d[2]:
                return f"no difference in {what} that {plural(self.silent.games, 'deal')} can show"
            return better if (d[0] > 0) == (what == "perfect games") else worse

        perfect = says(self.perfect_gain, "more perfect games", "fewer perfect games", "perfect games")
        cards = says(self.remaining_change, "fewer cards left", "more cards left", "cards left")
        return (f"{head}: talking gives {perfect}, {_diff(self.perfect_gain)}; and {cards}, "
                f"{_diff(self.remaining_change, 'per game', _cards)}.")

    def _diffs(self) -> str:
        return f"perfect {_diff(self.perfect_gain)}; cards left {_diff(self.remaining_change, 'per game', _cards)}"

    def __repr__(self) -> str:
        return (f"TalkingComparison(rules={self.silent.rules_name!r}, players={self.silent.players}, "
                f"games={self.silent.games}, perfect_gain={self.perfect_gain[0]:+.3f})")

    def _repr_html_(self) -> str:
        return (f'<div class="pn-talking">{self.silent._repr_html_()}{self.talking._repr_html_()}'
                f"<p>Talking minus silent: {html.escape(self._diffs())}; 95 % intervals over the same deals.</p></div>")


def talking_vs_silent(games: int = 300, seed: int = 0, rules: Any = "Normal", players: int | None = None,
                      progress: Any = None, engine: str = "auto") -> TalkingComparison:
    """Does talking help?  The talking team and the silent simple player on the same ``games`` deals.

    The original warns that its computer player never talks, so a real team does better (rules §14.3).
    Game ``i`` is the same deal for both teams, so the comparison is paired.

    Args:
        games: games per team; seed: simulation seed; rules, players: as in
            :func:`~paternoster.lift.simulation.simulate` (a name, a :class:`Level` or a :class:`Rules`).
        progress: ``None`` or a tqdm-like class (one bar over both teams' games).
        engine: both teams' engine (``"auto"``: the fast kernel where it can — it plays the same
            games as the reference engine, game for game, for both teams).

    Raises:
        RulesError, ValueError, TypeError: as :func:`~paternoster.lift.simulation.simulate`, before any game.
    """
    silent = _plan(rules, players, games, seed, "simple", engine)
    talking = _plan(rules, players, games, seed, "talking", engine)
    check_progress(progress, "talking_vs_silent")
    s, t = _run_plans([silent, talking], progress, "talking_vs_silent")
    gain = paired_shares(_perfect(t), _perfect(s))
    change = mean_interval(t.remaining.astype(float) - s.remaining.astype(float))
    return TalkingComparison(s, t, gain, change)
