"""A game of Paternoster: the table, the turn, legal plays, refusals, end and score.

The state follows OpenSpiel's shape — :meth:`Game.legal_actions`,
:meth:`Game.apply_action`, :meth:`Game.is_terminal`, :meth:`Game.returns` —
with friendlier names beside it for lessons (:meth:`Game.play`,
:meth:`Game.end_turn`, :meth:`Game.legal_plays`, :meth:`Game.why_not`).

A small game from an explicit position (seed example 'Sprung mit Rückschritt')::

    >>> g = Game.from_position(hands=["9♥ 8♥ 7♥ 3♣ 4♣ 5♣ 6♣"], piles=["7♣", "", "", ""], players=1,
    ...                        draw_pile="K♣ K♠")
    >>> g.play("9♥", "up 1")
    LegalPlay(card=Card('9♥'), pile=0, kind='normal', skipped=5)
    >>> g.play("8♥", "up 1")
    LegalPlay(card=Card('8♥'), pile=0, kind='setback', skipped=-4)
    >>> g.piles[0].top
    Card('8♥')
    >>> g.play("7♥", "up 1")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.IllegalPlayError: 7♥ on up pile 1 (top 8♥) would be a setback, but this turn's setback is already used: at most one setback per turn (rules §4.5). It may wait for the next turn.
"""

from __future__ import annotations

import copy
import html
from typing import Any, ClassVar

from ..core.cards import cards_html
from ..core.refusal import Refusal
from .actions import SIGNAL_KINDS, Action, BigSetback, EndTurn, LegalPlay, Pass, Pile, Play, Result, Signal, TimeOut
from .commands import COMMAND_NAMES, card_colour, command_block, deal_orders, is_burning, reveal_passengers
from .codec import check_action_entry, decode_action, encode_action, position_kwargs
from ..core.checks import check_names, whole
from ..core.errors import CardParseError, IllegalPlayError, PaternosterError, RecordError, RulesError
from ..core.records import card_list as _card_list
from ..core.records import parse_record
from .rules import Rules
from .texts import COMMAND_EFFECTS
from .transitions import GameTransitions
from . import texts

__all__ = ["command_block", "deal_orders", "reveal_passengers", "Pile", "Play", "EndTurn", "BigSetback", "Pass", "Signal", "TimeOut", "LegalPlay", "Refusal", "Result",
           "Game", "Action", "SIGNAL_KINDS", "COMMAND_NAMES", "COMMAND_EFFECTS", "card_colour", "is_burning"]


class Game(GameTransitions):
    """A game of Paternoster in progress (standard rules and every variant, rules §10–§13).

    Build one with :meth:`new` (shuffled from a seed) or :meth:`from_position`
    (an explicit table, as the lessons do), or replay a record with
    :meth:`from_record`.

    Public attributes (read them, change the game only through actions):
        rules (:class:`Rules`), players (int), names (list of str),
        hands (list of card lists), draw_pile (list, index 0 is the top card),
        piles (list of :class:`Pile`), to_move (seat), turn (1-based),
        played_this_turn (cards played onto piles), setbacks_this_turn (count),
        turn_minimum (cards, fixed when the turn starts), log (one sentence per action).

    Variant state (rules §10–§12):
        tokens (team's emergency tokens left), token_used_this_turn,
        passed_this_turn, passengers (cards in delivery order), delivered (count),
        burning (list of ``(pile index, card, turn played)`` still to cover),
        signals (dict pile index → list of ``(seat, kind)``), silence_until (the
        seat whose next turn ends a Schweigen, or ``None``), express (red Kings whose
        Express still waits for the next turn), :attr:`active_commands`.
    """

    #: The ``format`` of a Paternoster record (its schema: :data:`paternoster.lift.record.RECORD`).
    RECORD_FORMAT: ClassVar[str] = "paternoster-record"

    # ------------------------------------------------------------------ records
    def to_record(self) -> dict[str, Any]:
        """The game record: rules, start (seed or position) and every action, JSON-ready.

        :meth:`from_record` replays it to an identical state.
        """
        return {"format": self.RECORD_FORMAT, "version": 1, "rules": self.rules.to_dict(),
                "players": self.players, "names": list(self.names), "start": copy.deepcopy(self._start),
                "actions": [encode_action(a) for a in self.actions]}

    @classmethod
    def from_record(cls, record: dict[str, Any] | str | bytes, upto: int | None = None) -> Game:
        """Replay a record (dict or JSON text), optionally only its first ``upto`` actions.

        Raises:
            RecordError: the record is not valid JSON, misses a field, or an action
                is refused (the message names the action's number and the rule).
        """
        rec = parse_record(record, cls.RECORD_FORMAT)  # limits and schema: every field below has its JSON type
        try:
            rules = Rules.from_dict(rec["rules"])
        except PaternosterError as e:
            raise RecordError(f"Field 'rules': {e}") from None
        players, names, start, actions = rec["players"], rec["names"], rec["start"], rec["actions"]
        try:
            rules.check_players(players)
        except RulesError as e:
            raise RecordError(f"Field 'players': {e}") from None
        check_names(names, players, RecordError)
        try:
            if "seed" in start:
                game = cls.new(players, start["seed"], rules=rules, first=start.get("first", 0), names=names,
                               game=start.get("game"))
            else:
                pos = start["position"]
                game = cls(rules, players,
                           [_card_list(h, f"start.position.hands[{i}]") for i, h in enumerate(pos["hands"])],
                           _card_list(pos["draw_pile"], "start.position.draw_pile"),
                           [_card_list(p, f"start.position.piles[{i}]") for i, p in enumerate(pos["piles"])],
                           pos["to_move"], names=names,
                           setbacks_this_turn=pos.get("setbacks_this_turn", 0),
                           played_this_turn=pos.get("played_this_turn", 0), turn=pos.get("turn", 1),
                           turn_minimum=pos.get("turn_minimum"), **position_kwargs(pos))
        except RecordError:
            raise
        except PaternosterError as e:
            raise RecordError(f"Field 'start' describes no valid game: {e}") from None
        n = len(actions) if upto is None else whole(upto, "upto (actions to replay)", 0, len(actions), error=RecordError)
        for i, a in enumerate(actions[:n], 1):
            check_action_entry(a, i, len(actions))
            try:
                game.apply_action(decode_action(a, i))
            except (IllegalPlayError, CardParseError) as e:
                raise RecordError(f"Action {i} of {len(actions)} does not replay: {e}") from None
        game._start = start
        return game

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        piles = ", ".join(f"{p.direction} {p.number}: {p.top.label('en') if p.top else '-'}" for p in self.piles)
        state = f"over={self.result.outcome}" if self.result else f"to_move={self.names[self.to_move]!r}"
        return (f"Game(players={self.players}, turn={self.turn}, {state}, draw_pile={len(self.draw_pile)}, "
                f"piles=[{piles}], remaining={self.remaining})")

    def _repr_html_(self) -> str:
        rows = []
        for p in self.piles:
            arrow = "↑ up" if p.direction == "up" else "↓ down"
            top = cards_html([p.top]) if p.top else "<i>empty</i>"
            rows.append(f"<tr><td>{arrow} {p.number}</td><td>{top}</td><td>{len(p.cards)}</td></tr>")
        hands = []
        for i, (n, h) in enumerate(zip(self.names, self.hands)):
            mark = " ◀ to move" if i == self.to_move and self.result is None else ""
            hands.append(f"<tr><td>{html.escape(n)}{mark}</td><td>{cards_html(sorted(h))}</td><td>{len(h)}</td></tr>")
        status = html.escape(self._result_words()) if self.result else html.escape(texts.game_status(
            self.turn, self.names[self.to_move], self.played_this_turn, self.turn_minimum, self.setbacks_word))
        return (f'<div class="pn-game"><div><b>{status}</b></div>'
                f"<table><tr><th>pile</th><th>top</th><th>cards</th></tr>{''.join(rows)}</table>"
                f"<table><tr><th>player</th><th>hand</th><th>cards</th></tr>{''.join(hands)}</table>"
                f"<div>Draw pile: {len(self.draw_pile)} cards · remaining cards: {self.remaining}</div></div>")
