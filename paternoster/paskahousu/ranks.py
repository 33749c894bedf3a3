"""Paskahousu's ranks and which card may go on which: the rules as data.

Suits do not matter; only the rank counts (Paskahousu rules §2).
Low to high: 3 4 5 6 7 8 9 10 J Q K A 2.  :func:`strength` numbers them
0 (a 3) … 12 (a 2).

Every placement rule of Paskahousu rules §5.2 and §6
lives in :func:`acceptance`; :func:`acceptance_table` turns it into a
14 × 13 int8 table (0 = no, 1 = allowed, 2 = burns) that the game, the
computer players and the simulation read.  The only burn that needs more
than the top card — four of a kind on top (Paskahousu rules §7.2) — is
:func:`play_verdict`.

>>> acceptance("6♣", "8♦").verdict, acceptance("8♠", "10♥").verdict, acceptance("5♠", "K♥").rule
('allowed', 'burns', 'face-card-on-low')
>>> acceptance_table()[strength(8) + 1, strength(10)]   # a 10 on an 8 burns
np.int8(2)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple, Sequence

import numpy as np

from ..core.errors import ArgumentError
from ..core.checks import short
from ..core.cards import RANK_TOKENS as _RANK_TOKENS, SUIT_LETTERS as _SUIT_LETTERS, SUIT_SYMBOLS as _SUIT_SYMBOLS
from ..core.cards import Card, parse_card
from ..core.cards import number_hint as _number_hint
from ..core.errors import CardParseError, RulesError
from .rules import HOUSE_RULES_RANGES, STANDARD_HOUSE_RULES, HouseRules  # the rule set; re-exported
from . import rule_ids as ids
from . import texts

__all__ = ["RANK_ORDER", "strength", "rank_word", "card_kind", "kind_of_rung", "kind_count", "kind_word", "plural_word",
           "KIND_LEVEL", "KIND_ORDER", "K_RED2", "K_RED10", "K_REDA", "play_limits", "acceptance_lists", "HouseRules", "HOUSE_RULES_RANGES", "STANDARD_HOUSE_RULES", "Acceptance",
           "acceptance", "acceptance_table", "ACCEPTANCE_RULES", "play_verdict", "who_starts",
           "NO", "ALLOWED", "BURNS"]

#: Card ranks (1 = Ace, 11 = J, 12 = Q, 13 = K) from the lowest to the highest (Paskahousu rules §2).
RANK_ORDER: tuple[int, ...] = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)
_STRENGTH = {r: i for i, r in enumerate(RANK_ORDER)}
#: strength of the card on Paternoster rung 0..51 (Card.from_rung order): the simulation deals rungs.
STRENGTH_OF_RUNG: tuple[int, ...] = tuple(_STRENGTH[r // 4 + 1] for r in range(52))

NO, ALLOWED, BURNS = 0, 1, 2
_VERDICT_WORD = {NO: "no", ALLOWED: "allowed", BURNS: "burns"}

# strengths of the special ranks
S3, S6, S9, S10, SJ, SK, SA, S2 = 0, 3, 6, 7, 8, 10, 11, 12

def strength(card_or_rank: "Card | int | str") -> int:
    """A rank's place in Paskahousu's order: 0 for a 3 … 7 for a 10 … 11 for an ace, 12 for a 2.

    Suits do not matter in Paskahousu (Paskahousu rules §2), so a rank alone will do.

    Args:
        card_or_rank: a :class:`~paternoster.core.cards.Card`; card text (``"10♥"``, ``"Qs"``);
            rank text without a suit — ``"3"`` … ``"10"`` (or ``"T"``), ``"J"``/``"B"``,
            ``"Q"``/``"D"``, ``"K"``, ``"A"`` (or ``"1"``), ``"2"``, any case; or a
            Card rank number (1 = Ace, 2 … 10, 11 = J, 12 = Q, 13 = K).

    Raises:
        ValueError: a number that is no rank; CardParseError: text that is neither a rank nor a card.

    >>> [strength(r) for r in (3, 10, 11, 1, 2)], strength("K♣"), strength("K"), strength("B")
    ([0, 7, 8, 11, 12], 10, 10, 8)
    >>> strength("X")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.CardParseError: 'X' is not a rank or a card: give a rank such as '7', '10', 'K' or 'B' (suits do not matter), or a card such as '10♥' or 'Qs'.
    """
    if isinstance(card_or_rank, Card):
        return _STRENGTH[card_or_rank.rank]
    if isinstance(card_or_rank, str):
        rank = _RANK_TOKENS.get(card_or_rank.strip().upper())
        if rank is not None:
            return _STRENGTH[rank]
        text = card_or_rank.strip()
        if text and (text[-1] in _SUIT_SYMBOLS or text[-1].lower() in _SUIT_LETTERS):
            # it ends in a suit, so it is meant as a card: parse_card says what is wrong with it
            return _STRENGTH[parse_card(card_or_rank).rank]
        raise CardParseError(f"{short(card_or_rank)} is not a rank or a card: give a rank such as '7', '10', 'K' or "
                             f"'B' (suits do not matter), or a card such as '10♥' or 'Qs'.{_number_hint(text)}")
    if isinstance(card_or_rank, (int, np.integer)) and not isinstance(card_or_rank, bool) \
            and 1 <= card_or_rank <= 13:
        return _STRENGTH[int(card_or_rank)]
    raise ArgumentError(f"{short(card_or_rank)} is not a card or a rank: give a Card, card text such as '10♥', "
                     f"rank text such as 'K', or a rank 1 (Ace) … 13 (King).")


def rank_word(s: int, n: int = 1) -> str:
    """``'a 10'``, ``'two 8s'``, ``'an ace'`` for strength ``s`` and ``n`` cards (the words: :func:`.texts.rank_words`)."""
    return texts.rank_words(RANK_ORDER[s], n)


# --------------------------------------------------------------------------- acceptance

class Acceptance(NamedTuple):
    """Whether a rank may be played on a top card.

    Attributes:
        verdict: ``"allowed"``, ``"burns"`` (allowed, and the discard pile is burned) or ``"no"``.
        rule: a short stable id (see :data:`ACCEPTANCE_RULES`).
        reason: one English sentence naming the rule and its seed section.
    """

    verdict: str
    rule: str
    reason: str


#: Every rule id :func:`acceptance` can give, with its verdict.
ACCEPTANCE_RULES: dict[str, str] = {
    ids.EMPTY_TABLE: "allowed",
    ids.EMPTY_TABLE_BURNS: "burns",
    ids.EMPTY_TABLE_BAN: "no",
    ids.MUST_PICK_UP: "no",
    ids.SAME_RANK: "allowed",
    ids.TWO_HIGH: "allowed",
    ids.HIGHER_OR_EQUAL: "allowed",
    ids.TEN_BURNS: "burns",
    ids.ACE_BURNS: "burns",
    ids.ONLY_TWO_ON_TWO: "no",
    ids.TWO_ON_ACE_OR_TEN: "no",
    ids.TEN_ON_HIGH: "no",
    ids.ACE_ONLY_ON_FACE: "no",
    ids.ONLY_SAME_RANK: "no",
    ids.FACE_CARD_ON_LOW: "no",
    ids.LOWER_THAN_TOP: "no",
}


# --------------------------------------------------------------------------- kinds (Nur Schwarze zählen)
# Under Nur Schwarze zählen (Paskahousu rules §11.8) the colour of a 2, 10 or ace matters, so the engine
# counts *kinds*: the 13 strengths 0..12 (a 2, 10 or ace there is the special one — any colour in the
# standard game, black only under the house rule) and three more plain kinds for the red ones.  Every
# other set of house rules has the 13 strengths only.  This block is the one place that knows it.

#: The extra kinds under Nur Schwarze zählen: a red 2 (the lowest card), a red 10 and a red ace (plain).
K_RED2, K_RED10, K_REDA = 13, 14, 15
#: Height of every kind for "at least as high as the top card": strengths 0..12 as they are, a red 2
#: below the 3 (−1), a red 10 in the 10's place, a red ace in the ace's place (Paskahousu rules §11.8).
KIND_LEVEL: tuple[int, ...] = tuple(range(13)) + (-1, S10, SA)
#: Kinds from the lowest to the highest (display order of the 16 columns under Nur Schwarze zählen).
KIND_ORDER: tuple[int, ...] = (K_RED2, 0, 1, 2, 3, 4, 5, 6, K_RED10, S10, 8, 9, 10, K_REDA, SA, S2)
_RED_KIND = {2: K_RED2, 10: K_RED10, 1: K_REDA}
_RED_RANK = {k: r for r, k in _RED_KIND.items()}


def kind_count(rules: HouseRules = STANDARD_HOUSE_RULES) -> int:
    """How many kinds the acceptance table has: 13, or 16 under Nur Schwarze zählen (Paskahousu rules §11.8)."""
    return 16 if rules.black_only else 13


def kind_of_rung(rules: HouseRules = STANDARD_HOUSE_RULES) -> tuple[int, ...]:
    """The kind of the card on every Paternoster rung 0..51 under ``rules`` (:data:`STRENGTH_OF_RUNG` unless
    Nur Schwarze zählen makes red 2s, 10s and aces their own kinds).

    >>> k = kind_of_rung(HouseRules(black_only=True))
    >>> k[Card.from_rung(4).rung], k[parse_card("2♠").rung], k[parse_card("10♥").rung]   # 2♦, 2♠, 10♥
    (13, 12, 14)
    """
    return _kind_of_rung(bool(rules.black_only))


@lru_cache(maxsize=2)
def _kind_of_rung(black_only: bool) -> tuple[int, ...]:
    out = list(STRENGTH_OF_RUNG)
    if black_only:
        for r in range(52):
            rank, suit = r // 4 + 1, r % 4
            if suit in (0, 1) and rank in _RED_KIND:  # ♦ and ♥ are red
                out[r] = _RED_KIND[rank]
    return tuple(out)


def card_kind(card: Card, rules: HouseRules = STANDARD_HOUSE_RULES) -> int:
    """The kind of ``card`` under ``rules``: its strength, or 13/14/15 for a red 2/10/ace under Nur Schwarze
    zählen (Paskahousu rules §11.8)."""
    return _kind_of_rung(bool(rules.black_only))[card.rung]


def kind_word(k: int, n: int = 1) -> str:
    """``rank_word`` for any kind: ``'a red 2'``, ``'two red 10s'``."""
    if k < 13:
        return rank_word(k, n)
    return texts.rank_words(_RED_RANK[k], n, red=True)


def plural_word(k: int) -> str:
    """The plural name of a kind: ``'8s'``, ``'aces'``, ``'red 2s'``."""
    return kind_word(k, 2).split(" ", 1)[1]


def play_limits(rules: HouseRules = STANDARD_HOUSE_RULES) -> tuple[int, ...]:
    """The most cards of each kind one play may lay (Paskahousu rules §5.2, §11.5): 8 (no limit) everywhere
    in the standard game; Nur einzeln ``"high"``: 1 for every kind above the 10 (J, Q, K, aces, 2s);
    ``"twos"``: 1 for the (special) 2s only.

    >>> play_limits(HouseRules(singles_only="twos"))[strength(2)], play_limits()[strength(2)]
    (1, 8)
    """
    k = kind_count(rules)
    if rules.singles_only == "high":
        return tuple(1 if KIND_LEVEL[x] > S10 else 8 for x in range(k))
    if rules.singles_only == "twos":
        return tuple(1 if x == S2 else 8 for x in range(k))
    return (8,) * k


def _as_kind(x: Any, field: str, rules: HouseRules) -> int:
    if isinstance(x, str) and rules.black_only:
        text = x.strip()
        if text and (text[-1] in _SUIT_SYMBOLS or text[-1].lower() in _SUIT_LETTERS):
            try:
                return card_kind(parse_card(text), rules)
            except CardParseError as e:
                raise CardParseError(f"{field}: {e}") from None
    if isinstance(x, Card):
        return card_kind(x, rules)
    try:
        return strength(x)
    except (ValueError, CardParseError) as e:
        raise type(e)(f"{field}: {e}") from None


#: The lowest top (its level) a face card may go on, per Bildkarten erst später option (Paskahousu rules §6, §11.4).
_FACE_THRESHOLD = {"off": S6 + 1, "eight": S6 + 2, "nine": S9}


def accept_verdict(top: int | None, s: int, rules: HouseRules, opened: bool = False,
                   nines_gone: bool = False) -> tuple[int, str, str]:
    """The rules of Paskahousu rules §5.2, §6 and the house rules of §11 for one top kind (None = empty table):
    ``(verdict, rule id, reason)``, the reason worded by :mod:`.texts`.

    ``top`` and ``s`` are kinds (:func:`card_kind`; strengths 0..12 in the standard game).  ``nines_gone``:
    all 9s are burned (only Bildkarten erst später's ``"nine"`` option reads it).  ``opened`` is kept for
    callers; a special 10 or ace can only lie on top because it opened the empty table.
    """
    me = kind_word(s)
    face = SJ <= s <= SK
    if top is None:
        if s in (S10, SA) or (face and rules.empty_table_ban == "ten_ace_faces"):
            if rules.empty_table_ban != "off":
                return NO, ids.EMPTY_TABLE_BAN, texts.empty_table_ban(me, rules.empty_table_ban == "ten_ace_faces")
        if s in (S10, SA):
            reason = texts.ten_ace_on_empty_table(rules.ten_ace_empty, me, plural_word(s))
            if rules.ten_ace_empty == "burn":
                return BURNS, ids.EMPTY_TABLE_BURNS, reason
            return ALLOWED, ids.EMPTY_TABLE, reason
        return ALLOWED, ids.EMPTY_TABLE, texts.EMPTY_TABLE
    on = kind_word(top)
    if top in (S10, SA):
        # A (special) 10 or ace is on top only because it opened the empty table (it burns anywhere else).
        if rules.ten_ace_empty in ("pick_up", "pick_up_again"):
            return NO, ids.MUST_PICK_UP, texts.must_pick_up_ten_ace(on, me)
        if s == top:
            return ALLOWED, ids.SAME_RANK, texts.same_rank(me, on, "§6.3" if top == SA else "§6.5")
        if s == S2:
            return NO, ids.TWO_ON_ACE_OR_TEN, texts.two_on_ace_or_ten(on)
        if s == S10:
            return NO, ids.TEN_ON_HIGH, texts.ten_on_high(on)
        if s == SA:
            return NO, ids.ACE_ONLY_ON_FACE, texts.ace_only_on_face(on)
        return NO, ids.ONLY_SAME_RANK, texts.only_same_rank(on, plural_word(top), me, rules.black_only)
    if s == top:
        return ALLOWED, ids.SAME_RANK, texts.same_rank(me, on, "§6.4" if top == S2 else "§5.2")
    if top == S2:  # Nur Schwarze zählen: only black 2s are 2s (§11.8)
        return NO, ids.ONLY_TWO_ON_TWO, texts.only_two_on_two(me, rules.black_only)
    if s == S2:
        return ALLOWED, ids.TWO_HIGH, texts.two_high(on, rules.black_only, top >= 13)
    if s == S10:
        if KIND_LEVEL[top] <= S10 and not SJ <= top <= SK:
            return BURNS, ids.TEN_BURNS, texts.ten_burns(on, top >= 13)
        return NO, ids.TEN_ON_HIGH, texts.ten_on_high(on)
    if s == SA:
        if SJ <= top <= SK or top == K_REDA:
            return BURNS, ids.ACE_BURNS, texts.ace_burns(on, top == K_REDA)
        return NO, ids.ACE_ONLY_ON_FACE, texts.ace_only_on_face(on)
    if face:
        option = rules.face_cards_late
        if option == "nine" and nines_gone:
            option = "eight"  # Decision (kit): once every 9 is burned, the 8 is enough again
        if KIND_LEVEL[top] < _FACE_THRESHOLD[option]:
            return NO, ids.FACE_CARD_ON_LOW, texts.face_card_on_low(option, me, on)
    if KIND_LEVEL[s] < KIND_LEVEL[top]:
        return NO, ids.LOWER_THAN_TOP, texts.lower_than_top(me, on, s == K_RED2)
    return ALLOWED, ids.HIGHER_OR_EQUAL, texts.higher_or_equal(me, on)


def acceptance(top: "Card | int | str | None", played: "Card | int | str",
               rules: HouseRules = STANDARD_HOUSE_RULES, *, opened: bool = False,
               nines_gone: bool = False) -> Acceptance:
    """May a card of ``played``'s rank go on ``top``?  (Paskahousu rules §5.2, §6, §7, §11)

    Args:
        top: the top card of the discard pile — a Card, card text (``"K♣"``), rank text
            (``"K"``) or rank number (see :func:`strength`) — or ``None`` for the empty table.
        played: the card (or rank) to play, in the same forms.
        rules: house rules.  Under Nur Schwarze zählen a card's colour matters: give cards
            (``"2♥"``); a rank alone (``"2"``) means the black, special one.
        opened: the top 10 or ace was laid on the empty table (always so for a special 10 or
            ace on top; kept for callers).
        nines_gone: every 9 is burned (only Bildkarten erst später ``"nine"`` reads it).

    Returns:
        :class:`Acceptance` ``(verdict, rule, reason)``.  The rule ids, by verdict:

        * allowed: ``empty-table`` (any rank on the empty table; a 10 or an ace there
          does not burn itself), ``same-rank``, ``two-high`` (a 2 on 3…K), ``higher-or-equal``;
        * burns: ``ten-burns`` (a 10 on 3–9), ``ace-burns`` (an ace on J, Q, K),
          ``empty-table-burns`` (10 und Ass auf dem leeren Tisch, option B);
        * no: ``only-two-on-two``, ``two-on-ace-or-ten``, ``ten-on-high`` (a 10 on J…2),
          ``ace-only-on-face``, ``only-same-rank`` (on a 10 or an ace that opened the table),
          ``face-card-on-low`` (J, Q, K on 3–6, or below the house rule's threshold), ``lower-than-top``,
          ``empty-table-ban`` (Leerer Tisch), ``must-pick-up`` (10 und Ass auf dem leeren Tisch, option A).

        Four of a kind on top also burns; that needs the pile, see :func:`play_verdict`.

    Raises:
        CardParseError / ValueError: ``top`` or ``played`` is no card or rank (the message names which).

    >>> acceptance("K♣", "A♠")
    Acceptance(verdict='burns', rule='ace-burns', reason='An ace on a face card burns the discard pile (Paskahousu rules §6.3, §7.1).')
    >>> acceptance("K", "A") == acceptance("K♣", "A♠")     # suits do not matter: ranks alone will do
    True
    >>> acceptance("2♥", "A♠").rule, acceptance("A♠", "2♥").rule, acceptance(None, 10).rule
    ('only-two-on-two', 'two-on-ace-or-ten', 'empty-table')
    >>> acceptance("3♣", "2♥", HouseRules(black_only=True)).rule      # a red 2 is the lowest card
    'lower-than-top'
    """
    if not isinstance(rules, HouseRules):
        raise RulesError(f"rules must be a HouseRules object (e.g. STANDARD_HOUSE_RULES), not {short(rules)}.")
    t = None if top is None else _as_kind(top, "top", rules)
    v, rule, reason = accept_verdict(t, _as_kind(played, "played", rules), rules, bool(opened), bool(nines_gone))
    return Acceptance(_VERDICT_WORD[v], rule, reason)


@lru_cache(maxsize=64)
def _table(rules: HouseRules, nines_gone: bool = False) -> np.ndarray:
    k = kind_count(rules)
    t = np.zeros((k + 1, k), dtype=np.int8)
    for row in range(k + 1):
        for s in range(k):
            t[row, s] = accept_verdict(None if row == 0 else row - 1, s, rules, row in (S10 + 1, SA + 1),
                                       nines_gone)[0]
    t.flags.writeable = False
    return t


@lru_cache(maxsize=64)
def acceptance_lists(rules: HouseRules, nines_gone: bool = False) -> tuple[tuple[int, ...], ...]:
    """:func:`acceptance_table` as plain tuples (``rows[top + 1][s]``), for game loops."""
    # Plain tuples: indexing them is several times faster than numpy scalars in the game loop.
    return tuple(tuple(int(v) for v in row) for row in _table(rules, bool(nines_gone)))


def acceptance_table(rules: HouseRules = STANDARD_HOUSE_RULES, nines_gone: bool = False) -> np.ndarray:
    """:func:`acceptance` for every pair, as data.

    Returns:
        read-only int8 array, shape (14, 13) — (17, 16) under Nur Schwarze zählen, whose kinds 13, 14, 15
        are the red 2, 10 and ace (:data:`KIND_ORDER` lists the columns from low to high): row 0 = the
        empty table, row ``1 + kind(top)`` for each top kind; column ``kind(played)``; values 0 = no,
        1 = allowed, 2 = burns.  ``nines_gone``: the table once every 9 is burned (differs only under
        Bildkarten erst später ``"nine"``).

    >>> t = acceptance_table()
    >>> t.shape, t.dtype, t[0].tolist()
    ((14, 13), dtype('int8'), [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    >>> t[1 + strength(6)].tolist()    # on a 6: 6-9 yes, 10 burns, no face cards, no ace, 2 yes
    [0, 0, 0, 1, 1, 1, 1, 2, 0, 0, 0, 0, 1]
    """
    if not isinstance(rules, HouseRules):
        raise RulesError(f"rules must be a HouseRules object (e.g. STANDARD_HOUSE_RULES), not {short(rules)}.")
    return _table(rules, bool(nines_gone))


def play_verdict(table: Sequence[Sequence[int]], top: int, run: int, s: int, n: int,
                 four_burns: bool = True) -> tuple[int, int]:
    """The verdict of playing ``n`` cards of kind ``s`` — the one place the four-of-a-kind burn lives.

    Args:
        table: :func:`acceptance_table` (or its rows as tuples).
        top: kind of the top card, −1 for the empty table.
        run: how many cards of the top kind lie on top in a row (0 on the empty table).
        s, n: kind and number of the cards played (n ≥ 1).
        four_burns: ``False`` under Zwei Blätter, where four of a kind does not burn (Paskahousu rules §11.9).

    Returns:
        ``(verdict, new_run)``: verdict 0 = no, 1 = allowed, 2 = burns — the table's
        verdict, or a burn when the top four cards then have one rank (Paskahousu
        rules §7.2: by one player or several, the opening lay included);
        ``new_run`` the cards of kind ``s`` on top afterwards.

    >>> t = acceptance_table()
    >>> play_verdict(t, strength(4), 2, strength(4), 2), play_verdict(t, -1, 0, strength(3), 4)
    ((2, 4), (2, 4))
    >>> int(play_verdict(t, strength(4), 2, strength(4), 2, four_burns=False)[0])   # Zwei Blätter: allowed, no burn
    1
    """
    v = table[top + 1][s]
    new_run = run + n if s == top else n
    if v == ALLOWED and new_run >= 4 and four_burns:
        v = BURNS
    return v, new_run


def who_starts(counts: Sequence[Sequence[int]], dealer: int) -> tuple[int, int]:
    """Who opens, and with which rank (Paskahousu rules §4).

    Args:
        counts: per seat, the number of cards of each strength (players × 13).
        dealer: the dealer's seat.

    Returns:
        ``(seat, strength)``: the player with the most 3s; ties go to the first of them
        clockwise from the dealer's left; nobody holds a 3: the most 4s, and so on.

    Raises:
        ValueError: nobody holds a card.

    >>> who_starts([[1] + [0] * 12, [1] + [0] * 12, [0, 2] + [0] * 11], dealer=0)
    (1, 0)
    """
    players = len(counts)
    for s in (range(13) if not counts or len(counts[0]) <= 13 else KIND_ORDER[1:] + KIND_ORDER[:1]):
        best, seat = 0, -1
        for k in range(1, players + 1):
            p = (dealer + k) % players
            if counts[p][s] > best:
                best, seat = counts[p][s], p
        if best:
            return seat, s
    raise ArgumentError("Nobody holds a card, so nobody can open the game.")
