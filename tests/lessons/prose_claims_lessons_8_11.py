"""The numbers in the prose of the Paskahousu lessons 8, 9, 10, 11a and 11b, each with its replay.

A claim about a worked example replays it on the engine. A claim about a simulation reads the
number from the lesson's saved output of the cell that prints it: strict nbval checks that the saved
output is what a fresh run prints, so prose → saved output → engine is checked link by link, and a
change to a simulation (more games, another seed) shows up here as a failed claim.
"""

from __future__ import annotations

import re
from typing import Any

from lesson_cells import NOTEBOOKS, load, source
from prose_claims import claim

from paternoster.paskahousu import STANDARD_HOUSE_RULES, HouseRules, PaskahousuGame, house_rules
from paternoster.paskahousu.bots import TEMPTING_HIGH, TEMPTING_SIZE
from paternoster.paskahousu.rules import HOUSE_RULE_SWITCHES

NAMES3 = ["Anna", "Ben", "Carla"]


def saved_output(lesson: str, marker: str) -> str:
    """The saved text output of the first code cell of `lesson` whose source contains `marker`."""
    for cell in load(NOTEBOOKS / lesson)["cells"]:
        if cell.get("cell_type") == "code" and marker in source(cell):
            return "".join("".join(o.get("text", "")) for o in cell.get("outputs", []) if o.get("output_type") == "stream")
    raise LookupError(f"no code cell with {marker!r} in {lesson}")


def comparison_rows() -> dict[str, dict[str, float]]:
    """Lesson 11b's saved comparison table: rule set → games, mean, median, stalemates, stalemate %."""
    text = saved_output("11b_house_rules_games.ipynb", "compare_house_rules(None")
    rows: dict[str, dict[str, float]] = {}
    pattern = re.compile(r"^(\S.*?)\s{2,}(\d+)\s+([\d.]+) \[[^\]]+\]\s+([\d.]+)\s+(\d+)\s+([\d.]+) \[")
    for line in text.splitlines():
        m = pattern.match(line)
        if m:
            name, games, mean, median, stalemates, share = m.groups()
            rows[name.strip()] = {"games": int(games), "mean": float(mean), "median": float(median),
                                  "stalemates": int(stalemates), "share": float(share)}
    return rows


def whole(x: float) -> float | int:
    return int(x) if x == int(x) else x


# ---------------------------------------------------------------- lesson 8

@claim("08_paskahousu_ranks.ipynb", "2 to 6 people play with one ordinary 52-card deck", says=(2, 6, 52))
def players_and_deck() -> tuple[int, int, int]:
    game = PaskahousuGame.new(players=2, seed=1)
    cards = sum(len(h) for h in game.hands) + len(game.draw_pile) + len(game.pile) + len(game.burned)
    return STANDARD_HOUSE_RULES.min_players, STANDARD_HOUSE_RULES.max_players, cards


@claim("08_paskahousu_ranks.ipynb", "two cards, then two more, then one: a **hand** of five cards each", says=())
def hand_of_five() -> tuple[()]:
    # "five" is a word, not a number: the replay still checks it
    assert {len(h) for h in PaskahousuGame.new(players=4, seed=1).hands} == {5}
    return ()


def opening(seed: int) -> tuple[list[int], int]:
    """Who holds the most cards of the deciding rank in deal `seed` (seats from 1), and that rank."""
    game = PaskahousuGame.new(players=4, seed=seed, dealer=0)
    for rank in (3, 4, 5, 6, 7, 8, 9):
        counts = [sum(1 for c in hand if c.rank == rank) for hand in game.hands]
        if max(counts):
            return [s + 1 for s, n in enumerate(counts) if n == max(counts)], rank
    raise AssertionError("no low rank in the deal")


@claim("08_paskahousu_ranks.ipynb", "Deal 14: Player 1 and Player 2 hold one 3 each", says=(14, 1, 2, 3))
def deal_14() -> tuple[int, ...]:
    holders, rank = opening(14)
    return (14, *holders, rank)


@claim("08_paskahousu_ranks.ipynb", "Deal 24: no 3s and no 4s, so the 5s decide, and they tie: Player 1 and Player 4 "
       "hold one 5 each.", says=(24, 5, 1))
def deal_24() -> tuple[int, ...] | None:
    holders, rank = opening(24)  # the first rank anybody holds: 5 means nobody holds a 3 or a 4
    return (24, rank, holders[0]) if holders == [1, 4] else None


@claim("08_paskahousu_ranks.ipynb", 'the card table counts them as "Out of play: 29"', says=29)
def worked_example_out_of_play() -> int:
    game = PaskahousuGame.from_position(["6♠ 6♥ 8♣ 9♦ J♠", "3♦ 4♠ 4♥ 5♦ 5♥", "4♣ 7♦ 8♦ 9♠ Q♣"], pile="4♦ 5♣",
                                        draw_pile="8♥ K♥ 3♣ 7♠ Q♥ 9♥", names=NAMES3)
    return len(game.burned)


@claim("08_paskahousu_ranks.ipynb", "The other 31 cards of the deck are out of play here.", says=31)
def rule_book_example_out_of_play() -> int:
    game = PaskahousuGame.from_position(["8♥ 8♠ J♦ Q♦ K♦", "3♦ 4♠ 5♥ 5♣ 7♥", "6♦ 6♥ 7♠ 7♦ 9♥"], pile="6♣",
                                        draw_pile="J♣ 3♠ 9♦ 4♥ 5♦", names=NAMES3)
    return len(game.burned)


@claim("08_paskahousu_ranks.ipynb", "Ben takes the 3♣ and the whole discard pile. He now holds ten cards.", says=())
def ben_holds_ten() -> tuple[()]:
    game = PaskahousuGame.from_position(["6♠ 6♥ 8♣ 9♦ J♠", "3♦ 4♠ 4♥ 5♦ 5♥", "4♣ 7♦ 8♦ 9♠ Q♣"], pile="4♦ 5♣",
                                        draw_pile="8♥ K♥ 3♣ 7♠ Q♥ 9♥", names=NAMES3)
    game.play("6♠ 6♥")
    game.try_your_luck()
    assert len(game.hands[1]) == 10 and len(game.draw_pile) == 3
    game.play("4♣")
    game.play("8♣")
    assert len(game.draw_pile) == 1  # "one card is left in the draw pile"
    return ()


# ---------------------------------------------------------------- lesson 9

@claim("09_paskahousu_burns.ipynb", "the **turn cap** (1000 turns unless set otherwise)", says=1000)
def turn_cap() -> int:
    return STANDARD_HOUSE_RULES.turn_cap


@claim("09_paskahousu_burns.ipynb", "play one game with a cap of only 12 turns", says=12)
def capped_game() -> int:
    from paternoster.paskahousu import HeuristicPlayer, play_game
    game = play_game(PaskahousuGame.new(players=4, seed=1, rules=HouseRules(name="Short (lesson)", turn_cap=12)),
                     [HeuristicPlayer()] * 4)
    assert game.result.outcome == "stalemate"
    assert len(game.hands) == 4
    return game.result.turn


# ---------------------------------------------------------------- lesson 10

@claim("10_paskahousu_game.ipynb", "**tempting**: 5 cards or more, or at least two cards from the jack up", says=5)
def tempting() -> int:
    assert TEMPTING_HIGH == 2  # "two cards from the jack up"
    return TEMPTING_SIZE


@claim("10_paskahousu_game.ipynb", "At turn 3 the pile burned with four 5s on top — three laid by Anna, one by Ben — "
       "and Ben moved again, in turn 4.", says=(3, 4))
def first_burn_of_2026() -> tuple[int, int]:
    text = saved_output("10_paskahousu_game.ipynb", "for step in range(1, 7)")
    burn = next(line for line in text.splitlines() if "four 5s on top burn the pile" in line)
    again = next(line for line in text.splitlines() if line.startswith("Turn 4: Ben "))
    return int(burn.split(":")[0].split()[1]), int(again.split(":")[0].split()[1])


@claim("10_paskahousu_game.ipynb", "ends as a stalemate — about 1 game in 100", says=(1, 100))
def few_stalemates() -> tuple[int, int]:
    text = saved_output("10_paskahousu_game.ipynb", "games=10_000")
    share = float(re.search(r"stalemate \(turn cap\)\s+\d+\s+([\d.]+) %", text).group(1))  # type: ignore[union-attr]
    return round(share), 100


@claim("10_paskahousu_game.ipynb", "from these 10,000 games, the true rate very probably", says=10000)
def ten_thousand() -> int:
    text = saved_output("10_paskahousu_game.ipynb", "games=10_000")
    return int(text.split()[0])


@claim("10_paskahousu_game.ipynb", "One heuristic player against three random ones (2,000 games", says=2000)
def two_thousand() -> int:
    text = saved_output("10_paskahousu_game.ipynb", "games=2_000")
    return int(text.split()[0])


@claim("10_paskahousu_game.ipynb", "The lesson chose deal number 8, where you — Anna, seat 1 — hold two 3s",
       says=(8, 1))
def your_deal() -> tuple[int, int]:
    game = PaskahousuGame.new(players=4, seed=8, names=["Anna", "Ben", "Carla", "Dan"])
    opener = game.to_move
    assert sorted(str(c) for c in game.hands[opener] if c.rank == 3) == ["3♣", "3♥"]  # "Open with 3♥ 3♣"
    assert game.dealer == 0  # "You are also the dealer."
    return 8, opener + 1


@claim("10_paskahousu_game.ipynb", "Exercises 3 and 4 were drawn at random by the kit (drawing numbers 2 and 3",
       says=(3, 4, 2))
def drawn_exercises() -> tuple[int, int, int]:
    seeds = [int(m) for cell in load(NOTEBOOKS / "10_paskahousu_game.ipynb")["cells"]
             if cell.get("cell_type") == "code" for m in re.findall(r'ExerciseWidget\("[a-z-]+", seed=(\d+)\)', source(cell))]
    assert seeds == [2, 3], seeds
    return 3, 4, seeds[0]


# ---------------------------------------------------------------- lesson 11a

@claim("11a_house_rules.ipynb", "lists eleven of them in chapter 11 (Paskahousu rules §11)", says=11)
def chapter_11() -> int:
    assert len(HOUSE_RULE_SWITCHES) == 11  # "eleven"
    return 11


@claim("11a_house_rules.ipynb", "two decks are shuffled together (104 cards)", says=104)
def two_decks() -> int:
    game = PaskahousuGame.new(players=8, seed=5, rules=house_rules("Zwei Blätter"))
    return sum(len(h) for h in game.hands) + len(game.draw_pile) + len(game.pile) + len(game.burned)


@claim("11a_house_rules.ipynb", "The kit plays two decks with 6 to 10 players", says=(6, 10))
def two_decks_players() -> tuple[int, int]:
    rules = house_rules("Zwei Blätter")
    return rules.min_players, rules.max_players


# ---------------------------------------------------------------- lesson 11b

@claim("11b_house_rules_games.ipynb", "All 52 cards are dealt at the start.", says=52)
def swedish_deal() -> int:
    game = PaskahousuGame.new(players=4, seed=12, rules=house_rules("Ruotsalainen"))
    assert not game.draw_pile
    return sum(len(h) for h in game.hands)


@claim("11b_house_rules_games.ipynb", "The standard game's finished games last 58.4 turns on average (median 57), "
       "and 0.7 % of its games stall.", says=(58.4, 57, 0.7))
def standard_row() -> tuple[Any, ...]:
    row = comparison_rows()["Standard"]
    return row["mean"], whole(row["median"]), row["share"]


@claim("11b_house_rules_games.ipynb", "a median of 74 and 70 turns instead of 57", says=(74, 70, 57))
def longer_rules() -> tuple[Any, ...]:
    rows = comparison_rows()
    return tuple(whole(rows[n]["median"]) for n in ("Nur einzeln", "Nur Schwarze zählen", "Standard"))


@claim("11b_house_rules_games.ipynb", "(3.6 % and 3.2 % of the games instead of 0.7 %)", says=(3.6, 3.2, 0.7))
def stalling_rules() -> tuple[Any, ...]:
    rows = comparison_rows()
    return tuple(rows[n]["share"] for n in ("Nur einzeln", "Nur Schwarze zählen", "Standard"))


@claim("11b_house_rules_games.ipynb", "makes finished games **shorter** (median 42 turns), but stalls more often (3.4 %)",
       says=(42, 3.4))
def swedish_row() -> tuple[Any, ...] | None:
    rows = comparison_rows()
    row, standard = rows["Ruotsalainen"], rows["Standard"]
    if not (row["median"] < standard["median"] and row["share"] > standard["share"]):
        return None  # "shorter" and "stalls more often" no longer follow from the table
    return whole(row["median"]), row["share"]


@claim("11b_house_rules_games.ipynb", "finished games last longer than the standard game's (median 73 turns)", says=73)
def bluff_row() -> Any:
    rows = comparison_rows()
    row = rows["Valepaska"]
    if row["stalemates"] != 0 or row["median"] <= rows["Standard"]["median"]:
        return None  # "longer than the standard game's" and "none stalled" no longer follow from the table
    return whole(row["median"])


@claim("11b_house_rules_games.ipynb", "lost between 21.1 % and 26.1 % of the games", says=(21.1, 26.1))
def seat_loss_range() -> tuple[float, float]:
    text = saved_output("11b_house_rules_games.ipynb", "compare_house_rules(None")
    rates = []
    for line in text.splitlines():
        values = re.findall(r"([\d.]+) \[[\d.]+–[\d.]+\]", line)
        if len(values) == 4:          # mean turns, stalemates %, dealer left %, opener %
            rates += [float(values[2]), float(values[3])]
    return min(rates), max(rates)

