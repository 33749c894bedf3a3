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
  ``pace="step"`` runs one computer turn per click of its "… ▶" button instead.
  Undo takes back your last action and the computer's turns after it.
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
from paternoster.lift.table import PaternosterTable

from ._common import text_block, widget_css
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


class CardTable(TextFallback, anywidget.AnyWidget):
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
        pace: ``"auto"`` (the computer's turns run at once) or ``"step"`` (one computer turn per
            click of the "<name>'s turn ▶" button, or :meth:`computer_turn`).

    Synced traits: ``view``, ``message``, ``message_ok``, ``mode``, ``step``, ``steps``,
    ``explanation``, ``selected``, ``large``, ``open_hands``, ``notation``, ``revision``.

    Raises:
        TypeError: ``source`` is not usable for the mode.
        RecordError: step mode: the record cannot be read or does not replay.
        traitlets.TraitError: ``step`` outside 0 … ``steps``, a bad ``mode`` or ``notation``
            (nothing changes).
        ValueError: a seat that the game does not have, ``seat`` together with
            ``computer_seats``, seats in step mode, or an unknown ``pace``.
    """

    fallback_text = "Card table: run this cell (Shift+Enter) to bring the card table to life."

    _esm = _HERE / "card_table.js"
    _css = widget_css(_HERE / "card_table.css")  # the theme's colours, then the table's CSS

    #: the game this table shows and replays (a subclass for another game sets both:
    #: the game class needs ``to_record``/``from_record(record, upto=k)``/``apply_action``,
    #: the adapter class ``view()``/``act()``).
    game_class: Any = Game
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
    #: seats the computer plays (empty: people play every seat)
    computer_seats = traitlets.List(traitlets.Int()).tag(sync=True)
    #: one-seat mode: the seat "you" play (-1: not one-seat mode)
    seat = traitlets.Int(-1).tag(sync=True)
    hot_seat = traitlets.Bool(False).tag(sync=True)
    pace = traitlets.Unicode("auto").tag(sync=True)

    def __init__(self, source: Any = None, *, mode: str = "play", open_hands: bool = False,
                 large: bool = False, notation: str = "en", step: int = 0, adapter: Any = None,
                 seat: int | None = None, computer_seats: Collection[int] | None = None,
                 hot_seat: bool = False, pace: str = "auto") -> None:
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
        if pace not in ("auto", "step"):
            raise ValueError(f"pace must be 'auto' (the computer's turns run at once) or 'step' "
                             f"(one computer turn per click), not {pace!r}.")
        if not isinstance(hot_seat, bool):
            raise traitlets.TraitError(f"hot_seat must be True or False, not {hot_seat!r}.")
        computers = self._seats_for(seat, computer_seats, mode)
        self._viewer: int | None = None  # hot seat: the person whose hand is shown now
        super().__init__(mode=mode, open_hands=bool(open_hands), large=bool(large), notation=notation,
                         computer_seats=computers, seat=-1 if seat is None else seat, hot_seat=hot_seat,
                         pace=pace)
        if mode == "step":
            self.steps = len(self._full.actions)
            self.step = step  # validated
        self._ready = True
        self._refresh()
        if self.computer_seats and self.pace == "auto":
            said = self._run_computers()
            if said:
                self.message, self.message_ok = said, True
            self._refresh()
        self.on_msg(self._on_front_end_msg)

    def _seats_for(self, seat: Any, computer_seats: Any, mode: str) -> list[int]:
        """The computer's seats for ``seat`` / ``computer_seats`` (checked against the game)."""
        if seat is None and computer_seats is None:
            return []
        if mode != "play":
            raise ValueError("seat= and computer_seats= are for play mode: a recorded game (step mode) "
                             "is only watched.")
        if seat is not None and computer_seats is not None:
            raise ValueError("Give seat= (you play that seat, the computer every other) or computer_seats= "
                             "(the computer plays those, people the rest), not both.")
        names = list(getattr(getattr(self.adapter, "game", None), "names", ()) or ())
        players = len(names)
        if not players:
            raise ValueError("seat= and computer_seats= need a game with named seats (game.names).")
        wanted = [seat] if seat is not None else list(computer_seats)
        for s in wanted:
            if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players:
                raise ValueError(f"seat {s!r} is not a seat of this {players}-player game: seats are "
                                 f"0 to {players - 1} ({', '.join(names)}).")
        if seat is not None:
            return [s for s in range(players) if s != seat]
        return sorted(set(wanted))

    # ------------------------------------------------------------------ who plays which seat
    def _mover(self) -> int | None:
        g = self.game
        if g is None or g.is_terminal():
            return None
        return int(g.to_move)

    def _computer_to_move(self) -> bool:
        m = self._mover()
        return m is not None and m in self.computer_seats

    def _run_computers(self, limit: int | None = None) -> str:
        """Let the computer play while a computer seat is to move (``limit`` turns at most).

        Returns the computer's turns in words, one line per turn, ``""`` when none ran."""
        lines: list[str] = []
        guard = 0
        while self._computer_to_move() and (limit is None or len(lines) < limit):
            before = len(self.game.actions)
            result = self.adapter.act({"type": "computer"})
            guard += 1
            if not result.get("ok") or len(self.game.actions) == before or guard > 100_000:
                lines.append(str(result.get("message", "")) or "The computer could not move.")
                break
            lines.append(str(result.get("message", "")))
        return "\n".join(line for line in lines if line)

    @property
    def people(self) -> list[int]:
        """The seats people play from this table (every seat the computer does not play)."""
        g = self.game
        return [s for s in range(len(getattr(g, "names", ()) or ())) if s not in self.computer_seats]

    def reveal(self) -> TableAnswer:
        """Hot seat: the person to move is looking now: show their hand (the "Show my cards" button)."""
        return self.act({"type": "reveal"})

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
                self.view = self._shape_view(self._step_view(self.step))
                return
            else:
                for name in ("open_hands", "notation"):
                    if hasattr(self.adapter, name):
                        setattr(self.adapter, name, getattr(self, name))
            seated = bool(self.computer_seats) or self.hot_seat
            if seated and hasattr(self.adapter, "open_hands"):
                self.adapter.open_hands = True  # every hand comes; _seated_view hides what this screen must not show
            view = self._shape_view(self.adapter.view())
            self.view = self._seated_view(view) if seated else view

    def _shape_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """A game's table may adjust the adapter's view for drawing (no rule decided here)."""
        return view

    def _seated_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The adapter's view (every hand face up) as the people at this screen may see it.

        One seat: your hand face up (marked ``you``, drawn in the main place), the others face
        down; while the computer is to move no card can be chosen and the buttons are Undo and,
        with ``pace="step"``, "<name>'s turn ▶".  Hot seat: the hand of the person to move once
        they pressed *Show my cards* (until then ``pass_to`` names them and every hand is face
        down).  Face-down cards never leave the kernel.  ``open_hands`` or a finished game: all face up.
        """
        g = self.game
        over = g.is_terminal()
        mover = self._mover()
        people = self.people
        shown: int | None
        if self.seat >= 0:
            shown = self.seat
        elif mover is not None and mover in people:
            shown = mover if (not self.hot_seat or self._viewer == mover) else None
        else:
            shown = self._viewer if self._viewer in people and len(people) == 1 else None
        pass_to = ""
        if (self.hot_seat and self.seat < 0 and mover is not None and mover in people and shown is None
                and not self.open_hands):
            pass_to = g.names[mover]
        hands = []
        for h in view.get("hands", []):
            h = dict(h)
            seat = h.get("seat")
            visible = self.open_hands or over or seat == shown
            if not visible:
                h["cards"] = None
            h["you"] = seat == self.seat or (self.seat < 0 and seat == shown)
            h["main"] = seat == shown if shown is not None else bool(h.get("to_move"))
            h["computer"] = seat in self.computer_seats
            hands.append(h)
        out = dict(view, hands=hands, pass_to=pass_to, you=self.seat if self.seat >= 0 else shown)
        your_move = mover is not None and mover in people and not pass_to and (self.seat < 0 or mover == self.seat)
        if not your_move:
            out["targets"], out["choices"] = {}, {}
            out.pop("announce", None)  # Valepaska's rank chooser: only for the player who lays cards
        buttons = []
        for b in view.get("buttons", []):
            b = dict(b)
            if b.get("action") == "computer":
                if mover is not None and mover in self.computer_seats:
                    b["label"] = f"{g.names[mover]}'s turn ▶"
                    b["enabled"] = True
                    buttons.append(b)
                continue  # a person's own turn: no "computer plays" button
            if b.get("action") != "undo" and not your_move:
                b["enabled"] = False
            buttons.append(b)
        if pass_to:
            buttons = [b for b in buttons if b.get("action") == "undo"]
        out["buttons"] = buttons
        if mover is not None and not pass_to:
            if mover in self.computer_seats:
                out["status"] = (view.get("status", "") + f" (the computer plays {g.names[mover]}"
                                 + ("; press the ▶ button for its turn)" if self.pace == "step" else ")"))
            elif mover == self.seat:
                out["status"] = "Your turn. " + view.get("status", "")
        return out

    def refresh(self) -> None:
        """Redraw from the game (call it after changing the game outside the widget)."""
        self._refresh()

    # ------------------------------------------------------------------ actions
    def act(self, action: dict[str, Any]) -> TableAnswer:
        """Carry out one action dict, exactly as a front-end click does.

        ``{"type": "play", "card", "pile"}``, ``{"type": "end"}``, ``{"type": "undo"}``,
        ``{"type": "computer"}`` go to the adapter (refused in step mode);
        ``{"type": "step", "to": k}`` moves a step-mode table.

        Returns:
            the adapter's answer ``{"ok", "message", "rule"}`` as a :class:`TableAnswer` (a dict that
            shows as its message in a notebook); :attr:`message`, :attr:`message_ok`, :attr:`view`
            and :attr:`revision` are updated.
        """
        kind = action.get("type") if isinstance(action, dict) else None
        with self.hold_sync():  # one comm message to the front end for the whole answer
            try:
                if kind == "step":
                    result = self._act_step(action.get("to"))
                elif kind == "reveal":
                    result = self._act_reveal()
                elif self.mode == "play" and self.computer_seats and kind in ("computer", "undo"):
                    result = self._act_seated(kind)
                elif (self.mode == "play" and (self.computer_seats or self.hot_seat) and kind != "undo"
                      and not self._may_act()):
                    result = self._not_your_turn()
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
            if result.get("ok") and kind not in ("step", "reveal", "computer", "undo") and self.mode == "play":
                said = self._run_computers() if self.pace == "auto" else ""
                if said:
                    result = dict(result, message=f"{result.get('message', '')}\n{said}".strip())
                self._after_seated_action()
            if result.get("ok") and kind != "step":
                self.selected = ""
                self._refresh()
            self.message = str(result.get("message", ""))
            self.message_ok = bool(result.get("ok"))
            self.revision += 1
        return TableAnswer(result)

    def _may_act(self) -> bool:
        mover = self._mover()
        if mover is None or mover in self.computer_seats:
            return False
        if self.seat >= 0:
            return mover == self.seat
        return not self.view.get("pass_to")

    def _not_your_turn(self) -> dict[str, Any]:
        g = self.game
        mover = self._mover()
        if mover is None:
            text = "The game is over: Undo takes back the last action."
        elif mover in self.computer_seats:
            text = (f"It is {g.names[mover]}'s turn, and the computer plays {g.names[mover]}: "
                    f"press \u201c{g.names[mover]}'s turn ▶\u201d.")
        else:
            text = f"Pass the screen to {g.names[mover]}: press \u201cShow my cards\u201d when only they are looking."
        return {"ok": False, "rule": "not-your-turn", "message": text}

    def _after_seated_action(self) -> None:
        """Hot seat: a new person to move sees the pass screen first."""
        mover = self._mover()
        if self.hot_seat and mover is not None and mover != self._viewer:
            self._viewer = None

    def _act_reveal(self) -> dict[str, Any]:
        mover = self._mover()
        if self.mode != "play" or not self.hot_seat or mover is None or mover in self.computer_seats:
            return {"ok": False, "rule": "bad-action",
                    "message": "There is no hidden hand to show: Show my cards is for hot-seat play "
                               "(CardTable(game, hot_seat=True)), when a person is to move."}
        self._viewer = mover
        self._refresh()
        return {"ok": True, "rule": None, "message": f"{self.game.names[mover]}'s cards are shown."}

    def _act_seated(self, kind: str) -> dict[str, Any]:
        """``computer`` and ``undo`` when the computer plays some seats.

        ``computer``: one computer turn when a computer seat is to move (``pace="step"``).
        ``undo``: back to the last action a person made, the computer's turns after it included.
        """
        g = self.game
        if kind == "computer":
            if not self._computer_to_move():
                return self._not_your_turn() if self._mover() is None else {
                    "ok": False, "rule": "not-computer-turn",
                    "message": "It is not the computer's turn: the computer plays "
                               + ", ".join(g.names[s] for s in self.computer_seats) + "."}
            said = self._run_computers(limit=1)
            if self.pace == "auto":
                more = self._run_computers()
                said = f"{said}\n{more}".strip()
            self._after_seated_action()
            return {"ok": True, "rule": None, "message": said}
        if not g.actions:
            return self.adapter.act({"type": "undo"})  # the engine's "nothing to undo"
        undone = []
        while g.actions:
            result = self.adapter.act({"type": "undo"})
            if not result.get("ok"):
                return result
            undone.append(1)
            if not self._computer_to_move():
                break
        n = len(undone)
        text = ("Undone: your last action" + (f" and the computer's {n - 1} action{'s' if n > 2 else ''} after it"
                                              if n > 1 else "") + ".")
        if self._computer_to_move() and self.pace == "auto":  # back at the start, and the computer starts
            said = self._run_computers()
            text = f"{text} Nothing of yours to take back before that.\n{said}".strip()
        self._viewer = self._mover() if self.hot_seat else None
        return {"ok": True, "rule": None, "message": text}

    def _act_step(self, to: Any) -> dict[str, Any]:
        if self.mode != "step":
            return {"ok": False, "rule": "bad-action",
                    "message": "Stepping works only on a recorded game (CardTable(record, mode='step'))."}
        if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to <= self.steps:
            return {"ok": False, "rule": "bad-step",
                    "message": f"There is no step {to!r}: steps go from 0 to {self.steps}."}
        self.step = to
        return {"ok": True, "rule": None, "message": ""}

    def play(self, card: str, pile: int | str) -> TableAnswer:
        """Play ``card`` (e.g. ``"4♦"``) on ``pile`` (index or name such as ``"up 1"``)."""
        return self.act({"type": "play", "card": card, "pile": pile})

    def end_turn(self) -> TableAnswer:
        """End the turn of the player to move."""
        return self.act({"type": "end"})

    def undo(self) -> TableAnswer:
        """Take back the last action."""
        return self.act({"type": "undo"})

    def computer_turn(self) -> TableAnswer:
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
