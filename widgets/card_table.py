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
"""

from __future__ import annotations

import json
import pathlib
from typing import Any, Callable

import anywidget
import traitlets

from paternoster import Game
from paternoster.table import PaternosterTable

__all__ = ["CardTable"]

_HERE = pathlib.Path(__file__).parent


class CardTable(anywidget.AnyWidget):
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
            (the keys of :class:`paternoster.table.PaternosterTable`); used instead of
            building a PaternosterTable from ``source``.

    Synced traits: ``view``, ``message``, ``message_ok``, ``mode``, ``step``, ``steps``,
    ``explanation``, ``selected``, ``large``, ``open_hands``, ``notation``, ``revision``.

    Raises:
        TypeError: ``source`` is not usable for the mode.
        RecordError: step mode: the record cannot be read or does not replay.
        traitlets.TraitError: ``step`` outside 0 … ``steps``, a bad ``mode`` or ``notation``
            (nothing changes).
    """

    _esm = _HERE / "card_table.js"
    _css = _HERE / "card_table.css"

    #: the game this table shows and replays (a subclass for another game sets both:
    #: the game class needs ``to_record``/``from_record(record, upto=k)``/``apply_action``,
    #: the adapter class ``view()``/``act()``).
    game_class: type = Game
    adapter_class: Callable[..., Any] = PaternosterTable

    view = traitlets.Dict().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_ok = traitlets.Bool(True).tag(sync=True)
    mode = traitlets.Unicode("play").tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    steps = traitlets.Int(0).tag(sync=True)
    explanation = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    large = traitlets.Bool(False).tag(sync=True)
    open_hands = traitlets.Bool(False).tag(sync=True)
    notation = traitlets.Unicode("en").tag(sync=True)
    revision = traitlets.Int(0).tag(sync=True)

    def __init__(self, source: Any = None, *, mode: str = "play", open_hands: bool = False,
                 large: bool = False, notation: str = "en", step: int = 0, adapter: Any = None) -> None:
        if mode not in ("play", "step"):
            raise traitlets.TraitError(f"mode must be 'play' or 'step', not {mode!r}.")
        if notation not in ("en", "de"):
            raise traitlets.TraitError(f"notation must be 'en' (J Q K) or 'de' (B D K), not {notation!r}.")
        for name, value in (("open_hands", open_hands), ("large", large)):
            if not isinstance(value, bool):
                raise traitlets.TraitError(f"{name} must be True or False, not {value!r}.")
        if mode == "play" and step != 0:
            raise traitlets.TraitError("step is for step mode: CardTable(record, mode='step', step=k).")
        self._ready = False
        self._games: dict[int, Any] = {}
        self._record: dict[str, Any] | None = None
        self._full: Any = None
        self._views: list[dict[str, Any]] = []
        self._views_key: tuple[bool, str] | None = None
        self._pass_game: Any = None
        game, me = self.game_class, type(self).__name__
        self.adapter: Any = None
        if mode == "play":
            if adapter is not None:
                if not (callable(getattr(adapter, "view", None)) and callable(getattr(adapter, "act", None))):
                    raise TypeError("adapter must have view() and act(action) methods, "
                                    f"not {type(adapter).__name__}.")
                self.adapter = adapter
            elif isinstance(source, game):
                self.adapter = self.adapter_class(source, open_hands=open_hands, notation=notation)
            else:
                raise TypeError(f"{me} in play mode needs a {game.__module__.rsplit('.', 1)[0]}.{game.__name__} "
                                f"(or adapter=...), not {type(source).__name__}.")
        else:
            if adapter is not None:
                raise TypeError("adapter= is for play mode; step mode replays a game record "
                                f"(give a {game.__name__}, a record dict or its JSON text).")
            if isinstance(source, game):
                record: Any = source.to_record()
            elif isinstance(source, (dict, str)):
                record = source
            else:
                raise TypeError(f"{me} in step mode needs a {game.__name__}, a record dict or its JSON text, "
                                f"not {type(source).__name__}.")
            self._full = game.from_record(record)  # raises RecordError with the engine's message
            if isinstance(record, str):
                record = json.loads(record)  # readable: from_record accepted it
            self._record = record
        super().__init__(mode=mode, open_hands=bool(open_hands), large=bool(large), notation=notation)
        if mode == "step":
            self.steps = len(self._full.actions)
            self.step = step  # validated
        self._ready = True
        self._refresh()
        self.on_msg(self._on_front_end_msg)

    # ------------------------------------------------------------------ validation
    @traitlets.validate("step")
    def _valid_step(self, proposal: dict[str, Any]) -> int:
        k = proposal["value"]
        if self.mode != "step":
            if k != 0:
                raise traitlets.TraitError("step can be set only in step mode (CardTable(record, mode='step')).")
            return k
        if not 0 <= k <= self.steps:
            raise traitlets.TraitError(
                f"step must be 0 (before the first action) to {self.steps} (the record has "
                f"{self.steps} actions), not {k}.")
        return k

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

    # ------------------------------------------------------------------ step mode
    def _replay(self, k: int) -> Any:
        """The game after the first ``k`` actions of the record (``game_class.from_record(record, upto=k)``, cached)."""
        g = self._games.get(k)
        if g is None:
            g = self._games[k] = self.game_class.from_record(self._record, upto=k)
        return g

    def _step_view(self, k: int) -> dict[str, Any]:
        """The view at step ``k``, from one replay pass that goes forward as far as needed
        (so every step change is a look-up once the pass has passed it).

        Step ``k`` is the record's start with its first ``k`` actions applied one after the
        other — what :meth:`Game.from_record` ``(record, upto=k)`` does, without starting
        again for each ``k``.  The pass starts again when ``open_hands`` or ``notation`` change.
        """
        key = (self.open_hands, self.notation)
        if self._views_key != key:
            self._pass_game = self.game_class.from_record(self._record, upto=0)
            self._views, self._views_key = [], key
        g = self._pass_game
        while len(self._views) <= k:
            n = len(self._views)
            if n:
                g.apply_action(self._full.actions[n - 1])
            self._views.append(self.adapter_class(g, open_hands=self.open_hands, notation=self.notation).view())
        return self._views[k]

    @property
    def record(self) -> dict[str, Any] | None:
        """Step mode: the record shown (a dict); play mode: ``None``."""
        return self._record

    @property
    def game(self) -> Any:
        """The game shown: play mode the adapter's game (changed in place), step mode the
        replay up to :attr:`step` (do not change it: it is cached)."""
        if self.mode == "step":
            return self._replay(self.step)
        return getattr(self.adapter, "game", None)

    def _explain(self, k: int) -> str:
        if k == 0:
            g = self._full if not self._full.actions else self._replay(0)
            start = (f"The start of the game, before any action: {g.names[g.to_move]} to move."
                     if not g.is_terminal() else "The start of the game, before any action.")
            return " ".join([start] + list(g.log))
        return " ".join(self._full.sentences(k))

    def forward(self) -> None:
        """Step mode: one action forward (stays at the last step)."""
        self._need_step_mode("forward()")
        self.step = min(self.steps, self.step + 1)

    def back(self) -> None:
        """Step mode: one action back (stays at step 0)."""
        self._need_step_mode("back()")
        self.step = max(0, self.step - 1)

    def _need_step_mode(self, what: str) -> None:
        if self.mode != "step":
            raise RuntimeError(f"{what} works in step mode only (CardTable(record, mode='step')).")

    # ------------------------------------------------------------------ drawing
    def _refresh(self) -> None:
        """Ask the adapter for the view again (after an action or a display change)."""
        with self.hold_sync():
            if self.mode == "step":
                self.explanation = self._explain(self.step)
                self.view = self._step_view(self.step)
                return
            else:
                for name in ("open_hands", "notation"):
                    if hasattr(self.adapter, name):
                        setattr(self.adapter, name, getattr(self, name))
            self.view = self.adapter.view()

    def refresh(self) -> None:
        """Redraw from the game (call it after changing the game outside the widget)."""
        self._refresh()

    # ------------------------------------------------------------------ actions
    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        """Carry out one action dict, exactly as a front-end click does.

        ``{"type": "play", "card", "pile"}``, ``{"type": "end"}``, ``{"type": "undo"}``,
        ``{"type": "computer"}`` go to the adapter (refused in step mode);
        ``{"type": "step", "to": k}`` moves a step-mode table.

        Returns:
            the adapter's answer ``{"ok", "message", "rule"}``; :attr:`message`,
            :attr:`message_ok`, :attr:`view` and :attr:`revision` are updated.
        """
        kind = action.get("type") if isinstance(action, dict) else None
        with self.hold_sync():  # one comm message to the front end for the whole answer
            try:
                if kind == "step":
                    result = self._act_step(action.get("to"))
                elif self.mode == "step":
                    result = {"ok": False, "rule": "step-mode",
                              "message": "This table steps through a recorded game: use First, Back, Forward "
                                         "or Last (or the slider); cards cannot be played here."}
                else:
                    result = self.adapter.act(action)
                    if not isinstance(result, dict):
                        result = {"ok": False, "rule": "internal-error",
                                  "message": f"The game adapter answered {result!r} instead of a result dict."}
            except Exception as e:  # noqa: BLE001 — a click must never fail silently in the kernel log
                result = {"ok": False, "rule": "internal-error",
                          "message": f"Internal error: {type(e).__name__}: {e}"}
            if result.get("ok") and kind != "step":
                self.selected = ""
                self._refresh()
            self.message = str(result.get("message", ""))
            self.message_ok = bool(result.get("ok"))
            self.revision += 1
        return result

    def _act_step(self, to: Any) -> dict[str, Any]:
        if self.mode != "step":
            return {"ok": False, "rule": "bad-action",
                    "message": "Stepping works only on a recorded game (CardTable(record, mode='step'))."}
        if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to <= self.steps:
            return {"ok": False, "rule": "bad-step",
                    "message": f"There is no step {to!r}: steps go from 0 to {self.steps}."}
        self.step = to
        return {"ok": True, "rule": None, "message": ""}

    def play(self, card: str, pile: int | str) -> dict[str, Any]:
        """Play ``card`` (e.g. ``"4♦"``) on ``pile`` (index or name such as ``"up 1"``)."""
        return self.act({"type": "play", "card": card, "pile": pile})

    def end_turn(self) -> dict[str, Any]:
        """End the turn of the player to move."""
        return self.act({"type": "end"})

    def undo(self) -> dict[str, Any]:
        """Take back the last action."""
        return self.act({"type": "undo"})

    def computer_turn(self) -> dict[str, Any]:
        """Let the computer player take the rest of this turn."""
        return self.act({"type": "computer"})

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
