"""Valepaska — liar's Paskahousu (Paskahousu rules §11.12): the rules as small functions the game calls.

Cards are laid face down and announced as "n cards of rank r" — truthfully or not.  The kit's rules
(**Decision (kit)** where the rule book is open):

* **The announcement must be a legal play**: n cards of rank r would be allowed on the *announced* top
  of the pile (the acceptance table, the announced run of equal ranks for four of a kind, and every
  other house rule in force), with 1 ≤ n ≤ the copies of a rank in the deck (4; 8 with two decks).
  The cards laid may be any n cards of the hand (:class:`~paternoster.paskahousu.Announce`).
* **The check window.**  After an announcement the other players still in the game decide one after
  the other, clockwise from the announcer's left: check (:class:`~paternoster.paskahousu.CheckAnnouncement`)
  or let it pass (:class:`~paternoster.paskahousu.LetPass`).  While the window is open the player to
  move (``to_move``) is the one whose decision is due; nothing else may happen.  The first check
  closes the window: the laid cards are turned face up; if any of them is not of the announced rank
  the announcer lied and picks up the whole discard pile, otherwise the checker picks it up.  A check
  out of order (a later player, the announcer) is refused: in a card-table UI "Check!" is offered to
  the player whose decision is due.  Window decisions are actions (they are recorded) but not turns:
  the turn number and the turn cap count announcements and the other moves only.
* **After a check** the order of play does not change: the player on the announcer's left moves next,
  on the empty table — unless that is the player who just picked the pile up, who never opens the
  next pile (as after any pick-up, §5.3); then the player after them moves.
* **Nobody checks**: the announcement counts as true — a 10 announced on 3–9, an ace on a face card,
  or a fourth card of one announced rank on top burns the pile (the cards go out of the game unseen)
  and the announcer moves again.  Then, and only then, does a player without cards go out.
* **Face up**: the forced opening lay (§4) and a card turned over by try your luck (§5.4) are seen by
  everyone, so they are laid face up, count as announcements of their own rank and open no window.
  The draw pile's card is played if it may go on the announced top, else taken with the pile.
* **Refill** (§5.5) happens right after laying the cards, before the window.

What each player may know (:meth:`~paternoster.paskahousu.PaskahousuGame.view`): the announced ranks and
counts, the face-up cards, and the cards they laid themselves — never another player's face-down cards.

>>> announced_top_run([Announcement(0, 7, 1, False), Announcement(1, 7, 2, False)])
(4, 3)
>>> deciders_for(1, 4, out=[3])
[2, 0]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ..core.errors import ArgumentError
from ..core.cards import Card
from ..core.checks import short
from ..core.refusal import Refusal
from .actions import rank_label
from .ranks import RANK_ORDER, rank_word, strength
from . import rule_ids
from . import texts

__all__ = ["Announcement", "BluffState", "announced_top_run", "deciders_for", "copies_per_rank", "is_true",
           "announce_options", "lie_cards", "visible_strengths", "window_refusal", "decision_refusal", "ANNOUNCE", "LIE", "CHECK",
           "LET_PASS"]

#: Kinds of the computer players' option entries (after PLAY, PICK_UP, TRY_YOUR_LUCK = 0, 1, 2 and
#: Pöytäpaska's TURN = 3): an honest announcement ``(ANNOUNCE, s, n)`` lays n cards of strength s;
#: a lie ``(LIE, s, n)`` lays the n lowest cards of the hand that are not of strength s (see
#: :func:`lie_cards`); ``(CHECK, seat, 0)`` and ``(LET_PASS, seat, 0)`` are a window decision.
ANNOUNCE, LIE, CHECK, LET_PASS = 4, 5, 6, 7


@dataclass(frozen=True)
class Announcement:
    """One group of cards on the discard pile as the table knows it.

    Attributes:
        seat: who laid it; rank: the announced card rank (1 = ace … 13 = king); count: cards laid;
        face_up: laid face up (the opening lay, a card from try your luck) — then its cards are known.
    """

    seat: int
    rank: int
    count: int
    face_up: bool

    def to_json(self) -> list[Any]:
        return [self.seat, rank_label(self.rank), self.count, self.face_up]

    def words(self) -> str:
        """``'two 8s'``."""
        return rank_word(strength(self.rank), self.count)


@dataclass
class BluffState:
    """Valepaska's part of a game's state.

    Attributes:
        announced: the announcements on the discard pile, bottom first; their counts add up to the pile's size.
        deciders: seats still to decide on the last announcement, the first one to move; empty when no
            check window is open.
    """

    announced: list[Announcement] = field(default_factory=list)
    deciders: list[int] = field(default_factory=list)

    @property
    def pending(self) -> Announcement | None:
        """The announcement of the open check window, ``None`` when none is open."""
        return self.announced[-1] if self.deciders else None

    def copy(self) -> "BluffState":
        return BluffState(list(self.announced), list(self.deciders))


def announced_top_run(announced: Sequence[Announcement]) -> tuple[int, int]:
    """``(strength of the announced top, how many cards of that announced rank lie on top in a row)``;
    ``(-1, 0)`` for the empty table."""
    if not announced:
        return -1, 0
    top = announced[-1].rank
    run = 0
    for a in reversed(announced):
        if a.rank != top:
            break
        run += a.count
    return strength(top), run


def deciders_for(seat: int, players: int, out: Sequence[int]) -> list[int]:
    """The seats that decide on ``seat``'s announcement, in order: clockwise from its left, every player
    not out except ``seat`` itself."""
    return [p for p in ((seat + k) % players for k in range(1, players)) if p not in out]


def copies_per_rank(decks: int = 1) -> int:
    """Cards of one rank in the deck(s): the most one announcement may name."""
    return 4 * decks


def is_true(cards: Sequence[Card], rank: int) -> bool:
    """Whether every laid card has the announced rank."""
    return all(c.rank == rank for c in cards)


def lie_cards(hand: Sequence[Card], s: int, n: int) -> tuple[Card, ...] | None:
    """The cards the kit's lie ``(LIE, s, n)`` lays: the ``n`` lowest cards of ``hand`` (Paskahousu order, then
    suit) that are not of strength ``s``; ``None`` if the hand has fewer such cards."""
    others = sorted((c for c in hand if strength(c) != s), key=lambda c: (strength(c), c.suit))
    return tuple(others[:n]) if len(others) >= n else None


def announce_options(counts: Sequence[int], allowed: Sequence[bool], most: Sequence[int]) -> list[tuple[int, int, int]]:
    """The announcements :meth:`~paternoster.paskahousu.PaskahousuGame.legal_actions` lists, in its order.

    Args:
        counts: the hand's cards per strength (13 numbers).
        allowed: per strength, whether the rules allow announcing it on the announced top now.
        most: per strength, the largest count of one announcement (:func:`copies_per_rank`, or 1 where
            Nur einzeln lays single cards only).

    Returns:
        by strength, then count 1 … ``most``: the honest ``(ANNOUNCE, s, n)`` if the hand holds n cards of
        strength s, then the lie ``(LIE, s, n)`` if it holds n other cards.
    """
    total = sum(counts)
    out = []
    for s in range(13):
        if not allowed[s]:
            continue
        for n in range(1, min(most[s], total) + 1):
            if counts[s] >= n:
                out.append((ANNOUNCE, s, n))
            if total - counts[s] >= n:
                out.append((LIE, s, n))
    return out


def window_refusal(open_window: Announcement | None, decider: str) -> Refusal | None:
    """The refusal of any move but a window decision while a check window is open."""
    if open_window is None:
        return None
    return Refusal(rule_ids.CHECK_WINDOW, texts.window_open(open_window.words(), decider))


def decision_refusal(bluff: bool, state: BluffState, seat: int, names: Sequence[str], checking: bool) -> Refusal | None:
    """Whether ``seat`` may check (``checking``) or let pass the open announcement now (Paskahousu rules §11.12).

    Returns:
        ``None`` or a refusal: ``bluff-off`` (Valepaska not played), ``no-announcement`` (no window
        open), ``not-your-check`` (the announcer, a seat that is not in the game, or a seat whose turn
        to decide has not come — the first undecided player decides first).
    """
    verb = "check" if checking else "let an announcement pass"
    names = list(names)
    if not bluff:
        return Refusal(rule_ids.BLUFF_OFF, texts.decision_refused("off", verb, names))
    pending = state.pending
    if pending is None:
        return Refusal(rule_ids.NO_ANNOUNCEMENT, texts.decision_refused("none", verb, names))
    if not 0 <= seat < len(names):
        return Refusal(rule_ids.NOT_YOUR_CHECK, texts.decision_refused("no-seat", verb, names, seat))
    if seat == pending.seat:
        return Refusal(rule_ids.NOT_YOUR_CHECK, texts.decision_refused("announcer", verb, names, seat))
    if seat not in state.deciders:
        return Refusal(rule_ids.NOT_YOUR_CHECK, texts.decision_refused("decided", verb, names, seat))
    if seat != state.deciders[0]:
        return Refusal(rule_ids.NOT_YOUR_CHECK, texts.decision_refused("later", verb, names, seat,
                                                                       names[state.deciders[0]]))
    return None


def announcement_from_json(value: Any) -> Announcement:
    """An :class:`Announcement` from its ``to_json()`` list ``[seat, rank, count, face_up]``.

    Raises:
        ValueError: not such a list (the part is named).
    """
    from .actions import parse_rank
    if not isinstance(value, (list, tuple)) or len(value) != 4:
        raise ArgumentError(f"an announcement is [seat, rank, count, face_up], not {short(value)}")
    seat, rank, count, up = value
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ArgumentError(f"an announcement's seat must be a seat number, not {short(seat)}")
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 8:
        raise ArgumentError(f"an announcement's count must be 1 … 8, not {short(count)}")
    if not isinstance(up, bool):
        raise ArgumentError(f"an announcement's face_up must be true or false, not {short(up)}")
    return Announcement(seat, parse_rank(rank, "announcement rank"), count, up)


def visible_strengths(pile: Sequence[Card], announced: Sequence[Announcement], seat: int) -> list[int]:
    """Strengths of the discard pile's cards ``seat`` has seen: those laid face up and those ``seat`` laid."""
    out, k = [], 0
    for a in announced:
        if a.face_up or a.seat == seat:
            out += [strength(c) for c in pile[k:k + a.count]]
        k += a.count
    return out


def rank_of_strength(s: int) -> int:
    """The card rank (1 = ace … 13 = king) of strength ``s``."""
    return RANK_ORDER[s]
