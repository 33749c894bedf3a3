"""Many games of Paskahousu between computer players: who tends to lose?

:func:`simulate` plays games with a lean loop over rank counts (no Card objects,
no log, no undo).  It calls the same rule functions as
:class:`~paternoster.paskahousu.PaskahousuGame` — :func:`~paternoster.paskahousu.deal`,
:func:`~paternoster.paskahousu.who_starts`, :func:`~paternoster.paskahousu.play_verdict`
over :func:`~paternoster.paskahousu.acceptance_table`, ``next_holder`` — and the same
player policies (:mod:`.bots`), and ``tests/paskahousu/test_paskahousu_engine.py`` checks game for
game that both give the same loser after the same number of turns.

House rules (Paskahousu rules §11): the lean loop counts cards by *kind* (the 13 ranks, or 16 under Nur
Schwarze zählen, :func:`~paternoster.paskahousu.ranks.kind_of_rung`) and reads the same rule data the game
reads — the acceptance rows (and the second table of Bildkarten erst später once every 9 is burned), the
play limits of Nur einzeln, ``legal_options``, ``play_verdict`` without the four-of-a-kind burn under Zwei
Blätter, ``deal`` with two decks or every card dealt (Ruotsalainen), the Fester Anfang opening and the
forced pick-up of 10 und Ass auf dem leeren Tisch.  Pöytäpaska and Valepaska (table cards, hidden
announced plays and checks) are played game by game with :class:`PaskahousuGame` instead — the same
games, only slower; :func:`fast_loop_plays` says which, and the result's ``engine`` records it.
``tests/paskahousu/test_simulation_house_rules.py`` checks every switch and option game for game.

Game ``i`` of ``simulate(seed=s)`` uses the seed ``game_seed(s, i)`` (numpy
``SeedSequence``), so it can be replayed alone with :func:`replay_game`.
**Decision** (kit): the dealer rotates, game ``i`` is dealt by seat ``i % players``,
so that seats differ by strategy, not by who deals; random players at seat ``k`` draw from
``numpy.random.default_rng([game_seed(s, i), k])``, and a heuristic player (whose only random choices are
Valepaska's bluffs and checks) is seeded with ``SeedSequence([game_seed(s, i), k])``'s first word.

>>> r = simulate(players=3, games=60, seed=1)
>>> r.games, sum(r.losses) + r.stalemates
(60, 60)
>>> replay_game(1, 0, players=3).result.loser == simulate(players=3, games=1, seed=1).losses.index(1)
True
"""

from __future__ import annotations

import html
import time
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple, Sequence

import numpy as np

from ..core.checks import MAX_GAMES, MAX_SEED, short, whole
from ..core.stats import check_progress, progress_bar, wilson
from ..core.errors import RulesError
from .bots import HeuristicPlayer, RandomPlayer, heuristic_opening, heuristic_option, is_player, random_option
from .game import PICK_UP, PLAY, PaskahousuGame, deal, legal_options, next_holder
from .ranks import acceptance_lists, kind_count, kind_of_rung, play_limits, play_verdict, who_starts
from .rules import STANDARD_HOUSE_RULES, HouseRules

__all__ = ["simulate", "SimulationResult", "game_seed", "replay_game", "play_game", "wilson", "STRATEGIES",
           "fast_loop_plays"]

#: Strategy names :func:`simulate` knows.
STRATEGIES = ("heuristic", "random")


def game_seed(seed: int, i: int) -> int:
    """The deal seed of game ``i`` (0-based) of a simulation with ``seed``: ``SeedSequence([seed, i])``'s first word.

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    return int(np.random.SeedSequence([int(seed), int(i)]).generate_state(1, np.uint64)[0])


def _strategies(strategies: Any, players: int) -> list[str]:
    """One strategy name per seat.  **Decision** (kit): a :class:`HeuristicPlayer` object stands for
    ``"heuristic"`` (it is deterministic, so the lean loop plays it exactly); a :class:`RandomPlayer`
    object is refused, because the simulation seeds random players per game and seat (see the module
    doc), so the object's own seed could not be honoured; other player objects are refused too (the
    lean loop knows only the kit's policies: play them with :func:`play_game` or ``Match``)."""
    if isinstance(strategies, str) or type(strategies) is HeuristicPlayer:
        strategies = [strategies] * players
    if not isinstance(strategies, (list, tuple)):
        raise ValueError(f"strategies must be 'heuristic', 'random' or a list with one per seat, "
                         f"not {short(strategies)}.")
    out = list(strategies)
    if len(out) != players:
        raise ValueError(f"strategies: {len(out)} given for {players} players; give one per seat, "
                         f"e.g. ['heuristic'] + ['random'] * {players - 1}.")
    out = ["heuristic" if type(s) is HeuristicPlayer else s for s in out]
    for seat, s in enumerate(out, 1):
        if isinstance(s, RandomPlayer):
            raise ValueError(f"strategies (seat {seat}): write 'random' instead of {short(s)}. The simulation seeds "
                             f"each random player from the game's seed and the seat, so that every game can be "
                             f"replayed alone; a RandomPlayer's own seed cannot be honoured.")
        if isinstance(s, str) and s in STRATEGIES:
            continue
        if is_player(s):
            raise ValueError(f"strategies (seat {seat}): simulate takes strategy names ({', '.join(map(repr, STRATEGIES))}), "
                             f"not the player {short(s)}: its lean loop plays only the kit's own policies. Play your "
                             f"own player with play_game() or Match.")
        raise ValueError(f"Unknown strategy {short(s)}: choose from {', '.join(STRATEGIES)}.")
    return out


def _checked(players: Any, seed: Any, strategies: Any, rules: Any) -> tuple[int, int, list[str]]:
    """The arguments :func:`simulate` and :func:`replay_game` share, checked in one place."""
    if not isinstance(rules, HouseRules):
        raise RulesError(f"rules must be a HouseRules object (e.g. STANDARD_HOUSE_RULES), not {short(rules)}.")
    players = rules.check_players(players)
    seed = whole(seed, "seed", lo=0, hi=MAX_SEED, error=ValueError)
    return players, seed, _strategies(strategies, players)


def _players_for(strategies: Sequence[str], gseed: int) -> list[Any]:
    """One player per seat for the game dealt from ``gseed``: a random player draws from
    ``default_rng([gseed, seat])``; a heuristic player gets the seed ``SeedSequence([gseed, seat])``'s first word
    (it draws only for Valepaska's bluffs and checks, Paskahousu rules §12.1)."""
    return [HeuristicPlayer(int(np.random.SeedSequence([gseed, k]).generate_state(1, np.uint64)[0]))
            if s == "heuristic" else RandomPlayer([gseed, k]) for k, s in enumerate(strategies)]


def play_game(game: PaskahousuGame, players: Sequence[Any], *, record_undo: bool = False) -> PaskahousuGame:
    """Let ``players`` (one per seat, each with ``choose(game)``) play ``game`` to its end; returns the game.

    Raises:
        ValueError: not one player per seat; TypeError: ``game`` is not a PaskahousuGame.
    """
    if not isinstance(game, PaskahousuGame):
        raise TypeError(f"play_game needs a PaskahousuGame, not {short(game)} ({type(game).__name__}).")
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise ValueError(f"players must be a list with one player per seat, not {short(players)}.")
    if len(players) != game.players:
        raise ValueError(f"players: {len(players)} given for {game.players} seats; give one per seat.")
    while not game.is_terminal():
        game.apply_action(players[game.to_move].choose(game), record_undo=record_undo)
    return game


def replay_game(seed: int, i: int, players: int = 4, strategies: Any = "heuristic", *,
                rules: HouseRules = STANDARD_HOUSE_RULES, names: Sequence[str] | None = None) -> PaskahousuGame:
    """Game ``i`` of ``simulate(players, seed=seed, strategies=...)``, played out with :class:`PaskahousuGame`
    (full log, record and undo) — to read, show or check one simulated game.

    Args:
        seed, players, strategies, rules: as given to :func:`simulate`.
        i: the game's number in that simulation, 0-based (any whole number ≥ 0).
        names: player names (default "Player 1" …).

    Raises:
        RulesError: player count not allowed; ValueError: bad ``seed``, ``i`` or ``strategies``
        (the same checks as :func:`simulate`).
    """
    players, seed, strat = _checked(players, seed, strategies, rules)
    i = whole(i, "i (the game's number in the simulation, from 0)", lo=0, hi=MAX_SEED, error=ValueError)
    gseed = game_seed(seed, i)
    game = PaskahousuGame.new(players, gseed, rules=rules, dealer=i % players, names=names)
    return play_game(game, _players_for(strat, gseed), record_undo=True)


class _Plan(NamedTuple):
    """What the lean loop needs from a set of house rules, worked out once per simulation."""

    k: int  # kinds: 13, or 16 under Nur Schwarze zählen
    kind_of_rung: tuple[int, ...]
    table: tuple[tuple[int, ...], ...]  # acceptance rows
    late_table: tuple[tuple[int, ...], ...] | None  # Bildkarten erst später "nine": once every 9 is burned
    nines: int  # 9s in the deck(s)
    limits: tuple[int, ...] | None  # Nur einzeln; None: no limit
    four_burns: bool  # not under Zwei Blätter
    hand: int
    cap: int
    decks: int
    deal_all: bool
    fixed_start: bool
    again_after_pick_up: bool  # 10 und Ass auf dem leeren Tisch, "pick_up_again"


def _plan(rules: HouseRules) -> _Plan:
    late = acceptance_lists(rules, True) if rules.face_cards_late == "nine" else None
    return _Plan(kind_count(rules), kind_of_rung(rules), acceptance_lists(rules), late, 4 * rules.decks,
                 None if rules.singles_only == "off" else play_limits(rules), rules.decks == 1, rules.hand_size,
                 rules.turn_cap, rules.decks, rules.deal_all, rules.fixed_start,
                 rules.ten_ace_empty == "pick_up_again")


def _fast_game(players: int, gseed: int, dealer: int, kinds: Sequence[int], rngs: Sequence[Any], plan: _Plan,
               final: list[Any] | None = None) -> tuple[int, int, int]:
    """One game on counts of card kinds; returns ``(loser or -1 for a stalemate, turns, opener's seat)``.
    Mirrors PaskahousuGame.apply_action move by move under ``plan``'s house rules (see the module doc).
    ``final``, if a list, receives the end state for tests: the hands' counts per kind, the discard pile's
    kinds, the draw pile's size and the burned 9s."""
    k, kor, table, late, nines, limits, four_ok, hand, cap, decks, deal_all, fixed, again_opt = plan
    hands_r, draw_r = deal(players, gseed, dealer, hand, decks=decks, deal_all=deal_all)
    counts = [[0] * k for _ in range(players)]
    for p in range(players):
        c = counts[p]
        for r in hands_r[p]:
            c[kor[r]] += 1
    sizes = [len(h) for h in hands_r]
    draw = [kor[r] for r in reversed(draw_r)]  # top card last: pop() is cheap
    # The opening (Paskahousu rules §4; Fester Anfang §11.3).
    if fixed:
        left = (dealer + 1) % players
        opts: list[tuple[int, int, int]] = []
        seat = left
        for j in range(players):
            p = (left + j) % players
            if counts[p][0]:
                seat = p
                opts = [(PLAY, 0, n) for n in range(1, counts[p][0] + 1)]
                break
        if not opts:
            opts = legal_options(counts[seat], table[0], 0, 0, limits)
        if len(opts) == 1:
            kind, s, n = opts[0]
        elif kinds[seat] == 0:
            kind, s, n = heuristic_opening(opts, counts[seat], table, len(draw), limits, four_ok)
        else:
            kind, s, n = opts[int(rngs[seat].random() * len(opts))]
    else:
        seat, s = who_starts(counts, dealer)
        kind, n = PLAY, counts[seat][s]
        if limits is not None and n > limits[s]:
            n = limits[s]
    opener = seat
    pile: list[int] = []
    top, run, turn = -1, 0, 0
    layer = -1  # who laid the bottom card of the pile
    burned9 = 0
    while True:
        turn += 1
        c = counts[seat]
        again = False
        nxt = -1
        if kind == PLAY:
            v, new_run = play_verdict(table, top, run, s, n, four_ok)
            c[s] -= n
            sizes[seat] -= n
            if not pile:
                layer = seat
            if v == 2:
                if late is not None:
                    burned9 += pile.count(6) + (n if s == 6 else 0)
                pile = []
                top, run, again = -1, 0, True
            else:
                pile.extend([s] * n)
                top, run = s, new_run
            while sizes[seat] < hand and draw:
                c[draw.pop()] += 1
                sizes[seat] += 1
        elif kind == PICK_UP:
            forced = again_opt and not any(table[top + 1])  # a 10 or an ace that had to be picked up
            for x in pile:
                c[x] += 1
            sizes[seat] += len(pile)
            pile = []
            top, run = -1, 0
            if forced and sizes[layer]:
                nxt = layer
        else:
            x = draw.pop()
            v, new_run = play_verdict(table, top, run, x, 1, four_ok)
            if v == 0:
                for y in pile:
                    c[y] += 1
                c[x] += 1
                sizes[seat] += len(pile) + 1
                pile = []
                top, run = -1, 0
            else:
                if not pile:
                    layer = seat
                if v == 2:
                    if late is not None:
                        burned9 += pile.count(6) + (x == 6)
                    pile = []
                    top, run, again = -1, 0, True
                else:
                    pile.append(x)
                    top, run = x, new_run
                while sizes[seat] < hand and draw:
                    c[draw.pop()] += 1
                    sizes[seat] += 1
        if late is not None and burned9 >= nines:
            table = late
        # Only the mover's hand can shrink, and from a deal every hand holds cards while the draw pile lasts.
        if not draw and not sizes[seat]:
            holders = [p for p in range(players) if sizes[p]]
            if len(holders) == 1:
                if final is not None:
                    final += [counts, pile, len(draw), burned9]
                return holders[0], turn, opener
        if nxt >= 0:
            seat = nxt
        elif not (again and sizes[seat]):
            seat = next_holder(sizes, seat)
        if turn >= cap:
            if final is not None:
                final += [counts, pile, len(draw), burned9]
            return -1, turn, opener
        if kinds[seat] == 0:
            kind, s, n = heuristic_option(counts[seat], table, top, run, pile, len(draw), limits, four_ok)
        else:
            kind, s, n = random_option(rngs[seat], counts[seat], table[top + 1], len(pile), len(draw), limits)


@dataclass
class SimulationResult:
    """What :func:`simulate` found.

    Attributes:
        players: seats per game; games: games played; seed: the simulation seed.
        strategies: strategy name per seat.
        losses: games lost per seat (tuple of ints).
        stalemates: games that reached the turn cap (no loser).
        turns: turns per game (numpy int array, shape (games,); a stalemate counts the cap).
        seconds: wall-clock time of the simulation.
        rules: the house rules played (Paskahousu rules §11); ``rules.name`` names them.
        engine: ``"fast"`` (the lean loop) or ``"reference"`` (:class:`PaskahousuGame` game by game, for
            house rules the lean loop does not play); both give the same games.
        from_dealer: games lost by the seat ``k`` places to the dealer's left, ``k = 0 … players − 1``
            (``k = 0`` is the dealer, ``k = 1`` the dealer's left neighbour).
        from_opener: games lost by the seat ``k`` places to the left of the player who opened
            (``k = 0`` is the opener).

    >>> r = simulate(players=3, games=60, seed=1)
    >>> sum(r.from_dealer) == sum(r.from_opener) == sum(r.losses) == 60 - r.stalemates
    True
    """

    players: int
    games: int
    seed: int
    strategies: tuple[str, ...]
    losses: tuple[int, ...]
    stalemates: int
    turns: np.ndarray = field(repr=False)
    seconds: float
    rules: HouseRules = STANDARD_HOUSE_RULES
    engine: str = "fast"
    from_dealer: tuple[int, ...] = ()
    from_opener: tuple[int, ...] = ()

    def loss_rate(self, seat: int) -> tuple[float, float, float]:
        """Share of all games seat ``seat`` lost, with its 95 % Wilson interval: ``(rate, low, high)``.

        Raises:
            ValueError: ``seat`` is not a seat.
        """
        seat = whole(seat, "seat", 0, self.players - 1, error=ValueError)
        return wilson(self.losses[seat], self.games)

    def loss_rate_from_dealer(self, k: int) -> tuple[float, float, float]:
        """Share of all games lost by the seat ``k`` places left of that game's dealer (0 = the dealer,
        1 = the dealer's left neighbour, who deals first and opens under Fester Anfang), with its 95 %
        Wilson interval.  Paskahousu rules §3.1, §11.3.

        Raises:
            ValueError: ``k`` is not 0 … players − 1.
        """
        k = whole(k, "k (places left of the dealer)", 0, self.players - 1, error=ValueError)
        return wilson(self.from_dealer[k], self.games)

    def loss_rate_from_opener(self, k: int) -> tuple[float, float, float]:
        """Share of all games lost by the seat ``k`` places left of the player who opened (0 = the opener),
        with its 95 % Wilson interval.  Paskahousu rules §4.

        Raises:
            ValueError: ``k`` is not 0 … players − 1.
        """
        k = whole(k, "k (places left of the opener)", 0, self.players - 1, error=ValueError)
        return wilson(self.from_opener[k], self.games)

    def stalemate_share(self) -> tuple[float, float, float]:
        """Share of games that ended as a stalemate (turn cap), with its 95 % Wilson interval."""
        return wilson(self.stalemates, self.games)

    @property
    def mean_turns(self) -> float:
        """Mean turns per game (all games; a stalemate counts the turn cap)."""
        return float(self.turns.mean()) if self.games else 0.0

    def mean_turns_interval(self) -> tuple[float, float, float]:
        """Mean turns per game with its 95 % interval (normal approximation: mean ± 1.96 standard errors):
        ``(mean, low, high)``; ``(0.0, 0.0, 0.0)`` without games."""
        if not self.games:
            return 0.0, 0.0, 0.0
        m = self.mean_turns
        if self.games < 2:
            return m, m, m
        half = 1.959963984540054 * float(self.turns.std(ddof=1)) / self.games ** 0.5
        return m, m - half, m + half

    @property
    def games_per_second(self) -> float:
        """Games per second of wall-clock time."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary (no per-game turns): the counts, the house rules, and every share with its
        95 % interval as ``{"mean": rate, "low": …, "high": …}`` (loss rates also name their ``"seat"``),
        rounded to 6 decimals, never below 0.0."""
        def labelled(x: Any) -> dict[str, float]:
            # rounded to 6 decimals and clamped to 0.0 from below: no float noise such as 5.55e-17
            return {k: max(0.0, round(float(v), 6)) + 0.0 for k, v in zip(("mean", "low", "high"), x)}

        return {"players": self.players, "games": self.games, "seed": self.seed, "strategies": list(self.strategies),
                "house_rules": self.rules.name, "losses": list(self.losses), "stalemates": self.stalemates,
                "mean_turns": self.mean_turns, "mean_turns_interval": labelled(self.mean_turns_interval()),
                "loss_rates": [{"seat": k, **labelled(self.loss_rate(k))} for k in range(self.players)],
                "stalemate_share": labelled(self.stalemate_share()),
                "losses_from_dealer": list(self.from_dealer), "losses_from_opener": list(self.from_opener),
                "engine": self.engine, "seconds": self.seconds, "rules": self.rules.to_dict()}

    def __repr__(self) -> str:
        rates = ", ".join(f"{r:.3f}" for r, _, _ in (self.loss_rate(k) for k in range(self.players)))
        return (f"SimulationResult(players={self.players}, games={self.games}, house_rules={self.rules.name!r}, "
                f"strategies={list(self.strategies)}, loss_rates=[{rates}], stalemates={self.stalemates}, "
                f"mean_turns={self.mean_turns:.1f})")

    def summary(self) -> str:
        """The result as a plain-text table: games lost and loss rate per seat with its 95 % Wilson
        interval, and the stalemates; the header names the house rules unless the game is the standard one.
        Deterministic for a seed (no timings), so lessons print it.

        >>> print(simulate(players=3, games=200, seed=1).summary())  # doctest: +NORMALIZE_WHITESPACE
        200 games, 3 players, mean ... turns per game
        seat  player       lost  loss rate   95 % interval
        ...
        """
        # The standard game's header is as before (lesson 10 prints it); house rules are named after the players.
        named = f", house rules: {self.rules.name}" if self.rules.switches() else ""
        lines = [f"{self.games} games, {self.players} players{named}, mean {self.mean_turns:.1f} turns per game",
                 f"{'seat':6}{'player':11}{'lost':>6}{'loss rate':>11}   95 % interval"]
        for k in range(self.players):
            r, lo, hi = self.loss_rate(k)
            lines.append(f"{k + 1:<6}{self.strategies[k]:11}{self.losses[k]:>6}{100 * r:>10.1f} %"
                         f"   {100 * lo:.1f} – {100 * hi:.1f} %")
        r, lo, hi = self.stalemate_share()
        lines.append(f"{'stalemate (turn cap)':17}{self.stalemates:>6}{100 * r:>10.1f} %   {100 * lo:.1f} – {100 * hi:.1f} %")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        # No timing here: notebooks show this table, and strict nbval compares it run to run.
        rows = []
        for k in range(self.players):
            r, lo, hi = self.loss_rate(k)
            rows.append(f"<tr><td>seat {k + 1}</td><td>{html.escape(self.strategies[k])}</td><td>{self.losses[k]}</td>"
                        f"<td>{100 * r:.1f} %</td><td>{100 * lo:.1f} – {100 * hi:.1f} %</td></tr>")
        r, lo, hi = self.stalemate_share()
        rows.append(f"<tr><td colspan=2>stalemate (turn cap {self.rules.turn_cap})</td><td>{self.stalemates}</td>"
                    f"<td>{100 * r:.1f} %</td><td>{100 * lo:.1f} – {100 * hi:.1f} %</td></tr>")
        named = f" · house rules: {html.escape(self.rules.name)}" if self.rules.switches() else ""
        return (f'<div class="pk-sim"><b>{self.games} games, {self.players} players</b>{named} · mean '
                f"{self.mean_turns:.1f} turns per game"
                f"<table><tr><th>seat</th><th>player</th><th>lost</th><th>loss rate</th>"
                f"<th>95 % interval (Wilson)</th></tr>{''.join(rows)}</table></div>")


def fast_loop_plays(rules: HouseRules) -> bool:
    """Whether the lean loop of :func:`simulate` plays these house rules itself (else :func:`simulate` plays
    them game by game with :class:`PaskahousuGame`, which gives the same games, only slower)."""
    for f in fields(rules):
        if f.name not in _FAST_FIELDS and getattr(rules, f.name) != getattr(STANDARD_HOUSE_RULES, f.name):
            return False
    return True


#: HouseRules fields the lean loop plays (every other field must keep its standard value for it).
_FAST_FIELDS = frozenset({"name", "hand_size", "min_players", "max_players", "turn_cap", "fixed_start",
                          "face_cards_late", "singles_only", "ten_ace_empty", "empty_table_ban", "black_only",
                          "decks", "deal_all"})


def simulate(players: int = 4, games: int = 10_000, seed: int = 0, *, strategies: Any = "heuristic",
             rules: HouseRules = STANDARD_HOUSE_RULES, progress: Any = None) -> SimulationResult:
    """Play ``games`` games between computer players and count who loses.

    Args:
        players: seats per game (2–6, or what the house rules allow).
        games: number of games, 0 to :data:`~paternoster.core.checks.MAX_GAMES` (1,000,000).
        seed: simulation seed; game ``i`` is dealt from :func:`game_seed` ``(seed, i)``.
        strategies: ``"heuristic"``, ``"random"`` or a list with one per seat,
            e.g. ``["heuristic", "random", "random", "random"]``.  A :class:`HeuristicPlayer`
            object may stand for ``"heuristic"`` (it is deterministic).  **Decision** (kit):
            a :class:`RandomPlayer` object is refused — random players are seeded per game and
            seat (see the module doc), so its own seed could not be honoured; other player
            objects are refused too (play them with :func:`play_game` or ``Match``).
        rules: house rules (Paskahousu rules §11; the turn cap ends endless games as stalemates).
            The lean loop plays the rules it knows (:func:`fast_loop_plays`); any other set is
            played game by game with :class:`PaskahousuGame` — the same games, more slowly
            (the result's ``engine`` says which).
        progress: ``None`` (or ``False``) for no progress bar, or a tqdm-like class such as
            ``tqdm.auto.tqdm``: called as ``progress(total=games)``; the object's ``update(n)``
            and ``close()`` are used.

    Returns:
        :class:`SimulationResult` (losses per seat and relative to dealer and opener, stalemates,
        turns, games per second).

    Raises:
        RulesError: player count not allowed; ValueError: bad ``games``, ``seed`` or ``strategies``;
        TypeError: ``progress`` is not callable (e.g. ``progress=True``).

    >>> simulate(2, games=5, progress=True)
    Traceback (most recent call last):
    ...
    TypeError: progress takes a tqdm-like class such as tqdm.auto.tqdm, or None for no progress bar; not True. Write: from tqdm.auto import tqdm, then simulate(..., progress=tqdm).
    """
    players, seed, strat = _checked(players, seed, strategies, rules)
    games = whole(games, "games", lo=0, hi=MAX_GAMES, error=ValueError)
    check_progress(progress)
    kinds = [0 if s == "heuristic" else 1 for s in strat]
    fast = fast_loop_plays(rules)
    plan = _plan(rules) if fast else None
    losses = [0] * players
    from_dealer = [0] * players
    from_opener = [0] * players
    stalemates = 0
    turns = np.zeros(games, dtype=np.int64)
    bar = progress_bar(progress, games)
    step = max(1, min(250, games // 100))
    start = time.perf_counter()
    try:
        for i in range(games):
            gseed = game_seed(seed, i)
            dealer = i % players
            if plan is not None:
                rngs = [np.random.default_rng([gseed, k]) if kinds[k] else None for k in range(players)]
                loser, t, opener = _fast_game(players, gseed, dealer, kinds, rngs, plan)
            else:
                loser, t, opener = _reference_game(players, gseed, dealer, strat, rules)
            turns[i] = t
            if loser < 0:
                stalemates += 1
            else:
                losses[loser] += 1
                from_dealer[(loser - dealer) % players] += 1
                from_opener[(loser - opener) % players] += 1
            if (i + 1) % step == 0:
                bar.update(step)
        if games % step:
            bar.update(games % step)
    finally:
        bar.close()
    seconds = time.perf_counter() - start
    return SimulationResult(players, games, seed, tuple(strat), tuple(losses), stalemates, turns, seconds, rules,
                            "fast" if fast else "reference", tuple(from_dealer), tuple(from_opener))


def _reference_game(players: int, gseed: int, dealer: int, strategies: Sequence[str],
                    rules: HouseRules) -> tuple[int, int, int]:
    """One game with :class:`PaskahousuGame` and the kit's players, as :func:`replay_game` plays it:
    ``(loser or -1, turns, opener's seat)``."""
    game = PaskahousuGame.new(players, gseed, rules=rules, dealer=dealer)
    opener = game.to_move
    play_game(game, _players_for(strategies, gseed))
    r = game.result
    assert r is not None  # play_game plays to the end
    return (-1 if r.loser is None else r.loser), r.turn, opener
