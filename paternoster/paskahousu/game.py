"""A game of Paskahousu: deal, who starts, the three moves, burns, going out, the loser.

The state follows OpenSpiel's shape — :meth:`PaskahousuGame.legal_actions`,
:meth:`~PaskahousuGame.apply_action`, :meth:`~PaskahousuGame.is_terminal`,
:meth:`~PaskahousuGame.returns` — with friendlier names for lessons
(:meth:`~PaskahousuGame.play`, :meth:`~PaskahousuGame.pick_up`,
:meth:`~PaskahousuGame.try_your_luck`, :meth:`~PaskahousuGame.why_not`).

The rule book's first worked example (Paskahousu rules §5.6): on 6♣ Anna plays two 8s; Ben
cannot beat them and tries his luck::

    >>> g = PaskahousuGame.from_position(["8♥ 8♠ J♦ Q♦ K♦", "3♦ 4♠ 5♥ 5♣ 7♥", "6♦ 6♥ 7♠ 7♦ 9♥"],
    ...                                  pile="6♣", draw_pile="J♣ 3♠ 9♦ 4♥ 5♦", names=["Anna", "Ben", "Carla"])
    >>> g.play("8♥ 8♠")
    ['Turn 1: Anna plays 8♥ 8♠ on 6♣.', 'Anna draws 2 cards (3 left in the draw pile).']
    >>> g.legal_actions()      # Ben: nothing reaches the 8s
    [PickUp(), TryYourLuck()]
    >>> g.try_your_luck()
    ['Turn 2: Ben chooses try your luck and turns over 9♦ from the draw pile: it may go on 8♠, so it is played.']
    >>> len(g.hands[1]), g.pile[-1], g.names[g.to_move]
    (5, Card('9♦'), 'Carla')

Turns: every action is one turn, so a burner's extra move is the next turn
(**Decision**, kit).  ``turn`` is the number of the turn about to be played.

The class is built in layers, one module each: :mod:`.state` (the position: construction, validation, the
opening), :mod:`.legality` (legal actions and refusals), :mod:`.transitions` (applying an action, the log,
who moves next, the end, undo); this module adds the lessons' names for the moves, what a player may see,
records and the display.  Every sentence comes from :mod:`.texts`.
"""

from __future__ import annotations

import copy
import html
from typing import Any

from ..core.cards import cards_html
from ..core.checks import MAX_TURN, check_names, short, whole
from ..core.errors import CardParseError, IllegalPlayError, PaternosterError, RecordError, RulesError
from ..core.records import parse_record
from ..core.refusal import Refusal
from . import bluff as bluff_rules
from . import texts
from .actions import (Action, Announce, CheckAnnouncement, LetPass, PaskahousuResult, PickUp, PlayCards,
                      TryYourLuck, TurnTableCard, action_from_json, rank_label, record_cards)
from .bluff import Announcement
from .rules import HouseRules
from .state import by_strength
from .transitions import PaskahousuTransitions

__all__ = ["PlayCards", "PickUp", "TryYourLuck", "TurnTableCard", "Announce", "CheckAnnouncement", "LetPass", "Action",
           "PaskahousuResult", "PaskahousuGame", "Refusal", "action_from_json"]


class PaskahousuGame(PaskahousuTransitions):
    """A game of Paskahousu in progress (Paskahousu rules §2–§9, and the house rules of §11 its
    :class:`HouseRules` switch on; 2–6 players, as the house rules allow).

    Build one with :meth:`new` (shuffled from a seed), :meth:`from_position` (an explicit
    table, as the lessons do) or :meth:`from_record`.

    Every one of the 52 cards (104 under Zwei Blätter, §11.9) is in exactly one place — a hand, the draw pile, the discard
    pile or burned (Paskahousu rules §1.2); the constructor refuses a position that breaks this
    with a PositionError naming the cards (:meth:`from_position` puts unplaced cards into
    ``burned`` for you; a record's position is refused, see :func:`~paternoster.paskahousu.record.replay`).

    Public attributes (read them; change the game only through actions):
        rules (:class:`HouseRules`), players, names, dealer, hands (card lists),
        draw_pile (list, [0] = top), pile (the discard pile, bottom → top), burned
        (cards set aside), to_move (seat), turn (1-based, the turn about to be played),
        out (seats in the order they went out), result (:class:`PaskahousuResult` or
        ``None``), log (sentences), actions.
    """

    def play(self, cards: Any) -> list[str]:
        """Play ``cards`` (text such as ``"8♣ 8♦"``, a list or a Card) for the player to move.

        Returns:
            the sentences the move added to the log.

        Raises:
            CardParseError: a card cannot be read.
            IllegalPlayError: the play is refused (``.rule`` names the rule); nothing changes.
        """
        self.apply_action(PlayCards(cards))
        return self.sentences(len(self.actions))

    def pick_up(self) -> list[str]:
        """Pick up the discard pile (Paskahousu rules §5.3).  Returns the move's log sentences.

        Raises:
            IllegalPlayError: rule ``pick-up-empty``, ``opening-lay`` or ``game-over``.
        """
        self.apply_action(PickUp())
        return self.sentences(len(self.actions))

    def try_your_luck(self) -> list[str]:
        """Try your luck with the draw pile (Paskahousu rules §5.4).  Returns the move's log sentences.

        Raises:
            IllegalPlayError: rule ``draw-pile-empty``, ``opening-lay`` or ``game-over``.
        """
        self.apply_action(TryYourLuck())
        return self.sentences(len(self.actions))

    def turn_table_card(self, slot: int = 0) -> list[str]:
        """Pöytäpaska: turn face-down table card ``slot`` over (Paskahousu rules §11.10).  Returns the log sentences.

        Raises:
            IllegalPlayError: rule ``table-cards-off``, ``hand-first``, ``face-up-first``, ``no-such-slot``, ….
        """
        self.apply_action(TurnTableCard(slot))
        return self.sentences(len(self.actions))

    def announce(self, cards: Any, rank: Any) -> list[str]:
        """Valepaska: lay ``cards`` face down announcing ``rank`` (Paskahousu rules §11.12).  Returns the log sentences.

        Raises:
            CardParseError / ValueError: unreadable cards or rank; IllegalPlayError: refused (``.rule``).
        """
        self.apply_action(Announce(cards, rank))
        return self.sentences(len(self.actions))

    def check_announcement(self, seat: int | None = None) -> list[str]:
        """Valepaska: ``seat`` (default: the player whose decision is due) checks the open announcement.

        Raises:
            IllegalPlayError: rule ``bluff-off``, ``no-announcement`` or ``not-your-check``.
        """
        self.apply_action(CheckAnnouncement(self.to_move if seat is None else seat))
        return self.sentences(len(self.actions))

    def let_pass(self, seat: int | None = None) -> list[str]:
        """Valepaska: ``seat`` (default: the player whose decision is due) lets the open announcement pass.

        Raises:
            IllegalPlayError: rule ``bluff-off``, ``no-announcement`` or ``not-your-check``.
        """
        self.apply_action(LetPass(self.to_move if seat is None else seat))
        return self.sentences(len(self.actions))

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see, JSON-ready: their hand, the others' hand counts, the draw pile's count.

        Returns:
            dict with ``player``, ``names``, ``hand`` (card labels, from 3 up to 2), ``hand_counts`` (cards per seat),
            ``draw_pile`` (count), ``pile`` (labels, bottom → top), ``top``, ``burned`` (count),
            ``to_move``, ``turn``, ``out``, ``legal`` (action dicts, only for the player to move) and
            ``result`` (``None`` or a dict).

            Pöytäpaska (Paskahousu rules §11.10) adds ``face_up`` (every seat's face-up table cards: everyone
            sees them) and ``face_down`` (only how many each seat has — nobody sees these cards, their owner
            neither) and ``phase`` (where ``player``'s next cards come from).

            Valepaska (Paskahousu rules §11.12) hides the face-down cards: ``pile`` lists a label only for the
            cards ``player`` knows (laid face up, or laid by ``player``) and ``None`` for the others; ``top``
            is the announced rank of the top (``'8'``; ``None`` on the empty table); ``announced`` lists
            every announcement on the pile, bottom first, as ``{seat, rank, count, face_up}``; ``deciders``
            the seats still to decide whether to check the last one (empty: no check window).

        Raises:
            PositionError: ``player`` is not a seat.
        """
        p = whole(player, "player (a seat)", 0, self.players - 1)
        r = self.result
        v: dict[str, Any] = {
            "player": p, "names": list(self.names), "hand": [c.label("en") for c in by_strength(self.hands[p], self._kinds)],
            "hand_counts": [len(h) for h in self.hands], "draw_pile": len(self.draw_pile),
            "pile": [c.label("en") for c in self.pile], "top": self.top.label("en") if self.top else None,
            "burned": len(self.burned), "to_move": self.to_move, "turn": self.turn, "out": list(self.out),
            "legal": [a.to_json() for a in self.legal_actions()] if p == self.to_move else [],
            "result": None if r is None else {"outcome": r.outcome, "loser": r.loser, "turn": r.turn,
                                              "out": list(r.out)}}
        if self.table_cards:
            v["face_up"] = [[c.label("en") for c in by_strength(row, self._kinds)] for row in self.face_up]
            v["face_down"] = [len(row) for row in self.face_down]
            v["phase"] = self.phase(p)
        if self.bluff:
            st, shown, k = self.bluff_state, [], 0
            for a in st.announced:
                known = a.face_up or a.seat == p
                shown += [c.label("en") if known else None for c in self.pile[k:k + a.count]]
                k += a.count
            v["pile"] = shown
            v["top"] = rank_label(st.announced[-1].rank) if st.announced else None
            v["announced"] = [{"seat": a.seat, "rank": rank_label(a.rank), "count": a.count,
                               "face_up": a.face_up} for a in st.announced]
            v["deciders"] = list(st.deciders)
        return v

    # ------------------------------------------------------------------ records
    def to_record(self) -> dict[str, Any]:
        """The game record, JSON-ready: format, version, rules, players, names, dealer, start (seed or
        position) and every action.  :meth:`from_record` replays it to an identical game."""
        return {"format": "paskahousu-record", "version": 1, "rules": self.rules.to_dict(),
                "players": self.players, "names": list(self.names), "dealer": self.dealer,
                "start": copy.deepcopy(self._start), "actions": [a.to_json() for a in self.actions]}

    @classmethod
    def from_record(cls, record: dict[str, Any] | str | bytes, upto: int | None = None) -> PaskahousuGame:
        """Replay a record (dict or JSON text), optionally only its first ``upto`` actions.

        Raises:
            RecordError: not JSON, not a Paskahousu record, a missing or malformed field (named), or an
                action that does not replay (its 1-based number and the rule are named).

        >>> g = PaskahousuGame.new(3, seed=5)
        >>> for _ in range(6): g.apply_action(g.legal_actions()[0])
        >>> PaskahousuGame.from_record(g.to_json()) == g
        True
        """
        rec = parse_record(record, "paskahousu-record")  # limits and schema: every field has its JSON type
        try:
            rules = HouseRules.from_dict(rec["rules"])
        except PaternosterError as e:
            raise RecordError(f"Field 'rules': {e}") from None
        players, names, dealer, start, actions = (rec["players"], rec["names"], rec["dealer"], rec["start"],
                                                  rec["actions"])
        try:
            rules.check_players(players)
        except RulesError as e:
            raise RecordError(f"Field 'players': {e}") from None
        check_names(names, players, RecordError)
        whole(dealer, "Field 'dealer' (the dealer's seat)", 0, players - 1, error=RecordError)
        try:
            if "seed" in start:
                game = cls.new(players, start["seed"], rules=rules, dealer=dealer, names=names)
            else:
                pos = start["position"]
                game = cls(rules, players, [record_cards(h, f"start.position.hands[{i}]") for i, h in enumerate(pos["hands"])],
                           record_cards(pos["draw_pile"], "start.position.draw_pile"),
                           record_cards(pos["pile"], "start.position.pile"),
                           record_cards(pos["burned"], "start.position.burned"),
                           pos["to_move"], dealer=dealer, names=names,
                           opening=pos.get("opening", False), opened=pos.get("opened", False), start=start,
                           face_up=None if "face_up" not in pos else [
                               record_cards(r, f"start.position.face_up[{i}]") for i, r in enumerate(pos["face_up"])],
                           face_down=None if "face_down" not in pos else [
                               record_cards(r, f"start.position.face_down[{i}]")
                               for i, r in enumerate(pos["face_down"])],
                           announced=cls._record_announcements(pos.get("announced")),
                           deciders=pos.get("deciders"))
                game.turn = whole(pos.get("turn", 1), "start.position.turn", 1, MAX_TURN, error=RecordError)
                out = pos.get("out", game.out)
                if sorted(out) != sorted(game.out) or len(set(out)) != len(out):
                    raise RecordError(f"Field 'out' (in start.position) is {short(out)}, but the players without "
                                      f"cards are {game.out}.")
                game.out = list(out)
                if "layer" in pos:
                    game._layer = whole(pos["layer"], "start.position.layer", 0, players - 1, error=RecordError) \
                        if pos["layer"] is not None else None
        except RecordError:
            raise
        except PaternosterError as e:
            raise RecordError(f"Field 'start' describes no valid game: {e}") from None
        game._start = start
        n = len(actions) if upto is None else whole(upto, "upto (actions to replay)", 0, len(actions), error=RecordError)
        for i, a in enumerate(actions[:n], 1):
            try:
                game.apply_action(action_from_json(a))
            except RecordError as e:
                raise RecordError(f"Action {i} of {len(actions)}: {e}") from None
            except (IllegalPlayError, CardParseError) as e:
                rule = f" (rule {e.rule})" if isinstance(e, IllegalPlayError) else ""
                raise RecordError(f"Action {i} of {len(actions)} does not replay{rule}: {e}") from None
        return game

    @staticmethod
    def _record_announcements(value: Any) -> list[Announcement] | None:
        if value is None:
            return None
        try:
            return [bluff_rules.announcement_from_json(a) for a in value]
        except ValueError as e:
            raise RecordError(f"Field 'announced' (in start.position): {e}.") from None

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        state = (f"over={self._result_words()!r}" if self.result else f"to_move={self.names[self.to_move]!r}")
        top = self.top.label("en") if self.top else None
        if self.bluff and self.pile:  # Valepaska: the face-down top is shown as announced, not as it is
            top = "announced " + rank_label(self.bluff_state.announced[-1].rank)
        return (f"PaskahousuGame(players={self.players}, turn={self.turn}, {state}, top={top!r}, "
                f"pile={len(self.pile)}, draw_pile={len(self.draw_pile)}, "
                f"hands={[len(h) for h in self.hands]}, burned={len(self.burned)})")

    def _repr_html_(self) -> str:
        status = html.escape(self._result_words()) if self.result else (
            texts.HTML_STATUS.format(self.turn, html.escape(self.names[self.to_move])))
        rows = []
        for i, (n, h) in enumerate(zip(self.names, self.hands)):
            mark = texts.HTML_TO_MOVE if i == self.to_move and self.result is None else ""
            mark += texts.HTML_OUT if i in self.out else ""
            mark += texts.HTML_LOSER if self.result and self.result.loser == i else ""
            rows.append(f"<tr><td>{html.escape(n)}{mark}</td><td>{cards_html(by_strength(h))}</td>"
                        f"<td>{len(h)}</td></tr>")
        top = cards_html(self.pile[-4:]) if self.pile else f"<i>{texts.EMPTY_TABLE_WORDS}</i>"
        heads = "".join(f"<th>{h}</th>" for h in texts.HTML_HEADS)
        return (f'<div class="pk-game"><div><b>{status}</b></div>'
                f"<div>{texts.HTML_DISCARD.format(len(self.pile))}{top}</div>"
                f"<table><tr>{heads}</tr>{''.join(rows)}</table>"
                f"<div>{texts.HTML_COUNTS.format(len(self.draw_pile), len(self.burned))}</div></div>")
