"""A Paskahousu game seen as a card table: the game-side adapter behind ``widgets.CardTable``.

The card-table front end is game-agnostic: it draws what :meth:`PaskahousuTable.view`
describes and sends plain action dicts to :meth:`PaskahousuTable.act`.  The view has the
keys of :class:`paternoster.lift.table.PaternosterTable` (``game``, ``status``, ``over``,
``piles``, ``hands``, ``counters``, ``targets``, ``buttons``, ``log``), so the same
front end draws both games.  Every rule stays in the engine: targets come from
:meth:`PaskahousuGame.check`, refusals are the engine's.

Piles: the **discard pile** (id ``"discard"``: its top card and count) and the **burned**
cards (id ``"burned"``: a face-down pile, a card back and the count).  Counters: the draw pile, the top
cards of the discard pile (the last four: four of a kind burns), cards burned.

Action dicts (what the front end or a cell sends):

* ``{"type": "play", "card": "8♥", "pile": "discard"}`` — play one card; ``"card"`` may also
  name several cards of one rank (``"8♥ 8♠"``), or use ``"cards": ["8♥", "8♠"]``.
  The front end selects one card at a time, so several cards at once come from code only.
* ``{"type": "opening"}`` — the forced opening lay (all the opener's 3s, or 4s, …).
* ``{"type": "pick-up"}``, ``{"type": "try-your-luck"}``, ``{"type": "undo"}``.
* ``{"type": "computer"}`` — the computer player (:class:`HeuristicPlayer`) makes one move.

House rules (Paskahousu rules §11) the view shows:

* **Pöytäpaska** (table cards, §11.10): every hand has ``table`` — its face-up table cards (card
  views, public) and the *number* of face-down ones (their cards never enter the view).  Face-up
  cards the player to move may play are in ``targets`` like hand cards; once only face-down cards
  are left, ``{"type": "turn-table-card", "slot": k}`` turns one over.
* **Valepaska** (face-down plays, §11.12): ``announce`` lists the ranks the engine lets the player
  announce now; ``{"type": "announce", "card": "4♠ 9♦", "rank": "8"}`` lays any cards of the hand
  face down as that rank; ``multi`` lets the front end choose several cards.  The discard pile shows
  a card back and what was ``said``, never the cards; while a check window is open the buttons are
  "Check!" (``{"type": "check", "seat": k}``) and "Let it pass" (``{"type": "let-pass", "seat": k}``)
  for the player whose decision is due.
* **Ruotsalainen** (all cards dealt, §11.11): no draw pile counter and no "Try your luck" button.

>>> g = PaskahousuGame.from_position(["8♥ 8♠ J♦", "3♦ 4♠ 5♥"], pile="6♣", draw_pile="9♦",
...                                  names=["Anna", "Ben"])
>>> t = PaskahousuTable(g)
>>> sorted(t.view()["targets"])          # J♦ may not go on a 6
['8♠', '8♥']
>>> t.act({"type": "play", "card": "3♦", "pile": "discard"})["rule"]
'not-in-hand'
>>> t.act({"type": "play", "card": "8♥ 8♠", "pile": "discard"})["message"]
'Turn 1: Anna plays 8♥ 8♠ on 6♣. Anna draws 1 card (the draw pile is now empty).'
"""

from __future__ import annotations

from typing import Any, cast

from ..core.cards import Card
from ..core.refusal import Refusal
from ..core.table import TableAdapter, TableView, card_view
from .actions import ACTION_TYPES, action_from_dict
from .bots import HeuristicPlayer
from .actions import PickUp, PlayCards, TryYourLuck
from .game import PaskahousuGame
from . import rule_ids, texts
from .ranks import strength

__all__ = ["PaskahousuTable", "DISCARD", "BURNED"]

#: Pile ids in the view.
DISCARD, BURNED = "discard", "burned"
#: The "top card" of the burned pile: a card back (the front end would otherwise say "empty").
FACE_DOWN = {"id": "", "label": "🂠", "words": texts.FACE_DOWN_WORDS, "suit": "", "red": False}
#: How many top cards of the discard pile the view lists (four of a kind on top burns).
TOP_CARDS = 4


class PaskahousuTable(TableAdapter):
    game: PaskahousuGame
    """Adapter from a :class:`PaskahousuGame` to the card-table view.

    Args:
        game: the game to show and change (changed in place by :meth:`act`).
        open_hands: show every hand face up (teacher's choice); otherwise only the hand of
            the player to move (and every hand once the game is over).
        notation: ``"en"`` (J Q K) or ``"de"`` (B D K) for card labels and words.
        computer: the computer player for ``{"type": "computer"}`` (default :class:`HeuristicPlayer`).

    Raises:
        TypeError: ``game`` is not a PaskahousuGame; ValueError: unknown ``notation``.
    """

    game_name = "paskahousu"
    game_type = PaskahousuGame

    def _default_computer(self) -> Any:
        return HeuristicPlayer()

    # ------------------------------------------------------------------ view
    def _labels(self, cards: list[Card]) -> str:
        return " ".join(c.label(self.notation) for c in cards)

    def _rules_flag(self, name: str) -> bool:
        return bool(getattr(self.game.rules, name, False))

    def _face_down_top(self) -> bool:
        """Valepaska: the top group of the discard pile lies face down (its cards are not shown)."""
        g = self.game
        if not self._rules_flag("bluff") or not g.pile:
            return False
        announced = g.bluff_state.announced
        return bool(announced) and not announced[-1].face_up and not g.is_terminal()

    def _said(self, last: int = 3) -> str:
        """Valepaska: the last announcements on the pile in words ("Ben: two 8s (face down)")."""
        g = self.game
        return "; ".join(texts.said(g.names[a.seat], a.words(), a.face_up) for a in g.bluff_state.announced[-last:])

    def _announce_view(self, legal: list[Any]) -> dict[str, Any] | None:
        """The ranks the player to move may announce now (the engine's legal announcements), low to high."""
        ranks: list[str] = []
        for a in legal:
            d = a.to_json()
            if d.get("type") == "announce" and d["rank"] not in ranks:
                ranks.append(d["rank"])
        if not ranks:
            return None
        ranks.sort(key=strength)
        labels = {r: (r if self.notation == "en" else r.replace("J", "B").replace("Q", "D")) for r in ranks}
        return {"label": texts.ANNOUNCE_AS, "value": ranks[0],
                "options": [{"id": r, "label": labels[r]} for r in ranks]}

    def view(self) -> TableView:
        """The whole table as JSON-ready data (keys as :meth:`paternoster.lift.table.PaternosterTable.view`).

        ``piles``: the discard pile (``id`` ``"discard"``, top card, count) and the burned cards
        (``id`` ``"burned"``, face down: ``top`` is the card back :data:`FACE_DOWN`, ``None`` when none, count).  ``hands``: per seat
        ``{seat, name, to_move, count, cards (or None when face down), out}``, cards from 3 up to 2.
        ``counters``: draw pile, top cards of the discard pile, burned.  ``targets``: card id →
        ``[{pile: "discard", kind: "allowed" | "burns", text}]`` for every card the player to move
        may play alone now (the engine's :meth:`~PaskahousuGame.check`).  ``choices``: card id →
        ``[{id, label, action}]``, the legal plays of 2, 3 or 4 cards of that card's rank (the front end
        shows them as buttons once the card is chosen).  ``buttons``: opening lay,
        pick up, try your luck, undo, computer move — enabled as the engine allows.
        """
        g, n = self.game, self.notation
        over = g.is_terminal()
        bluff, table_cards, deal_all = (self._rules_flag("bluff"), self._rules_flag("table_cards"),
                                        self._rules_flag("deal_all"))
        hidden_top = self._face_down_top()
        discard = {"id": DISCARD, "name": texts.DISCARD_PILE, "direction": "", "arrow": "",
                   "top": (FACE_DOWN if hidden_top else card_view(g.top, n)) if g.top is not None else None,
                   "count": len(g.pile)}
        if bluff and g.pile:
            a = g.bluff_state.announced[-1]
            discard["said"] = texts.pile_said(g.names[a.seat], a.words(), a.face_up)
        piles: list[dict[str, Any]] = [
            discard,
            {"id": BURNED, "name": texts.BURNED_PILE, "direction": "", "arrow": "",
             "top": FACE_DOWN if g.burned else None, "count": len(g.burned)},
        ]
        hands = []
        for seat, (name, hand) in enumerate(zip(g.names, g.hands)):
            mover = seat == g.to_move and not over
            shown = self.open_hands or mover or over
            cards = sorted(hand, key=lambda c: (strength(c), c.suit))
            entry: dict[str, Any] = {"seat": seat, "name": name, "to_move": mover, "count": len(hand),
                                     "cards": [card_view(c, n) for c in cards] if shown else None,
                                     "out": seat in g.out}
            if table_cards:  # face-up cards are public; of the face-down ones only their number
                entry["table"] = {"up": [card_view(c, n) for c in sorted(g.face_up[seat], key=lambda c: (strength(c), c.suit))],
                                  "down": len(g.face_down[seat]),
                                  "down_enabled": mover and g.phase(seat) == "face-down"}
            hands.append(entry)
        targets: dict[str, list[dict[str, Any]]] = {}
        choices: dict[str, list[dict[str, Any]]] = {}
        if not over and g.opening is None and bluff:
            if not g.bluff_state.deciders:  # any cards of the hand may be laid face down: the rank is announced
                for c in g.hand:
                    targets[c.label("en")] = [{"pile": DISCARD, "kind": "allowed", "text": texts.TARGET_FACE_DOWN}]
        elif not over:
            # every card the engine lets the player lay alone (the opening lay too, if one card may make it);
            # whether a play burns depends on its kind and count only, as the engine's legal plays say
            burns = {(g.kind(lp.action.cards[0]), len(lp.action.cards)): bool(lp.burns) for lp in g.legal_plays()
                     if isinstance(lp.action, PlayCards)}
            source = list(g.hand) + (list(g.face_up[g.to_move]) if table_cards else [])
            for c in source:
                if g.check(PlayCards(c)) is None:
                    burn = burns.get((g.kind(c), 1), False)
                    text = texts.TARGET_OPENING if g.opening is not None else (
                        texts.TARGET_BURNS if burn else texts.TARGET_ALLOWED)
                    targets[c.label("en")] = [{"pile": DISCARD, "kind": "burns" if burn else "allowed", "text": text}]
                    # A click plays one card; several of one rank at once are offered as choices.
                    twins = [d for d in sorted(source, key=lambda d: d.suit) if d is not c and d.rank == c.rank]
                    for k in range(2, len(twins) + 2):
                        cards = [c, *twins[:k - 1]]
                        if g.check(PlayCards(tuple(cards))) is None:
                            choices.setdefault(c.label("en"), []).append(
                                {"id": str(k), "label": texts.play_choice(self._labels(cards),
                                                                          burns.get((g.kind(c), k), False)),
                                 "action": {"type": "play", "cards": [d.label("en") for d in cards]}})
        legal = g.legal_actions()
        top_words = (self._said() if bluff and g.pile and not over else self._labels(g.pile[-TOP_CARDS:])) \
            or texts.EMPTY_TABLE_WORDS
        counters = ([] if deal_all else [{"label": texts.DRAW_COUNTER, "value": len(g.draw_pile)}]) + [
            {"label": texts.TOP_COUNTER, "value": top_words},
            {"label": texts.BURNED_COUNTER, "value": len(g.burned)},
        ]
        buttons = []
        window = bluff and not over and bool(g.bluff_state.deciders)
        pending = g.bluff_state.announced[-1] if window else None
        if pending is not None:
            a, who = pending, g.bluff_state.deciders[0]
            buttons += [
                {"action": "check", "seat": who, "enabled": True,
                 "label": texts.check_button(g.names[who], g.names[a.seat], a.count)},
                {"action": "let-pass", "seat": who, "enabled": True, "label": texts.LET_PASS_BUTTON.format(g.names[who])},
            ]
        if g.opening is not None and not over:
            buttons.append({"action": "opening", "label": texts.OPEN_BUTTON.format(self._labels(list(g.opening.cards))),
                            "enabled": True})
        buttons += [b for b in (
            {"action": "pick-up", "label": texts.BUTTON_PICK_UP, "enabled": PickUp() in legal},
            None if deal_all else {"action": "try-your-luck", "label": texts.BUTTON_LUCK, "enabled": TryYourLuck() in legal},
            {"action": "undo", "label": texts.BUTTON_UNDO, "enabled": g.can_undo()},  # never past shown cards
            {"action": "computer", "label": texts.BUTTON_COMPUTER, "enabled": not over},
        ) if b is not None and not (window and b["action"] in ("pick-up", "try-your-luck"))]
        out: TableView = {"game": self.game_name, "rules": g.rules.name, "status": self.status(), "over": over, "piles": piles,
               "hands": hands, "counters": counters, "targets": targets, "choices": choices, "buttons": buttons,
               "log": g.log[-4:]}
        if bluff and not over and not window and g.opening is None:
            announce = self._announce_view(legal)
            if announce is not None:
                out["announce"], out["multi"] = announce, True
        return out

    def status(self) -> str:
        """One sentence: whose turn and what lies on top, or how the game ended."""
        g = self.game
        if g.is_terminal():
            return g.log[-1] if g.log else texts.GAME_IS_OVER
        who = g.names[g.to_move]
        if g.opening is not None:
            return texts.STATUS_OPENING.format(g.turn, who, self._labels(list(g.opening.cards)))
        if self._rules_flag("bluff") and g.bluff_state.deciders:
            a = g.bluff_state.announced[-1]  # the open announcement
            return texts.STATUS_WINDOW.format(g.turn, g.names[a.seat], a.words(), who)
        if g.top is None:
            top = texts.status_top(None)
        elif self._face_down_top():
            last = g.bluff_state.announced[-1]
            top = texts.status_top(None, g.names[last.seat], last.words())
        else:
            top = texts.status_top(g.top.label(self.notation))
        return texts.status_move(g.turn, who, top, None if self._rules_flag("deal_all") else len(g.draw_pile))

    # ------------------------------------------------------------------ actions
    def _act(self, kind: Any, action: Any) -> dict[str, Any]:
        """One action of :meth:`TableAdapter.act` (the engine's refusals are raised).

        Besides the engine's rule ids: ``bad-pile`` for a play on any pile but the discard pile,
        ``bad-action`` for an unknown action dict (``{"type": "end"}`` included: a Paskahousu turn
        is one action, there is no end-turn).
        """
        g = self.game
        if kind == "play":
            pile = action.get("pile", DISCARD)
            if pile not in (DISCARD, 0, None):
                text = texts.BURNED_OUT_OF_GAME if pile == BURNED else texts.one_pile(DISCARD, pile)
                return {"ok": False, "rule": rule_ids.BAD_PILE, "message": text}
        act = action_from_dict(action) if kind in ACTION_TYPES else None  # the game's codec, as in records
        if act is not None:
            return self._ok(self._apply(act))
        if kind == "opening":
            if g.opening is None:
                return {"ok": False, "rule": rule_ids.BAD_ACTION, "message": texts.OPENING_MADE}
            return self._ok(g.play(list(g.opening.cards)))
        if kind == "undo":
            undone = g.undo()
            cards = list(getattr(undone, "cards", ()))
            return self._ok([texts.undone(str(undone.to_json().get("type")), self._labels(cards), len(cards))])
        if kind == "computer":
            if g.is_terminal():
                return {"ok": False, "rule": rule_ids.GAME_OVER, "message": cast(Refusal, g.check(PickUp())).message}
            return self._ok(self._apply(self.computer.choose(g)))
        if kind == "end":
            return {"ok": False, "rule": rule_ids.BAD_ACTION, "message": texts.NO_END_TURN}
        return {"ok": False, "rule": rule_ids.BAD_ACTION, "message": texts.unknown_table_action(action)}

    def _apply(self, action: Any) -> list[str]:
        self.game.apply_action(action)
        return self.game.sentences(len(self.game.actions))

    def __repr__(self) -> str:
        return f"PaskahousuTable({self.game!r}, open_hands={self.open_hands}, notation={self.notation!r})"
