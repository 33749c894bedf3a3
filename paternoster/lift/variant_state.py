"""The variant part of a Paternoster position (rules §7, §10–§12): emergency tokens, passing, passengers,
burning cards, pile signals and commands — checked when a position is built, and the queries on it —
and finding a pile by index or name.  :class:`~paternoster.lift.position.GamePosition` builds on it."""

from __future__ import annotations

import re
from typing import Any, Iterable, Sequence

import numpy as np

from ..core.cards import Card
from ..core.checks import MAX_TURN, check_bool, short, whole
from ..core.errors import IllegalPlayError, PositionError
from ..core.refusal import Refusal, cards_field
from .actions import SIGNAL_KINDS, Pile
from .commands import COMMAND_NAMES, card_colour, is_burning
from .rules import Rules
from . import rule_ids, texts

__all__ = ["VariantState"]


class VariantState:
    """The variant state of a position and the piles by name: what :class:`~paternoster.lift.position.GamePosition`
    adds to the hands, piles and turn.

    Attributes (set by :meth:`_set_variant_state`): tokens, token_used_this_turn, passed_this_turn, passengers,
    delivered, burning, signals, silence_until, express; ``rules``, ``players``, ``piles`` and ``turn``
    come from the position.
    """

    rules: Rules
    players: int
    piles: list[Pile]
    turn: int
    turn_minimum: int

    def _set_variant_state(self, tokens: int | None, token_used: bool, passed: bool,
                           passengers: str | Iterable[str | Card], delivered: int,
                           burning: Sequence[Any], signals: dict[int, Sequence[Any]] | None,
                           silence_until: int | None, express: str | Iterable[str | Card], turn: int) -> None:
        """Check and set the variant part of a position; every error names its field and the variant."""
        r = self.rules
        if tokens is None:
            tokens = r.tokens
        self.tokens = whole(tokens, "tokens (Notruf-Marken left)", lo=0, hi=4)
        if self.tokens and not r.tokens:
            raise PositionError(f"tokens={self.tokens}: these rules have no emergency tokens; use "
                                "make_rules('notruf-marken', tokens=...) for Notruf-Marken.")
        self.token_used_this_turn = check_bool(token_used, "token_used_this_turn")
        self.passed_this_turn = check_bool(passed, "passed_this_turn")
        self.passengers = cards_field(passengers, "passengers")
        if len(set(self.passengers)) != len(self.passengers):
            raise PositionError("passengers: a card appears twice; each passenger is a different card "
                                "(rules §11.7).")
        if r.passengers and len(self.passengers) != r.passengers:
            raise PositionError(f"passengers: these rules reveal {r.passengers} passengers (Fahrgäste), "
                                f"but {len(self.passengers)} are given.")
        if self.passengers and not r.passengers:
            raise PositionError("passengers given, but these rules have no Fahrgäste; use make_rules('fahrgaeste').")
        self.delivered = whole(delivered, "delivered (passengers delivered)", lo=0, hi=len(self.passengers))
        if isinstance(burning, (str, bytes, dict)) or not isinstance(burning, (list, tuple)):
            raise PositionError(f"burning must be a list of piles (index or name such as 'up 1') or of "
                                f"(pile, card, turn played), e.g. [0] or [('up 1', '9♥', 3)], not {short(burning)}.")
        if len(burning) > len(self.piles):
            raise PositionError(f"burning lists {len(burning)} piles, but there are {len(self.piles)}.")
        if burning and not r.fire:
            raise PositionError("burning given, but these rules have no Feuer; use make_rules('feuer').")
        self.burning: list[tuple[int, Card, int]] = []
        for item in burning or ():
            if isinstance(item, (int, str, np.integer)) and not isinstance(item, (bool, np.bool_)):
                pile, card, when = item, None, turn - 1
            elif isinstance(item, (list, tuple)) and len(item) == 3:
                pile, card, when = item
            else:
                raise PositionError(f"burning: {short(item)} is neither a pile (index or name such as 'up 1') nor "
                                    "(pile, card, turn played).")
            ref = self._pile_ref(pile)
            if isinstance(ref, Refusal):
                raise PositionError(f"burning: {ref.message}")
            top = self.piles[ref].top
            card = top if card is None else cards_field([card], "burning card")[0]
            if top is None or card != top:
                raise PositionError(f"burning: {card} is not the top card of {self.piles[ref].name} "
                                    f"(top: {top or 'empty'}); only a top card can burn.")
            if not is_burning(card):
                raise PositionError(f"burning: {card} does not burn; only 3♥ 6♥ 9♥ Q♥ do (rules §11.8).")
            when = whole(when, "burning turn played", lo=0, hi=MAX_TURN)
            if any(b[0] == ref for b in self.burning):
                raise PositionError(f"burning: {self.piles[ref].name} is listed twice.")
            self.burning.append((ref, card, when))
        self.signals: dict[int, list[tuple[int, str]]] = {}
        self._signal_turns: dict[tuple[int, int], int] = {}
        if signals is not None and not isinstance(signals, dict):
            raise PositionError(f"signals must be a dict: pile (index or name) → list of (seat, kind), e.g. "
                                f"{{'up 1': [(0, 'hold')]}}, not {short(signals)}.")
        for pile, posted in (signals or {}).items():
            ref = self._pile_ref(int(pile) if isinstance(pile, str) and re.fullmatch(r"[0-9]{1,2}", pile) else pile)
            if isinstance(ref, Refusal):
                raise PositionError(f"signals: {ref.message}")
            if isinstance(posted, (str, bytes, dict)) or not isinstance(posted, (list, tuple)) \
                    or len(posted) > self.players:
                raise PositionError(f"signals: the signals on {self.piles[ref].name} must be a list of at most "
                                    f"{self.players} (seat, kind) pairs, not {short(posted)}.")
            for item in posted:
                if not isinstance(item, (list, tuple)) or len(item) not in (2, 3):
                    raise PositionError(f"signals: {short(item)} is not (seat, kind).")
                seat = whole(item[0], "signals seat", lo=0, hi=self.players - 1)
                kind = item[1]
                if not isinstance(kind, str) or kind not in SIGNAL_KINDS or (kind == "passenger" and not r.passengers):
                    raise PositionError(f"signals: kind {short(kind)} is not one of "
                                        f"{', '.join(k for k in SIGNAL_KINDS if k != 'passenger' or r.passengers)}.")
                self.signals.setdefault(ref, []).append((seat, kind))
                self._signal_turns[(ref, seat)] = whole(item[2], "signals turn", lo=0, hi=MAX_TURN) if len(item) == 3 else turn
        if silence_until is not None:
            if r.commands not in ("light", "full"):
                raise PositionError("silence_until given, but these rules have no Befehle (Schweigen).")
            silence_until = whole(silence_until, "silence_until (seat)", lo=0, hi=self.players - 1)
        self.silence_until = silence_until
        self._silence_card: Card | None = None
        self.express = cards_field(express, "express")
        if self.express and (r.commands != "full" or any(c.rank != 13 or not c.suit.is_red for c in self.express)):
            raise PositionError("express: only red Kings under Befehle (full) carry Express.")


    # ------------------------------------------------------------------ queries
    @property
    def pass_counts(self) -> bool:
        """Weitergeben: whether a pass counts toward this turn's minimum.

        **Decision (kit)** (rules §10.6): only while the minimum is 2 or more, so at least one
        card of every turn reaches a pile.
        """
        return self.turn_minimum >= 2

    @property
    def next_passenger(self) -> Card | None:
        """Fahrgäste: the passenger whose twin must be delivered next, or ``None``."""
        return self.passengers[self.delivered] if self.delivered < len(self.passengers) else None

    @property
    def fire_duty(self) -> list[tuple[int, Card, int]]:
        """Feuer: burning cards played in an earlier turn that must be covered in this turn."""
        return [b for b in self.burning if b[2] < self.turn]

    @property
    def active_commands(self) -> list[tuple[int | None, str, Card | None]]:
        """Befehle in force now: ``(pile index or None, command name, card)`` (card ``None``: a
        Schweigen given by a position without its card).

        Black face cards act while on top of their pile (Sperre, Engpass, Last);
        of the red ones, a Schweigen until its player's next turn and an Express
        waiting for the next turn are listed.
        """
        out: list[tuple[int | None, str, Card | None]] = []
        ranks = self.rules.command_ranks
        if not ranks:
            return out
        for p in self.piles:
            t = p.top
            if t is not None and t.rank in ranks and not t.suit.is_red:
                out.append((p.index, COMMAND_NAMES[("black", t.rank)], t))
        if self.silence_until is not None:
            out.append((None, "Schweigen", self._silence_card))  # None: a position gave no card
        for c in self.express:
            out.append((None, "Express", c))
        return out

    def _command(self, card: Card | None) -> str | None:
        if card is None or card.rank not in self.rules.command_ranks:
            return None
        return COMMAND_NAMES[(card_colour(card), card.rank)]

    @property
    def last_active(self) -> bool:
        """Befehle: a black King (Last) is on top of a pile."""
        return 13 in self.rules.command_ranks and any(
            p.top is not None and p.top.rank == 13 and not p.top.suit.is_red for p in self.piles)

    def pile(self, pile: int | str) -> Pile:
        """A pile by index (0-based) or name (``"up 1"``, ``"down2"``, ``"u1"``).

        Raises:
            IllegalPlayError: rule ``no-such-pile``.
        """
        ref = self._pile_ref(pile)
        if isinstance(ref, Refusal):
            raise IllegalPlayError(ref)
        return self.piles[ref]

    def _pile_ref(self, pile: int | str | Pile | np.integer[Any]) -> int | Refusal:
        if isinstance(pile, Pile):
            pile = pile.index
        if isinstance(pile, (int, np.integer)) and not isinstance(pile, bool):
            if 0 <= pile < len(self.piles):
                return int(pile)
            return Refusal(rule_ids.NO_SUCH_PILE, texts.no_such_pile(int(pile), [p.name for p in self.piles], False))
        if isinstance(pile, str):
            # ASCII digits only, at most two (no Arabic-Indic or fullwidth digits, no 5,000-digit numbers)
            m = re.fullmatch(r"\s*(up|down|u|d)\s*(?:pile)?\s*([0-9]{1,2})\s*", pile.lower()[:40], re.ASCII)
            for p in self.piles:
                if m and p.direction.startswith(m.group(1)) and p.number == int(m.group(2)):
                    return p.index
        return Refusal(rule_ids.NO_SUCH_PILE, texts.no_such_pile(pile, [p.name for p in self.piles], True))
