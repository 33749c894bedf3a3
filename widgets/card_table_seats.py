"""Who plays which seat at a card table: one seat, the computer's seats, the hot seat, Undo across them.

:class:`SeatedPlay` is a part of :class:`widgets.CardTable` (a mix-in; the table's traits, game and adapter
are the table's).  It decides no rule: the computer's moves are the adapter's ``{"type": "computer"}``,
what Undo may take back is the engine's :meth:`~paternoster.core.base.GameBase.undo_refusal`, and who
made an action is :meth:`~paternoster.core.base.GameBase.to_move_before`.

* **One seat** (``seat=N``): your hand face up, the others face down (their cards never leave the
  kernel); the computer's turns run by themselves (``pace="auto"``), one per click of its "… ▶" button
  (``"step"``), or one at a time by themselves while the class watches (``"watch"``: the front end
  asks for the next one after a pause; a *Pause* button stops it).
* **Undo** takes back your last action and the computer's actions after it, all or nothing: when one of
  them may not be taken back (a Valepaska check, a turned table card: they showed hidden cards) or none
  of the actions so far is yours, nothing changes and the Undo button is off.
* **Hot seat**: the next person's hand stays behind a "pass to <name>" screen until they press
  *Show my cards*.
"""

from __future__ import annotations

from typing import Any

import traitlets

from paternoster.core.checks import plural

__all__ = ["SeatedPlay", "PACES"]

#: How the computer's turns run: all at once, one per click of its ▶ button, or one at a time by themselves.
PACES = ("auto", "step", "watch")
#: The front end's pause before it asks for the next computer turn in ``pace="watch"`` (milliseconds).
WATCH_MS = 1500


class SeatedPlay(traitlets.HasTraits):
    """The seats of a :class:`widgets.CardTable`: people, the computer, the hot seat and Undo across them."""

    #: seats the computer plays (empty: people play every seat)
    computer_seats = traitlets.List(traitlets.Int()).tag(sync=True)
    #: one-seat mode: the seat "you" play (-1: not one-seat mode)
    seat = traitlets.Int(-1).tag(sync=True)
    hot_seat = traitlets.Bool(False).tag(sync=True)
    pace = traitlets.Unicode("auto").tag(sync=True)
    #: hot seat: the person whose hand is shown now (-1: nobody's, the pass screen)
    viewer = traitlets.Int(-1).tag(sync=True)
    #: ``pace="watch"``: the computer's turns wait (the *Pause* button)
    paused = traitlets.Bool(False).tag(sync=True)

    game: Any
    adapter: Any
    open_hands: bool

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

    # ------------------------------------------------------------------ who is to move
    def _mover(self) -> int | None:
        g = self.game
        if g is None or g.is_terminal():
            return None
        return int(g.to_move)

    def _computer_to_move(self) -> bool:
        m = self._mover()
        return m is not None and m in self.computer_seats

    @property
    def people(self) -> list[int]:
        """The seats people play from this table (every seat the computer does not play)."""
        g = self.game
        return [s for s in range(len(getattr(g, "names", ()) or ())) if s not in self.computer_seats]

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

    def _may_act(self) -> bool:
        mover = self._mover()
        if mover is None or mover in self.computer_seats:
            return False
        if self.seat >= 0:
            return mover == self.seat
        return not (self.hot_seat and not self.open_hands and self.viewer != mover)

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
        if self.hot_seat and mover is not None and mover != self.viewer:
            self.viewer = -1

    def _act_reveal(self) -> dict[str, Any]:
        mover = self._mover()
        if not self.hot_seat or mover is None or mover in self.computer_seats or self.seat >= 0:
            return {"ok": False, "rule": "bad-action",
                    "message": "There is no hidden hand to show: Show my cards is for hot-seat play "
                               "(CardTable(game, hot_seat=True)), when a person is to move."}
        self.viewer = mover
        return {"ok": True, "rule": None, "message": f"{self.game.names[mover]}'s cards are shown."}

    def _act_computer(self) -> dict[str, Any]:
        """One computer turn when a computer seat is to move (``pace`` "step" or "watch"; "auto" runs on)."""
        g = self.game
        if not self._computer_to_move():
            return self._not_your_turn() if self._mover() is None else {
                "ok": False, "rule": "not-computer-turn",
                "message": "It is not the computer's turn: the computer plays "
                           + ", ".join(g.names[s] for s in self.computer_seats) + "."}
        said = self._run_computers(limit=1)
        if self.pace == "auto":
            said = f"{said}\n{self._run_computers()}".strip()
        return {"ok": True, "rule": None, "message": said}

    def _act_pause(self) -> dict[str, Any]:
        if self.pace != "watch":
            return {"ok": False, "rule": "bad-action",
                    "message": "Pause is for a table where the computer's turns run one at a time by themselves "
                               "(pace='watch')."}
        self.paused = not self.paused
        return {"ok": True, "rule": None,
                "message": "Paused: press \u201cGo on ▶\u201d for the computer's next turn." if self.paused else ""}

    # ------------------------------------------------------------------ undo across seats
    def _undo_steps(self) -> tuple[int, dict[str, Any] | None]:
        """How many actions Undo takes back now, and the refusal (``None``: Undo may act).

        With the computer at some seats: back to the last action a person made, the computer's actions
        after it included; all or nothing (the engine's :meth:`undo_refusal` for that many actions)."""
        g = self.game
        if not self.computer_seats or not g.actions:
            steps = 1
        else:
            people, n, steps = set(self.people), len(g.actions), 0
            try:
                for k in range(n, 0, -1):
                    if g.to_move_before(k) in people:
                        steps = n - k + 1
                        break
            except IndexError:  # actions without an undo record: the engine's refusal says so
                steps = n
            if not steps:
                return 0, {"ok": False, "rule": "nothing-to-undo",
                           "message": "There is nothing of yours to take back: every action so far was the "
                                      "computer's."}
        refusal = g.undo_refusal(steps)
        if refusal is not None:
            return steps, {"ok": False, "rule": refusal.rule, "message": self._undo_refused_text(steps, refusal)}
        return steps, None

    def _undo_refused_text(self, steps: int, refusal: Any) -> str:
        if steps == 1 or refusal.rule == "nothing-to-undo":
            return str(refusal.message)
        return (f"Nothing was undone: your last action and the computer's {plural(steps - 1, 'action')} after "
                f"it go back together, and one of them cannot. {refusal.message}")

    def _act_undo(self) -> dict[str, Any]:
        """Undo: the last action, or with the computer at some seats the last one a person made and the
        computer's after it; a refusal changes nothing."""
        steps, refused = self._undo_steps()
        if refused is not None:
            return refused
        if not self.computer_seats:
            return dict(self.adapter.act({"type": "undo"}))
        for _ in range(steps):
            result = self.adapter.act({"type": "undo"})
            if not result.get("ok"):  # cannot happen after the engine's yes; said, never hidden
                return dict(result)
        text = ("Undone: your last action" + (f" and the computer's {steps - 1} action{'s' if steps > 2 else ''}"
                                              " after it" if steps > 1 else "") + ".")
        mover = self._mover()
        self.viewer = mover if self.hot_seat and mover is not None else -1
        return {"ok": True, "rule": None, "message": text}

    # ------------------------------------------------------------------ what this screen may show
    def _hide_mover_cards(self, view: dict[str, Any]) -> dict[str, Any]:
        """The view without anything that names cards of the hand to move, when this screen does not
        show that hand (a game's table words its status without them)."""
        return view

    def _shown_seat(self, mover: int | None) -> int | None:
        people = self.people
        if self.seat >= 0:
            return self.seat
        if mover is not None and mover in people:
            return mover if (not self.hot_seat or self.viewer == mover) else None
        return self.viewer if self.viewer in people and len(people) == 1 else None

    def _seated_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The adapter's view (every hand face up) as the people at this screen may see it.

        One seat: your hand face up (marked ``you``, drawn in the main place), the others face
        down; while the computer is to move no card can be chosen and the buttons are Undo and,
        with ``pace`` "step" or "watch", "<name>'s turn ▶".  Hot seat: the hand of the person to move once
        they pressed *Show my cards* (until then ``pass_to`` names them and every hand is face
        down).  Face-down cards never leave the kernel.  ``open_hands`` or a finished game: all face up.
        """
        g = self.game
        over = g.is_terminal()
        mover = self._mover()
        shown = self._shown_seat(mover)
        if mover is not None and not (self.open_hands or mover == shown):
            view = self._hide_mover_cards(view)
        pass_to = ""
        if (self.hot_seat and self.seat < 0 and mover is not None and mover in self.people and shown is None
                and not self.open_hands):
            pass_to = g.names[mover]
        hands = []
        for h in view.get("hands", []):
            h = dict(h)
            seat = h.get("seat")
            if not (self.open_hands or over or seat == shown):
                h["cards"] = None
            h["you"] = seat == self.seat or (self.seat < 0 and seat == shown)
            h["main"] = seat == shown if shown is not None else bool(h.get("to_move"))
            h["computer"] = seat in self.computer_seats
            hands.append(h)
        out = dict(view, hands=hands, pass_to=pass_to, you=self.seat if self.seat >= 0 else shown)
        your_move = (mover is not None and mover in self.people and not pass_to
                     and (self.seat < 0 or mover == self.seat))
        if not your_move:
            out["targets"], out["choices"] = {}, {}
            out.pop("announce", None)  # Valepaska's rank chooser: only for the player who lays cards
        buttons = []
        for b in view.get("buttons", []):
            b = dict(b)
            if b.get("action") == "computer":
                if mover is not None and mover in self.computer_seats:
                    b["label"], b["enabled"] = f"{g.names[mover]}'s turn ▶", True
                    buttons.append(b)
                continue  # a person's own turn: no "computer plays" button
            if b.get("action") not in ("undo", "new-deal") and not your_move:
                b["enabled"] = False
            buttons.append(b)
        if pass_to:
            buttons = [b for b in buttons if b.get("action") in ("undo", "new-deal")]
        if self.pace == "watch" and mover is not None and mover in self.computer_seats:
            buttons.append({"action": "pause", "label": "Go on ▶" if self.paused else "Pause", "enabled": True})
            out["autoplay"] = 0 if self.paused else WATCH_MS
        out["buttons"] = buttons
        if mover is not None and not pass_to:
            if mover in self.computer_seats:
                press = {"step": "; press the ▶ button for its turn",
                         "watch": "; press Go on ▶ for its turn" if self.paused else ""}.get(self.pace, "")
                base = str(view.get("status", ""))
                base = base[:-1] if base.endswith(".") else base
                out["status"] = f"{base} (the computer plays {g.names[mover]}{press})."
            elif mover == self.seat:
                out["status"] = "Your turn. " + view.get("status", "")
        return out
