"""The numbers in the lessons' prose, each with the replay on the engine that gives it.

Every number a lesson's markdown states about a worked example (a cost, a count, a rung) is either
printed by the cell below it or registered here: the lesson file, an exact snippet of its markdown
(whitespace is compared loosely: line breaks and runs of spaces count as one space), the number(s)
the snippet says, and a function that replays the example on the engine and returns them.
tests/lessons/test_lesson_numbers.py checks that the snippet is still in the lesson, that it states
those numbers, and that the replay gives them.

A claim::

    @claim("03_a_turn.ipynb", "Ben then plays a setback (7♠ on the 6♠ of down pile 1, cost −4)", says=-4)
    def ben_setback_cost():
        game = examples.anna_turn()
        ...
        return cost_of(game, "7♠", "down 1")

``says`` is a number or a tuple of numbers (the replay returns the same shape); each must appear
in the snippet as a number of its own (not the 2 of "2♦"; −4 may be written with − or -).
``not_yet=True`` marks a claim whose lesson text is still being fixed (the test expects it to fail
and fails once it passes: then remove the flag).

The claims of each group of lessons live beside this file (prose_claims_lessons_1_4.py,
prose_claims_lessons_4b_10b.py, prose_claims_lessons_5_7.py, prose_claims_lessons_8_11.py;
``from prose_claims import claim``); the test imports every one of them.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Union

from paternoster import Game, examples, full_deck, parse_card, play_cost

Number = Union[int, float]


@dataclass(frozen=True)
class Claim:
    lesson: str                                  # e.g. "03_a_turn.ipynb"
    snippet: str                                 # exact markdown text (whitespace compared loosely)
    says: Number | tuple[Number, ...]            # the number(s) the snippet states
    replay: Callable[[], Any]                    # replays the example on the engine; returns the number(s)
    not_yet: bool = False                        # the lesson text is still wrong (expected to fail)

    @property
    def id(self) -> str:
        """``03_a_turn:ben_setback`` (this file's claims) or ``03_a_turn:lessons_1_4.ben_setback`` (a group file's)."""
        module = getattr(self.replay, "__module__", "prose_claims").removeprefix("prose_claims").lstrip("_")
        return f"{self.lesson.removesuffix('.ipynb')}:{module + '.' if module else ''}{self.replay.__name__}"


CLAIMS: list[Claim] = []

#: The claim files of the lesson groups, beside this one: imported by load_all().
EXTRA = ("prose_claims_lessons_1_4", "prose_claims_lessons_4b_10b", "prose_claims_lessons_5_7",
         "prose_claims_lessons_8_11")


def load_all() -> list[Claim]:
    """Every claim: this file's and those of the EXTRA files that exist (an absent file is fine; a file
    that fails to import is not)."""
    for name in EXTRA:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name != name:
                raise
    return CLAIMS


def claim(lesson: str, snippet: str, says: Number | tuple[Number, ...],
          not_yet: bool = False) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
    """Register the decorated replay as the proof of `snippet`'s number(s) in `lesson`."""
    def register(replay: Callable[[], Any]) -> Callable[[], Any]:
        CLAIMS.append(Claim(lesson, snippet, says, replay, not_yet))
        return replay
    return register


def loose(text: str) -> str:
    """Whitespace as one space, the minus sign as a hyphen: how snippets and lessons are compared."""
    return re.sub(r"\s+", " ", text.replace("\u2212", "-")).strip()


def states(snippet: str, number: Number) -> bool:
    """Whether the snippet states `number` as a number of its own (not part of a card, a word or a
    longer number): "cost 2" states 2, "2♦" and "§2.4" do not; 10000 may be written 10,000."""
    text = loose(snippet)
    writings = {str(number), f"{number:,}"}  # 10000 or 10,000
    return any(re.search(rf"(?<![\w.,§-]){re.escape(w)}(?![\w♦♥♠♣]|[.,]\d)", text) for w in writings)


# ---------------------------------------------------------------- small replays shared by the claims

def cost_of(game: Any, card: str, pile: str) -> int | None:
    """The cost of playing `card` on `pile` in `game` now (the pile's current top), then plays it."""
    index = next(i for i, p in enumerate(game.piles) if p.name.replace(" pile", "") == pile)
    p = game.piles[index]
    cost = play_cost(card, p.direction, p.top)
    game.play(card, pile)
    return cost


# ---------------------------------------------------------------- lesson 1: the ladder

@claim("01_the_ladder.ipynb", "lay all 104 cards of two shuffled decks onto four piles", says=104)
def two_decks_hold_104_cards() -> int:
    return len(full_deck(decks=2))


@claim("01_the_ladder.ipynb", "counted from 0 (A♦) to 51 (K♣)", says=(0, 51))
def rungs_run_from_0_to_51() -> tuple[int, int]:
    return parse_card("A♦").rung, parse_card("K♣").rung


@claim("01_the_ladder.ipynb", "the ladder has **52 rungs** but the game has **104 cards**", says=(52, 104))
def ladder_and_deck() -> tuple[int, int]:
    deck = full_deck(decks=2)
    return len({card.rung for card in deck}), len(deck)


@claim("01_the_ladder.ipynb", '"16 rungs" are 32 cards', says=(16, 32))
def sixteen_rungs_are_32_cards() -> tuple[int, int]:
    lowest = {card.rung for card in full_deck(decks=2) if card.rung < 16}
    return len(lowest), sum(1 for card in full_deck(decks=2) if card.rung in lowest)


# ---------------------------------------------------------------- lesson 2: piles and setbacks

@claim("02_piles_and_setbacks.ipynb", "an up pile whose top card is 6♥ (rung 21)", says=21)
def six_of_hearts_rung() -> int:
    return parse_card("6♥").rung


@claim("02_piles_and_setbacks.ipynb", "| 9♠ jumps over 12 rungs | *k* + 1 = 13 |", says=(12, 13))
def nine_of_spades_jump() -> tuple[Any, ...]:
    cost = play_cost("9♠", "up", "6♥")
    return parse_card("9♠").rung - parse_card("6♥").rung - 1, cost


@claim("02_piles_and_setbacks.ipynb", "An up pile opened with 5♦ (rung 16) costs 17: the 16 rungs below it — 32 cards",
       says=(16, 17, 32))
def opening_with_five_of_diamonds() -> tuple[Any, ...]:
    rung = parse_card("5♦").rung
    below = sum(1 for card in full_deck(decks=2) if card.rung < rung)
    return rung, play_cost("5♦", "up", None), below


@claim("02_piles_and_setbacks.ipynb", "Ben lays 9♥ on the 10♥: his setback for this turn (cost −4)", says=-4)
def ben_setback() -> int | None:
    return cost_of(examples.ben_setback(), "9♥", "up 1")


@claim("02_piles_and_setbacks.ipynb", "| a **twin**: the top card's other copy | 6♥ | 0 |", says=0)
def table_twin() -> int | None:
    return play_cost("6♥", "up", "6♥")


@claim("02_piles_and_setbacks.ipynb", "| the **next rung**: nothing lies between | 6♠ | 1 |", says=1)
def table_next_rung() -> int | None:
    return play_cost("6♠", "up", "6♥")


@claim("02_piles_and_setbacks.ipynb", "A♦ on an empty up pile: 1 |", says=1)
def table_opening() -> int | None:
    return play_cost("A♦", "up", None)


@claim("02_piles_and_setbacks.ipynb", "| a **setback** (section 3): one rank back, 4 rungs | 5♥ | −4 |", says=(4, -4))
def table_setback() -> tuple[Any, ...]:
    return parse_card("6♥").rung - parse_card("5♥").rung, play_cost("5♥", "up", "6♥")


# ---------------------------------------------------------------- lesson 3: a turn

@claim("03_a_turn.ipynb", "Anna lays 4♦ on the 4♦ of up pile 1 (its twin, cost 0) and then 5♣ on top (cost 7)",
       says=(0, 7))
def anna_first_two_plays() -> tuple[Any, ...]:
    game = examples.anna_turn()
    return cost_of(game, "4♦", "up 1"), cost_of(game, "5♣", "up 1")


@claim("03_a_turn.ipynb", "The 3♥ would fit down pile 1 (6♠), but it would jump over 12 rungs — every 5 and every 4 "
                          "among them — at a cost of 13", says=(12, 13))
def three_of_hearts_on_down_1() -> tuple[int, int | None]:
    between = parse_card("6♠").rung - parse_card("3♥").rung - 1
    return between, cost_of(examples.anna_turn(), "3♥", "down 1")


@claim("03_a_turn.ipynb", "She held 4 cards and draws 2, back to 6", says=(4, 2, 6))
def anna_draws_back_to_six() -> tuple[int, int, int]:
    game = examples.anna_turn()
    game.play("4♦", "up 1")
    game.play("5♣", "up 1")
    held, before = len(game.hand), len(game.draw_pile)
    game.end_turn()
    return held, before - len(game.draw_pile), held + before - len(game.draw_pile)


@claim("03_a_turn.ipynb", "The 5♣ would have cost only 3 on down pile 1", says=3)
def five_of_clubs_on_down_1() -> int | None:
    game = examples.anna_turn()
    game.play("4♦", "up 1")
    return cost_of(game, "5♣", "down 1")


@claim("03_a_turn.ipynb", "Ben then plays a setback (7♠ on the 6♠ of down pile 1, cost −4)", says=-4)
def ben_setback_on_down_1() -> int | None:
    game = examples.anna_turn()
    game.play("4♦", "up 1")
    game.play("5♣", "up 1")
    game.end_turn()
    return cost_of(game, "7♠", "down 1")


def _ben_two_of_diamonds() -> int | None:
    game = examples.anna_turn()
    game.play("4♦", "up 1")
    game.play("5♣", "up 1")
    game.end_turn()
    game.play("7♠", "down 1")
    return cost_of(game, "2♦", "down 2")


# Lesson 3 once said "(cost 1)"; the pile shows 2♠ and the play passes 2♥: cost 2.
@claim("03_a_turn.ipynb", "the 2♦ on the 2♠ of down pile 2 (it passes the 2♥: cost 2)", says=2)
def ben_two_of_diamonds() -> int | None:
    return _ben_two_of_diamonds()


@claim("03_a_turn.ipynb", "The 9♥ is a jump (cost 6); the 8♥ then goes on it as this turn's setback (cost −4). "
                          "Two cards for a total cost of 2", says=(6, -4, 2))
def solo_jump_with_setback() -> tuple[Any, ...]:
    game = examples.jump_with_setback()
    jump, setback = cost_of(game, "9♥", "up 1"), cost_of(game, "8♥", "up 1")
    assert jump is not None and setback is not None
    return jump, setback, jump + setback


@claim("03_a_turn.ipynb", "Three players, so hands of 6", says=6)
def three_players_hold_six() -> int:
    return len(examples.anna_turn().hand)


@claim("03_a_turn.ipynb", "she would need 7 but takes the only one there", says=7)
def late_anna_needs_seven() -> int:
    """The lesson's late position: Anna plays both her cards, needs the two-player hand size and
    takes the draw pile's only card."""
    game = Game.from_position(hands=["5♦ 9♣", "K♦ 2♠"], piles=["4♦", "", "", ""], draw_pile="7♥",
                              names=["Anna", "Ben"])
    game.play("5♦", "up 1")
    game.play("9♣", "up 1")
    game.end_turn()
    assert len(game.hands[0]) == 1 and not game.draw_pile
    return int(game.rules.hand_size(len(game.names)))


@claim("03_a_turn.ipynb", "Three players, 11 cards in the draw pile, and Carla must play two cards", says=11)
def carla_draw_pile() -> int:
    game = examples.carla_end()
    assert len(game.names) == 3 and game.turn_minimum == 2
    return len(game.draw_pile)


@claim("03_a_turn.ipynb", "Carla's end: 6 + 6 + 5 + 11 = 28", says=(6, 6, 5, 11, 28))
def carla_end_score() -> tuple[int, ...]:
    game = examples.carla_end()
    game.play("3♥", "down 1")
    hands = [len(hand) for hand in game.hands]
    assert game.result is not None
    return (*hands, len(game.draw_pile), game.result.remaining)


# ---------------------------------------------------------------- which numbers no claim covers yet

def uncovered(lesson: str) -> list[str]:
    """The lesson's markdown lines that state a number (a digit not part of a card, a section or a
    link) and that no claim's snippet overlaps: candidates to print in a cell or to register here."""
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "notebooks" / lesson
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    snippets = [loose(c.snippet) for c in load_all() if c.lesson == lesson]
    found = []
    for index, cell in enumerate(cells):
        if cell.get("cell_type") != "markdown":
            continue
        for line in "".join(cell.get("source", "")).splitlines():
            if line.lstrip().startswith(("#", "*Teaching kit", "Next:")):
                continue
            bare = re.sub(r"\[[^\]]*\]\([^)]*\)|§[\d.–-]+|(?<!\d)(?:10|[2-9AJQKBD])[♦♥♠♣]+|^\s*\d+\.\s|"
                          r"(?i:lessons?|piles?|part|seat|step) \d+[a-c]?", "", line)
            if not re.search(r"\d", bare):
                continue
            text = loose(line)
            if not any(text in s or s in text or _overlap(text, s) for s in snippets):
                found.append(f"cell {index}: {line.strip()}")
    return found


def _overlap(a: str, b: str, size: int = 15) -> bool:
    return any(a[i:i + size] in b for i in range(0, max(1, len(a) - size + 1), 3))


if __name__ == "__main__":  # python tests/lessons/prose_claims.py 03_a_turn.ipynb: what is left to cover
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
    for name in sys.argv[1:]:
        print(f"== {name}")
        print("\n".join(uncovered(name)) or "(every line with a number overlaps a claim)")
