"""The numbers and measured statements in lessons 4b and 10b, each replayed on the engine and the evaluator.

Each measured statement ("the range of the difference stays above 0", "too close to call") is checked
with the lesson's own settings (400 games per choice, seed 0): the replay returns 0 when the statement
holds and the measured bound when it does not, so a change in the evaluator that turns a sentence false
fails here.
"""

from __future__ import annotations

from paternoster.core.cards import parse_card
from paternoster.lift import coach_examples as lift_examples
from paternoster.lift.actions import EndTurn, Play
from paternoster.lift.evaluation import evaluate as lift_evaluate
from paternoster.paskahousu import coach_examples as pask_examples
from paternoster.paskahousu.actions import PickUp, TryYourLuck
from paternoster.paskahousu.evaluation import evaluate as pask_evaluate
from prose_claims import claim, cost_of

L4B, L10B = "04b_is_the_simple_player_right.ipynb", "10b_is_the_computer_right.ipynb"


def _carla():  # lesson 4b, section 2: every choice of Carla's turn 3, as the lesson measures it
    game = lift_examples.minimum_met()
    return lift_evaluate(game, game.to_move, rollouts=400, seed=0)


@claim(L4B, "Laying 8♣ on down pile 1 (cost 5) as an extra card", says=5)
def eight_of_clubs_costs_5() -> int | None:
    return cost_of(lift_examples.minimum_met(), "8♣", "down 1")


@claim(L4B, "it leaves clearly more cards, and the range of the difference stays above 0", says=0)
def extra_eight_is_clearly_worse() -> float:
    ev = _carla()
    assert ev.options[0].option == EndTurn() and ev.options[ev.computer_choice].option == EndTurn()
    row = ev.find(Play(parse_card("8♣"), 2))
    return 0 if row is not None and row.diff_low > 0 else row.diff_low if row else -1


@claim(L4B, "The 6♥ on up pile 1 is one of them, although it costs much more", says=1)
def six_of_hearts_too_close() -> int:
    """The snippet's "one" is a word; the claim checks the 6♥ is too close to call and costs more than 8♣."""
    ev = _carla()
    six, eight = ev.find(Play(parse_card("6♥"), 0)), ev.find(Play(parse_card("8♣"), 2))
    assert six is not None and eight is not None
    return int(six.too_close and six.extra["cost"][0] > eight.extra["cost"][0])


@claim(L4B, "In both pairs the tip's way wins by far, and the difference is nowhere near 0", says=0)
def open_tip_wins_by_far() -> float:
    game = lift_examples.first_turn()
    lows = []
    for tips_way, other_way in lift_examples.OPEN_TIP:
        ev = lift_evaluate(game, game.to_move, rollouts=400, seed=0, only=[tips_way, other_way])
        assert ev.options[0].option == tips_way
        lows.append(ev.find(other_way).diff_low)  # type: ignore[union-attr]
    return 0 if min(lows) > 10 else min(lows)


# ---------------------------------------------------------------- lesson 10b

def _measured(position):
    return pask_evaluate(position.game(), 0, rollouts=400, seed=0)


def _row(ev, cards):
    wanted = {parse_card(c) for c in cards}
    return next(r for r in ev.options if set(getattr(r.option, "cards", ())) == wanted)


@claim(L10B, "Laying **both** 2s loses clearly more often than the best choice in both tables: the range of its "
       "difference stays above 0", says=0)
def both_twos_lose_clearly_more() -> float:
    """Both tables: the range of the difference of "play 2♥ 2♠" stays above 0 (else the lower bound)."""
    lows = [_row(_measured(p), ("2♥", "2♠")).diff_low for p in (pask_examples.KEEP_TWOS, pask_examples.KEEP_TWOS_LATE)]
    return 0 if min(lows) > 0 else min(lows)


@claim(L10B, "Laying **one** 2 (play 2♥) is clearly worse late, but early its range of the difference holds 0",
       says=(2, 0))
def one_two_too_close_early() -> tuple[int, int]:
    """(the laid card's rank, a whole number of games inside the early range of the difference)."""
    early = _row(_measured(pask_examples.KEEP_TWOS), ("2♥",))
    late = _row(_measured(pask_examples.KEEP_TWOS_LATE), ("2♥",))
    assert early.too_close and not late.too_close and late.diff_low > 0
    return parse_card("2♥").rank, 0 if early.diff_low < 0 < early.diff_high else 1


@claim(L10B, "Late, with the draw pile nearly gone, picking up the pile is the worst choice", says=())
def late_pick_up_is_last() -> tuple[()]:
    ev = _measured(pask_examples.KEEP_TWOS_LATE)
    assert ev.options[-1].option == PickUp() and ev.options[-1].diff_low > 0
    return ()


@claim(L10B, "Exercise 1, measured twice: first", says=1)
def exercise_one_is_the_late_position() -> int:
    """The exercise's position is the late one; its answer is the late table's best of the three."""
    assert pask_examples.LESSON_10.position == pask_examples.KEEP_TWOS_LATE
    assert TryYourLuck() in pask_examples.LESSON_10.actions()
    return 1


@claim(L10B, "so the kit cannot separate the two: **too close to call**", says=())
def face_cards_too_close() -> tuple[()]:
    ev = _measured(pask_examples.PICK_UP_FACES)
    assert {type(r.option) for r in ev.options} == {PickUp, TryYourLuck}
    assert ev.options[1].too_close and ev.options[1].diff_low < 0 < ev.options[1].diff_high
    return ()


@claim(L10B, "Here the pile holds a jack, two queens and a king — face cards only, each laid legally", says=())
def face_pile_is_legal() -> tuple[()]:
    from paternoster.paskahousu.ranks import acceptance
    pile = pask_examples.PICK_UP_FACES.pile.split()
    assert [c[:-1] for c in pile] == ["J", "Q", "Q", "K"]
    assert all(acceptance(None if i == 0 else pile[i - 1], c).verdict == "allowed" for i, c in enumerate(pile))
    return ()


@claim(L4B, "The next three rows are too close to call with it", says=())
def three_rows_too_close_to_stopping() -> tuple[()]:
    ev = _carla()
    assert ev.options[0].option == EndTurn() and ev.computer_choice == 0
    assert all(row.too_close for row in ev.options[1:4]) and not ev.options[4].too_close
    return ()


@claim(L4B, "Carla's four cheapest extra cards (8♣ and 8♠ on down pile 1, 5♥ and 6♥ on up pile 1) cost 5 to 13: "
            "none is a tiny step. The kit finds only one of them clearly worse than stopping", says=(1, 1, 5, 13))
def four_cheapest_extra_cards() -> tuple[int, ...]:
    ev = _carla()
    plays = sorted((row for row in ev.options if isinstance(row.option, Play)), key=lambda r: r.extra["cost"][0])
    four = plays[:4]
    assert {(str(r.option.card), r.option.pile) for r in four} == {("8♣", 2), ("8♠", 2), ("5♥", 0), ("6♥", 0)}
    assert plays[4].extra["cost"][0] > 13 and all(r.extra["cost"][0] > 1 for r in four)
    assert [str(r.option.card) for r in four if not r.too_close] == ["8♣"]
    costs = [int(r.extra["cost"][0]) for r in four]
    return 1, 1, min(costs), max(costs)


@claim(L4B, "her low cards 5♥ and 6♥ on the empty down pile 2 are the two worst rows, and her 8s on the empty up "
            "pile 2 come just above them", says=(2, 2))
def worst_rows_open_the_wrong_way() -> tuple[int, ...]:
    rows = [(str(r.option.card), r.option.pile) for r in _carla().options if isinstance(r.option, Play)]
    assert set(rows[-2:]) == {("5♥", 3), ("6♥", 3)} and set(rows[-4:-2]) == {("8♣", 1), ("8♠", 1)}
    return 2, 2


@claim(L4B, "Three players, Anna, Ben and Carla (the lesson dealt deal number 1)", says=1)
def deal_number_one() -> int:
    """Carla's position and Anna's first turn both come from the three-player game dealt with deal number 1."""
    from paternoster import Game
    dealt = Game.new(3, seed=1, names=["Anna", "Ben", "Carla"])
    first = lift_examples.first_turn()
    assert sorted(dealt.hands[0]) == sorted(first.hand) and lift_examples.minimum_met().turn == 3
    return 1


@claim(L4B, "The kit drew this position and three of its plays with deal number 3", says=3)
def exercise_2_deal_number() -> int:
    from paternoster import Exercise
    exercise = Exercise.from_seed("fewer-cards", 3)
    assert "Ben is to move" in exercise.question and len(exercise.choices) == 3
    return int(exercise.seed)
