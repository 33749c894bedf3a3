"""Paskahousu's exercise kinds: may this card go on that one, does this play burn the pile, who opens.

Every answer comes from the engine: :meth:`PaskahousuGame.check
<paternoster.paskahousu.game.PaskahousuGame.check>` (the refusal in its words),
:func:`~paternoster.paskahousu.acceptance`, the play made on a copy of the position (burned or not, and
the game's log sentence), and ``PaskahousuGame(..., opening=True)`` for who opens.  The words of the
questions and hints are in :mod:`.texts.paskahousu`.

Kinds: ``"may-play"``, ``"burns"``, ``"who-starts"``.

>>> from paternoster.exercises import Exercise, answer_sheet
>>> ex = Exercise.may_play("K♣", "A♠")
>>> ex.answer_text
'yes, and it burns the pile'
>>> print(answer_sheet([ex]))  # doctest: +ELLIPSIS
1. **Paskahousu.** May A♠ be played on K♣? — **Answer: yes, and it burns the pile.** An ace on a face card burns ...
   - Discard pile (bottom → top): K♣
   - *Hint:* Order, low to high: 3 4 5 6 7 8 9 10 J Q K A 2. An ace goes only on a face card ...
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Self, Sequence

from ..core.cards import Card, full_deck, parse_card, parse_cards
from ..core.errors import PositionError
from ..paskahousu import (RANK_ORDER, STANDARD_HOUSE_RULES, HouseRules, PaskahousuGame, PlayCards, acceptance,
                          strength)
from .base import ExerciseBase, Kind, Verdict, kind_rng, read_name, read_yes_no, register
from .lift_positions import NAMES
from .texts import common, paskahousu as words

__all__ = ["PaskahousuExercises"]

#: Paskahousu's ranks in its order, low to high (Paskahousu rules §2.1), for the hints' words.
_RANK_WORD = {1: "A", 11: "J", 12: "Q", 13: "K"}


class PaskahousuExercises(ExerciseBase):
    """The Paskahousu kinds' constructors (on :class:`paternoster.exercises.Exercise`)."""

    __slots__ = ()

    @classmethod
    def may_play(cls, top: str | Card | None, cards: str | Iterable[str | Card], *,
                 pile: str | Iterable[str | Card] | None = None, rules: HouseRules | None = None) -> Self:
        """Paskahousu: may ``cards`` (one card, or several) be played on ``top``?  (mode ``"one"``: yes / no)

        Args:
            top: the top card of the discard pile, ``None`` or ``""`` for the empty table.
            cards: the card or cards to play.
            pile: the whole discard pile, bottom → top (default: just ``top``); it matters
                for four of a kind.
            rules: house rules (Paskahousu rules §11; default the standard game); the question then
                names them.

        The answer comes from :meth:`PaskahousuGame.check` (refusal in its words) and,
        for a legal play, :func:`~paternoster.paskahousu.acceptance` and the game's log sentence.

        Raises:
            CardParseError: a card cannot be read; PositionError: a card given twice.
        """
        pile_cards = _pile(top, pile)
        play = parse_cards(cards)
        house = STANDARD_HOUSE_RULES if rules is None else rules
        g = _game(pile_cards, play, house)
        refusal = g.check(PlayCards(tuple(play)))
        if refusal is None:
            burned, said = _apply(g, play)
            acc = acceptance(pile_cards[-1] if pile_cards else None, play[0], house)
            answer, answer_text = "yes", words.YES_BURNS if burned else "yes"
            explanation = acc.reason + (f" {said}" if burned and acc.verdict != "burns" else "")
            if acc.verdict == "no":  # a house rule that looks at more than the top card allowed it: the game's words
                explanation = said
        else:
            answer, answer_text, explanation = "no", "no", refusal.message

        def judge(given: Any) -> Verdict:
            if ("yes" if read_yes_no(given) else "no") == answer:
                return Verdict(True, words.yes_no_right(answer_text, explanation))
            return Verdict(False, words.yes_no_wrong(answer_text, explanation))

        standard = house == STANDARD_HOUSE_RULES
        hint = words.h_may_play(_rank_kind(play[0]), len(play) > 1, not pile_cards,
                                [] if standard else house.switched_on())
        top_card = pile_cards[-1] if pile_cards else None
        return cls("may-play", question=words.q_may_play(play, words.on_top(top_card), None if standard else house.name),
                   title=words.t_may_play(play, top_card), table=words.pile_lines(pile_cards),
                   choices=("yes", "no"), answer=answer, answer_text=answer_text, explanation=explanation,
                   hint=hint, judge=judge)

    @classmethod
    def burns(cls, pile: str | Iterable[str | Card], cards: str | Iterable[str | Card]) -> Self:
        """Paskahousu: does playing ``cards`` on the discard ``pile`` (bottom → top) burn it?  (yes / no)

        The answer is what the engine does: the play is made on a copy of the position and
        the discard pile is burned or not; the explanation is the game's log sentence.

        Raises:
            CardParseError: a card cannot be read; PositionError: the play is not legal here
            (the message gives the rule; use :meth:`may_play` to ask that).
        """
        pile_cards = parse_cards(pile)
        play = parse_cards(cards)
        g = _game(pile_cards, play)
        refusal = g.check(PlayCards(tuple(play)))
        if refusal is not None:
            raise PositionError(words.NEED_LEGAL_BURN.format(refusal=refusal.message))
        burned, said = _apply(g, play)
        answer = "yes" if burned else "no"
        explanation = said if burned else f"{said} {_no_burn_words(pile_cards, play)}"

        def judge(given: Any) -> Verdict:
            if ("yes" if read_yes_no(given) else "no") == answer:
                return Verdict(True, words.yes_no_right(answer, explanation))
            return Verdict(False, words.yes_no_wrong(answer, explanation))

        top = pile_cards[-1] if pile_cards else None
        return cls("burns", question=words.q_burns(play, words.on_top(top)), title=words.t_burns(play, top),
                   table=words.pile_lines(pile_cards), choices=("yes", "no"), answer=answer, answer_text=answer,
                   explanation=explanation, hint=words.h_burns(_rank_kind(play[0]), _rank(play[0])), judge=judge)

    @classmethod
    def who_starts(cls, hands: Sequence[str | Iterable[str | Card]] | PaskahousuGame, *, dealer: int = 0,
                   names: Sequence[str] | None = None) -> Self:
        """Paskahousu: who opens the game, given the dealt hands and the dealer?  (mode ``"one"``: a name)

        Args:
            hands: one entry per player (card text or lists), or a :class:`PaskahousuGame`
                still at its opening lay (``PaskahousuGame.new(...)``).
            dealer: the dealer's seat (ties go to the first clockwise from the dealer's left).
            names: player names (default Anna, Ben, …).

        The answer and its explanation are the engine's (``PaskahousuGame(..., opening=True)``).

        Raises:
            CardParseError / PositionError / RulesError: as :meth:`PaskahousuGame.from_position`.
        """
        if isinstance(hands, PaskahousuGame):
            g = hands
            if g.opening is None:
                raise PositionError(words.PAST_OPENING)
        else:
            names = list(names) if names is not None else list(NAMES[:len(hands)])
            g = PaskahousuGame.from_position(list(hands), draw_pile="", dealer=dealer, names=names, opening=True)
        opener = g.names[g.to_move]
        explanation = g.log[0] if g.log else f"{opener} opens."
        lines = [words.dealer_line(g.names[g.dealer])]
        for n, h in zip(g.names, g.hands):
            in_order: list[Card] = sorted(h, key=lambda c: (strength(c), c.suit))
            lines.append(words.hand_of(n, in_order))

        def judge(given: Any) -> Verdict:
            name = read_name(g.names, given)
            if name == opener:
                return Verdict(True, common.right(explanation))
            return Verdict(False, words.opens_not(opener, name, explanation))

        # the hint's facts: the lowest rank anyone holds, and whether the most of it is shared
        held = [[strength(c) for c in h] for h in g.hands]
        low = min(s for h in held for s in h)
        counts = [h.count(low) for h in held]
        ranks = [_rank_of_strength(s) for s in range(low + 1)]
        return cls("who-starts", question=words.Q_WHO_STARTS, title=words.t_who_starts(g.names[g.dealer]),
                   table=lines, choices=tuple(g.names), answer=opener, answer_text=opener, explanation=explanation,
                   hint=words.h_who_starts(ranks[-1], ranks[:-1], counts.count(max(counts)) > 1), judge=judge)


# --------------------------------------------------------------------------- helpers

def _rank(card: Card) -> str:
    return _RANK_WORD.get(card.rank, str(card.rank))


def _rank_of_strength(s: int) -> str:
    r = RANK_ORDER[s]
    return _RANK_WORD.get(r, str(r))


def _rank_kind(card: Card) -> str:
    """Which of the hint's rules a played card falls under: ``two``, ``ten``, ``ace``, ``face`` or ``low``."""
    return {2: "two", 10: "ten", 1: "ace", 11: "face", 12: "face", 13: "face"}.get(card.rank, "low")


def _pile(top: Any, pile: Any) -> list[Card]:
    if pile is not None:
        cards = parse_cards(pile)
        if top not in (None, "") and cards and cards[-1] != parse_card(top):
            raise PositionError(words.TOP_NOT_LAST.format(top=parse_card(top), pile=common.cards_text(cards)))
        return cards
    return [] if top in (None, "") else [parse_card(top)]


def _game(pile: list[Card], play: list[Card], rules: HouseRules = STANDARD_HOUSE_RULES) -> PaskahousuGame:
    """A two-player position: Anna (to move) holds ``play`` plus one card, the draw pile lasts."""
    used = set(pile) | set(play)
    if len(used) != len(pile) + len(play):
        twice = [c for c in pile + play if (pile + play).count(c) > 1]
        raise PositionError(words.ONE_DECK_TWICE.format(cards=common.cards_text(sorted(set(twice)))))
    spare = [c for c in full_deck(1) if c not in used]
    return PaskahousuGame.from_position([play + spare[:1], spare[1:6]], pile=pile, draw_pile=spare[6:11],
                                        names=["Anna", "Ben"], rules=rules)


def _apply(g: PaskahousuGame, play: list[Card]) -> tuple[bool, str]:
    """Play on a copy: whether the discard pile burned, and the game's sentence for the play (no 'Turn n:')."""
    g = g.copy()
    before = len(g.burned)
    said = g.play(play)
    return len(g.burned) > before, re.sub(r"^Turn \d+: ", "", said[0])


def _no_burn_words(pile: list[Card], play: list[Card]) -> str:
    run = 0
    for c in reversed(pile):
        if c.rank != play[0].rank:
            break
        run += 1
    return words.no_burn_run(run + len(play)) if run else words.NO_BURN


# --------------------------------------------------------------------------- seeded positions

def _seed_may_play(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "may-play")
    deck = [Card.from_rung(int(r)) for r in rng.permutation(52)]
    top = None if rng.random() < 0.1 else deck.pop()
    first = deck.pop()
    play = [first]
    if rng.random() < 0.3:
        play += [c for c in deck if c.rank == first.rank][:int(rng.integers(1, 3))]
    return cls.may_play(top, play)


def _seed_burns(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "burns")
    deck = [Card.from_rung(int(r)) for r in rng.permutation(52)]
    top = deck[0]
    same = [c for c in deck[1:] if c.rank == top.rank]
    run = int(rng.integers(1, 4))
    pile = [top] + same[:run - 1]
    if top.rank not in (1, 10) and strength(top) > 0 and rng.random() < 0.5:  # a lower card below the run
        lower = next((c for c in deck if strength(c) < strength(top) and c.rank not in (1, 10)), None)
        if lower is not None:
            pile.insert(0, lower)
    rest = [c for c in deck if c not in pile]
    candidates: list[list[Card]] = []
    for r in sorted({c.rank for c in rest}):
        of_rank = [c for c in rest if c.rank == r]
        for n in range(1, min(3, len(of_rank)) + 1):
            candidates.append(of_rank[:n])
    legal = [p for p in candidates if _game(pile, p).check(PlayCards(tuple(p))) is None]
    burning = [p for p in legal if _apply(_game(pile, p), p)[0]]
    pool = burning if burning and rng.random() < 0.5 else legal
    return cls.burns(pile, pool[int(rng.integers(len(pool)))])


def _seed_who_starts(cls: Any, seed: int) -> Any:
    rng = kind_rng(seed, "who-starts")
    players = int(rng.integers(3, 6))
    dealer = int(rng.integers(players))
    return cls.who_starts(PaskahousuGame.new(players, seed=seed, dealer=dealer, names=list(NAMES[:players])))


_P = "Paskahousu"
register(Kind("may-play", _P, "one", "may this card (or these cards) go on this top", 5, _seed_may_play))
register(Kind("burns", _P, "one", "does this play burn the discard pile", 6, _seed_burns))
register(Kind("who-starts", _P, "one", "who opens the game", 7, _seed_who_starts))
