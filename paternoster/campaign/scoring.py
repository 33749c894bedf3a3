"""Stars and open floors (rules §15.1, §15.2, §15.5): what a ride earns and which floors a group may ride.

* :func:`stars` — one ride's stars: 0 (goal missed, lost, a passenger left behind), ★ the goal met,
  ★★ at most half the goal (rounded down), ★★★ every card played; :func:`stars_array` for many rides,
  :func:`stars_of_game` for a finished game.
* :func:`unlocked` — the floors a group may ride, from its best stars per floor: the campaign is
  played in order, so a floor opens only when **every** floor below it has a star (rules §15.1, §15.5);
  :func:`unpassed_below` and :func:`locked_text` say which floors are missing.
* :func:`total_stars` — the best stars of every floor added up (at most
  :data:`~paternoster.campaign.floors.MAX_TOTAL_STARS`).

>>> f = floor("Probefahrt")
>>> [stars(f, r) for r in range(f.goal + 2)]
[3, 2, 2, 2, 1, 1, 1, 0]
>>> stars(f, 0, lost=True)
0
>>> unlocked({}), unlocked({1: 1, 2: 0}), unlocked({1: 1, 2: 1})
([1], [1, 2], [1, 2, 3])
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from ..core.checks import check_bool, short, whole
from ..lift.game import Game
from .floors import FLOOR_COUNT, MAX_STARS, CampaignError, Floor, floor, floor_range, rules_words

__all__ = ["stars", "stars_array", "stars_of_game", "unlocked", "unpassed_below", "locked_text", "total_stars"]


def stars(floor_key: "int | str | Floor", remaining: int, *, delivered: bool = True, lost: bool = False) -> int:
    """Stars for one ride of a floor (rules §15.2; the rounding, rules §15.5).

    Args:
        floor_key: the floor (number, name or :class:`Floor`).
        remaining: cards left in hands and draw pile at the end (0 to the cards dealt).
        delivered: every passenger delivered (only floors with passengers may say ``False``).
        lost: the ride was lost at once (fire, a passenger too early or left behind).

    Returns:
        0 (goal missed, or lost, or a passenger not delivered), 1 (goal met), 2 (at most half the goal,
        rounded down: goal 5 → at most 2 cards) or 3 (every card played).  On a floor whose goal is 0,
        meeting it gives 3 at once.

    Raises:
        CampaignError: an unknown floor; ``remaining`` not a whole number from 0 to the floor's cards;
        ``delivered``/``lost`` not True or False; ``delivered=False`` on a floor without passengers.

    >>> f = floor("Penthouse")
    >>> f.goal, [stars(f, r) for r in (0, 1, 4, 5, 9, 10)]
    (9, [3, 2, 2, 1, 1, 0])
    >>> stars(f, 2, delivered=False)
    0
    >>> stars(3, 0)
    3
    >>> stars(1, -1)
    Traceback (most recent call last):
    ...
    paternoster.campaign.floors.CampaignError: remaining (cards left in hands and draw pile) must be from 0 to 104, not -1.
    """
    f = floor(floor_key)
    most = f.rules.cards - f.passengers
    remaining = whole(remaining, "remaining (cards left in hands and draw pile)", 0, most, error=CampaignError)
    delivered = check_bool(delivered, "delivered", error=CampaignError)
    lost = check_bool(lost, "lost", error=CampaignError)
    if not delivered and not f.passengers:
        raise CampaignError(f"Floor {f.number} ({f.name}) has no passengers, so delivered=False cannot be; "
                            f"leave delivered out.")
    if lost or not delivered or remaining > f.goal:
        return 0
    if remaining == 0:
        return 3
    return 2 if remaining <= f.half else 1


def stars_array(floor_key: "int | str | Floor", remaining: Any, lost: Any) -> np.ndarray:
    """:func:`stars` for many rides at once (rules §15.2, §15.5).

    Args:
        floor_key: the floor.
        remaining: whole numbers ≥ 0 (cards left), any shape.
        lost: booleans of the same shape (a lost ride, a passenger left behind).

    Returns:
        an int8 array of stars (0–3), the shape of ``remaining``.

    Raises:
        CampaignError: an unknown floor, shapes that differ, a negative or non-whole remaining count.

    >>> stars_array("Probefahrt", [0, 3, 4, 7, 1], [False, False, False, False, True]).tolist()
    [3, 2, 1, 0, 0]
    """
    f = floor(floor_key)
    rem, lst = np.asarray(remaining), np.asarray(lost)
    if rem.shape != lst.shape or (rem.size and (rem.dtype.kind not in "iu" or rem.min() < 0)) \
            or (lst.size and lst.dtype != bool):
        raise CampaignError("stars_array needs whole numbers ≥ 0 (remaining cards) and True/False (lost) of the "
                            f"same shape, not {short(remaining)} and {short(lost)}.")
    s = np.where(rem <= f.half, 2, 1).astype(np.int8)
    s[rem == 0] = 3
    s[(rem > f.goal) | lst] = 0
    return s


def stars_of_game(floor_key: "int | str | Floor", game: Game) -> int:
    """Stars for a finished game of the floor (rules §15.2): its remaining cards, a loss giving 0.

    Raises:
        CampaignError: an unknown floor; ``game`` is not a :class:`~paternoster.lift.game.Game`, is not over yet,
        or plays other rules than the floor's.
    """
    f = floor(floor_key)
    if not isinstance(game, Game):
        raise CampaignError(f"stars_of_game needs a Game of floor {f.number}, not {short(game)}.")
    if game.rules != f.rules:
        raise CampaignError(f"This game plays {rules_words(game.rules)}, but floor {f.number} ({f.name}) plays "
                            f"{rules_words(f.rules)}; start rides with new_ride(floor, players, seed).")
    if game.result is None:
        raise CampaignError(f"The ride on floor {f.number} ({f.name}) is not over yet: stars count at the end.")
    r = game.result
    return stars(f, r.remaining, lost=r.outcome == "lost")


def _check_best(best: Mapping[int, int]) -> dict[int, int]:
    if not isinstance(best, Mapping):
        raise CampaignError(f"best must map floor numbers to stars, e.g. {{1: 3, 2: 1}}, not {short(best)}.")
    out = {}
    for k, v in best.items():
        n = floor(k).number if isinstance(k, (int, np.integer)) and not isinstance(k, bool) else None
        if n is None:
            raise CampaignError(f"best must map floor numbers ({floor_range()}) to stars; {short(k)} is no "
                                f"floor number.")
        out[n] = whole(v, f"best stars of floor {n}", 0, MAX_STARS, error=CampaignError)
    return out


def _passed_in_a_row(best: dict[int, int]) -> int:
    """How many floors from floor 1 up have a star each, without a gap."""
    n = 0
    while n < FLOOR_COUNT and best.get(n + 1, 0) > 0:
        n += 1
    return n


def unlocked(best: Mapping[int, int]) -> list[int]:
    """The floors a group may ride, given its best stars per floor (rules §15.1, §15.5).

    Floor 1 is always open; any other floor opens when **every** floor below it has at least one star
    (the floors are played in order), and stays open (replays are allowed).  A result typed in by hand
    for a floor above a floor without a star is kept and its stars count in the total, but it opens
    nothing: the floors above the first floor without a star stay closed.

    Args:
        best: ``{floor number: best stars}``; missing floors have 0.

    Returns:
        the open floor numbers, ascending: always ``1, 2, …, k`` without a gap.

    Raises:
        CampaignError: a key that is not a floor number, or stars outside 0–3.

    >>> unlocked({1: 3, 2: 2, 3: 0})
    [1, 2, 3]
    >>> unlocked({1: 1, 5: 2})
    [1, 2]
    >>> unlocked({1: 1, 2: 1, 3: 2, 4: 1})
    [1, 2, 3, 4, 5]
    """
    b = _check_best(best)
    return list(range(1, min(_passed_in_a_row(b) + 1, FLOOR_COUNT) + 1))


def unpassed_below(best: Mapping[int, int], floor_key: "int | str | Floor") -> list[int]:
    """The floors below ``floor_key`` that have no star yet: the floor is open when this is empty.

    Raises:
        CampaignError: as :func:`unlocked`, or an unknown floor.

    >>> unpassed_below({1: 1, 5: 2}, 6)
    [2, 3, 4]
    >>> unpassed_below({1: 1}, 2)
    []
    """
    b = _check_best(best)
    n = floor(floor_key).number
    return [k for k in range(1, n) if b.get(k, 0) == 0]


def _numbers(ns: list[int]) -> str:
    return str(ns[0]) if len(ns) == 1 else ", ".join(map(str, ns[:-1])) + f" and {ns[-1]}"


def locked_text(best: Mapping[int, int], floor_key: "int | str | Floor", group: str | None = None) -> str:
    """Why a floor is locked, in words (``""`` when it is open), e.g. for a refused ride.

    Args:
        best: the group's best stars per floor.
        floor_key: the floor asked for.
        group: the group's name, if the sentence should name it (text, shown as text).

    >>> locked_text({1: 1, 5: 2}, 6, "Reds")
    'Floor 6 (Enge Kabine) is locked for Reds: floors 2, 3 and 4 have no star yet. Pass floor 2 (Regelbetrieb) first: a floor opens when every floor below it has a star (rules §15.1).'
    >>> locked_text({1: 1}, 2)
    ''
    """
    missing = unpassed_below(best, floor_key)
    if not missing:
        return ""
    f, first = floor(floor_key), floor(missing[0])
    who = f" for {group}" if group else ""
    have = "has" if len(missing) == 1 else "have"
    return (f"Floor {f.number} ({f.name}) is locked{who}: floor{'s' if len(missing) > 1 else ''} "
            f"{_numbers(missing)} {have} no star yet. Pass floor {first.number} ({first.name}) first: a floor opens "
            "when every floor below it has a star (rules §15.1).")


def total_stars(best: Mapping[int, int]) -> int:
    """The group's stars: the sum of every floor's best stars (0 up to
    :data:`~paternoster.campaign.floors.MAX_TOTAL_STARS`, rules §15.2).

    Raises:
        CampaignError: as :func:`unlocked`.

    >>> total_stars({1: 3, 2: 1})
    4
    """
    return sum(_check_best(best).values())
