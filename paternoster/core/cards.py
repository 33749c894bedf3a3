"""Cards, suits, ranks and the notation every game of the kit shares.

A :class:`Card` is a value: rank and suit, nothing else.  Two copies of the
same card from two decks are *twins* and compare equal; the game code keeps
cards in lists (multisets), so every copy is still accounted for.

Parsing accepts German and English rank letters and suit symbols or ASCII
suit letters (rules §2.5)::

    >>> parse_card("10♥"), parse_card("Qs"), parse_card("D♣"), parse_card("B♠")
    (Card('10♥'), Card('Q♠'), Card('Q♣'), Card('J♠'))
    >>> parse_card("Dd")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.CardParseError: Cannot read 'Dd' as a card: the German rank letter D (Dame) is only allowed with a suit symbol, because 'd' is also the ASCII letter for diamonds. Write the Queen of diamonds as 'D♦', 'Q♦' or 'Qd'.

Printing uses one notation at a time, English (J Q K) or German (B D K)::

    >>> card = parse_card("Qs")
    >>> card.label("en"), card.label("de"), card.words("en")
    ('Q♠', 'D♠', 'Queen of spades')
"""

from __future__ import annotations

import enum
import html
import itertools
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Literal

from .errors import ArgumentError, ArgumentTypeError
from . import theme
from .checks import short, whole
from .errors import CardParseError

__all__ = [
    "Suit",
    "Card",
    "Notation",
    "parse_card",
    "as_card",
    "parse_cards",
    "get_notation",
    "set_notation",
    "full_deck",
    "cards_html",
]

Notation = Literal["en", "de"]
_notation: Notation = "en"


def set_notation(notation: Notation) -> None:
    """Choose how cards print from now on: ``"en"`` (J Q K) or ``"de"`` (B D K).

    Raises:
        ValueError: for anything other than ``"en"`` or ``"de"``.
    """
    global _notation
    if notation not in ("en", "de"):
        raise ArgumentError(
            f"Unknown card notation {short(notation)}: choose 'en' (J, Q, K) or 'de' (B, D, K)."
        )
    _notation = notation


def get_notation() -> Notation:
    """Return the notation cards print in now (``"en"`` or ``"de"``)."""
    return _notation


class Suit(enum.IntEnum):
    """The four suits, in the kit's deck order: ♦ ♥ ♠ ♣ (values 0–3).

    The deck order is only an order for sorting and numbering cards; what a suit is worth is each
    game's rule (a game whose ladder ranks suits uses this order, see its rule book)."""

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        return "♦♥♠♣"[self]

    @property
    def letter(self) -> str:
        return "dhsc"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def word(self, notation: Notation | None = None) -> str:
        """The suit's name in English or German ("spades", "Pik")."""
        de = (notation or _notation) == "de"
        return (("Karo", "Herz", "Pik", "Kreuz") if de else ("diamonds", "hearts", "spades", "clubs"))[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_RANK_LABEL = {"en": {1: "A", 11: "J", 12: "Q", 13: "K"}, "de": {1: "A", 11: "B", 12: "D", 13: "K"}}
_RANK_WORD = {
    "en": {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"},
    "de": {1: "Ass", 11: "Bube", 12: "Dame", 13: "König"},
}
_SUIT_SYMBOLS = {"♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES, "♣": Suit.CLUBS,
                 "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES, "♧": Suit.CLUBS}
_SUIT_LETTERS = {"d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES, "c": Suit.CLUBS}
_RANK_TOKENS = {"A": 1, "1": 1, "T": 10, "10": 10, "J": 11, "B": 11, "Q": 12, "D": 12, "K": 13}
_RANK_TOKENS.update({str(n): n for n in range(2, 10)})

_ONE = ("Write one card: a rank and a suit, such as 'Q♥' or 'Qh', or in words, such as 'queen of hearts' "
        "(several cards are read one at a time).")
_HOW = ("Write a rank (A or 1, 2–10 or T, J/B, Q/D, K) followed by a suit "
        "(♦ ♥ ♠ ♣, or the letters d h s c), for example '10♥', 'Qs' or 'B♠'.")


#: A card in words, as :meth:`Card.words` prints it ("Queen of hearts", "Herz Dame"), in any case.
_WORD_RANKS = {**{w.lower(): r for lang in _RANK_WORD.values() for r, w in lang.items()},
               "koenig": 13, "as": 1, "ten": 10, **{str(n): n for n in range(1, 14)}}
_WORD_RANKS.update({w: n for n, w in enumerate(
    ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), start=2)})
_WORD_SUITS = {w.lower(): Suit(i) for i, w in enumerate(("diamonds", "hearts", "spades", "clubs"))}
_WORD_SUITS.update({w.lower(): Suit(i) for i, w in enumerate(("Karo", "Herz", "Pik", "Kreuz"))})
_WORD_SUITS.update({w[:-1]: s for w, s in list(_WORD_SUITS.items()) if w.endswith("s")})  # "heart"
#: The longest card in words the reader looks at ("queen of diamonds" has 17 characters).
_WORDS_MAX = 24


def _card_from_words(text: str) -> "Card | None":
    """``text`` as a card in words — "queen of hearts", "7 of spades", "Herz Dame" — or None.

    **Decision** (rules §2.5): the kit also reads a card written out as it prints one in words.
    """
    parts = re.split(r"[\s-]+", text.strip().lower())
    if len(parts) == 3 and parts[1] == "of":  # English: rank "of" suit
        rank, suit = _WORD_RANKS.get(parts[0]), _WORD_SUITS.get(parts[2])
    elif len(parts) == 2:  # German: suit rank ("Herz Dame")
        rank, suit = _WORD_RANKS.get(parts[1]), _WORD_SUITS.get(parts[0])
    else:
        return None
    return Card(rank, suit) if rank is not None and suit is not None else None


def _number_hint(text: str) -> str:
    """' For 11 write J or B.' when ``text`` is a face card's rank number, else ''."""
    words = {"11": "J or B", "12": "Q or D", "13": "K"}
    return f" For {text} write {words[text]}." if text in words else ""


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card.

    Args:
        rank: 1 (Ace) … 10, 11 (Jack/Bube), 12 (Queen/Dame), 13 (King).
        suit: a :class:`Suit`.

    ``index`` is the card's number in the kit's deck order, 0 (A♦) … 51 (K♣):
    ``(rank - 1) * 4 + suit`` — rank first, then suit in :class:`Suit` order.  It is the dense key
    games use for tables and arrays; cards compare and sort by it.  Twins (two copies of one
    card) are equal.  ``rung`` is the same number under the ladder game's word (its ladder is
    the deck order, see :mod:`paternoster.lift.ladder`); ``from_rung`` is ``from_index``.

    Raises:
        ValueError: rank outside 1..13.
    """

    rank: int
    suit: Suit
    _index: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if isinstance(self.rank, bool) or not isinstance(self.rank, int) or not 1 <= self.rank <= 13:
            raise ArgumentError(f"A card's rank is 1 (Ace) to 13 (King), not {short(self.rank)}.")
        if isinstance(self.suit, bool) or self.suit not in (0, 1, 2, 3):
            raise ArgumentError(f"A card's suit is a Suit or 0 (♦) to 3 (♣), not {short(self.suit)}.")
        object.__setattr__(self, "suit", Suit(self.suit))
        object.__setattr__(self, "_index", (self.rank - 1) * 4 + int(self.suit))  # read on every comparison

    @classmethod
    def from_index(cls, index: int) -> "Card":
        """The card numbered ``index`` (0..51) in the deck order.

        >>> Card.from_index(0), Card.from_index(51), Card.from_rung(29)
        (Card('A♦'), Card('K♣'), Card('8♥'))

        Raises:
            ValueError: ``index`` outside 0..51.
        """
        if not 0 <= index <= 51:
            raise ArgumentError(f"Cards are numbered from 0 (A♦) to 51 (K♣), not {index}.")
        if cls is Card:
            return _DECK[index]
        return cls(index // 4 + 1, Suit(index % 4))

    @property
    def index(self) -> int:
        """The card's number 0..51 in the deck order: rank first, then suit ♦ ♥ ♠ ♣."""
        return self._index

    #: The ladder game's word for :attr:`index` and :meth:`from_index` (its ladder is the deck order).
    rung = index
    from_rung = from_index

    def label(self, notation: Notation | None = None) -> str:
        """Short text such as ``'Q♠'`` (English) or ``'D♠'`` (German)."""
        n = notation or _notation
        return _RANK_LABEL[n].get(self.rank, str(self.rank)) + self.suit.symbol

    def words(self, notation: Notation | None = None) -> str:
        """The card in words: ``'Queen of spades'`` / ``'Pik Dame'``."""
        n = notation or _notation
        rank = _RANK_WORD[n].get(self.rank, str(self.rank))
        return f"{self.suit.word(n)} {rank}" if n == "de" else f"{rank} of {self.suit.word(n)}"

    def __lt__(self, other: "Card") -> bool:
        return self._index < other._index

    def __le__(self, other: "Card") -> bool:
        return self._index <= other._index

    def __gt__(self, other: "Card") -> bool:
        return self._index > other._index

    def __ge__(self, other: "Card") -> bool:
        return self._index >= other._index

    def __str__(self) -> str:
        return self.label()

    def __repr__(self) -> str:
        # English in repr so reprs (and strict notebook outputs) never depend on set_notation.
        return f"Card({self.label('en')!r})"

    def _repr_html_(self) -> str:
        return cards_html([self])


_DECK = tuple(Card(i // 4 + 1, Suit(i % 4)) for i in range(52))  # cards are immutable: one object per card

#: A red card's text colour in the engine's HTML: the theme's red of red cards (a plain value first, for a
#: browser that reads neither custom properties nor ``color-mix``).
_RED_STYLE = f"{theme.COLOURS['red-card'].light};color:{theme.inline('red-card')}"
_SPAN_STYLE = ("display:inline-block;min-width:2.6em;padding:1px 4px;margin:1px;"
               f"border:1px solid {theme.inline('border')};border-radius:4px;text-align:center;")


def _card_span(card: Card, notation: Notation | None = None) -> str:
    colour = _RED_STYLE if card.suit.is_red else "inherit"
    return (f'<span class="pn-card" title="{html.escape(card.words(notation))}" '
            f'style="{_SPAN_STYLE}'
            f'font-family:monospace;font-weight:bold;color:{colour}">'
            f"{html.escape(card.label(notation))}</span>")


def cards_html(cards: Iterable[Card], notation: Notation | None = None) -> str:
    """HTML for a row of cards (Cards or card texts, read by :func:`parse_cards`); suits are shown by
    symbol, red suits also coloured.

    Raises:
        CardParseError: ``cards`` holds something that is not a card; ArgumentError: ``notation`` is
            not ``"en"``, ``"de"`` or ``None``.
    """
    if notation is not None and notation not in ("en", "de"):
        raise ArgumentError(f"notation must be 'en' (J, Q, K), 'de' (B, D, K) or None, not {short(notation)}.")
    spans = [_card_span(c, notation) for c in parse_cards(cards)]
    return "".join(spans) if spans else '<span style="opacity:.6">(none)</span>'


def parse_card(text: "str | Card") -> Card:
    """Read one card from text, German or English notation.

    Accepted: rank ``A``/``1``, ``2``…``10``/``T``, ``J``/``B``, ``Q``/``D``, ``K``
    (case-insensitive) followed by a suit symbol ``♦♥♠♣`` or an ASCII suit
    letter ``d h s c``; or the card in words as :meth:`Card.words` prints it, in any case
    (``"queen of hearts"``, ``"7 of spades"``, ``"Herz Dame"``).  A :class:`Card` is returned unchanged.

    Text with no suit at its end whose beginning is no rank either (``"X"``, ``"11"``)
    is refused as "not a card", not as a bad suit.

    **Decision** (rules §2.5): the rank letter ``D`` (Dame) needs a suit
    *symbol*, and an upper-case ``D`` is never read as the suit diamonds,
    so ``Dd`` and ``QD`` are refused with a message saying what to write.

    Raises:
        CardParseError: with what was wrong and what to write instead.

    >>> parse_card(" t♣ "), parse_card("1h"), parse_card("KC")
    (Card('10♣'), Card('A♥'), Card('K♣'))
    >>> parse_card("queen of hearts"), parse_card("Pik Dame"), parse_card("seven of clubs")
    (Card('Q♥'), Card('Q♠'), Card('7♣'))
    >>> parse_card("QD")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.CardParseError: Cannot read 'QD' as a card: an upper-case D is the German rank letter Dame, not a suit. For diamonds write a lower-case 'd' or '♦', e.g. 'Qd' or 'Q♦'.
    >>> parse_card("11")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.CardParseError: Cannot read '11': it is not a card. For 11 write J or B. Write a rank (A or 1, 2–10 or T, J/B, Q/D, K) followed by a suit (♦ ♥ ♠ ♣, or the letters d h s c), for example '10♥', 'Qs' or 'B♠'.
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardParseError(f"Cannot read {short(text)} as a card: expected text such as '10♥'. {_HOW}")
    raw = text
    s = text.strip()
    if re.search(r"\w[\s-]+\w", s) and len(s) <= _WORDS_MAX and (in_words := _card_from_words(s)) is not None:
        return in_words
    if len(s) > 12:  # no card is longer; a long text is refused before it is searched or echoed
        if len(s) <= _WORDS_MAX and re.search(r"\s", s):
            raise CardParseError(f"Cannot read {short(raw)} as a card. {_ONE}")
        several = " It looks like several cards or words." if re.search(r"[\s,;]", s) else ""
        raise CardParseError(f"Cannot read {short(raw)} as a card: it has {len(s):,} characters, and a card "
                             f"has at most 4 (in words at most {_WORDS_MAX}).{several} {_ONE}")
    if not s:
        raise CardParseError(f"Cannot read an empty text as a card. {_HOW}")
    if s.upper() in _RANK_TOKENS:
        raise CardParseError(f"Cannot read {short(raw)} as a card: the suit is missing. {_HOW}")
    suit_char = s[-1]
    rank_text = s[:-1].strip()
    if suit_char in _SUIT_SYMBOLS:
        suit, symbol = _SUIT_SYMBOLS[suit_char], True
    elif suit_char.lower() in _SUIT_LETTERS:
        if suit_char == "D":
            raise CardParseError(
                f"Cannot read {short(raw)} as a card: an upper-case D is the German rank letter Dame, "
                f"not a suit. For diamonds write a lower-case 'd' or '♦', e.g. "
                f"'{rank_text or 'Q'}d' or '{rank_text or 'Q'}♦'.")
        suit, symbol = _SUIT_LETTERS[suit_char.lower()], False
    elif rank_text.upper() in _RANK_TOKENS and not suit_char.isdigit():
        raise CardParseError(f"Cannot read {short(raw)} as a card: {short(suit_char)} is not a suit. {_HOW}")
    elif len(rank_text) == 1 and suit_char.isalpha():
        # two letters such as 'Xq': both halves are wrong, say so
        raise CardParseError(f"Cannot read {short(raw)} as a card: {short(rank_text)} is not a rank and {short(suit_char)} "
                             f"is not a suit. {_HOW}")
    elif re.search(r"[\s,;]", s):
        raise CardParseError(f"Cannot read {short(raw)} as one card: it looks like several. {_ONE}")
    else:
        # no suit at the end, and what comes before is no rank: naming a 'suit' here would mislead
        raise CardParseError(f"Cannot read {short(raw)}: it is not a card.{_number_hint(s)} {_HOW}")
    if not rank_text:
        raise CardParseError(f"Cannot read {short(raw)} as a card: the rank is missing. {_HOW}")
    token = rank_text.upper()
    if token not in _RANK_TOKENS:
        if re.search(r"[\s,;]", s):
            raise CardParseError(f"Cannot read {short(raw)} as one card: it looks like several. {_ONE}")
        raise CardParseError(f"Cannot read {short(raw)} as a card: {short(rank_text)} is not a rank. {_HOW}")
    if token == "D" and not symbol:
        raise CardParseError(
            f"Cannot read {short(raw)} as a card: the German rank letter D (Dame) is only allowed with a "
            f"suit symbol, because 'd' is also the ASCII letter for diamonds. Write the Queen of "
            f"{suit.word('en')} as 'D{suit.symbol}', 'Q{suit.symbol}' or 'Q{suit.letter}'.")
    return Card(_RANK_TOKENS[token], suit)


_SPLIT = re.compile(r"[\s,;]+")
#: The most cards :func:`parse_cards` reads from one text or iterable (three decks).
MAX_CARDS = 156


def parse_cards(text: "str | Iterable[str | Card]") -> list[Card]:
    """Read several cards: a string separated by spaces or commas, or an iterable.

    >>> parse_cards("4♦ 5♣, 8♥ 10c D♠ 3h")
    [Card('4♦'), Card('5♣'), Card('8♥'), Card('10♣'), Card('Q♠'), Card('3♥')]

    Raises:
        CardParseError: naming the first card that cannot be read (1-based position).
    """
    if isinstance(text, str):
        if len(text) > 13 * MAX_CARDS:
            raise CardParseError(f"Cannot read {len(text):,} characters as cards: a list holds at most "
                                 f"{MAX_CARDS} cards.")
        items: list = [t for t in _SPLIT.split(text) if t]
    elif isinstance(text, (bytes, bytearray, dict)):
        raise CardParseError(f"Cannot read {short(text)} as a list of cards: give text such as '4♦ 5♣' "
                             "or a list such as ['4♦', '5♣'].")
    else:
        try:
            items = list(itertools.islice(iter(text), MAX_CARDS + 1))
        except TypeError:
            raise CardParseError(f"Cannot read {short(text)} as a list of cards: give text such as '4♦ 5♣' "
                                 "or a list such as ['4♦', '5♣'].") from None
    if len(items) > MAX_CARDS:
        raise CardParseError(f"Too many cards: a list holds at most {MAX_CARDS} (three decks), not more.")
    out = []
    for i, item in enumerate(items, 1):
        try:
            out.append(parse_card(item))
        except CardParseError as e:
            raise CardParseError(f"Card {i} of {len(items)}: {e}") from None
    return out


def full_deck(decks: int = 1) -> list[Card]:
    """All cards of ``decks`` 52-card decks (1 to 3, the most a game of the kit uses), in deck order (each
    card ``decks`` times).

    Raises:
        ArgumentError: ``decks`` is not a whole number from 1 to 3 (``10**100`` decks would never end).
    """
    n = whole(decks, "decks", 1, MAX_CARDS // 52, error=ArgumentError)
    return [Card.from_index(i) for i in range(52) for _ in range(n)]


def as_card(value: Any, field: str = "card") -> Card:
    """``value`` as a card: a :class:`Card`, or text :func:`parse_card` reads; else the kit's error naming
    ``field`` (never an AttributeError from deep inside a rule)."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return parse_card(value)
    raise ArgumentTypeError(f"{field} must be a card (a Card or text such as '10♥'), not {short(value)} "
                            f"({type(value).__name__}).")


# Public names for the notation tables, for a game's own card words (rank names of its own).
RANK_TOKENS = _RANK_TOKENS
SUIT_LETTERS = _SUIT_LETTERS
SUIT_SYMBOLS = _SUIT_SYMBOLS
number_hint = _number_hint
