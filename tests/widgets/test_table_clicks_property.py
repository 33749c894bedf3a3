"""Random clicks on both card tables and the classroom panel: the table shown is always the engine's.

A hypothesis property (seeded, derandomized) clicks what a person could click on the drawn table —
a card and a pile, "Several at once", a face-down table card, Check! / Let it pass, Undo, the
computer's ▶, Pause, New deal, Show my cards — and now and then something refused (a pile the card
may not go to, a switched-off Undo, a computer turn out of turn).  After every click:

* the synced ``view`` equals a view computed afresh from the engine: a new table of the same kind
  and settings over the game replayed from its record (``from_record(to_record())``);
* no hidden card is in the view: a hand this screen may not show has no cards, a shown hand holds
  exactly the engine's cards, and no card the seat cannot know (another hand, the draw pile, a
  face-down table card or a face-down discard) is named anywhere in it;
* a refused click changes nothing: the game's record is the same and so is the view (End turn that
  would lose the game only changes its own label to "End turn anyway").

The mismatches are counted over all clicks.  ``CLICKS`` (600 by default) run in the quick suite; the
slow test runs 10,000 clicks and prints the count.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from paternoster import Game, preset
from paternoster.paskahousu import PaskahousuGame
from paternoster.paskahousu.rules import house_rules
from widgets import CardTable, Classroom, PaskahousuCardTable

from kit_helpers import english_notation  # noqa: F401  (autouse fixture)

TOTALS = {"clicks": 0, "mismatches": 0, "refused": 0, "examples": 0}
LABEL = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


# ---------------------------------------------------------------- what the synced view must be
def twin_view(t: CardTable) -> dict[str, Any]:
    """The view a new table with ``t``'s settings draws for ``t``'s game replayed from its record."""
    g = t.game
    replayed = type(g).from_record(g.to_record())
    kwargs: dict[str, Any] = {"open_hands": t.open_hands, "large": t.large, "notation": t.notation,
                              "pace": "step", "new_deal": t.can_deal}
    if t.seat >= 0:
        kwargs["seat"] = t.seat
    elif t.computer_seats or t.hot_seat:
        kwargs.update(computer_seats=list(t.computer_seats), hot_seat=t.hot_seat)
    twin = type(t)(replayed, **kwargs)
    twin.pace, twin.viewer, twin.paused = t.pace, t.viewer, t.paused
    twin.deal, twin.first_deal, twin.confirm_end = t.deal, t.first_deal, t.confirm_end
    return twin.view_now()


def _may_show(t: CardTable, seat: int) -> bool:
    """Whether this screen may show ``seat``'s hand (the rules of who sees what, said independently)."""
    g = t.game
    if g.is_terminal() or t.open_hands:
        return True
    if t.seat >= 0:
        return seat == t.seat
    people = [s for s in range(len(g.names)) if s not in t.computer_seats]
    if t.hot_seat:
        return seat == t.viewer and seat in people
    if t.computer_seats:
        return seat == g.to_move and seat in people or (seat == t.viewer and len(people) == 1)
    return seat == g.to_move


def _known_labels(t: CardTable) -> set[str]:
    """Every card label a seat at this screen knows: shown hands, public cards, what the game log said."""
    g = t.game
    known = {c.label("en") for h in t.view["hands"] if h["cards"] is not None for c in g.hands[h["seat"]]}
    known |= {m for line in g.log for m in LABEL.findall(line)}
    if isinstance(g, Game):
        known |= {c.label("en") for p in g.piles for c in p.cards}
        return known
    viewers = [h["seat"] for h in t.view["hands"] if h["cards"] is not None] or [g.to_move]
    for s in viewers:
        v = g.view(s)  # the engine's own "what this seat may see"
        known |= {x for x in v["pile"] if x} | {x for row in v.get("face_up", []) for x in row}
    known |= {c.label("en") for c in g.burned}
    return known


def leaks(t: CardTable) -> list[str]:
    """Hidden cards the synced view shows (empty: none)."""
    g, v, problems = t.game, t.view, []
    for h in v["hands"]:
        seat = h["seat"]
        if h["cards"] is not None:
            if not _may_show(t, seat):
                problems.append(f"{h['name']}'s hand is shown")
            elif sorted(c["id"] for c in h["cards"]) != sorted(c.label("en") for c in g.hands[seat]):
                problems.append(f"{h['name']}'s shown hand is not the engine's")
    secret: set[str] = {c.label("en") for c in getattr(g, "draw_pile", [])}
    secret |= {c.label("en") for s, hand in enumerate(g.hands) if not _may_show(t, s) for c in hand}
    secret |= {c.label("en") for row in getattr(g, "face_down", []) for c in row}
    if not isinstance(g, Game) and not g.is_terminal():
        secret |= {c.label("en") for c in g.pile}
    secret -= _known_labels(t)
    named = set(LABEL.findall(json.dumps(v, ensure_ascii=False)))
    problems += [f"hidden card {c} is in the view" for c in sorted(named & secret)]
    return problems


def check(t: CardTable, before: tuple[str, dict] | None, answer: Any) -> list[str]:
    """Every promise after one click; the broken ones in words."""
    problems = leaks(t)
    fresh = twin_view(t)
    if fresh != t.view:
        keys = sorted(k for k in set(fresh) | set(t.view) if fresh.get(k) != t.view.get(k))
        problems.append(f"the synced view differs from a fresh one in {keys}")
    if before is not None and answer is not None and not answer.ok:
        TOTALS["refused"] += 1
        record, view = before
        if json.dumps(t.game.to_record(), ensure_ascii=False) != record:
            problems.append(f"a refused click ({answer.rule}) changed the game")
        same = view == t.view or (answer.rule == "confirm-end"
                                  and {k: x for k, x in view.items() if k != "buttons"}
                                  == {k: x for k, x in t.view.items() if k != "buttons"})
        if not same:
            problems.append(f"a refused click ({answer.rule}) changed the view")
    return problems


# ---------------------------------------------------------------- what a person can click
def clicks(t: CardTable) -> tuple[list[dict], list[dict]]:
    """(clicks the drawn table offers, clicks it would refuse) as action dicts the front end sends."""
    v, good, bad = t.view, [], []
    piles = [p["id"] for p in v.get("piles", []) if not p.get("static")]
    for card, targets in v.get("targets", {}).items():
        on = {str(x["pile"]) for x in targets}
        for p in piles:
            act = {"type": "play", "card": card, "pile": p}
            if v.get("announce"):
                act = {"type": "announce", "card": card, "pile": p,
                       "rank": v["announce"]["options"][-1]["id"]}
            (good if str(p) in on else bad).append(act)
    if v.get("announce") and len(v.get("targets", {})) > 1:
        two = " ".join(sorted(v["targets"])[:2])
        good.append({"type": "announce", "card": two, "pile": "discard", "rank": v["announce"]["value"]})
    for choices in v.get("choices", {}).values():
        good += [c["action"] for c in choices]
    for h in v.get("hands", []):
        table = h.get("table")
        if table and table.get("down_enabled") and h.get("main") and not v.get("pass_to"):
            good += [{"type": "turn-table-card", "slot": i} for i in range(table["down"])]
    for b in v.get("buttons", []):
        act = {"type": b["action"]} if b.get("seat") is None else {"type": b["action"], "seat": b["seat"]}
        (good if b.get("enabled") else bad).append(act)
    if v.get("pass_to"):
        good.append({"type": "reveal"})
    bad += [{"type": "undo"}, {"type": "computer"}, {"type": "new-deal"}, {"type": "pause"},
            {"type": "play", "card": "X♠", "pile": 0}]
    return good, bad


def click_once(t: CardTable, rng: random.Random) -> list[str]:
    good, bad = clicks(t)
    act = rng.choice(bad if (rng.random() < 0.15 or not good) else good)
    before = (json.dumps(t.game.to_record(), ensure_ascii=False), json.loads(json.dumps(t.view)))
    answer = t.act(act)
    TOTALS["clicks"] += 1
    problems = check(t, before, answer)
    TOTALS["mismatches"] += bool(problems)
    return [f"{act} → {p}" for p in problems]


# ---------------------------------------------------------------- the tables clicked
def make_table(kind: str, rules: str, players: int, deal: int, who: str, pace: str, open_hands: bool) -> CardTable:
    if kind == "paternoster":
        game: Any = Game.new(players, seed=deal, rules=preset(rules))
        cls: Any = CardTable
    else:
        game = PaskahousuGame.new(players=players, seed=deal,
                                  rules=house_rules(rules) if rules != "Standard" else house_rules([]))
        cls = PaskahousuCardTable
    kwargs: dict[str, Any] = {"open_hands": open_hands, "pace": pace}
    if who == "one seat":
        kwargs["seat"] = deal % players
    elif who == "hot seat":
        kwargs.update(computer_seats=[players - 1] if players > 2 else [], hot_seat=True)
    elif who == "all computer":
        kwargs["computer_seats"] = list(range(players))
    return cls(game, **kwargs)


tables = st.one_of(
    st.tuples(st.just("paternoster"), st.sampled_from(["Normal", "Feuer", "Kurze Fahrt", "Notruf-Marken 2"]),
              st.integers(2, 3)),
    st.tuples(st.just("paskahousu"), st.sampled_from(["Standard", "Valepaska", "Pöytäpaska", "Ruotsalainen"]),
              st.integers(2, 4)),
).flatmap(lambda k: st.tuples(st.just(k), st.integers(0, 10**6),
                              st.sampled_from(["one seat", "one seat", "hot seat", "everyone", "all computer"]),
                              st.sampled_from(["auto", "step", "watch"]), st.booleans(), st.randoms(use_true_random=False)))


def run_table(case: Any, n: int) -> list[str]:
    (kind, rules, players), deal, who, pace, open_hands, rng = case
    if kind == "paskahousu":  # a player count these house rules allow (Pöytäpaska 2–3, Ruotsalainen 3 and up)
        r = house_rules(rules) if rules != "Standard" else house_rules([])
        players = min(max(players, r.min_players), r.max_players)
    t = make_table(kind, rules, players, deal, who, pace, bool(open_hands and rng.random() < 0.3))
    problems = check(t, None, None)
    for _ in range(n):
        problems += click_once(t, rng)
        if problems:
            break
    TOTALS["examples"] += 1
    return problems


def run_classroom(game: str, rng: random.Random, n: int) -> list[str]:
    """The teacher's panel: its own clicks mixed with clicks on the table it deals."""
    c = Classroom(game, players=3, seed=rng.randrange(1000), computer_seats=[1, 2])
    problems = check(c.table, None, None)
    for _ in range(n):
        roll = rng.random()
        if roll < 0.25:
            what = rng.choice(["new", "deal", "players", "tick", "names", "seed", "open", "step", "hot", "large"])
            if what == "new":
                c.new_deal()
            elif what == "deal":
                c.deal()
            elif what == "players":
                c.players.value = rng.choice([o for o in c.players.options if o <= 5])
            elif what == "tick":
                box = rng.choice(list(c._computer.values()))
                box.value = not box.value
            elif what == "names":
                names = [b.description for b in c._computer.values()]
                rng.shuffle(names)
                c.names.value = ", ".join(names)
            elif what == "seed":
                c.seed.value = rng.choice(["3.5", "1e3", str(rng.randrange(10**4)), "-1"])
            else:
                box = {"open": c.open_hands, "step": c.step_by_step, "hot": c.hot_seat, "large": c.large}[what]
                box.value = not box.value
            TOTALS["clicks"] += 1
            found = check(c.table, None, None)
            TOTALS["mismatches"] += bool(found)
            problems += [f"panel {what} → {p}" for p in found]
        else:
            problems += click_once(c.table, rng)
        if problems:
            break
    TOTALS["examples"] += 1
    return problems


# ---------------------------------------------------------------- the tests
CLICKS = 30
EXAMPLES = 20
#: a failing case is printed with the clicks that broke it; shrinking whole games takes many minutes
NO_SHRINK = [Phase.explicit, Phase.reuse, Phase.generate]


@seed(2023)
@settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=tables)
def test_random_clicks_keep_each_table_the_engines_and_hide_hidden_cards(case):
    assert run_table(case, CLICKS) == []


@pytest.mark.parametrize("game", ["paternoster", "paskahousu"])
def test_random_clicks_on_the_classroom_panel_and_its_table(game):
    assert run_classroom(game, random.Random(f"{game}-23"), 80) == []


@pytest.mark.slow
def test_ten_thousand_clicks_without_a_mismatch():
    """The issue's count: at least 10,000 clicks over both tables and the classroom, 0 mismatches."""
    start = dict(TOTALS)

    @seed(23)
    @settings(max_examples=160, deadline=None, database=None, derandomize=True, phases=NO_SHRINK,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(case=tables)
    def tables_property(case):
        assert run_table(case, 50) == []

    tables_property()
    rng = random.Random(10_000)
    while TOTALS["clicks"] - start["clicks"] < 10_000:
        assert run_classroom(rng.choice(["paternoster", "paskahousu"]), rng, 100) == []
    clicked = TOTALS["clicks"] - start["clicks"]
    print(f"\n[table clicks] {clicked} clicks in {TOTALS['examples'] - start['examples']} tables and panels, "
          f"{TOTALS['refused'] - start['refused']} of them refused; "
          f"{TOTALS['mismatches'] - start['mismatches']} mismatches")
    assert clicked >= 10_000 and TOTALS["mismatches"] == start["mismatches"]
