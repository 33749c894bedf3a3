"""The card table for Paskahousu games: :class:`widgets.CardTable` with the Paskahousu adapter.

What a player may do now, refusals and the words for each step come from
:class:`~paternoster.paskahousu.PaskahousuGame` (``check``, ``legal_actions``, ``sentences``)
through the adapter :class:`paternoster.paskahousu.table.PaskahousuTable`: step through a
recorded game (``mode="step"``) or play one (``mode="play"``; the front end plays one card per
click and offers several cards of one rank as buttons).
"""

from __future__ import annotations

from typing import Any

from paternoster.paskahousu import PaskahousuGame
from paternoster.paskahousu import texts
from paternoster.paskahousu.table import BURNED, PaskahousuTable

from .card_table import CardTable, TableAnswer

__all__ = ["PaskahousuCardTable"]


class PaskahousuCardTable(CardTable):
    """:class:`widgets.CardTable` for Paskahousu (same front end, the adapter :class:`PaskahousuTable`).

    Args:
        source: ``mode="step"``: a :class:`PaskahousuGame` (its record is used; the game is not
            changed), a record dict or its JSON text.  ``mode="play"``: a PaskahousuGame (changed
            in place), or ``None`` with ``adapter=``.
        mode, open_hands, large, notation, step, adapter: as :class:`CardTable`.

    The table shows the discard pile (top card and count; its top four cards as a counter),
    the burned cards face down (count), the draw pile count, the hands (face down for the
    others unless ``open_hands``) and the engine's sentences for each step.  Under house rules
    (Paskahousu rules §11) it also shows the table cards (Pöytäpaska: face up, and face down as
    card backs whose faces never leave the kernel; ``t.turn_table_card(0)``), face-down plays with
    an announced rank (Valepaska: ``t.announce("4♠ 9♦", "8")``, then ``t.check()`` or
    ``t.let_pass()`` for the player whose decision is due), and no draw pile (Ruotsalainen).

    Drive from code::

        s = PaskahousuCardTable(game, mode="step", open_hands=True)
        s.step = 5; s.forward(); s.back()
        s.explanation          # the engine's sentences for action 5
        print(s.describe())    # the table at this step as plain text

        t = PaskahousuCardTable(game)          # play mode
        t.play("8♥ 8♠")                        # several cards of one rank from code (a click plays one)
        t.pick_up(); t.try_your_luck(); t.opening_lay(); t.computer_move(); t.undo()

    Raises:
        TypeError: ``source`` is not usable for the mode.
        RecordError: step mode: the record cannot be read or does not replay (the engine's message).
        traitlets.TraitError: ``step`` outside 0 … ``steps``, a bad ``mode`` or ``notation``.
    """

    game_class = PaskahousuGame
    adapter_class = PaskahousuTable

    fallback_text = "Paskahousu card table: run this cell (Shift+Enter) to bring the card table to life."

    def _out_of_play(self) -> int:
        """Cards set aside before the game shown began (an example's cards in no hand or pile).

        The engine counts them with the burned cards; the table tells them apart, so an example
        says "Burned: 7 · Out of play: 31", not "Burned: 38".  0 for a dealt game.
        """
        key = self._record if self.mode == "step" else self.game  # a New deal brings another game
        cached = getattr(self, "_out_cache", None)
        if cached is None or cached[0] is not key:
            if self.mode == "step":
                start = self._replay(0)
            else:
                g = self.game
                start = g if not g.actions else type(g).from_record(g.to_record(), upto=0)
            self._out_cache = (key, len(start.burned))
        return int(self._out_cache[1])

    def _shape_view(self, view: dict[str, Any]) -> dict[str, Any]:
        """The burned cards are out of the game: shown, never a place to click (``static``, play
        mode); cards set aside before an example began count as "out of play", not as burned."""
        piles = [dict(p, static=True) if p.get("id") == BURNED and self.mode == "play" else p
                 for p in view.get("piles", [])]
        out = self._out_of_play()
        if out:
            piles = [p if p.get("id") != BURNED else
                     dict(p, count=p["count"] - out, top=p["top"] if p["count"] > out else None) for p in piles]
            counters = []
            for c in view.get("counters", []):
                if c.get("label") == texts.BURNED_COUNTER:
                    counters += [dict(c, value=c["value"] - out), {"label": texts.OUT_OF_PLAY_COUNTER, "value": out}]
                else:
                    counters.append(c)
            view = dict(view, counters=counters)
        return dict(view, piles=piles)

    def _hide_mover_cards(self, view: dict[str, Any]) -> dict[str, Any]:
        """The forced opening names the opener's cards before they are laid: when this screen does not
        show the opener's hand, the status and buttons say only who opens."""
        g = self.game
        if g.opening is None or g.is_terminal():
            return view
        status = f"Turn {g.turn}: {g.names[g.to_move]} opens the game (a forced lay, Paskahousu rules §4)."
        buttons = [b for b in view.get("buttons", []) if b.get("action") != "opening"]
        return dict(view, status=status, buttons=buttons)

    # ------------------------------------------------------------------ actions from code
    def play(self, cards: str, pile: int | str = "discard") -> TableAnswer:
        """Play ``cards`` (one card ``"8♥"`` or several of one rank ``"8♥ 8♠"``) on the discard pile."""
        return self.act({"type": "play", "card": cards, "pile": pile})

    def pick_up(self) -> TableAnswer:
        """Pick up the discard pile."""
        return self.act({"type": "pick-up"})

    def try_your_luck(self) -> TableAnswer:
        """Try your luck with the top card of the draw pile."""
        return self.act({"type": "try-your-luck"})

    def opening_lay(self) -> TableAnswer:
        """Make the forced opening lay (all the opener's 3s, or 4s, …)."""
        return self.act({"type": "opening"})

    def turn_table_card(self, slot: int = 0) -> TableAnswer:
        """Pöytäpaska: turn face-down table card ``slot`` over (played if legal, else picked up with the pile)."""
        return self.act({"type": "turn-table-card", "slot": slot})

    def announce(self, cards: str, rank: str) -> TableAnswer:
        """Valepaska: lay ``cards`` (any of the hand) face down and announce them as ``rank`` (e.g. ``"8"``)."""
        return self.act({"type": "announce", "card": cards, "rank": rank})

    def check(self) -> TableAnswer:
        """Valepaska: the player whose decision is due checks the open announcement."""
        return self.act({"type": "check", "seat": self.game.to_move})

    def let_pass(self) -> TableAnswer:
        """Valepaska: the player whose decision is due lets the open announcement pass."""
        return self.act({"type": "let-pass", "seat": self.game.to_move})

    def computer_move(self) -> TableAnswer:
        """Let the computer player make one move for the player to move."""
        return self.act({"type": "computer"})

    # ------------------------------------------------------------------ display
    def describe(self) -> str:
        """The table now shown, as plain text (status, piles, counters, hands; face-down hands as counts)."""
        v = self.view
        lines = [v.get("status", "")]
        for p in v.get("piles", []):
            top = f"top {p['top']['label']}, " if p.get("top") and p["top"].get("id") else ""
            said = f" ({p['said']})" if p.get("said") else ""
            lines.append(f"{p['name']}: {top}{p['count']} card{'' if p['count'] == 1 else 's'}{said}")
        lines.append(" · ".join(f"{c['label']}: {c['value']}" for c in v.get("counters", [])))
        for h in v.get("hands", []):
            cards = " ".join(c["label"] for c in h["cards"]) if h.get("cards") is not None else "(face down)"
            tags = (" ◀ to move" if h.get("to_move") else "") + (" (out)" if h.get("out") else "")
            lines.append(f"{h['name']}{tags}: {h['count']} card{'' if h['count'] == 1 else 's'} {cards}".rstrip())
            if h.get("table"):  # Pöytäpaska: face-up table cards by name, face-down ones only counted
                up = " ".join(c["label"] for c in h["table"]["up"]) or "none"
                lines.append(f"    table: face up {up}; face down {h['table']['down']}")
        return "\n".join(lines)
