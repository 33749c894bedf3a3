"""Paskahousu's rule set: the numbers and switches a group agrees on before it plays.

:class:`HouseRules` is to Paskahousu what :class:`paternoster.lift.rules.Rules` is to Paternoster:
one object the game, the acceptance table (:mod:`.ranks`), the computer players, the simulation
and the records read.  Every house rule of Paskahousu rules §11 is a switch here;
:func:`house_rules` builds a rule set from the rule book's names and :data:`HOUSE_RULE_SWITCHES`
lists them.

>>> HouseRules(hand_size=6).hand_size
6
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Sequence

import numpy as np

from ..core.checks import MAX_RULES_NAME_LENGTH, check_bool, check_name, short, whole
from ..core.errors import RulesError

__all__ = ["HouseRules", "HOUSE_RULES_RANGES", "STANDARD_HOUSE_RULES", "HOUSE_RULE_SWITCHES", "HouseRuleSwitch",
           "house_rules", "SWITCH_CHOICES", "refused_pairs"]


#: The range of every whole-number field of :class:`HouseRules` (inclusive; ``max_players`` starts at
#: ``min_players``).
HOUSE_RULES_RANGES: dict[str, tuple[int, int]] = {
    "hand_size": (1, 20),
    "min_players": (2, 10),
    "max_players": (2, 10),
    "turn_cap": (1, 10_000),
    "decks": (1, 2),
}

#: The allowed values of every house-rule switch that is a choice of words (Paskahousu rules §11);
#: the first value is the standard game's.
SWITCH_CHOICES: dict[str, tuple[str, ...]] = {
    "face_cards_late": ("off", "eight", "nine"),
    "singles_only": ("off", "high", "twos"),
    "ten_ace_empty": ("off", "pick_up", "pick_up_again", "burn"),
    "empty_table_ban": ("off", "ten_ace", "ten_ace_faces"),
}

#: Table cards each player gets under Pöytäpaska: four face down and four face up (Paskahousu rules §11.10).
TABLE_CARDS_PER_PLAYER = 8
#: Players allowed by one deck (2–6 by default; up to 10 when ``max_players`` is raised and the cards suffice)
#: and by two decks (Zwei Blätter: six or more, **Decision (kit)**: at most ten).
ONE_DECK_PLAYERS, TWO_DECK_PLAYERS = (2, 10), (6, 10)
#: Players allowed by Pöytäpaska (Paskahousu rules §11.10).
TABLE_CARDS_PLAYERS = (2, 3)


@dataclass(frozen=True)
class HouseRules:
    """The numbers and switches of a Paskahousu rule set (Paskahousu rules §2–§9 and the house rules of §11).

    Attributes:
        name: shown in lessons and records.
        hand_size: cards a hand is refilled to while the draw pile lasts (5; Sechs Karten = 6;
            Paskahousu rules §5.5, §11.2).
        min_players, max_players: allowed table size (2–6; Paskahousu rules §1.2).  Left at their
            defaults (2 and 6) they follow the switches: Zwei Blätter makes them 6–10, Pöytäpaska 2–3
            (Paskahousu rules §11.13); set them and they must lie inside what the switches allow.
        turn_cap: turns (actions) after which an unfinished game ends as a
            ``"stalemate"`` (Paskahousu rules §8, **Decision**; default 1000 — most computer games
            end long before it, but not all, see ``benchmarks/bench_paskahousu.py``).
        fixed_start: Fester Anfang — the player on the dealer's left opens with 3s if able, else the
            next, …; nobody: the dealer's left opens with any card (Paskahousu rules §11.3).
        face_cards_late: Bildkarten erst später — ``"off"``; ``"eight"`` (face cards only on an 8 or
            higher); ``"nine"`` (only on a 9 or a face card while not all 9s are burned) (§11.4).
        singles_only: Nur einzeln — ``"off"``; ``"high"`` (several cards at once only up to the 10;
            J, Q, K, aces and 2s one at a time); ``"twos"`` (only 2s one at a time) (§11.5).
        ten_ace_empty: 10 und Ass auf dem leeren Tisch — ``"off"`` (standard, §6.5); ``"pick_up"``
            (the next player must pick it up); ``"pick_up_again"`` (… and the player who laid it
            moves again); ``"burn"`` (it burns itself, the same player moves again) (§11.6).
        empty_table_ban: Leerer Tisch — ``"off"``; ``"ten_ace"`` (no 10 or ace opens a pile);
            ``"ten_ace_faces"`` (no face card either) (§11.7).
        black_only: Nur Schwarze zählen — only black 2s, 10s and aces are special (§11.8).
        decks: 1, or 2 for Zwei Blätter (6–10 players; four of a kind does not burn) (§11.9).
        table_cards: Pöytäpaska — four face-down and four face-up table cards each, 2–3 players (§11.10).
        deal_all: Ruotsalainen — all cards dealt, no draw pile (§11.11).
        bluff: Valepaska — cards laid face down with an announced rank; checking (§11.12).

    :func:`~paternoster.paskahousu.ranks.acceptance` and the game read the rules object, so the
    acceptance table and every user of it follow the switches without rewrites.

    Bounds and types (**Decision**, kit; the same check for Python, records and the command line):
    ``name`` text of 1–80 characters without control or invisible characters; ``hand_size`` 1–20;
    ``min_players`` 2–10; ``max_players`` ``min_players``–10; ``turn_cap`` 1–10,000; ``decks`` 1 or 2;
    the switches ``True``/``False`` or one of :data:`SWITCH_CHOICES`; and the cards must suffice:
    ``max_players × (hand_size + table cards) ≤ decks × 52`` (Paskahousu rules §1.2, §11.13).
    Whole numbers must be ``int`` (numpy integer scalars are stored as ``int``; ``bool``, floats and
    text are refused).  The ranges are :data:`HOUSE_RULES_RANGES`.  House rules that make no sense
    together are refused naming both (Paskahousu rules §11.13).

    Raises:
        RulesError: a field that is not a whole number, not a bool or not one of its choices, out of
            range, a player range the switches do not allow, or two switches that do not go together
            (the fields, values and rules are named).

    >>> STANDARD_HOUSE_RULES.to_dict()
    {'name': 'Standard', 'hand_size': 5, 'min_players': 2, 'max_players': 6, 'turn_cap': 1000}
    >>> HouseRules(decks=2).to_dict()["max_players"], HouseRules(table_cards=True).max_players
    (10, 3)
    >>> HouseRules(hand_size=11, max_players=6)
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RulesError: HouseRules: 6 players with hands of 11 need 66 cards, but the deck has 52; lower hand_size or max_players.
    """

    name: str = "Standard"
    hand_size: int = 5
    min_players: int = 2
    max_players: int = 6
    turn_cap: int = 1000
    fixed_start: bool = False
    face_cards_late: str = "off"
    singles_only: str = "off"
    ten_ace_empty: str = "off"
    empty_table_ban: str = "off"
    black_only: bool = False
    decks: int = 1
    table_cards: bool = False
    deal_all: bool = False
    bluff: bool = False

    def __post_init__(self) -> None:
        check_name(self.name, "HouseRules field 'name'", RulesError, MAX_RULES_NAME_LENGTH)
        for f in _BOOL_SWITCHES:
            object.__setattr__(self, f, check_bool(getattr(self, f), f"HouseRules field {short(f)} "
                                                   f"({_SWITCH_NAME[f]}, Paskahousu rules {_SWITCH_SECTION[f]})",
                                                   RulesError))
        for f, choices in SWITCH_CHOICES.items():
            v = getattr(self, f)
            if not isinstance(v, str) or v not in choices:
                raise RulesError(f"HouseRules field {short(f)} ({_SWITCH_NAME[f]}, Paskahousu rules "
                                 f"{_SWITCH_SECTION[f]}) must be one of {', '.join(repr(c) for c in choices)}, "
                                 f"not {short(v)}.")
        decks_field = "HouseRules field 'decks' (Zwei Blätter, Paskahousu rules §11.9)"
        object.__setattr__(self, "decks", whole(self.decks, decks_field, 1, 2, error=RulesError))
        for f, (flo, fhi) in HOUSE_RULES_RANGES.items():
            if f == "decks":
                continue
            flo = self.min_players if f == "max_players" else flo  # min_players is checked first
            object.__setattr__(self, f, whole(getattr(self, f), f"HouseRules field {short(f)}", flo, fhi,
                                              error=RulesError))
        self._check_combinations()
        lo, hi, why = self.switch_players()
        if (self.min_players, self.max_players) == (2, 6) and (self.decks == 2 or self.table_cards):
            # left at the defaults: the table sizes follow the switches (Paskahousu rules §11.13)
            object.__setattr__(self, "min_players", lo)
            object.__setattr__(self, "max_players", hi)
        if self.min_players < lo or self.max_players > hi:
            raise RulesError(f"HouseRules: {why} allows {lo} to {hi} players, but min_players is "
                             f"{self.min_players} and max_players {self.max_players}; choose a range inside "
                             f"{lo}–{hi} (Paskahousu rules §11.13).")
        if not self.deal_all:
            per = self.hand_size + (TABLE_CARDS_PER_PLAYER if self.table_cards else 0)
            cards = 52 * self.decks
            if per * self.max_players > cards:
                deck = "the deck has 52" if self.decks == 1 else f"the two decks have {cards}"
                hands = f"hands of {self.hand_size}" + (f" and {TABLE_CARDS_PER_PLAYER} table cards"
                                                        if self.table_cards else "")
                raise RulesError(f"HouseRules: {self.max_players} players with {hands} need "
                                 f"{per * self.max_players} cards, but {deck}; lower hand_size or max_players.")

    def _check_combinations(self) -> None:
        """Refuse house rules that make no sense together, naming both (Paskahousu rules §11.13)."""
        for a, b, why in _REFUSED_PAIRS:
            if self._on(a) and self._on(b):
                why = why[:1].lower() + why[1:] if why.startswith("Under ") else why
                raise RulesError(f"The house rules {self._label(a)} and {self._label(b)} do not go together: {why} "
                                 f"Switch one of them off (Paskahousu rules §11.13).")

    def _label(self, field: str) -> str:
        """The rule book's name of the switch setting ``field``, with its option if not the first one."""
        sw = next(x for x in HOUSE_RULE_SWITCHES if x.field == field)
        value = getattr(self, field)
        label = next((o for o, v in sw.options if v == value), "")
        return f"{sw.name} ({label})" if label and label != sw.options[0][0] else sw.name

    def _on(self, field: str) -> bool:
        if field == "hand_size":
            return self.hand_size != 5
        if field == "decks":
            return self.decks != 1
        v = getattr(self, field)
        return v != "off" if isinstance(v, str) else bool(v)

    def switch_players(self) -> tuple[int, int, str]:
        """``(lowest, highest, why)``: the player counts the switches allow (Paskahousu rules §1.2, §11.13).

        >>> HouseRules().switch_players(), HouseRules(decks=2).switch_players()[:2]
        ((2, 10, 'Paskahousu with one deck'), (6, 10))
        """
        if self.table_cards:
            return (*TABLE_CARDS_PLAYERS, "Pöytäpaska")
        if self.decks == 2:
            return (*TWO_DECK_PLAYERS, "Zwei Blätter")
        return (*ONE_DECK_PLAYERS, "Paskahousu with one deck")

    def chosen(self) -> list[tuple["HouseRuleSwitch", str]]:
        """The switched-on house rules as ``(switch of HOUSE_RULE_SWITCHES, option name)`` pairs in the rule
        book's order; the option name is ``""`` for a switch without options (Paskahousu rules §11).

        >>> [(sw.name, option) for sw, option in HouseRules(hand_size=6, singles_only="twos").chosen()]
        [('Sechs Karten', ''), ('Nur einzeln', 'nur Zweien')]
        """
        on = self.switches()
        return [(sw, next((o for o, v in sw.options if v == on[sw.field]), ""))
                for sw in HOUSE_RULE_SWITCHES if sw.field in on]

    def switched_on(self) -> list[str]:
        """The switched-on house rules in words, one line each in the rule book's order:
        ``"<name> (<option>), Paskahousu rules §11.n: <what changes>"`` (the catalogue :data:`HOUSE_RULE_SWITCHES`).

        >>> HouseRules(hand_size=6, singles_only="twos").switched_on()[0]
        'Sechs Karten, Paskahousu rules §11.2: hands of six cards instead of five'
        >>> HouseRules(singles_only="twos").switched_on()[0][:37]
        'Nur einzeln (nur Zweien), Paskahousu '
        """
        on = self.switches()
        out = []
        for sw in HOUSE_RULE_SWITCHES:
            if sw.field not in on:
                continue
            out.append(f"{self._label(sw.field)}, Paskahousu rules {sw.section}: {sw.what}")
        return out

    def switches(self) -> dict[str, Any]:
        """The house-rule switches that differ from the standard game, as ``{field: value}``
        (``hand_size`` counts as Sechs Karten when it is not 5).

        >>> HouseRules(hand_size=6, singles_only="twos").switches()
        {'hand_size': 6, 'singles_only': 'twos'}
        """
        return {f: getattr(self, f) for f in SWITCH_FIELDS if self._on(f)}

    def check_players(self, players: Any) -> int:
        """Return ``players`` as an int, or raise RulesError naming the allowed range and the house
        rule that sets it (Paskahousu rules §1.2, §11.13)."""
        lo, hi, why = self.switch_players()
        if (lo, hi) != ONE_DECK_PLAYERS and isinstance(players, (int, np.integer)) and not isinstance(players, bool) \
                and not self.min_players <= players <= self.max_players:
            raise RulesError(f"players must be from {self.min_players} to {self.max_players} under {why} "
                             f"(Paskahousu rules §11.13), not {short(players)}.")
        return whole(players, "players", self.min_players, self.max_players, error=RulesError)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: name, hand_size, min_players, max_players, turn_cap always, and every other
        switch only when it differs from the standard game (**Decision (kit)**: records of the standard
        game stay as they were; :meth:`from_dict` fills missing switches with the standard's values)."""
        d = asdict(self)
        return {k: v for k, v in d.items() if k in _ALWAYS or (k in SWITCH_FIELDS and self._on(k))}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "HouseRules":
        """Inverse of :meth:`to_dict`; switches that are missing are off (older records load unchanged).

        Raises:
            RulesError: not a dict, an unknown field (named), or a bad value.
        """
        if not isinstance(d, dict):
            raise RulesError(f"House rules must be a dict such as {STANDARD_HOUSE_RULES.to_dict()}, not {short(d)}.")
        known = {f.name for f in fields(cls)}
        unknown = sorted((k for k in d if k not in known), key=str)
        if unknown:
            raise RulesError(f"Unknown house-rules field(s) {', '.join(short(k) for k in unknown[:5])}; known: "
                             f"{', '.join(sorted(known))}.")
        return cls(**d)


_ALWAYS = ("name", "hand_size", "min_players", "max_players", "turn_cap")
#: The yes/no switches of :class:`HouseRules` (its fields whose default is ``True`` or ``False``).
_BOOL_SWITCHES = tuple(f.name for f in fields(HouseRules) if isinstance(f.default, bool))

# --------------------------------------------------------------------------- the catalogue


@dataclass(frozen=True)
class HouseRuleSwitch:
    """One house rule of Paskahousu rules §11 as the kit offers it.

    Attributes:
        name: the rule book's name (German, as groups say it), e.g. ``"Nur einzeln"``.
        section: its rule-book section, e.g. ``"§11.5"``.
        field: the :class:`HouseRules` field it sets.
        players: ``(lowest, highest)`` player count it allows.
        options: ``((option name, field value), …)``; the first is what the bare name means.
            Write an option in parentheses after the name: ``"Nur einzeln (nur Zweien)"``.
        what: one line: what changes.
    """

    name: str
    section: str
    field: str
    players: tuple[int, int]
    options: tuple[tuple[str, Any], ...]
    what: str


#: Every house rule of Paskahousu rules §11, in the rule book's order.
HOUSE_RULE_SWITCHES: tuple[HouseRuleSwitch, ...] = (
    HouseRuleSwitch("Sechs Karten", "§11.2", "hand_size", (2, 6), (("", 6),),
                    "hands of six cards instead of five"),
    HouseRuleSwitch("Fester Anfang", "§11.3", "fixed_start", (2, 6), (("", True),),
                    "the dealer's left opens with 3s if able, else the next player, …; nobody: any card"),
    HouseRuleSwitch("Bildkarten erst später", "§11.4", "face_cards_late", (2, 6),
                    (("ab 8", "eight"), ("nur auf 9", "nine")),
                    "face cards only on an 8 or higher; option: only on a 9 or a face card while 9s remain"),
    HouseRuleSwitch("Nur einzeln", "§11.5", "singles_only", (2, 6),
                    (("Bildkarten, Asse, Zweien", "high"), ("nur Zweien", "twos")),
                    "several cards at once only up to the 10, higher ones singly; option: only 2s singly"),
    HouseRuleSwitch("10 und Ass auf dem leeren Tisch", "§11.6", "ten_ace_empty", (2, 6),
                    (("A", "pick_up"), ("A nochmal", "pick_up_again"), ("B", "burn")),
                    "a 10 or an ace on the empty table: A the next player picks it up (A nochmal: and the "
                    "layer moves again); B it burns itself"),
    HouseRuleSwitch("Leerer Tisch", "§11.7", "empty_table_ban", (2, 6),
                    (("10 und Ass", "ten_ace"), ("auch Bildkarten", "ten_ace_faces")),
                    "no 10 or ace may open a pile; option: no face card either"),
    HouseRuleSwitch("Nur Schwarze zählen", "§11.8", "black_only", (2, 6), (("", True),),
                    "only black 2s, 10s and aces are special; red 2s lowest, red 10s and aces plain"),
    HouseRuleSwitch("Zwei Blätter", "§11.9", "decks", TWO_DECK_PLAYERS, (("", 2),),
                    "6–10 players, two decks; four of a kind does not burn"),
    HouseRuleSwitch("Pöytäpaska", "§11.10", "table_cards", TABLE_CARDS_PLAYERS, (("", True),),
                    "2–3 players; four face-down and four face-up table cards each, played after the hand"),
    HouseRuleSwitch("Ruotsalainen", "§11.11", "deal_all", (2, 6), (("", True),),
                    "all cards dealt at the start: no draw pile, no try your luck, no refill"),
    HouseRuleSwitch("Valepaska", "§11.12", "bluff", (2, 6), (("", True),),
                    "cards laid face down with an announced rank; anyone may check"),
)

#: The switch fields of :class:`HouseRules`, in the rule book's order (Paskahousu rules §11.2–§11.12): the catalogue's.
SWITCH_FIELDS: tuple[str, ...] = tuple(sw.field for sw in HOUSE_RULE_SWITCHES)
_SWITCH_NAME = {s.field: s.name for s in HOUSE_RULE_SWITCHES}
_SWITCH_SECTION = {s.field: s.section for s in HOUSE_RULE_SWITCHES}
#: Spellings without ä and ö that name the same rules (documented in Paskahousu rules §11.14).
_ASCII_NAMES = {"Poytapaska": "Pöytäpaska", "Zwei Blatter": "Zwei Blätter", "Nur Schwarze zahlen":
                "Nur Schwarze zählen", "Bildkarten erst spater": "Bildkarten erst später"}

#: House rules that make no sense together: (field, field, why), Paskahousu rules §11.13.
_REFUSED_PAIRS: tuple[tuple[str, str, str], ...] = (
    ("ten_ace_empty", "empty_table_ban",
     "Leerer Tisch forbids opening a pile with a 10 or an ace; one reaches the empty table only when a player "
     "holds nothing else (Paskahousu rules §11.7), and the kit does not let 10 und Ass auf dem leeren Tisch act "
     "on that one forced case (a choice of the kit)."),
    ("hand_size", "deal_all",
     "Ruotsalainen deals every card at the start and never refills, so there is no hand size for Sechs Karten "
     "(or another hand size) to change."),
    ("table_cards", "decks",
     "Pöytäpaska is for 2–3 players and Zwei Blätter for 6 or more, so no table fits both."),
    ("table_cards", "deal_all",
     "Pöytäpaska deals five hand cards and eight table cards and keeps a draw pile, Ruotsalainen deals "
     "every card into the hands."),
    ("table_cards", "bluff",
     "Pöytäpaska's face-down table cards are played blind, but a Valepaska play must be announced by a "
     "player who knows the cards."),
    ("black_only", "bluff",
     "Under Nur Schwarze zählen a card's colour decides what it does, but a Valepaska announcement names a rank "
     "only, so a face-down red 2 and a black 2 could not be told apart (a choice of the kit)."),
)


def refused_pairs() -> list[tuple[str, str]]:
    """The house-rule combinations the kit refuses, as ``(name, name)`` pairs of rule-book names
    (Paskahousu rules §11.13); :class:`HouseRules` raises RulesError for each of them.

    >>> ("Nur Schwarze zählen", "Valepaska") in refused_pairs()
    True
    """
    return [(_SWITCH_NAME[a], _SWITCH_NAME[b]) for a, b, _ in _REFUSED_PAIRS]


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def _split_names(text: str) -> list[str]:
    """Split at commas and '+' outside parentheses."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch in ",+" and depth <= 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    return [p.strip() for p in out if p.strip()]


def _valid_names() -> str:
    parts = []
    for s in HOUSE_RULE_SWITCHES:
        opts = [o for o, _ in s.options if o]
        parts.append(f"'{s.name}'" + (f" (options: {', '.join(repr(o) for o in opts)})" if len(opts) > 1 else ""))
    return "; ".join(parts)


def house_rules(names: "str | Sequence[str]", players: int | None = None, *, turn_cap: int = 1000) -> HouseRules:
    """The :class:`HouseRules` for house rules named as the rule book names them (Paskahousu rules §11.14).

    Args:
        names: one text with names separated by commas or ``+`` (``"Sechs Karten, Nur einzeln"``), or a
            list of names.  An option goes in parentheses after the name: ``"Nur einzeln (nur Zweien)"``,
            ``"10 und Ass auf dem leeren Tisch (B)"``; the option names are those of
            :data:`HOUSE_RULE_SWITCHES` or the field's value (``"Nur einzeln (twos)"``).  Case and extra
            spaces do not matter; ``ä``/``ö`` may be written ``a``/``o``.  ``""`` or ``"Standard"``: the
            standard game.
        players: if given, checked against the player counts the rules allow.
        turn_cap: as :class:`HouseRules`.

    Returns:
        a :class:`HouseRules` named after the switches (e.g. ``"Sechs Karten + Nur einzeln"``).

    Raises:
        RulesError: a name or option that is not in the rule book (the valid ones are listed; no
            guessing), a rule named twice, a combination that makes no sense, or a player count the
            rules do not allow.

    >>> r = house_rules("Sechs Karten, Nur einzeln (nur Zweien)")
    >>> r.hand_size, r.singles_only, r.name
    (6, 'twos', 'Sechs Karten + Nur einzeln (nur Zweien)')
    >>> house_rules("Zwei Blatter", players=8).decks
    2
    >>> house_rules("Sechs Karte")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RulesError: 'Sechs Karte' is not a house rule of the rule book (Paskahousu rules §11.14). Valid names: 'Sechs Karten'; 'Fester Anfang'; 'Bildkarten erst später' (options: 'ab 8', 'nur auf 9'); 'Nur einzeln' (options: 'Bildkarten, Asse, Zweien', 'nur Zweien'); '10 und Ass auf dem leeren Tisch' (options: 'A', 'A nochmal', 'B'); 'Leerer Tisch' (options: '10 und Ass', 'auch Bildkarten'); 'Nur Schwarze zählen'; 'Zwei Blätter'; 'Pöytäpaska'; 'Ruotsalainen'; 'Valepaska'.
    """
    if isinstance(names, str):
        if names.count("(") != names.count(")"):
            raise RulesError(f"{short(names)} has {names.count('(')} '(' but {names.count(')')} ')': write an option "
                             f"in parentheses after the name, e.g. 'Nur einzeln (nur Zweien)' (Paskahousu rules "
                             f"§11.14).")
        items = _split_names(names)
        if names.strip() and not items:
            raise RulesError(f"{short(names)} names no house rule: give names separated by commas, e.g. 'Sechs "
                             f"Karten, Nur einzeln', or 'Standard' for none (Paskahousu rules §11.14).")
    elif isinstance(names, (list, tuple)) and all(isinstance(n, str) for n in names):
        items = [n.strip() for n in names if n.strip()]
    else:
        raise RulesError(f"House rules are named by text such as 'Sechs Karten, Nur einzeln' or a list of such "
                         f"names, not {short(names)} (Paskahousu rules §11.14).")
    by_name = {_norm(s.name): s for s in HOUSE_RULE_SWITCHES}
    by_name.update({_norm(a): by_name[_norm(n)] for a, n in _ASCII_NAMES.items()})
    values: dict[str, Any] = {}
    labels: list[str] = []
    if len(items) > 1 and any(_norm(item) == "standard" for item in items):
        raise RulesError("'Standard' means no house rules, so it cannot be named together with house rules: name "
                         "either 'Standard' alone or only the house rules (Paskahousu rules §11.14).")
    for item in items:
        if _norm(item) == "standard":
            continue
        base, option = item, None
        if item.endswith(")") and "(" in item:
            base, option = item[:item.index("(")].strip(), item[item.index("(") + 1:-1].strip()
        sw = by_name.get(_norm(base))
        if sw is None:
            raise RulesError(f"{short(item)} is not a house rule of the rule book (Paskahousu rules §11.14). "
                             f"Valid names: {_valid_names()}.")
        value, label = sw.options[0][1], sw.options[0][0]
        if option is not None:
            found = [(o, v) for o, v in sw.options if o and _norm(o) == _norm(option)
                     or isinstance(v, str) and _norm(v) == _norm(option)]
            if not found:
                opts = [o for o, _ in sw.options if o]
                valid = (f"its options are {', '.join(repr(o) for o in opts)}" if len(opts) > 1
                         else "it has no options")
                raise RulesError(f"{short(option)} is not an option of {sw.name} ({sw.section}): {valid} "
                                 f"(Paskahousu rules §11.14).")
            label, value = found[0]
        if sw.field in values:
            raise RulesError(f"{sw.name} is named twice in {short(names)}; name each house rule once "
                             f"(Paskahousu rules §11.14).")
        values[sw.field] = value
        labels.append(sw.name + (f" ({label})" if label and option is not None else ""))
    title = " + ".join(labels) or "Standard"
    if len(title) > MAX_RULES_NAME_LENGTH:
        title = f"{len(labels)} house rules"
    rules = HouseRules(name=title, turn_cap=turn_cap, **values)
    if players is not None:
        rules.check_players(players)
    return rules


STANDARD_HOUSE_RULES = HouseRules()
