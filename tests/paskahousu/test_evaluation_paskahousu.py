"""The Paskahousu evaluator (paternoster/paskahousu/evaluation.py, knowledge.py): positions whose answer is known —
a forced move, endgames solved exactly by enumerating every deal of the unseen cards, a play that loses at once —
determinism, the seat's knowledge only (hypothesis), and refusals that change nothing."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from paternoster.core.cards import Card, full_deck, parse_cards
from paternoster.core.errors import IllegalPlayError, PaternosterError, PositionError, RulesError
from paternoster.core.evaluation import Evaluation
from paternoster.paskahousu import HeuristicPlayer, HouseRules, PaskahousuGame, PickUp, PlayCards, TryYourLuck
from paternoster.paskahousu.actions import Announce, TurnTableCard
from paternoster.paskahousu.evaluation import coach_options, evaluate, find_option, games_table, option_key, sentence
from paternoster.paskahousu.coach_examples import KEEP_TWOS, LESSON_10, PICK_UP_FACES, TIPS
from paternoster.paskahousu.ranks import acceptance, strength
from paternoster.paskahousu.knowledge import knowledge
from paternoster.paskahousu.reference import play_game


def _labels(ev: Evaluation) -> list[tuple[str, float]]:
    return [(row.label, row.mean) for row in ev.options]


# --------------------------------------------------------------------------- known answers

def test_a_forced_move_is_the_only_option_and_the_sentence_says_so():
    g = PaskahousuGame.from_position(["3♦ 4♠", "K♣ 9♥"], pile="A♥", draw_pile="")  # nothing goes on the ace
    ev = evaluate(g, 0, rollouts=30)
    assert [row.option for row in ev.options] == [PickUp()] and ev.computer_choice == 0
    assert ev.options[0].best and not ev.options[0].too_close
    assert sentence(ev, 0).startswith("Picking up was your only legal move")


def test_a_play_that_loses_at_once_ranks_worst():
    """Playing 9♠ lets K♣ go out on it: the player to move is left with 2♦, the Paskahousu — every time; keeping
    the 9 and laying the 2 wins every time.  The heuristic player keeps its 2 (the rule book's tip) and loses."""
    g = PaskahousuGame.from_position(["9♠ 2♦", "K♣"], pile="8♥", draw_pile="")
    ev = evaluate(g, 0, rollouts=50)
    worst = ev.options[find_option(ev, g, PlayCards("9♠"))]
    assert worst.mean == 1.0 and all(row.mean <= worst.mean for row in ev.options)  # picking up loses too
    assert ev.options[0].option == PlayCards("2♦") and ev.options[0].mean == 0.0
    assert not worst.too_close and worst.diff_low > 0.9
    assert ev.options[ev.computer_choice].option == PlayCards("9♠")
    assert sentence(ev, ev.computer_choice) == ("Playing 9♠ made you the Paskahousu in 100 % of the games (± 4); "
                                                "playing 2♦ only in 0 %.")
    assert sentence(ev, 0) == "Playing 2♦ made you the Paskahousu in 0 % of the games (± 4) — the best of the 3 options."


def _small_endgame(rng: np.random.Generator) -> PaskahousuGame:
    """Three players, the draw pile empty, one card or none on the pile, every other card burned (seen): the
    player to move knows everything but how the opponents' cards are split."""
    deck = [full_deck(1)[i] for i in rng.permutation(52)]
    sizes = [int(rng.integers(2, 4)), int(rng.integers(1, 4)), int(rng.integers(1, 4))]
    hands, k = [], 0
    for n in sizes:
        hands.append(deck[k:k + n])
        k += n
    pile = deck[k:k + int(rng.integers(0, 2))]
    return PaskahousuGame.from_position(hands, pile=pile, draw_pile="", to_move=0)


def _exact(g: PaskahousuGame) -> list[float]:
    """Every option's exact chance of losing over every split of the unseen cards (each split equally likely, as
    the evaluator's re-deals), the rest played by the heuristic player: the search the evaluator estimates."""
    pool = sorted(g.hands[1] + g.hands[2])
    splits = list(itertools.combinations(range(len(pool)), len(g.hands[1])))
    losses = [0] * len(coach_options(g))
    for split in splits:
        one = [pool[i] for i in split]
        two = [pool[i] for i in range(len(pool)) if i not in split]
        for i, action in enumerate(coach_options(g)):
            h = g.rearranged([g.hands[0], one, two], [], g.pile, g.burned, [[], [], []])
            h.apply_action(action)
            play_game(h, [HeuristicPlayer()] * 3)
            losses[i] += h.result.loser == 0
    return [x / len(splits) for x in losses]


@pytest.mark.slow
def test_small_endgames_solved_exactly_rank_the_options_as_the_evaluator_does():
    """40 endgames small enough to enumerate every deal of the unseen cards: every pair of options whose exact
    chances of losing differ by 0.15 or more is ordered alike by the evaluator (1000 rollouts), and the exact
    chance lies inside the evaluator's 95 % interval for at least 9 options in 10."""
    rng = np.random.default_rng(2026)
    positions = pairs = agree = inside = options = 0
    while positions < 40:
        g = _small_endgame(rng)
        if g.is_terminal() or len(coach_options(g)) < 2:
            continue
        positions += 1
        exact = _exact(g)
        ev = evaluate(g, 0, rollouts=1000, seed=positions)
        measured = [ev.options[find_option(ev, g, a)] for a in coach_options(g)]
        for i, j in itertools.combinations(range(len(exact)), 2):
            if abs(exact[i] - exact[j]) >= 0.15:
                pairs += 1
                agree += (exact[i] < exact[j]) == (measured[i].mean < measured[j].mean)
        for x, row in zip(exact, measured):
            options += 1
            inside += row.low - 1e-9 <= x <= row.high + 1e-9
    assert pairs >= 20 and agree == pairs, (pairs, agree)
    assert inside >= 0.9 * options, (inside, options)


# --------------------------------------------------------------------------- determinism, knowledge

def _mid_game(rules: HouseRules, players: int, seed: int, moves: int) -> PaskahousuGame:
    g = PaskahousuGame.new(players, seed, rules=rules)
    bots = [HeuristicPlayer(k) for k in range(players)]
    for _ in range(moves):
        if g.is_terminal():
            break
        g.apply_action(bots[g.to_move].choose(g))
    return g


@pytest.mark.parametrize("rules,players", [(HouseRules(), 4), (HouseRules(table_cards=True), 3),
                                           (HouseRules(bluff=True), 4)])
def test_the_same_seed_gives_the_same_evaluation(rules, players):
    g = _mid_game(rules, players, 3, 21)
    a = evaluate(g, g.to_move, rollouts=40, seed=8)
    assert a == evaluate(g, g.to_move, rollouts=40, seed=8)
    assert a.rollouts == 40 and a.seed == 8 and a.share and a.measure.startswith("chance")
    for row in a.options:  # each option is the action the game applies
        assert g.check(row.option) is None


def test_cards_seen_picked_up_stay_in_that_hand_in_every_redeal():
    g = PaskahousuGame.from_position(["5♦ 6♠ 9♥", "3♣ 4♣", "7♥ 8♥"], pile="J♠ Q♦", draw_pile="2♣ 3♦",
                                     to_move=1)
    g.pick_up()  # player 2 cannot beat the queen... picks the pile up in everyone's sight
    know = knowledge(g, 0)
    assert sorted(know.known[1]) == sorted(parse_cards("J♠ Q♦"))
    rng = np.random.default_rng(1)
    for _ in range(20):
        hands, draw, *_ = know.redeal_cards(g, rng)
        assert {str(c) for c in hands[1]} >= {"J♠", "Q♦"}
        assert sorted(map(str, hands[0])) == sorted(map(str, g.hands[0]))


def test_valepaska_face_down_cards_are_known_to_their_layer_only():
    rules = HouseRules(bluff=True)
    g = PaskahousuGame.from_position(["5♦ 6♠ 9♥", "3♣ 4♣ 8♦", "7♥ 8♥ K♠"], pile="4♦", draw_pile="2♣ 3♦",
                                     to_move=1, rules=rules)
    g.announce("3♣", "5")  # player 2 lies: a 3 as a 5
    mine = knowledge(g, 1)
    assert all(str(c) != "3♣" for c in mine.pool)  # the layer knows its card
    theirs = knowledge(g, 0)
    assert any(str(c) == "3♣" for c in theirs.pool)  # the others do not


_HIDDEN_RULES = [HouseRules(), HouseRules(table_cards=True), HouseRules(bluff=True)]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 2), st.randoms(use_true_random=False))
def test_hidden_cards_never_change_the_answer(deal_seed, which, shuffle):
    """Two games that show the seat the same — its hand, the pile, the table's face-up cards, the counts — but
    hide different cards (other hands, the draw pile, face-down table cards shuffled) get the same Evaluation
    for a seed: the evaluator never reads a hidden card."""
    rules = _HIDDEN_RULES[which]
    players = 3
    g = PaskahousuGame.new(players, deal_seed, rules=rules)
    g.apply_action(g.opening)
    seat = g.to_move
    hidden = [c for p in range(players) if p != seat for c in g.hands[p]] + g.draw_pile \
        + [c for row in g.face_down for c in row]
    shuffle.shuffle(hidden)
    k = 0

    def take(n: int) -> list[Card]:
        nonlocal k
        k += n
        return hidden[k - n:k]

    hands = [g.hands[p] if p == seat else take(len(g.hands[p])) for p in range(players)]
    draw = take(len(g.draw_pile))
    down = [take(len(r)) for r in g.face_down]
    other = PaskahousuGame.from_position(hands, pile=g.pile, draw_pile=draw, burned=g.burned, to_move=seat,
                                         rules=rules, face_up=g.face_up if rules.table_cards else None,
                                         face_down=down if rules.table_cards else None,
                                         announced=g.bluff_state.announced if rules.bluff else None)
    same = PaskahousuGame.from_position(g.hands, pile=g.pile, draw_pile=g.draw_pile, burned=g.burned, to_move=seat,
                                        rules=rules, face_up=g.face_up if rules.table_cards else None,
                                        face_down=g.face_down if rules.table_cards else None,
                                        announced=g.bluff_state.announced if rules.bluff else None)
    assert evaluate(same, seat, rollouts=6, seed=deal_seed) == evaluate(other, seat, rollouts=6, seed=deal_seed)


# --------------------------------------------------------------------------- options, finding rows, sentences

def test_options_collapse_face_down_slots_and_lies_but_find_every_action():
    g = PaskahousuGame.from_position(["", "9♣"], pile="5♥", draw_pile="", rules=HouseRules(table_cards=True),
                                     face_up=["", ""], face_down=["3♦ 7♠ K♥", ""])
    assert coach_options(g) == [TurnTableCard(0), PickUp()]
    ev = evaluate(g, 0, rollouts=20)
    assert find_option(ev, g, TurnTableCard(2)) == find_option(ev, g, TurnTableCard(0))
    v = PaskahousuGame.from_position(["5♦ 6♠ 9♥ 9♣", "3♣ 4♣"], pile="4♦", draw_pile="2♣ 3♦",
                                     rules=HouseRules(bluff=True))
    lies = [a for a in coach_options(v) if isinstance(a, Announce) and option_key(v, a)[0] == "lie"]
    assert lies and all(len(a.cards) == 1 for a in lies)
    odd = Announce("9♥ 9♣", "8")  # a lie with two cards is measured when asked for
    ev = evaluate(v, 0, rollouts=10, also=odd)
    assert ev.find(odd) is not None and find_option(ev, v, Announce("9♣ 9♥", "8")) is not None
    assert find_option(ev, v, TryYourLuck()) is not None


def test_the_sentence_says_too_close_to_call_when_the_interval_holds_zero():
    g = _mid_game(HouseRules(), 4, 1, 27)
    ev = evaluate(g, g.to_move, rollouts=30, seed=1)
    close = next(i for i, row in enumerate(ev.options) if row.too_close)
    assert "too close to call" in sentence(ev, close)
    others = sum(row.too_close for row in ev.options)
    assert f"the lowest of the {len(ev.options)} options, but {others} other" in sentence(ev, 0)


def test_the_too_close_sentence_writes_its_points_as_a_student_reads_them():
    """A difference that rounds to 0 reads "0", never "-0"; a negative one has the real minus sign."""
    from paternoster.paskahousu.texts_coach import sentence_words

    said = sentence_words("playing 2♠", 0.26, 0.22, 0.31, "picking up", 0.20, True, 3, -0.004, 0.12)
    assert "(0 to +12 points)" in said and "-0" not in said
    said = sentence_words("playing 2♠", 0.26, 0.22, 0.31, "picking up", 0.20, True, 3, -0.03, 0.12)
    assert "(−3 to +12 points)" in said and "-" not in said


# --------------------------------------------------------------------------- refusals

def _refused(call, error, words):
    with pytest.raises(error, match=words) as info:
        call()
    assert isinstance(info.value, PaternosterError)


def test_refusals_are_the_kits_errors_and_change_nothing():
    g = _mid_game(HouseRules(), 3, 2, 9)
    before, actions = g.to_position(), len(g.actions)
    seat = g.to_move
    _refused(lambda: evaluate("a game", 0), RulesError, "PaskahousuGame")
    _refused(lambda: evaluate(g, (seat + 1) % 3), PositionError, "not to move")
    _refused(lambda: evaluate(g, seat, rollouts=0), RulesError, "rollouts")
    _refused(lambda: evaluate(g, seat, rollouts=10_001), RulesError, "rollouts")
    _refused(lambda: evaluate(g, seat, seed=-1), RulesError, "seed")
    _refused(lambda: evaluate(g, seat, engine="quick"), RulesError, "engine")
    _refused(lambda: evaluate(g, seat, also=PlayCards("2♣ 2♦ 2♥ 2♠")), IllegalPlayError, "Player")
    ev = evaluate(g, seat, rollouts=5)
    _refused(lambda: sentence(ev, len(ev.options)), RulesError, "index")
    _refused(lambda: sentence(ev, True), RulesError, "index")
    assert g.to_position() == before and len(g.actions) == actions
    over = PaskahousuGame.from_position(["", "K♣"], pile="", draw_pile="")
    _refused(lambda: evaluate(over, 0), PositionError, "over")


def test_more_than_sixty_options_are_refused():
    rules = HouseRules(decks=2)
    deck = [c for c in full_deck(1) for _ in range(2)]
    hands = [deck[5:]] + [deck[i:i + 1] for i in range(5)]  # 99 cards: 8 of most ranks, every count playable
    g = PaskahousuGame.from_position(hands, pile="", draw_pile="", rules=rules)
    _refused(lambda: evaluate(g, 0, rollouts=1), RulesError, "at most 60")


# --------------------------------------------------------------------------- lesson 10's exercise and the tips

def test_lesson_10s_three_plays_have_one_clear_answer_whatever_the_seed():
    """The engine answers the exercise: playing the 6 loses least often, and the paired intervals set it
    apart from both other plays (for two seeds of the re-deals)."""
    labels = [label for label, _ in LESSON_10.choices()]
    assert labels == ["play 6♣", "play 2♥ 2♠", "try your luck"]
    for seed in (1, 2):
        index, ev = LESSON_10.answer(rollouts=1000, seed=seed)
        assert index == 0 and len(ev.options) == 3
        assert all(not row.too_close and row.diff_low > 0.03 for row in ev.options[1:])
        assert ev.options[ev.computer_choice].option == PlayCards("6♣")  # the heuristic player agrees


def test_keeping_your_2s_is_measured_better_than_laying_them():
    """Paskahousu rules §10.5 on KEEP_TWOS (20 cards to draw): laying both 2s now loses clearly more often than
    the best play."""
    g = KEEP_TWOS.game()
    ev = KEEP_TWOS.evaluate(rollouts=1000, seed=1, only=[PlayCards("6♣"), PlayCards("2♥ 2♠")])
    twos = ev.options[find_option(ev, g, PlayCards("2♠ 2♥"))]
    assert not twos.best and not twos.too_close


def test_a_pile_of_face_cards_is_too_close_to_call_against_trying_ones_luck():
    """Paskahousu rules §10.3 on PICK_UP_FACES (J Q Q K): picking up is not clearly better than trying one's luck,
    the heuristic player's choice (§10.2) — for two seeds of the re-deals (lesson 10b, section 4)."""
    for seed in (1, 2):
        ev = PICK_UP_FACES.evaluate(rollouts=1000, seed=seed)
        assert {type(row.option) for row in ev.options} == {PickUp, TryYourLuck}
        assert ev.options[1].too_close
        assert ev.options[ev.computer_choice].option == TryYourLuck()


def test_every_coach_pile_could_arise_in_a_game():
    """Each card of every coach position's pile may go on the one below (the bottom one on the empty table), no
    play burns, and no four of a kind lie on top (Paskahousu rules §5.2, §6, §7)."""
    for position in TIPS.values():
        pile = position.pile.split()
        verdicts = [acceptance(None if i == 0 else pile[i - 1], card).verdict for i, card in enumerate(pile)]
        assert verdicts == ["allowed"] * len(pile), (position.name, verdicts)
        ranks = [strength(card) for card in pile]
        assert all(len(set(ranks[i:i + 4])) > 1 for i in range(len(ranks) - 3)), position.name


def test_the_pile_check_can_fail():
    """The old face-card pile J♦ Q♠ K♥ A♣ could not arise: an ace on a king burns."""
    assert acceptance("K♥", "A♣").verdict == "burns"


def test_the_games_table_adds_up():
    """Lesson 10b's table in whole games: "more" is exactly "lost" minus the best's "lost", and "too close to call"
    stands where the printed range of the difference holds 0."""
    for position in (KEEP_TWOS, PICK_UP_FACES):
        ev = position.evaluate(rollouts=400, seed=0)
        rows = games_table(ev, "Player 1").splitlines()[3:]
        best = round(ev.options[0].mean * 400)
        for row, line in zip(ev.options, rows):
            assert str(round(row.mean * 400)) in line.split()
            if not row.best:
                assert f"  {round(row.mean * 400) - best}   " in line
                assert ("too close to call" in line) == row.too_close
    with pytest.raises(RulesError):
        games_table("not an evaluation", "Player 1")  # type: ignore[arg-type]


def _history(rules: HouseRules, players: int, seed: int, moves: int) -> PaskahousuGame:
    """A game that starts after its opening lay (a position start) and has ``moves`` heuristic actions behind it."""
    g0 = PaskahousuGame.new(players, seed, rules=rules)
    g0.apply_action(g0.opening)
    rec = g0.to_record()
    rec["start"], rec["actions"] = {"position": g0.to_position()}, []
    g = PaskahousuGame.from_record(rec)
    bots = [HeuristicPlayer(k) for k in range(players)]
    for _ in range(moves):
        if g.is_terminal():
            break
        g.apply_action(bots[g.to_move].choose(g))
    return g


def _never_seen(g: PaskahousuGame, seat: int) -> set[str]:
    """Cards that start hidden from ``seat`` and stay out of every action and every reveal, and never reach
    ``seat``'s hand: where they lie can change without changing the history."""
    start = PaskahousuGame.from_record(g.to_record(), upto=0)
    out = {str(c) for p in range(g.players) if p != seat for c in start.hands[p]} \
        | {str(c) for c in start.draw_pile} | {str(c) for row in start.face_down for c in row}
    for action in g.actions:
        out -= {str(c) for c in getattr(action, "cards", ())}
        if isinstance(action, TryYourLuck):
            out.discard(str(start.draw_pile[0]))
        if isinstance(action, TurnTableCard):
            out.discard(str(start.face_down[start.to_move][action.slot]))
        start.apply_action(action)
        out -= {str(c) for c in start.hands[seat]}
    return out - {str(c) for c in start.hands[seat]}


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 2), st.integers(4, 40), st.randoms(use_true_random=False))
def test_hidden_cards_never_change_the_answer_after_a_history(deal_seed, which, moves, shuffle):
    """After a history of pick-ups, burns, tries, turned table cards, announcements and checks: the cards the seat
    never saw, shuffled among their places at the start, replay to the same history and the same Evaluation."""
    rules = _HIDDEN_RULES[which]
    g = _history(rules, 3, deal_seed, moves)
    if g.is_terminal():
        return
    seat = g.to_move
    free = _never_seen(g, seat)
    rec = g.to_record()
    pos = rec["start"]["position"]
    places = [(key, i, j) for key in ("hands", "face_down", "draw_pile") if key in pos
              for i, row in enumerate(pos[key] if key != "draw_pile" else [pos[key]])
              for j, card in enumerate(row) if card in free]
    cards = [pos[k][i][j] if k != "draw_pile" else pos[k][j] for k, i, j in places]
    shuffle.shuffle(cards)
    for (k, i, j), card in zip(places, cards):
        if k == "draw_pile":
            pos[k][j] = card
        else:
            pos[k][i][j] = card
    other = PaskahousuGame.from_record(rec)
    assert [a.to_json() for a in other.actions] == [a.to_json() for a in g.actions]
    assert evaluate(other, seat, rollouts=5, seed=deal_seed) == evaluate(g, seat, rollouts=5, seed=deal_seed)


def test_only_and_find_option_refuse_what_is_no_list_or_no_game_in_bounded_time():
    """``only`` that is no list (a number, a set) or longer than 60 entries, and ``find_option`` given no rows
    or no game: the kit's error naming the field, at once (2,000,000 copies of one action are not checked one
    by one)."""
    g = PaskahousuGame.from_position(["9♠ 2♦ 5♣", "K♣ 4♥"], pile="8♥", draw_pile="3♣ 7♦")
    before = g.to_record()
    play = PlayCards("9♠")
    for bad in (5, {play}, "9♠", [play] * 2_000_000):
        with pytest.raises(RulesError, match="only"):
            evaluate(g, 0, rollouts=5, only=bad)
    ev = evaluate(g, 0, rollouts=5)
    with pytest.raises(RulesError, match="rows"):
        find_option(None, g, play)
    with pytest.raises(RulesError, match="rows"):
        find_option([1, 2], g, play)
    with pytest.raises(RulesError, match="game"):
        find_option(ev, None, play)
    assert g.to_record() == before


def test_a_sentence_refuses_the_other_games_evaluation():
    """Paternoster's cards left read as a share would say 'in 690 % of the games'."""
    from paternoster.lift import examples as lift_examples
    from paternoster.lift.evaluation import evaluate as lift_evaluate
    other = lift_evaluate(lift_examples.anna_turn(), 0, rollouts=5)
    with pytest.raises(RulesError, match="ev"):
        sentence(other, 1)


def test_a_game_changed_while_it_is_measured_mixes_no_positions(monkeypatch):
    """The game moved on while the rollouts ran (a thread, a widget): the answer is still the position's
    at the call, the computer's choice among them."""
    from paternoster.paskahousu import fastrun
    g = PaskahousuGame.from_position(["9♠ 2♦ 5♣", "K♣ 4♥"], pile="8♥", draw_pile="3♣ 7♦")
    expected = evaluate(g.copy(), 0, rollouts=20, seed=4)
    real = fastrun.fast_rollouts

    def meanwhile(game, *args):
        g.apply_action(PickUp())                           # the caller's game moves on
        return real(game, *args)

    monkeypatch.setattr(fastrun, "fast_rollouts", meanwhile)
    assert evaluate(g, 0, rollouts=20, seed=4) == expected
