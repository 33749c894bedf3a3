"""Paternoster's variants by name, how they combine, and named presets (rules §10–§14).

Every variant is a switch on the one :class:`~paternoster.lift.rules.Rules` object;
:func:`make_rules` puts them on top of the standard rules and refuses
combinations that cannot work, naming both variants and why.

>>> r = make_rules("kurze-fahrt", "notruf-marken", tokens=2)
>>> r.name, r.decks, r.hand_size(2), r.hand_size(3), r.tokens
('Kurze Fahrt + Notruf-Marken 2', 1, 6, 5, 2)
>>> make_rules("fahrgaeste", "kurze-fahrt")
Traceback (most recent call last):
...
paternoster.core.errors.RulesError: Fahrgäste cannot be combined with Kurze Fahrt: Kurze Fahrt plays one deck, so there are no twins to deliver (rules §11.7).
>>> preset("Hochhaus 5").hand_size(7)
5
>>> [p.name for p in presets(players=1)][:4]
['Normal', 'Kurze Fahrt', 'Kinderfahrt', 'Große Hand']

**Decisions** (the kit's, where the original rules are silent; lessons must present them as ours):

* Notruf-Marken: without ``tokens`` the team gets 2.  Ending a turn with a token needs at
  least one card played onto a pile this turn (a pass does not count); a token is refused
  once the minimum is met (``token-not-needed``).  :func:`make_rules` refuses Notruf-Marken with
  Kinderfahrt: there a token could never be spent (no big setback, since a same-suit card fits
  anyway; no early end, since the minimum is 1).
* Weitergeben: a pass replaces a *required* card, so it is refused once the minimum is met
  (``pass-not-needed``); the last hand card cannot be passed before a card of the turn reached
  a pile (``pass-last-card``) — with the Decision (kit) of rules §10.6 (a pass counts only while the minimum is
  2 or more) this keeps at least one card of every turn on the piles.  :func:`make_rules` refuses
  Weitergeben with Kinderfahrt (minimum 1: a pass would never count).
* Kinderfahrt: a same-suit card the wrong way is kind ``"same-suit"``, never the turn's setback
  (so the one-setback rule has no effect on same-suit cards).  Sperre blocks it like a setback;
  Engpass allows it only within one rank.
* Signals: one signal per seat and pile (a new kind replaces the old one); it stays until its
  poster withdraws or changes it, or until the end of the poster's next turn (a turn that
  started after it was posted).  Withdrawing is always allowed.  Signals are not in
  ``Game.legal_actions()``; see ``Game.legal_signals(seat)``.
* Fahrgäste with three decks (Hochhaus): the first copy of a passenger played delivers it; the
  remaining copy is then a plain card.  A revealed card equal to an earlier passenger is put
  back at a random place below the top of the deck (same seeded generator).
* Feuer: read strictly, "only the very last card of the game may stay burning": when the last
  card is played, any other burning card still on top (even one from that same turn) loses.
  Stuck or time-out with an earlier burning card uncovered is a fire loss (rules §11.8, Decision (kit)); with
  a passenger still waiting it is a passenger loss (fire first).
* Befehle: Express stacks (two red Kings: +2).  Last adds 1 however many black Kings are on top,
  only while the draw pile exists, fixed at the turn's start (rules §12.7, Decision (kit)).  Schweigen also
  withdraws the signals standing when it is played.  Engpass allows setbacks and big setbacks.
  A Halt ends the turn even below the minimum, with the usual draw and fire check.
"""

from __future__ import annotations

import difflib
import html
import re
import unicodedata
from dataclasses import dataclass, field, fields, replace
from typing import Any

from ..core.checks import MAX_RULES_NAME_LENGTH, check_name, short, whole
from ..core.errors import RulesError
from .rules import STANDARD, Rules, register_variants

__all__ = ["Variant", "VARIANTS", "Preset", "PRESETS", "make_rules", "presets", "preset"]


@dataclass(frozen=True)
class Variant:
    """One variant of the game (rules §10–§13).

    Attributes:
        key: the name used in code and records (``"notruf-marken"``).
        german: its German name (``"Notruf-Marken"``).
        english: a short English name (``"emergency tokens"``).
        group: ``"easier"``, ``"harder"`` or ``"large"`` (rules §10, §11 and §13).
        description: one line: what changes, with the rule source.
        sets: the :class:`~paternoster.lift.rules.Rules` fields it sets, ``{field: value}`` (a numbered
            variant's number is its default: Notruf-Marken's 2 tokens, Fahrgäste's 3 passengers).
        hands: the hand sizes it sets, ``((players, cards), …)`` (empty: it keeps them).
        hand_change: cards it adds to (or takes from) every hand, after ``hands``.
    """

    key: str
    german: str
    english: str
    group: str
    description: str
    sets: dict[str, Any] = field(default_factory=dict, repr=False)
    hands: tuple[tuple[int, int], ...] = field(default=(), repr=False)
    hand_change: int = field(default=0, repr=False)

    def _repr_html_(self) -> str:
        return (f"<b>{html.escape(self.german)}</b> ({html.escape(self.english)}, {html.escape(self.group)}): "
                f"{html.escape(self.description)}")


_V = [
    Variant("kurze-fahrt", "Kurze Fahrt", "short ride", "easier",
            "One deck (52 cards, no twins); hands 5, solo or two players 6 (rules §10.2).",
            sets={"decks": 1}, hands=((1, 6), (2, 6), (3, 5), (4, 5), (5, 5))),
    Variant("kinderfahrt", "Kinderfahrt", "children's ride", "easier",
            "One deck, 1 up + 1 down pile, hands 3, minimum 1; a card of the top card's suit always fits, "
            "any rank, on either pile (rules §10.3). Decision: such a same-suit play is never "
            "the turn's setback.",
            sets={"decks": 1, "up_piles": 1, "down_piles": 1, "minimum": 1, "same_suit_fits": True},
            hands=((1, 3), (2, 3), (3, 3), (4, 3), (5, 3))),
    Variant("grosse-hand", "Große Hand", "big hand", "easier",
            "One card more per hand: solo 9, two 8, otherwise 7 (rules §10.4).",
            hand_change=1),
    Variant("notruf-marken", "Notruf-Marken", "emergency tokens", "easier",
            "The team holds 1–4 tokens; at most one per turn buys a big setback (same suit, 2 or 3 ranks "
            "back, the turn's setback) or ends the turn after one card (rules §10.5).",
            sets={"tokens": 2}),
    Variant("weitergeben", "Weitergeben", "passing", "easier",
            "Once per turn, instead of one required card, give a hand card face down to another player; the "
            "receiver may exceed the hand size (rules §10.6). Not solo. Decision: a pass "
            "counts toward the minimum only while the minimum is 2 or more.",
            sets={"passing": True}),
    Variant("kleine-hand", "Kleine Hand", "small hand", "harder",
            "One card less per hand: solo 7, two 6, otherwise 5 (rules §11.1).",
            hand_change=-1),
    Variant("steil", "Steil", "steep", "harder",
            "Minimum 3 cards per turn while the draw pile lasts; 1 once it is empty at the turn's start "
            "(rules §11.2).",
            sets={"minimum": 3}),
    Variant("zwei-kabinen", "Zwei Kabinen", "two cabins", "harder",
            "Two players only, one deck, 1 up + 1 down pile, hands 8 (rules §11.3).",
            sets={"decks": 1, "up_piles": 1, "down_piles": 1}, hands=((2, 8),)),
    Variant("stille-fahrt", "Stille Fahrt", "silent ride", "harder",
            "No talking at all: no pile signals (rules §11.4).",
            sets={"signals": "none"}),
    Variant("liftfuehrer", "Liftführer", "lift operator", "harder",
            "Only the player to move may talk: only they post pile signals (rules §11.5).",
            sets={"signals": "mover"}),
    Variant("sanduhr", "Sanduhr", "hourglass", "harder",
            "30 seconds per turn; at time-out the turn ends at once, below the minimum the game is over "
            "(rules §11.6).",
            sets={"hourglass": True}),
    Variant("fahrgaeste", "Fahrgäste", "passengers", "harder",
            "3 (4, 5: harder) cards revealed before the deal leave the game; their twins must reach the piles "
            "in that order — too early or undelivered at the end loses (rules §11.7).",
            sets={"passengers": 3}),
    Variant("feuer", "Feuer", "fire", "harder",
            "3♥ 6♥ 9♥ Q♥ of every deck burn: the next player who has cards must cover one in their turn, "
            "or the team loses (rules §11.8).",
            sets={"fire": True}),
    Variant("befehle", "Befehle", "commands", "harder",
            "Face cards carry commands: red ones act once when played (J Halt, Q Schweigen, K Express), black "
            "ones while on top (J Sperre, Q Engpass, K Last) (rules §12; the commands are the "
            "kit's design, rules §12).",
            sets={"commands": "full"}),
    Variant("befehle-light", "Befehle light", "commands light", "harder",
            "Befehle with Jacks and Queens only; Kings are plain cards (rules §12).",
            sets={"commands": "light"}),
    Variant("hochhaus", "Hochhaus", "skyscraper", "large",
            "6–8 players, three decks (triplets equally high), 3 up + 3 down piles, hands 4 (easier: 5) "
            "(rules §13.1).",
            sets={"decks": 3, "up_piles": 3, "down_piles": 3}, hands=((6, 4), (7, 4), (8, 4))),
]

VARIANTS: dict[str, Variant] = {v.key: v for v in _V}
"""Every variant by key, in the rule book's order."""

_RULES_FIELDS = {f.name for f in fields(Rules)}
for _v in _V:   # a catalogue entry may set only fields Rules has (a misspelt field fails here, at import)
    assert set(_v.sets) <= _RULES_FIELDS - {"name", "variants", "hand_sizes"}, (_v.key, set(_v.sets) - _RULES_FIELDS)

_ONE_DECK = ("kurze-fahrt", "kinderfahrt", "zwei-kabinen")


def normalize_name(name: str) -> str:
    """The spelling-forgiving form of a variant, preset or level name, used by :func:`make_rules`, :func:`preset`
    and :func:`~paternoster.lift.levels.level`.

    Case, spaces, hyphens and underscores do not matter, and German letters may be written out
    (ä/ae, ö/oe, ü/ue, ß/ss): ``"Große Hand"``, ``"grosse_hand"`` and ``"GROSSE-HAND"`` are one name, and
    so are ``"Fahrgäste"`` and ``"fahrgaeste"``.  Nothing else is forgiven: a letter too few or too many
    is another name (``"Feur"`` is not ``"Feuer"``).  An umlaut left bare (``"Fahrgaste"``) is
    accepted only where the name really has one: see :func:`name_spellings`.

    >>> normalize_name("Große  Hand"), normalize_name("liftführer"), normalize_name("Liftfuehrer"), normalize_name("Notruf_Marken3")
    ('grosse-hand', 'liftfuehrer', 'liftfuehrer', 'notruf-marken-3')
    >>> normalize_name("Feur") == normalize_name("Feuer")
    False
    """
    s = unicodedata.normalize("NFC", name).casefold()
    for umlaut, spelt in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        s = s.replace(umlaut, spelt)
    s = re.sub(r"(?<=[^\W\d_])(?=\d)", " ", s)          # "marken3" -> "marken 3"
    return "-".join(re.findall(r"[^\W_]+", s))


def name_spellings(name: str) -> tuple[str, ...]:
    """Every :func:`normalize_name` form under which the official name ``name`` is found: written out
    (``"fahrgaeste"``) and, for a name with an umlaut, with the umlaut left bare (``"fahrgaste"``).

    **Decision (kit):** an umlaut typed as its bare vowel is forgiven (keyboards without umlauts),
    but only where the official name has an umlaut, so a misspelling such as ``"Feur"`` never finds
    ``"Feuer"``; it is refused with the closest names.

    >>> name_spellings("Fahrgäste"), name_spellings("Feuer")
    (('fahrgaeste', 'fahrgaste'), ('feuer',))
    """
    bare = unicodedata.normalize("NFC", name).translate(str.maketrans("äöüÄÖÜ", "aouAOU"))
    return tuple(dict.fromkeys((normalize_name(name), normalize_name(bare))))


# normalised key, German or English name -> variant key
_VARIANT_NAMES: dict[str, str] = {}
for _v in _V:
    for _n in (_v.key, _v.german, _v.english):
        for _spelt in name_spellings(_n):
            assert _VARIANT_NAMES.setdefault(_spelt, _v.key) == _v.key, _n


def suggest_name(name: str, names: dict[str, str]) -> str:
    """" (did you mean 'x' or 'y'?)" for the names in ``names`` (normalised -> shown) closest to ``name``."""
    close = difflib.get_close_matches(normalize_name(name), list(names), n=6, cutoff=0.6)
    shown = list(dict.fromkeys(names[c] for c in close))[:3]
    if not shown:
        return ""
    return " (did you mean " + " or ".join(repr(n) for n in shown) + "?)"

# (a, b, why) — pairs make_rules refuses.
_CONFLICTS: list[tuple[str, str, str]] = [
    ("kurze-fahrt", "kinderfahrt", "both set the deck, piles and hand size; choose one"),
    ("kurze-fahrt", "zwei-kabinen", "both set the deck and hand size; choose one"),
    ("kinderfahrt", "zwei-kabinen", "both set the piles and hand size; choose one"),
    ("grosse-hand", "kleine-hand", "one adds a card to each hand, the other takes one away"),
    ("kinderfahrt", "steil", "Kinderfahrt asks for at least one card per turn from hands of 3; Steil asks for 3 per turn"),
    ("kinderfahrt", "notruf-marken", "a token could never be spent — a same-suit card fits anyway, so there is "
                                     "no big setback, and with a minimum of 1 a turn may already end after one "
                                     "card (rules §10.3)"),
    ("kinderfahrt", "weitergeben", "a pass would never count — Kinderfahrt's minimum is 1, and a pass counts "
                                   "toward the minimum only while it is 2 or more (rules §10.6, Decision (kit))"),
    ("stille-fahrt", "liftfuehrer", "Stille Fahrt allows no talking at all, Liftführer lets the player to move talk"),
    ("befehle", "befehle-light", "Befehle light is Befehle without the Kings; choose one"),
]
for _k in _ONE_DECK:
    _CONFLICTS.append(("fahrgaeste", _k, f"{VARIANTS[_k].german} plays one deck, so there are no twins to "
                                         "deliver (rules §11.7)"))
    _CONFLICTS.append(("hochhaus", _k, f"Hochhaus plays three decks and six piles, {VARIANTS[_k].german} "
                                       "one deck"))


def make_rules(*keys: str, tokens: int | None = None, passengers: int | None = None,
               hochhaus_cards: int | None = None) -> Rules:
    """Rules with the named variants on top of the standard game.

    Args:
        keys: variant keys of :data:`VARIANTS` (``"steil"``, ``"feuer"`` …), in any order.  Case, spaces,
            hyphens and written-out umlauts are forgiven as in :func:`preset` (``"Kurze Fahrt"``,
            ``"kurze_fahrt"``, ``"Fahrgaeste"``; :func:`normalize_name`), misspellings are not, and a
            preset name brings its numbers (``"Notruf-Marken 3"`` → 3 tokens, ``"Hochhaus 5"`` → hands of 5).
        tokens: Notruf-Marken: 1–4 (default 2).  Giving it switches Notruf-Marken on.
        passengers: Fahrgäste: 3–5 (default 3).  Giving it switches Fahrgäste on.
        hochhaus_cards: Hochhaus hand size, 4 (default) or 5 (easier).

    Returns:
        A :class:`Rules` named after its variants (``"Steil + Feuer"``); no keys → :data:`STANDARD`.

    Hand sizes: Kurze Fahrt / Kinderfahrt / Zwei Kabinen / Hochhaus set them; Große Hand
    and Kleine Hand then add or take one card.

    Raises:
        RulesError: an unknown name (with the closest names and the full list), a
            combination that cannot work (naming both variants and why), ``tokens``
            outside 1–4, ``passengers`` outside 3–5, ``hochhaus_cards`` other than 4 or 5
            or without Hochhaus, a preset name whose number disagrees with an argument.

    >>> make_rules("steil").minimum, make_rules("steil").minimum_without_draw_pile
    (3, 1)
    >>> make_rules("Kurze Fahrt") == make_rules("kurze-fahrt"), make_rules("Notruf-Marken 3").tokens
    (True, 3)
    >>> make_rules("feur")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RulesError: Unknown variant 'feur' (did you mean 'feuer'?); known variants: kurze-fahrt, kinderfahrt, grosse-hand, notruf-marken, weitergeben, kleine-hand, steil, zwei-kabinen, stille-fahrt, liftfuehrer, sanduhr, fahrgaeste, feuer, befehle, befehle-light, hochhaus (German names and preset names work too).
    >>> make_rules("kinderfahrt", "weitergeben")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RulesError: Kinderfahrt cannot be combined with Weitergeben: a pass would never count — Kinderfahrt's minimum is 1, and a pass counts toward the minimum only while it is 2 or more (rules §10.6, Decision (kit)).
    >>> make_rules("notruf-marken", tokens=5)
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RulesError: Notruf-Marken: the team holds 1 to 4 tokens (rules §10.5), not 5.
    """
    ks: list[str] = []
    # each number is a whole number or None before it is compared with anything (a numpy array is no number)
    tokens, passengers, hochhaus_cards = (
        None if v is None else whole(v, name, error=RulesError)
        for v, name in ((tokens, "tokens"), (passengers, "passengers"), (hochhaus_cards, "hochhaus_cards")))
    for k in keys:
        named, numbers = _variant_keys(k)
        for arg, value in numbers.items():
            given = {"tokens": tokens, "passengers": passengers, "hochhaus_cards": hochhaus_cards}[arg]
            if given is not None and given != value:
                raise RulesError(f"The preset name {short(k)} means {arg}={value}, but {arg}={short(given)} was given; "
                                 f"give one of them.")
        tokens = numbers.get("tokens", tokens)
        passengers = numbers.get("passengers", passengers)
        hochhaus_cards = numbers.get("hochhaus_cards", hochhaus_cards)
        ks += [n for n in named if n not in ks]
    if tokens is not None and tokens != 0 and "notruf-marken" not in ks:
        ks.append("notruf-marken")
    if passengers is not None and "fahrgaeste" not in ks:
        ks.append("fahrgaeste")
    ks.sort(key=list(VARIANTS).index)
    for a, b, why in _CONFLICTS:
        if a in ks and b in ks:
            raise RulesError(f"{VARIANTS[a].german} cannot be combined with {VARIANTS[b].german}: {why}.")
    if "notruf-marken" in ks:
        tokens = 2 if tokens is None else tokens
        if isinstance(tokens, bool) or not isinstance(tokens, int) or not 1 <= tokens <= 4:
            raise RulesError(f"Notruf-Marken: the team holds 1 to 4 tokens (rules §10.5), "
                             f"not {short(tokens)}.")
    elif tokens not in (None, 0):
        raise RulesError(f"tokens={short(tokens)}: give 1 to 4 (Notruf-Marken), or 0 for none.")
    if "fahrgaeste" in ks:
        passengers = 3 if passengers is None else passengers
        if isinstance(passengers, bool) or not isinstance(passengers, int) or not 3 <= passengers <= 5:
            raise RulesError(f"Fahrgäste: reveal 3 passengers (4 or 5: harder; rules §11.7), "
                             f"not {short(passengers)}.")
    if hochhaus_cards is not None:
        if "hochhaus" not in ks:
            raise RulesError("hochhaus_cards sets the Hochhaus hand size; add the variant 'hochhaus' or leave it out.")
        if hochhaus_cards not in (4, 5) or isinstance(hochhaus_cards, bool):
            raise RulesError(f"Hochhaus: hands of 4 cards (5: easier; rules §13.1), "
                             f"not {short(hochhaus_cards)}.")
    if not ks:
        return STANDARD

    hand = dict(STANDARD.hand_sizes)
    changes: dict[str, Any] = {}
    for k in ks:                                   # what each variant sets (its catalogue entry)
        changes.update(VARIANTS[k].sets)
        if VARIANTS[k].hands:
            hand = dict(VARIANTS[k].hands)
    if "notruf-marken" in ks:                      # the numbers given (or a preset name's)
        changes["tokens"] = tokens
    if "fahrgaeste" in ks:
        changes["passengers"] = passengers
    if "hochhaus" in ks and hochhaus_cards:
        hand = {p: hochhaus_cards for p in hand}
    for k in ks:                                   # then one card more or less per hand
        hand = {p: s + VARIANTS[k].hand_change for p, s in hand.items()}
    names = []
    for k in ks:
        n = VARIANTS[k].german
        if k == "notruf-marken":
            n += f" {tokens}"
        elif k == "fahrgaeste" and passengers != 3:
            n += f" {passengers}"
        elif k == "hochhaus":
            n += f" {hochhaus_cards or 4}"
        names.append(n)
    return replace(STANDARD, name=" + ".join(names), variants=tuple(ks), hand_sizes=tuple(sorted(hand.items())),
                   **changes)


register_variants(VARIANTS, make_rules)


def _variant_keys(name: str) -> tuple[tuple[str, ...], dict[str, int]]:
    """The variant keys a name means in :func:`make_rules`, and the numbers a preset name brings.

    A variant key, German or English name → that key; else a preset name → its variants and its
    tokens / passengers / Hochhaus hand size.
    """
    if not isinstance(name, str):
        raise RulesError(f"Variant names are text such as 'steil', not {short(name)}; "
                         f"known variants: {', '.join(VARIANTS)}.")
    check_name(name, "A variant name", RulesError, MAX_RULES_NAME_LENGTH)
    n = normalize_name(name)
    if n in _VARIANT_NAMES:
        return (_VARIANT_NAMES[n],), {}
    p = _PRESET_NAMES.get(n)
    if p is None:
        names = {**{k: q.name for k, q in _PRESET_NAMES.items()}, **_VARIANT_NAMES}
        raise RulesError(f"Unknown variant {short(name)}{suggest_name(name, names)}; known variants: {', '.join(VARIANTS)} "
                         f"(German names and preset names work too).")
    r, numbers = p.rules, {}
    if r.tokens:
        numbers["tokens"] = r.tokens
    if r.passengers:
        numbers["passengers"] = r.passengers
    if "hochhaus" in r.variants:
        numbers["hochhaus_cards"] = r.hand_size(min(r.player_counts))
    return r.variants, numbers


@dataclass(frozen=True)
class Preset:
    """A named rule set for a menu.

    Attributes:
        name: the German name (``"Notruf-Marken 2"``).
        description: one line.
        rules: the :class:`Rules`.
        player_counts: the player counts it is for.
    """

    name: str
    description: str
    rules: Rules
    player_counts: tuple[int, ...]

    def _repr_html_(self) -> str:
        return (f"<b>{html.escape(self.name)}</b> ({min(self.player_counts)}–{max(self.player_counts)} players): "
                f"{html.escape(self.description)}")


def _preset(name: str, description: str, *keys: str, **kw: Any) -> Preset:
    r = make_rules(*keys, **kw)
    return Preset(name, description, r, r.player_counts)


PRESETS: dict[str, Preset] = {p.name: p for p in [
    _preset("Normal", "The standard game: two decks, 2 up + 2 down piles, hands 8/7/6, minimum 2."),
    _preset("Kurze Fahrt", "One deck, hands 5 (solo or two: 6) — ideal for a first game.", "kurze-fahrt"),
    _preset("Kinderfahrt", "One deck, two piles, hands 3, at least one card per turn; same suit always fits.", "kinderfahrt"),
    _preset("Große Hand", "One card more per hand.", "grosse-hand"),
    *[_preset(f"Notruf-Marken {t}", f"The standard game with {t} emergency token{'s' if t > 1 else ''} "
                                    "(big setback or early turn end).", "notruf-marken", tokens=t)
      for t in (1, 2, 3, 4)],
    _preset("Weitergeben", "Once per turn give a card to a team-mate instead of playing it (2–5 players).",
            "weitergeben"),
    _preset("Kleine Hand", "One card less per hand.", "kleine-hand"),
    _preset("Steil", "Play at least 3 cards per turn while the draw pile lasts.", "steil"),
    _preset("Zwei Kabinen", "For two experts: one deck, two piles, hands 8.", "zwei-kabinen"),
    _preset("Stille Fahrt", "No talking at all: no pile signals.", "stille-fahrt"),
    _preset("Liftführer", "Only the player to move may post pile signals.", "liftfuehrer"),
    _preset("Sanduhr", "30 seconds per turn; a time-out below the minimum ends the game.", "sanduhr"),
    *[_preset(f"Fahrgäste {n}" if n != 3 else "Fahrgäste",
              f"{n} passengers revealed before the deal; deliver their twins in order.", "fahrgaeste", passengers=n)
      for n in (3, 4, 5)],
    _preset("Feuer", "3♥ 6♥ 9♥ Q♥ burn: the next player must cover them.", "feuer"),
    _preset("Befehle", "Face cards carry commands (Halt, Schweigen, Express, Sperre, Engpass, Last).", "befehle"),
    _preset("Befehle light", "Jacks and Queens carry commands; Kings are plain.", "befehle-light"),
    _preset("Hochhaus 4", "6–8 players, three decks, 3 + 3 piles, hands 4.", "hochhaus"),
    _preset("Hochhaus 5", "6–8 players, three decks, 3 + 3 piles, hands 5 (clearly easier).", "hochhaus",
            hochhaus_cards=5),
]}
"""Named presets: "Normal" and one for every variant, with the German names of the rule book."""


# normalised preset name -> preset (make_rules reads it only when called, after PRESETS exists)
_PRESET_NAMES: dict[str, Preset] = {k: p for p in PRESETS.values() for k in name_spellings(p.name)}
# The standard rules call themselves "Standard" (Rules.name): that name finds the Normal preset too.
_PRESET_NAMES[normalize_name(STANDARD.name)] = PRESETS["Normal"]
# variant key -> names of the presets that play it alone ("hochhaus": Hochhaus 4 and 5)
_PRESETS_OF: dict[str, list[str]] = {k: [p.name for p in PRESETS.values() if p.rules.variants == (k,)]
                                     for k in VARIANTS}
_FEWEST = min(n for p in PRESETS.values() for n in p.player_counts)
_MOST = max(n for p in PRESETS.values() for n in p.player_counts)


def presets(players: int | None = None) -> list[Preset]:
    """The presets, in the rule book's order; with ``players`` only those for that many players.

    Args:
        players: ``None`` (every preset) or a whole number from 1 to 8 (6–8: Hochhaus).

    Raises:
        RulesError: ``players`` is not a whole number from 1 to 8 (the message names ``players``).

    >>> [p.name for p in presets(players=7)]
    ['Hochhaus 4', 'Hochhaus 5']
    >>> presets(players="2")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RulesError: players must be a whole number, not '2' (str). Paternoster presets are for 1 to 8 players (6 to 8: Hochhaus); give None for every preset.
    """
    if players is not None:
        try:
            players = whole(players, "players", lo=_FEWEST, hi=_MOST, error=RulesError)
        except RulesError as e:
            raise RulesError(f"{e} Paternoster presets are for {_FEWEST} to {_MOST} players (6 to 8: Hochhaus); "
                             "give None for every preset.") from None
    return [p for p in PRESETS.values() if players is None or players in p.player_counts]


def preset(name: str) -> Rules:
    """The rules of the preset called ``name``.

    Spelling is forgiven as in :func:`make_rules` (one normalisation for both, :func:`normalize_name`):
    case, spaces, hyphens and underscores, and ä/ae, ö/oe, ü/ue, ß/ss; a misspelt name is refused with
    the closest names.  A variant key or name works when
    exactly one preset plays that variant alone (``"kurze-fahrt"``, ``"Fahrgaeste"``).

    Raises:
        RulesError: a name that fits several presets (``"Hochhaus"``: 4 or 5 cards; the message
            lists them), or no preset (the message gives the closest names and every name).

    >>> preset("kurze-fahrt") == preset("Kurze Fahrt"), preset("GROSSE_HAND").name
    (True, 'Große Hand')
    >>> preset("Hochhaus")
    Traceback (most recent call last):
    ...
    paternoster.core.errors.RulesError: 'Hochhaus' fits several presets: 'Hochhaus 4', 'Hochhaus 5'; give the full name.
    """
    if not isinstance(name, str):
        raise RulesError(f"Preset names are text such as 'Kurze Fahrt', not {short(name)}; "
                         f"known presets: {', '.join(PRESETS)}.")
    # zero-width, bidi-override and NUL characters are refused, not silently dropped (kit Decision)
    check_name(name, "A preset name", RulesError, MAX_RULES_NAME_LENGTH)
    n = normalize_name(name)
    if n in _PRESET_NAMES:
        return _PRESET_NAMES[n].rules
    fits = _PRESETS_OF.get(_VARIANT_NAMES.get(n, ""), [])
    if len(fits) == 1:
        return PRESETS[fits[0]].rules
    if fits:
        raise RulesError(f"{short(name)} fits several presets: {', '.join(map(repr, fits))}; give the full name.")
    names = {**{k: _PRESETS_OF[v][0] for k, v in _VARIANT_NAMES.items() if len(_PRESETS_OF[v]) == 1},
             **{k: p.name for k, p in _PRESET_NAMES.items()}}
    raise RulesError(f"No preset called {short(name)}{suggest_name(name, names)}; known presets: {', '.join(PRESETS)}.")
