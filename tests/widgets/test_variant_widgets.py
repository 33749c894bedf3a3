"""Kernel-side tests of the widgets under variants (no browser): the variant state they show is
the engine's, the variant actions go through the engine, a refused one changes nothing and shows
the engine's message unchanged, and every name is escaped."""

from __future__ import annotations

import html
import re

import pytest

import paternoster
from paternoster import BigSetback, EndTurn, Game, Pass, Signal, TimeOut, make_rules, parse_card, preset, presets
from paternoster.lift.ladder import BIG_SETBACK
from paternoster.lift.texts import cell_text
from widgets import HandPilesTable, TurnStepper

from kit_helpers import english_notation  # noqa: F401  (autouse fixture)


def _text(fragment: str) -> str:
    """Visible text of an HTML fragment (tags dropped, entities decoded)."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _driven(rules, players: int, seed: int, actions: int) -> Game:
    """A seeded game under ``rules`` played a little by a trivial driver (first legal play; end at the minimum)."""
    g = Game.new(players=players, seed=seed, rules=rules)
    while len(g.actions) < actions and not g.is_over():
        plays = [lp for lp in g.legal_plays() if g.loses(lp.action) is None]
        if g.minimum_met and g.loses(EndTurn()) is None:
            g.end_turn()
        elif plays:
            g.apply_action(plays[0].action)
        else:
            g.apply_action(g.legal_actions()[0])
    return g


def _line(lines: list[str], start: str) -> str:
    found = [s for s in lines if s.startswith(start)]
    assert len(found) == 1, (start, lines)
    return found[0]


def _check_state_matches_engine(lines: list[str], g: Game) -> None:
    """Every line the widgets show agrees with the engine's variant state, and only switched-on variants show."""
    r = g.rules
    assert any(s.startswith("Rules:") for s in lines) == bool(r.variants)
    assert any(s.startswith("Emergency tokens") for s in lines) == bool(r.tokens)
    assert any(s.startswith("Weitergeben") for s in lines) == r.passing
    assert any(s.startswith("Passengers") for s in lines) == bool(r.passengers)
    assert any(s.startswith("Burning cards") for s in lines) == r.fire
    assert any(s.startswith("Commands in force") for s in lines) == (r.commands != "none")
    assert any(s.startswith("Sanduhr") for s in lines) == r.hourglass
    if r.variants:
        assert _line(lines, "Rules:") == f"Rules: {r.name}"
    if r.tokens:
        tok = _line(lines, "Emergency tokens")
        assert f"{g.tokens} of {r.tokens} left" in tok
        assert tok.endswith("yes" if g.token_used_this_turn else "no")
    if r.passing:
        assert ("passed this turn: yes" in _line(lines, "Weitergeben")) == g.passed_this_turn
    if r.passengers:
        line = _line(lines, "Passengers")
        assert f"{g.delivered} of {len(g.passengers)} delivered" in line
        for i, c in enumerate(g.passengers):
            assert f"{i + 1}. {c}" in line
        assert line.count("✓ delivered") == g.delivered
    if r.fire:
        line = _line(lines, "Burning cards")
        assert ("none to cover" in line) == (not g.burning)
        for p, c, t in g.burning:
            assert f"{c} on {g.piles[p].name} (played in turn {t})" in line
        if g.fire_duty and not g.is_over():
            assert f"{g.names[g.to_move]} must cover it this turn" in line
    if r.commands != "none":
        line = _line(lines, "Commands in force")
        assert ("none" == line.split(": ", 1)[1]) == (not g.active_commands)
        for p, name, card in g.active_commands:
            assert f"{name} ({card})" in line
            if p is not None:
                assert f"on {g.piles[p].name}" in line
    posted = [(p, s, k) for p, lst in g.signals.items() for s, k in lst]
    if posted:
        line = _line(lines, "Signals")
        for p, s, k in posted:
            assert f"{g.names[s]} — {k}" in line and g.piles[p].name in line


# --------------------------------------------------------------------------- state shown = engine state

_CASES = [(p.name, players, seed) for p in presets() for players in (min(p.player_counts), max(p.player_counts))
          for seed in (1, 7)]


@pytest.mark.parametrize("name, players, seed", _CASES)
def test_hand_piles_and_stepper_show_the_engines_variant_state(name, players, seed):
    rules = preset(name)
    g = _driven(rules, players, seed, actions=14)
    t = HandPilesTable(g)
    _check_state_matches_engine(t.variant_state, g)
    shown = _text(t.variant_html.value)
    for line in t.variant_state:
        assert line.replace(": ", " ", 1).split()[0] in shown
    assert (t.variant_html in t.children) == bool(t.variant_state)
    s = TurnStepper(g)
    for k in sorted({0, s.steps // 2, s.steps}):
        s.step = k
        at = Game.from_record(g.to_record(), upto=k)
        _check_state_matches_engine(s.variant_state, at)
        assert s.table_html.value.startswith(at._repr_html_())
        for line in s.variant_state:
            assert line.split(": ")[-1].split(";")[0].strip() in _text(s.table_html.value)


def test_standard_game_looks_as_before():
    g = _driven(paternoster.STANDARD, 2, 3, actions=9)
    t = HandPilesTable(g)
    assert t.variant_state == [] and t.variant_html.value == ""
    assert t.children == (t.status_html, t.grid_html, t.notes_html, t._pick_row, t._main_row, t.message_html)
    s = TurnStepper(g, step=5)
    assert s.variant_state == [] and s.table_html.value == s.game._repr_html_()


@pytest.mark.parametrize("keys, rows", [
    ((), []),
    (("notruf-marken",), ["_token_row"]),
    (("weitergeben",), ["_pass_row"]),
    (("sanduhr",), ["_time_row"]),
    (("liftfuehrer",), ["_signal_row"]),
    (("stille-fahrt",), ["_signal_row"]),
    (("befehle-light",), ["_signal_row"]),
    (("notruf-marken", "weitergeben", "sanduhr"), ["_token_row", "_pass_row", "_time_row"]),
])
def test_variant_controls_only_where_the_rules_allow_them(keys, rows):
    g = Game.new(players=2, seed=4, rules=make_rules(*keys))
    t = HandPilesTable(g)
    all_rows = ["_token_row", "_pass_row", "_signal_row", "_time_row"]
    assert [r for r in all_rows if getattr(t, r) in t.children] == rows
    forced = HandPilesTable(g, signals=True)
    assert forced._signal_row in forced.children
    if "_signal_row" in rows:
        assert HandPilesTable(g, signals=False)._signal_row not in HandPilesTable(g, signals=False).children


# --------------------------------------------------------------------------- variant actions through the engine

def _tokens_game(tokens: int = 2) -> Game:
    return Game.from_position(["8♥ 4♣ K♠ 2♦ Q♦ J♣ 6♠", "3♣ 4♠ 5♦ 6♦ 7♣ 8♣ 9♠"], piles=["10♥", "5♠", "K♦", "Q♠"],
                              draw_pile="A♠ A♥ A♣ A♦ 2♠", rules=make_rules("notruf-marken", tokens=tokens),
                              names=["Anna", "Ben"])


def test_big_setback_and_token_end_go_through_the_engine():
    g = _tokens_game()
    t = HandPilesTable(g)
    lp = {(x.card, x.pile): x for x in g.legal_plays()}[(parse_card("8♥"), 0)]
    assert lp.kind == BIG_SETBACK and t.cell("8♥", "up 1") == cell_text(BIG_SETBACK, -8, False)   # two ranks back: −8 (rules §10.5)
    made = t.big_setback("8♥", "up 1")
    assert made is not None and made.kind == BIG_SETBACK and g.piles[0].top == parse_card("8♥")
    assert t.message == " ".join(g.sentences(len(g.actions)))
    _check_state_matches_engine(t.variant_state, g)
    assert "1 of 2 left; one spent this turn: yes" in _line(t.variant_state, "Emergency tokens")
    assert t.big_setback_button.disabled and t.token_end_button.disabled     # one token per turn
    t.play("J♣", "down 2")
    assert t.end_turn() and g.to_move == 1
    assert not t.token_end_button.disabled
    t.play("9♠", "down 2")
    assert t.end_turn(token=True) and g.tokens == 0 and g.to_move == 0
    assert "emergency token" in t.message
    _check_state_matches_engine(t.variant_state, g)


def test_token_buttons_use_the_same_path():
    g = _tokens_game()
    t = HandPilesTable(g)
    t.card.value, t.pile.value = parse_card("8♥"), 0
    t.big_setback_button.click()
    assert g.tokens == 1 and g.piles[0].top == parse_card("8♥")
    t.token_end_button.click()   # disabled in a browser; from code the engine refuses it
    assert g.to_move == 0 and g.check(EndTurn(token=True)).message == t.message


def _refusal_cases():
    pos = dict(hands=["5♣ K♦ 9♠", "4♦ 8♣ 2♥"], piles=["4♣", "", "", ""], draw_pile="A♠ A♣",
               names=["Anna", "Ben"], hand_size_check=False)
    return [
        ((), pos, lambda t: t.big_setback("5♣", 0), BigSetback("5♣", 0)),
        (("notruf-marken",), pos, lambda t: t.big_setback("K♦", 0), BigSetback("K♦", 0)),
        (("notruf-marken",), pos, lambda t: t.end_turn(token=True), EndTurn(token=True)),
        ((), pos, lambda t: t.end_turn(token=True), EndTurn(token=True)),
        ((), pos, lambda t: t.pass_card("9♠", 1), Pass("9♠", 1)),
        (("weitergeben",), pos, lambda t: t.pass_card("9♠", "Anna"), Pass("9♠", 0)),
        (("weitergeben",), pos, lambda t: t.pass_card("9♠", 5), Pass("9♠", 5)),
        (("weitergeben",), pos, lambda t: t.pass_card("A♥", 1), Pass("A♥", 1)),
        (("stille-fahrt",), pos, lambda t: t.signal(0, "up 1", "hold"), Signal(0, 0, "hold")),
        (("liftfuehrer",), pos, lambda t: t.signal("Ben", "up 1", "help"), Signal(1, 0, "help")),
        ((), pos, lambda t: t.signal(1, "up 1", "passenger"), Signal(1, 0, "passenger")),
        ((), pos, lambda t: t.signal(1, "up 1", "shout"), Signal(1, 0, "shout")),
        ((), pos, lambda t: t.signal(1, "up 9", "hold"), Signal(1, "up 9", "hold")),
        ((), pos, lambda t: t.signal(0, 0, None), Signal(0, 0, None)),
        ((), pos, lambda t: t.time_out(), TimeOut()),
    ]


@pytest.mark.parametrize("keys, pos, call, action", _refusal_cases())
def test_refused_variant_action_changes_nothing_and_shows_the_engines_message(keys, pos, call, action):
    g = Game.from_position(rules=make_rules(*keys), **pos)
    t = HandPilesTable(g)
    before, grid, state = g.to_position(), t.grid_html.value, t.variant_state
    expected = g.check(action)
    assert expected is not None
    assert call(t) in (False, None)
    assert t.message == expected.message
    assert html.escape(expected.message, quote=True) in t.message_html.value
    assert g.to_position() == before and not g.actions
    assert t.grid_html.value == grid and t.variant_state == state


def test_misspelt_card_in_a_variant_action_shows_the_parse_error():
    g = Game.from_position(["5♣ K♦ 9♠", "4♦ 8♣ 2♥"], piles=["4♣", "", "", ""], rules=make_rules("weitergeben"),
                           hand_size_check=False)
    t = HandPilesTable(g)
    before = g.to_position()
    for call in (lambda: t.pass_card("Zz", 1), lambda: t.big_setback("Zz", 0)):
        assert call() in (False, None)
        with pytest.raises(paternoster.CardParseError) as e:
            parse_card("Zz")
        assert t.message == str(e.value) and g.to_position() == before


def test_pass_card_counts_toward_the_minimum_and_the_button_uses_the_same_path():
    g = Game.from_position(["5♣ K♦ 9♠ 2♥ 7♦ J♣ 3♠", "4♦ 8♣ 10♥ Q♠ 6♣ 2♠ A♥"], piles=["4♣", "", "", ""],
                           draw_pile="A♠ A♣ A♦ 2♣ 2♦", rules=make_rules("weitergeben"), names=["Anna", "Ben"])
    t = HandPilesTable(g)
    assert [v for _, v in t.pass_to.options] == [1]
    t.play("5♣", "up 1")
    t.card.value, t.pass_to.value = parse_card("K♦"), 1
    t.pass_button.click()
    assert g.passed_this_turn and parse_card("K♦") in g.hands[1] and g.minimum_met
    _check_state_matches_engine(t.variant_state, g)
    assert t.pass_button.disabled and "counts toward the minimum" in _line(t.variant_state, "Weitergeben")
    assert t.end_turn() and len(g.hands[1]) == 8


def test_signals_show_per_pile_with_the_seat_name_and_withdraw():
    g = Game.from_position(["5♣ K♦", "4♦ 8♣"], piles=["4♣", "", "", ""], rules=make_rules("liftfuehrer"),
                           names=["Anna", "Ben"])
    t = HandPilesTable(g)
    assert "Liftführer" in _line(t.variant_state, "Signals") and "none posted" in _line(t.variant_state, "Signals")
    assert t.signal("Anna", "up 1", "help")
    assert g.signals == {0: [(0, "help")]}
    assert "up pile 1: Anna — help" in _line(t.variant_state, "Signals")
    assert "⚐ Anna: help" in _text(t.grid_html.value)
    t.signal_seat.value, t.pile.value, t.signal_kind.value = 0, 0, None
    t.signal_button.click()
    assert g.signals == {} and "none posted" in _line(t.variant_state, "Signals")


def test_signal_kinds_offered_are_those_the_engine_knows():
    plain = HandPilesTable(Game.new(players=2, seed=1), signals=True)
    fahr = HandPilesTable(Game.new(players=2, seed=1, rules=make_rules("fahrgaeste")))
    kinds = lambda t: [v for _, v in t.signal_kind.options]  # noqa: E731
    assert "passenger" not in kinds(plain) and "passenger" in kinds(fahr) and None in kinds(plain)
    for t in (plain, fahr):
        for k in kinds(t):
            if k is not None:
                assert t.game.check(Signal(0, 0, k)) is None


def _passenger_game() -> Game:
    return Game.from_position(["5♥ 7♣ K♠ 2♦ 9♦ J♣ 3♠", "4♦ 8♣ 10♥ Q♠ 6♣ 2♠ A♥"], piles=["4♣", "", "K♦", ""],
                              draw_pile="A♠ A♣ A♦ 2♣", rules=make_rules("fahrgaeste"), names=["Anna", "Ben"],
                              passengers="5♥ 7♣ 2♦")


def test_passengers_in_order_and_an_early_twin_is_marked_then_loses():
    g = _passenger_game()
    t = HandPilesTable(g)
    assert g.loses(paternoster.Play("7♣", 0)) == "passenger-order"
    assert "loses at once" in t.cell("7♣", "up 1") and "loses" not in t.cell("5♥", "up 1")
    t.play("5♥", "up 1")
    _check_state_matches_engine(t.variant_state, g)
    assert "loses" not in t.cell("7♣", "up 1")
    t.undo()
    t.play("7♣", "up 1")
    assert g.is_over() and g.result.reason == "passenger-order"
    assert t.play_button.disabled and str(g.result.card) in _text(t.status_html.value)
    _check_state_matches_engine(t.variant_state, g)


def test_fire_shows_who_must_cover_and_the_pile_mark():
    g = Game.from_position(["9♥ 10♠ 2♦ 5♣ 7♦ J♣ 3♠", "10♣ 8♣ 4♥ Q♠ 6♣ 2♠ A♥"], piles=["7♣", "", "K♦", ""],
                           draw_pile="A♠ A♣ A♦ 2♣", rules=make_rules("feuer"), names=["Anna", "Ben"])
    t = HandPilesTable(g)
    assert _line(t.variant_state, "Burning cards").endswith("none to cover")
    t.play("9♥", "up 1")
    assert "the next player who still has cards" in _line(t.variant_state, "Burning cards")
    assert "♨ 9♥ burns" in _text(t.grid_html.value)
    t.play("J♣", "down 1")
    t.end_turn()
    _check_state_matches_engine(t.variant_state, g)
    assert "Ben must cover it this turn" in _line(t.variant_state, "Burning cards")
    t.play("8♣", "down 1"); t.play("6♣", "down 1")
    assert not t.end_turn() and g.result is None             # first: the engine's warning, nothing ends
    assert t.message.startswith("Ending the turn now loses the game") and "§11.8" in t.message
    assert t.end_button.description == "End turn anyway"
    assert t.end_turn() and g.result.reason == "fire"        # pressed again: the engine ends the game: lost
    assert "9♥" in _text(t.status_html.value) and "lost" in _text(t.status_html.value).lower()


def test_commands_in_force_and_blocked_cells():
    g = Game.from_position(["10♣ 5♥ J♠ 3♦", "4♦ 8♣"], piles=["J♣", "K♣", "Q♠", "2♣"], draw_pile="A♠ A♣ A♦",
                           rules=make_rules("befehle"), names=["Anna", "Ben"], hand_size_check=False)
    t = HandPilesTable(g)
    _check_state_matches_engine(t.variant_state, g)
    assert t.cell("10♣", "up 1") == "no — Sperre" and t.cell("5♥", "down 1") == "no — Engpass"
    notes = _text(t.notes_html.value)
    assert g.why_not("10♣", 0) in notes and g.why_not("5♥", 2) in notes
    assert t.cell("J♠", "down 1").startswith("fits")
    assert "⚑ Sperre" in _text(t.grid_html.value) and "⚑ Last" in _text(t.grid_html.value)


def test_time_out_below_the_minimum_ends_the_game():
    g = Game.from_position(["5♣ 6♣ 7♣ 8♦ 9♦ J♠ 2♥", "4♦ 8♣ 9♣ 10♣ J♣ Q♣ K♣"], piles=["4♣", "", "", ""],
                           draw_pile="A♠ A♣ A♦", rules=make_rules("sanduhr"), names=["Anna", "Ben"])
    t = HandPilesTable(g)
    t.play("5♣", 0)
    t.time_out_button.click()
    assert g.is_over() and g.result.reason == "time-out"
    assert t.time_out_button.disabled and t.message == " ".join(g.sentences(len(g.actions)))


def test_variant_state_escapes_names():
    evil = "<img src=x onerror=alert(1)>"
    g = Game.from_position(["9♥ 10♠ 2♦", "10♣ 8♣ 4♥"], piles=["7♣", "", "K♦", ""], draw_pile="A♠ A♣",
                           rules=make_rules("feuer", "liftfuehrer"), names=[evil, "Ben & <b>Co</b>"],
                           hand_size_check=False)
    t = HandPilesTable(g)
    t.play("9♥", 0)
    assert t.signal(0, 0, "hold")
    assert not t.signal(1, 0, "hold")          # refused: Liftführer; the message names Ben & <b>Co</b>
    assert "Ben &amp; &lt;b&gt;Co&lt;/b&gt;" in t.message_html.value
    t.play("2♦", 2)
    t.end_turn()
    assert "Ben & <b>Co</b> must cover it this turn" in _line(t.variant_state, "Burning cards")
    everything = t.status_html.value + t.variant_html.value + t.grid_html.value + t.message_html.value
    s = TurnStepper(g, step=len(g.actions))
    for part in (everything, s.table_html.value, s.explanation_html.value):
        assert "<img" not in part and "<b>Co" not in part
    assert "&lt;img" in t.variant_html.value + t.grid_html.value


# --------------------------------------------------------------------------- the presets table

@pytest.mark.parametrize("players", [None, 1, 2, 3, 7])
def test_variants_table_rows_come_from_the_presets_rules(players):
    from widgets import VariantsTable

    t = VariantsTable(players)
    chosen = presets(players)
    assert [row["preset"] for row in t.rows] == [p.name for p in chosen]
    for row, p in zip(t.rows, chosen):
        r = p.rules
        sizes = {}
        for part in row["hand size (players: cards)"].split(" · "):
            span, size = part.split(": ")
            lo, _, hi = span.partition("–")
            sizes.update({n: int(size) for n in range(int(lo), int(hi or lo) + 1)})
        assert sizes == {n: r.hand_size(n) for n in r.player_counts}
        assert row["piles"] == f"{r.up_piles} up + {r.down_piles} down"
        assert row["minimum"].startswith(f"{r.minimum} ") and row["cards"].startswith(f"{r.cards} ")
        assert row["what changes"] == p.description
        assert (row["other rules"] == "—") == (not (r.tokens or r.passing or r.same_suit_fits or r.passengers
                                                       or r.fire or r.commands != "none" or r.signals != "all"
                                                       or r.hourglass))
    shown = _text(t._repr_html_())
    for row in t.rows:
        assert row["preset"] in shown and row["what changes"] in shown
    assert repr(t).startswith(f"VariantsTable({len(chosen)} presets") and "0x" not in repr(t)


@pytest.mark.parametrize("players, words", [(0, ("players", "from 1 to 8", "not 0")), (9, ("from 1 to 8", "not 9")),
                                            ("2", ("players", "whole number", "'2'", "1 to 8")),
                                            (2.5, ("players", "whole number"))])
def test_variants_table_refuses_bad_player_counts(players, words):
    from widgets import VariantsTable

    with pytest.raises(ValueError) as info:       # a paternoster.RulesError
        VariantsTable(players)
    assert isinstance(info.value, paternoster.RulesError)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


def test_variants_table_shows_the_player_count_it_was_given():
    import numpy as np
    from widgets import VariantsTable

    t = VariantsTable(np.int64(2))
    assert t.rows and repr(t) == f"VariantsTable({len(presets(2))} presets, players=2)"


def test_variant_state_counts_the_setbacks_when_the_rules_allow_another_number():
    """Rules with two setbacks per turn show how many are left; the standard game shows no line."""
    from dataclasses import replace

    from paternoster import STANDARD, Game
    from paternoster.lift.texts import setback_allowance, setbacks_state
    from widgets._variant_state import variant_state

    g = Game.from_position(["9♥ 8♥"], piles=["10♥", "K♣", "A♦", "A♦"], draw_pile="2♣ 3♣",
                           rules=replace(STANDARD, setbacks_per_turn=2))
    g.play("9♥", 0)
    assert f"Setbacks ({setback_allowance(2)}): {setbacks_state(1, 2)}" in variant_state(g)
    assert not any(line.startswith("Setbacks") for line in variant_state(Game.new(2, seed=1)))
