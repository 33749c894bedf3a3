"""The variant state of a game, as words: read from the engine, rendered once for every widget.

:class:`~widgets.HandPilesTable` and :class:`~widgets.TurnStepper` both show
this block; nothing here decides a rule.  Every number, card and name comes
from the :class:`paternoster.Game` (``tokens``, ``token_used_this_turn``,
``passed_this_turn``, ``pass_counts``, ``passengers``, ``delivered``,
``burning``, ``fire_duty``, ``active_commands``, ``silence_until``,
``signals``, ``setbacks_word``) or its :class:`paternoster.Rules` (which switches are on).  A line
appears only when the rules switch its variant on, so a standard game shows no
block at all (signals appear in a standard game only once someone posts one).
"""

from __future__ import annotations

from paternoster import COMMAND_EFFECTS, HOURGLASS_SECONDS, STANDARD, Game
from paternoster.core import theme
from paternoster.lift.texts import setback_allowance

from ._common import esc

__all__ = ["variant_state", "variant_state_html", "pile_marks", "shows_signals"]

_SIGNAL_RULES = {"mover": "Liftführer: only the player to move may signal",
                 "none": "Stille Fahrt: nobody signals"}


def shows_signals(game: Game) -> bool:
    """Whether the signals line belongs on the table: a rule restricts signals, a variant adds one,
    or a signal is posted."""
    r = game.rules
    return bool(r.signals != "all" or r.passengers or r.commands != "none" or any(game.signals.values()))


def _signals_line(game: Game) -> str:
    r = game.rules
    posted = [f"{game.piles[p].name}: " + ", ".join(f"{game.names[s]} — {k}" for s, k in lst)
              for p, lst in sorted(game.signals.items()) if lst]
    head = "Signals"
    if r.signals in _SIGNAL_RULES:
        head += f" ({_SIGNAL_RULES[r.signals]})"
    if game.silence_until is not None:
        head += f" (Schweigen: none until {game.names[game.silence_until]}'s next turn)"
    return f"{head}: " + ("; ".join(posted) if posted else "none posted")


def variant_state(game: Game) -> list[str]:
    """The variant state of ``game`` as plain-text lines, one per switched-on variant.

    Returns:
        ``[]`` for a standard game without posted signals; otherwise lines such as
        ``"Rules: Notruf-Marken 2"``, ``"Setbacks (at most two setbacks per turn): 1 of 2 left"`` (rules with
        another number of setbacks per turn), ``"Emergency tokens (Notruf-Marken): 1 of 2 left;
        one spent this turn: yes"``, ``"Passengers (Fahrgäste), in delivery order: 1. 5♥ ✓
        delivered, 2. K♠ ◀ next, 3. 2♣ — 1 of 3 delivered"``, burning cards with the pile
        and who must cover them, commands in force, signals per pile (seat name — kind),
        the Sanduhr clock.

    >>> from paternoster import Game, make_rules
    >>> g = Game.from_position(["8♥ 4♣", "3♣"], piles=["10♥", "", "", ""], hand_size_check=False,
    ...                        rules=make_rules("notruf-marken", tokens=2), names=["Anna", "Ben"])
    >>> variant_state(g)
    ['Rules: Notruf-Marken 2', 'Emergency tokens (Notruf-Marken): 2 of 2 left; one spent this turn: no']
    >>> g.big_setback("8♥", "up 1").kind, variant_state(g)[1]
    ('big-setback', 'Emergency tokens (Notruf-Marken): 1 of 2 left; one spent this turn: yes')
    >>> variant_state(Game.new(players=2, seed=0))
    []
    """
    g, r = game, game.rules
    over = g.is_over()
    lines: list[str] = []
    if r.variants:
        lines.append(f"Rules: {r.name}")
    if r.setbacks_per_turn != STANDARD.setbacks_per_turn:
        lines.append(f"Setbacks ({setback_allowance(r.setbacks_per_turn)}): {g.setbacks_word}")
    if r.tokens:
        used = "yes" if g.token_used_this_turn else "no"
        lines.append(f"Emergency tokens (Notruf-Marken): {g.tokens} of {r.tokens} left; "
                     f"one spent this turn: {used}")
    if r.passing:
        text = "Weitergeben: card passed this turn: " + ("yes" if g.passed_this_turn else "no")
        if g.passed_this_turn and not over:
            text += (" (it counts toward the minimum)" if g.pass_counts
                     else " (it does not count: the minimum is 1)")
        lines.append(text)
    if r.passengers:
        items = []
        for i, c in enumerate(g.passengers):
            mark = " ✓ delivered" if i < g.delivered else (" ◀ next" if i == g.delivered else "")
            items.append(f"{i + 1}. {c}{mark}")
        lines.append(f"Passengers (Fahrgäste), in delivery order: {', '.join(items)} — "
                     f"{g.delivered} of {len(g.passengers)} delivered")
    if r.fire:
        duty = set(g.fire_duty)
        items = []
        for p, c, t in g.burning:
            where = f"{c} on {g.piles[p].name} (played in turn {t})"
            if over:
                items.append(where)
            elif (p, c, t) in duty:
                items.append(f"{where}: {g.names[g.to_move]} must cover it this turn")
            else:
                items.append(f"{where}: the next player who still has cards must cover it")
        lines.append("Burning cards (Feuer): " + ("; ".join(items) if items else "none to cover"))
    if r.commands != "none":
        items = []
        for at, name, card in g.active_commands:
            if name == "Schweigen":
                who = g.names[g.silence_until] if g.silence_until is not None else "?"
                made = f" ({card})" if card is not None else ""
                items.append(f"Schweigen{made}: no signals until {who}'s next turn")
            elif at is None:
                items.append(f"{name} ({card}): {COMMAND_EFFECTS.get(name, '')}")
            else:
                items.append(f"{name} ({card}) on {g.piles[at].name}: {COMMAND_EFFECTS.get(name, '')}")
        label = "Commands in force (Befehle light)" if r.commands == "light" else "Commands in force (Befehle)"
        lines.append(f"{label}: " + ("; ".join(items) if items else "none"))
    if shows_signals(g):
        lines.append(_signals_line(g))
    if r.hourglass:
        lines.append(f"Sanduhr: {HOURGLASS_SECONDS} seconds per turn — the clock is the table's; "
                     "a time-out below the minimum ends the game")
    return lines


def variant_state_html(game: Game) -> str:
    """:func:`variant_state` as a safe HTML list (every text escaped); ``""`` when there is nothing to show."""
    lines = variant_state(game)
    if not lines:
        return ""
    items = []
    for line in lines:
        label, sep, rest = line.partition(": ")
        items.append(f"<li><b>{esc(label)}{sep}</b>{esc(rest)}</li>" if sep else f"<li>{esc(line)}</li>")
    return (f'<div class="pn-variant-state" role="group" aria-label="variant state">'
            f'<ul style="margin:2px 0;padding-left:1.2em">{"".join(items)}</ul></div>')


def pile_marks(game: Game, index: int) -> list[str]:
    """Short plain-text marks for one pile's column: the burn mark (♨) burning, a command on top, the signals on it."""
    marks = []
    for p, c, _t in game.burning:
        if p == index:
            marks.append(f"{theme.BURN} {c} burns")
    for at, name, _card in game.active_commands:
        if at == index:
            marks.append(f"⚑ {name}")
    for s, k in game.signals.get(index, []):
        marks.append(f"⚐ {game.names[s]}: {k}")
    return marks


# --------------------------------------------------------------------------- the presets at a glance
