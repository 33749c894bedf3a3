"""CardTable: a clickable card table (anywidget), generic over a game-side adapter.

The widget draws whatever the adapter's ``view()`` describes (piles, hands,
counters, the engine's legal targets for every card of the player to move,
buttons, status, log) and sends plain action dicts to the adapter's ``act()``.
It decides nothing itself: the front end (``card_table.js``) never computes a
rule — the piles a selected card may go to are ``view["targets"][card]``, and a
play on any pile is sent to the engine, which refuses it with the rule's reason
if it is illegal.

Two modes:

* ``mode="play"`` — the table of a live :class:`paternoster.Game` (changed in
  place) or of any adapter passed as ``adapter=``.
* ``mode="step"`` — a recorded game shown action by action: step ``k`` is
  :meth:`paternoster.Game.from_record` ``(record, upto=k)`` and the explanation
  is the engine's sentences for action ``k``.  Only stepping is allowed.

Drive it from code exactly as the front end does::

    t = CardTable(examples.anna_turn())
    t.play("4♦", "up 1")        # same path as a click: t.act({"type": "play", ...})
    t.message, t.message_ok     # the engine's sentence or refusal
    t.end_turn(); t.undo(); t.computer_turn()

    s = CardTable(game, mode="step")
    s.step = 3; s.forward(); s.back()
    s.explanation               # the engine's sentences for action 3

Who plays which seat (play mode):

* ``CardTable(game, seat=0)`` — **one seat**: you play seat 0, the computer plays the
  others.  Only your hand is face up (the others' cards never leave the kernel); after
  your turn the computer's turns run by themselves and the message tells them in words.
  ``pace="step"`` runs one computer turn per click of its "… ▶" button instead, ``pace="watch"`` one at a
  time by themselves (with a *Pause* button).  Undo takes back your last action and the computer's
  turns after it — all of them or, when one may not be taken back, none (the button is then off).
  *New deal* deals the next seed with the same settings (the deal's number is shown).
* ``CardTable(game, computer_seats=[2, 3])`` — the computer plays those seats, people
  the others; with ``hot_seat=True`` the next person's hand stays hidden behind a
  "Pass to <name>" screen until they press *Show my cards* (``t.reveal()``).
* Neither: every seat is played from this table (the hand of the player to move shown).
"""

from __future__ import annotations

import json
import pathlib
from typing import Any, Callable, Collection

import anywidget
import traitlets

from paternoster import Game
from paternoster.core.checks import MAX_SEED
from paternoster.lift.table import PaternosterTable

from ._common import text_block, widget_css
from .card_table_seats import PACES, SeatedPlay
from .card_table_steps import StepMode
from .coach_panel import CoachPanel
from .fallback import TextFallback

__all__ = ["CardTable", "TableAnswer"]

_HERE = pathlib.Path(__file__).parent


class TableAnswer(dict[str, Any]):
    """What an action on a card table answers: the dict ``{"ok": bool, "message": str, "rule": str | None}``
    (read it as before: ``answer["ok"]``), shown in a notebook as its message, not as a dict.

    **Decision (kit):** a table method typed as a cell's last line (``t.play("4♦", "up 1")``) shows
    "✓ " and the engine's sentence, or "⚠ " and why the play was refused, as plain text; the
    dict stays, so code that reads its keys keeps working.

    >>> TableAnswer(ok=False, message="4♦ does not fit on up pile 1 (rules §4.2).", rule="up-pile")
    ⚠ 4♦ does not fit on up pile 1 (rules §4.2).
    """

    @property
    def ok(self) -> bool:
        """Whether the action was carried out."""
        return bool(self.get("ok"))

    @property
    def message(self) -> str:
        """The engine's sentence about the action (plain text)."""
        return str(self.get("message", "") or "")

    @property
    def rule(self) -> str | None:
        """The refusing rule's id (``None`` when the action was carried out)."""
        rule = self.get("rule")
        return None if rule is None else str(rule)

    def _text(self) -> str:
        return self.message or ("Done." if self.ok else "Refused.")

    def __repr__(self) -> str:
        return ("✓ " if self.ok else "⚠ ") + self._text()

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))

    def _repr_html_(self) -> str:
        # plain text, escaped (names typed by users are in it); the warning sign comes from text_block
        return text_block(self._text(), error=True) if not self.ok else text_block("✓ " + self._text())


class CardTable(SeatedPlay, StepMode, CoachPanel, TextFallback, anywidget.AnyWidget):
    """A card table to click on: select a card, see where the engine lets it go, play it.

    Args:
        source: ``mode="play"``: a :class:`paternoster.Game` (changed in place by plays).
            ``mode="step"``: a Game (its :meth:`~paternoster.Game.to_record` is used, the
            game itself is not changed), a record dict or its JSON text.
            May be ``None`` in play mode when ``adapter`` is given.
        mode: ``"play"`` or ``"step"`` (fixed at construction).
        open_hands: show every hand face up (otherwise only the hand of the player to move).
        large: bigger cards and text, for projecting in class.
        notation: ``"en"`` (J Q K) or ``"de"`` (B D K) card labels and words.
        step: step mode: the step shown first (0 = before the first action).
        adapter: play mode: any object with ``view() -> dict`` and ``act(dict) -> dict``
            (the keys of :class:`paternoster.lift.table.PaternosterTable`); used instead of
            building a PaternosterTable from ``source``.
        seat: play mode: "you play seat N, the computer plays the others" (0-based seat).
        computer_seats: play mode: the seats the computer plays (people play the others);
            not together with ``seat``.
        hot_seat: with several people at one screen and hidden hands: hide the next person's
            hand behind a "Pass to <name>" screen.
        pace: ``"auto"`` (the computer's turns run at once), ``"step"`` (one computer turn per
            click of the "<name>'s turn ▶" button, or :meth:`computer_turn`) or ``"watch"`` (one at a
            time by themselves, a short pause between them, with a *Pause* button).
        new_deal: offer *New deal* (the next seed, same players, names and rules; the deal's
            number shown with a line saying what a page reload does).  Default: for a one-seat
            table of a dealt game (not a position).
        coach: switch "How good was that?" on: each of your actions is measured against the other
            options by the game's evaluator, in a panel under the message (see :mod:`widgets.coach_panel`);
            off by default, and a switch on the table.

    Synced traits: ``view``, ``message``, ``message_ok``, ``mode``, ``step``, ``steps``,
    ``explanation``, ``selected``, ``large``, ``open_hands``, ``notation``, ``revision``, the seats'
    (``computer_seats``, ``seat``, ``hot_seat``, ``pace``, ``viewer``, ``paused``), ``deal``,
    ``first_deal``, ``can_deal``, ``confirm_end`` and the coach's (``coach``, ``coach_offered``, ``coach_panel``).

    Raises:
        TypeError: ``source`` is not usable for the mode.
        RecordError: step mode: the record cannot be read or does not replay.
        traitlets.TraitError: ``step`` outside 0 … ``steps``, a bad ``mode`` or ``notation``
            (nothing changes).
        ValueError: a seat that the game does not have, ``seat`` together with
            ``computer_seats``, seats in step mode, an unknown ``pace``, ``new_deal=True`` for a
            game that was not dealt from a seed, or ``coach=True`` on a table that offers no coach.
    """

    fallback_text = "Card table: run this cell (Shift+Enter) to bring the card table to life."

    # the table's front end, then the coach panel's (its render wraps the table's); the same for the CSS
    _esm = "\n".join((_HERE / f).read_text(encoding="utf-8") for f in ("card_table.js", "coach_panel.js"))
    _css = widget_css(_HERE / "card_table.css") + (_HERE / "coach_panel.css").read_text(encoding="utf-8")

    #: the game this table shows and replays (a subclass for another game sets both:
    #: the game class needs ``to_record``/``from_record(record, upto=k)``/``apply_action``,
    #: the adapter class ``view()``/``act()``).
    game_class: Any = Game
    adapter_class: Callable[..., Any] = PaternosterTable

    view = traitlets.Dict().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_ok = traitlets.Bool(True).tag(sync=True)
    mode = traitlets.Unicode("play").tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)
    open_hands = traitlets.Bool(False).tag(sync=True)
    notation = traitlets.Unicode("en").tag(sync=True)
    revision = traitlets.Int(0).tag(sync=True)
    #: the seed of the deal shown (-1: a position, not a dealt game) and of the first deal of this table
    deal = traitlets.Int(-1).tag(sync=True)
    first_deal = traitlets.Int(-1).tag(sync=True)
    #: the table offers *New deal*
    can_deal = traitlets.Bool(False).tag(sync=True)
    #: End turn was pressed once and would lose the game at once: the next press ends it anyway
    confirm_end = traitlets.Bool(False).tag(sync=True)

    def __init__(self, source: Any = None, *, mode: str = "play", open_hands: bool = False,
                 large: bool = False, notation: str = "en", step: int = 0, adapter: Any = None,
                 seat: int | None = None, computer_seats: Collection[int] | None = None,
                 hot_seat: bool = False, pace: str = "auto", new_deal: bool | None = None,
                 coach: bool = False) -> None:
        if mode not in ("play", "step"):
            raise traitlets.TraitError(f"mode must be 'play' or 'step', not {mode!r}.")
        if notation not in ("en", "de"):
            raise traitlets.TraitError(f"notation must be 'en' (J Q K) or 'de' (B D K), not {notation!r}.")
        for name, value in (("open_hands", open_hands), ("large", large), ("hot_seat", hot_seat)):
            if not isinstance(value, bool):
                raise traitlets.TraitError(f"{name} must be True or False, not {value!r}.")
        if new_deal is not None and not isinstance(new_deal, bool):
            raise traitlets.TraitError(f"new_deal must be True, False or None (automatic), not {new_deal!r}.")
        if mode == "play" and step != 0:
            raise traitlets.TraitError("step is for step mode: CardTable(record, mode='step', step=k).")
        if pace not in PACES:
            raise ValueError(f"pace must be 'auto' (the computer's turns run at once), 'step' (one computer "
                             f"turn per click) or 'watch' (one at a time by themselves), not {pace!r}.")
        self._ready = False
        self._init_steps()
        self.adapter: Any = None
        if mode == "play":
            self.adapter = self._play_adapter(source, adapter, open_hands, notation)
        else:
            self._load_record(source, adapter)
        computers = self._seats_for(seat, computer_seats, mode)
        dealt = self._seed_of(self.adapter.game) if mode == "play" and hasattr(self.adapter, "game") else None
        if new_deal and dealt is None:
            raise ValueError("new_deal=True needs a game dealt from a seed (Game.new(…, seed=…)); a position "
                             "has no next deal.")
        can_deal = bool(new_deal) if new_deal is not None else (dealt is not None and seat is not None)
        super().__init__(mode=mode, open_hands=open_hands, large=large, notation=notation,
                         computer_seats=computers, seat=-1 if seat is None else seat, hot_seat=hot_seat,
                         pace=pace, deal=-1 if dealt is None else dealt, first_deal=-1 if dealt is None else dealt,
                         can_deal=can_deal)
        if mode == "step":
            self.steps = len(self._full.actions)
            self.step = step  # validated
        self._coach_setup(coach)
        self._ready = True
        self._refresh()
        if self.computer_seats and self.pace == "auto":
            said = self._run_computers()
            if said:
                self.message, self.message_ok = said, True
            self._refresh()
        self.on_msg(self._on_front_end_msg)

    def _play_adapter(self, source: Any, adapter: Any, open_hands: bool, notation: str) -> Any:
        if adapter is not None:
            if not (callable(getattr(adapter, "view", None)) and callable(getattr(adapter, "act", None))):
                raise TypeError("adapter must have view() and act(action) methods, "
                                f"not {type(adapter).__name__}.")
            return adapter
        game = self.game_class
        if isinstance(source, game):
            return self.adapter_class(source, open_hands=open_hands, notation=notation)
        raise TypeError(f"{type(self).__name__} in play mode needs a {game.__module__.rsplit('.', 1)[0]}."
                        f"{game.__name__} (or adapter=...), not {type(source).__name__}.")

    def _load_record(self, source: Any, adapter: Any) -> None:
        game = self.game_class
        if adapter is not None:
            raise TypeError("adapter= is for play mode; step mode replays a game record "
                            f"(give a {game.__name__}, a record dict or its JSON text).")
        if isinstance(source, game):
            record: Any = source.to_record()
        elif isinstance(source, (dict, str)):
            record = source
        else:
            raise TypeError(f"{type(self).__name__} in step mode needs a {game.__name__}, a record dict or its "
                            f"JSON text, not {type(source).__name__}.")
        self._full = game.from_record(record)  # raises RecordError with the engine's message
        self._record = json.loads(record) if isinstance(record, str) else record  # readable: from_record read it

    @staticmethod
    def _seed_of(game: Any) -> int | None:
        """The seed a game was dealt from (its record's start), ``None`` for a position."""
        start = game.to_record().get("start", {}) if hasattr(game, "to_record") else {}
        seed = start.get("seed") if isinstance(start, dict) and "position" not in start else None
        return seed if isinstance(seed, int) and not isinstance(seed, bool) else None

    def reveal(self) -> TableAnswer:
        """Hot seat: the person to move is looking now: show their hand (the "Show my cards" button)."""
        return self.act({"type": "reveal"})

    # ------------------------------------------------------------------ validation
    @traitlets.validate("mode")
    def _valid_mode(self, proposal: dict[str, Any]) -> str:
        if getattr(self, "_ready", False) and proposal["value"] != self.mode:
            raise traitlets.TraitError("mode is fixed when the CardTable is made; make a new one.")
        if proposal["value"] not in ("play", "step"):
            raise traitlets.TraitError(f"mode must be 'play' or 'step', not {proposal['value']!r}.")
        return proposal["value"]

    @traitlets.validate("notation")
    def _valid_notation(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in ("en", "de"):
            raise traitlets.TraitError(f"notation must be 'en' (J Q K) or 'de' (B D K), not {proposal['value']!r}.")
        return proposal["value"]

    @traitlets.observe("step")
    def _step_changed(self, change: dict[str, Any]) -> None:
        if self._ready:
            self.selected = ""
            self._refresh()

    @traitlets.observe("open_hands", "notation")
    def _display_changed(self, change: dict[str, Any]) -> None:
        if self._ready:
            self._refresh()

    @property
    def game(self) -> Any:
        """The game shown: play mode the adapter's game (changed in place; *New deal* puts a new one
        here), step mode the replay up to :attr:`step` (do not change it: it is cached)."""
        if self.mode == "step":
            return self._replay(self.step)
        return getattr(self.adapter, "game", None)

    # ------------------------------------------------------------------ drawing
    def _refresh(self) -> None:
        """Ask the adapter for the view again (after an action or a display change)."""
        with self.hold_sync():
            if self.mode == "step":
                self.explanation = self._explain(self.step)
                self.view = self._shape_view(self._step_view(self.step))
            else:
                self.view = self._play_view()

    def view_now(self) -> dict[str, Any]:
        """The view computed afresh from the engine and this table's traits — what :attr:`view` holds
        after every action (nothing is synced; tests compare the two)."""
        return self._shape_view(self._step_view(self.step)) if self.mode == "step" else self._play_view()

    def _play_view(self) -> dict[str, Any]:
        """The view of the game now, as this screen may show it (computed afresh from the engine)."""
        for name in ("open_hands", "notation"):
            if hasattr(self.adapter, name):
                setattr(self.adapter, name, getattr(self, name))
        seated = bool(self.computer_seats) or self.hot_seat
        if seated and hasattr(self.adapter, "open_hands"):
            self.adapter.open_hands = True  # every hand comes; _seated_view hides what this screen must not show
        view = self._table_buttons(self._shape_view(self.adapter.view()))
        return self._seated_view(view) if seated else view

    def _shape_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """A game's table may adjust the adapter's view for drawing (no rule decided here)."""
        return view

    def _table_buttons(self, view: dict[str, Any]) -> dict[str, Any]:
        """The table's own part of the buttons: Undo on only when it can act (all the actions it would
        take back may be taken back), End turn asking twice when it would lose the game, New deal."""
        if self.game is None:
            return view
        undo_ok = self._undo_steps()[1] is None
        buttons = []
        for b in view.get("buttons", []):
            b = dict(b)
            if b.get("action") == "undo":
                b["enabled"] = undo_ok
            elif b.get("action") in ("end", "end-token") and self.confirm_end and self._end_warning():
                b["label"] = f"{b['label']} anyway (the game is lost)"
            buttons.append(b)
        out = dict(view, buttons=buttons)
        if self.can_deal:
            buttons.append({"action": "new-deal", "label": "New deal", "enabled": True})
            out["note"] = (f"Deal number {self.deal}. Reloading the page loses this game: the table starts "
                           f"again with deal {self.first_deal}.")
        return out

    def _end_warning(self) -> str | None:
        """The engine's warning when ending the turn now loses the game at once (Feuer), else ``None``."""
        ask = getattr(self.game, "end_turn_warning", None)
        return ask() if callable(ask) and not self.game.is_terminal() else None

    def refresh(self) -> None:
        """Redraw from the game (call it after changing the game outside the widget)."""
        self.confirm_end = False
        self._refresh()

    # ------------------------------------------------------------------ actions
    def act(self, action: dict[str, Any]) -> TableAnswer:
        """Carry out one action dict, exactly as a front-end click does.

        ``{"type": "play", "card", "pile"}``, ``{"type": "end"}``, ``{"type": "undo"}``,
        ``{"type": "computer"}`` go to the adapter (refused in step mode); ``{"type": "new-deal"}``,
        ``{"type": "reveal"}`` (hot seat) and ``{"type": "pause"}`` (``pace="watch"``) are the table's;
        ``{"type": "step", "to": k}`` moves a step-mode table.  A refused action changes nothing.

        Returns:
            the answer ``{"ok", "message", "rule"}`` as a :class:`TableAnswer` (a dict that
            shows as its message in a notebook); :attr:`message`, :attr:`message_ok`, :attr:`view`
            and :attr:`revision` are updated.
        """
        kind = action.get("type") if isinstance(action, dict) else None
        if kind == "computer" and action.get("revision", self.revision) != self.revision:
            # pace "watch": a request timed for a table drawn before (a second view of it asked first)
            return TableAnswer(ok=False, rule="stale", message="The table has changed since; nothing was done.")
        before = self._coach_before(kind)  # the position before a person's move, when the coach is on
        # one comm message to the front end for the whole answer; the coach's thread waits meanwhile
        with self._coach_lock, self.hold_sync():
            try:
                result = self._act(kind, action)
            except Exception as e:  # noqa: BLE001 — a click must never fail silently in the kernel log
                result = {"ok": False, "rule": "internal-error",
                          "message": f"Internal error: {type(e).__name__}: {e}"}
            if result.get("rule") != "confirm-end" and kind != "step":
                self.confirm_end = False  # "End turn anyway" holds for the very next click only
            if result.get("ok") and kind != "step":
                self.selected = ""
            if kind != "step":
                self._refresh()
            self.message = str(result.get("message", ""))
            self.message_ok = bool(result.get("ok"))
            self.revision += 1
        self._coach_after(before, kind, result)  # after the table is drawn: measure the move, or clear
        return TableAnswer(result)

    def _act(self, kind: Any, action: dict[str, Any]) -> dict[str, Any]:
        if kind == "step":
            return self._act_step(action.get("to"))
        if self.mode == "step":
            return {"ok": False, "rule": "step-mode",
                    "message": "This table steps through a recorded game: use First, Back, Forward "
                               "or Last (or the slider); cards cannot be played here."}
        if kind in ("reveal", "pause", "new-deal", "undo"):
            return {"reveal": self._act_reveal, "pause": self._act_pause, "new-deal": self._act_new_deal,
                    "undo": self._act_undo}[kind]()
        if kind == "computer" and self.computer_seats:
            result = self._act_computer()
        elif (self.computer_seats or self.hot_seat) and not self._may_act():
            return self._not_your_turn()
        elif kind in ("end", "end-token") and not self.confirm_end and self._end_warning():
            self.confirm_end = True
            return {"ok": False, "rule": "confirm-end",
                    "message": f"{self._end_warning()} Press \u201cEnd turn anyway\u201d to end the turn all the same."}
        else:
            result = self.adapter.act(action)
            if not isinstance(result, dict):
                return {"ok": False, "rule": "internal-error",
                        "message": f"The game adapter answered {result!r} instead of a result dict."}
            if result.get("ok") and self.pace == "auto":
                said = self._run_computers()
                if said:
                    result = dict(result, message=f"{result.get('message', '')}\n{said}".strip())
        if result.get("ok"):
            self._after_seated_action()
        return result

    def _act_new_deal(self) -> dict[str, Any]:
        """The next deal: the next seed, the same players, names and rules (from the game's record)."""
        if not self.can_deal:
            return {"ok": False, "rule": "bad-action",
                    "message": "This table has no New deal: make it with CardTable(game, seat=…) or new_deal=True "
                               "for a game dealt from a seed."}
        record = self.game.to_record()
        seed = self.deal + 1 if 0 <= self.deal < MAX_SEED else 0
        record = dict(record, start=dict(record["start"], seed=seed), actions=[])
        self.adapter.game = self.game_class.from_record(record)
        self.deal, self.viewer, self.paused = seed, -1, False
        said = self._run_computers() if self.computer_seats and self.pace == "auto" else ""
        return {"ok": True, "rule": None, "message": f"Deal number {seed}: a new game.\n{said}".strip()}

    def play(self, card: str, pile: int | str) -> TableAnswer:
        """Play ``card`` (e.g. ``"4♦"``) on ``pile`` (index or name such as ``"up 1"``)."""
        return self.act({"type": "play", "card": card, "pile": pile})

    def end_turn(self) -> TableAnswer:
        """End the turn of the player to move.  When that loses the game at once (a burning card left
        uncovered, Feuer), the first call only warns; a second call in a row ends the turn."""
        return self.act({"type": "end"})

    def undo(self) -> TableAnswer:
        """Take back the last action (with the computer at some seats: your last action and the
        computer's after it)."""
        return self.act({"type": "undo"})

    def computer_turn(self) -> TableAnswer:
        """Let the computer player take the rest of this turn."""
        return self.act({"type": "computer"})

    def new_deal(self) -> TableAnswer:
        """Deal the next game (the next seed, the same settings); :attr:`game` is then the new game."""
        return self.act({"type": "new-deal"})

    def _on_front_end_msg(self, widget: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict):
            self.act(content)
        else:
            self.act({"type": None, "content": content})

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        parts = [f"mode={self.mode!r}"]
        if self.mode == "step":
            parts.append(f"step={self.step}, steps={self.steps}")
        g = self.game
        if isinstance(g, self.game_class):
            if g.is_terminal():
                parts.append(f"turn={g.turn}, over=True")
            else:
                parts.append(f"turn={g.turn}, to_move={g.names[g.to_move]!r}")
        else:
            parts.append(f"game={self.view.get('game', '?')!r}")
        return f"{type(self).__name__}({', '.join(parts)})"
