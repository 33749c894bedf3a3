"""A Paternoster position: construction (``new``, ``from_position``), validation, variant state and state queries."""

from __future__ import annotations

from typing import Any, Iterable, Self, Sequence

import numpy as np

from ..core.cards import Card, full_deck
from ..core.checks import MAX_SEED, MAX_TURN, check_bool, check_names, plural, short, whole
from ..core.errors import PositionError, RulesError
from ..core.base import GameBase
from ..core.refusal import cards_field
from .rules import STANDARD, Rules
from .actions import Action, Pile, Result
from .commands import deal_orders, reveal_passengers
from . import texts
from .variant_state import VariantState

__all__ = ['GamePosition', 'MAX_TEACHING_HAND', 'MAX_TURN_MINIMUM']

#: The most cards one hand of :meth:`GamePosition.from_position` may hold (also with
#: ``hand_size_check=False``): the look-ahead (:meth:`can_reach_minimum`) searches orders of plays,
#: which grows fast with the hand.  The largest hand of any rule set is 20.
MAX_TEACHING_HAND = 20
#: The largest minimum of one turn (the rules' largest minimum, 8, plus one for a Last): the look-ahead
#: searches at most this many plays deep, so it stays bounded (rules §4).
MAX_TURN_MINIMUM = 9


class GamePosition(VariantState, GameBase[Action]):
    """A Paternoster position: construction and validation (with the variant state), equality and
    the state queries.  :class:`~paternoster.lift.game.Game` adds the rules' checks, the look-ahead and
    the transitions on top."""

    # ------------------------------------------------------------------ construction
    def __init__(self, rules: Rules, players: int, hands: list[list[Card]], draw_pile: list[Card],
                 piles: list[list[Card]], to_move: int = 0, *, names: Sequence[str] | None = None,
                 setbacks_this_turn: int = 0, played_this_turn: int = 0, turn: int = 1,
                 turn_minimum: int | None = None, start: dict[str, Any] | None = None,
                 tokens: int | None = None, token_used_this_turn: bool = False, passed_this_turn: bool = False,
                 passengers: str | Iterable[str | Card] = (), delivered: int = 0,
                 burning: Sequence[tuple[int, Card, int]] = (),
                 signals: dict[int, Sequence[tuple[int, str]]] | None = None,
                 silence_until: int | None = None, express: str | Iterable[str | Card] = ()) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object (e.g. paternoster.STANDARD), not {short(rules)}.")
        rules.check_players(players)
        self.rules = rules
        self.players = players
        if names is None:
            names = [f"Player {i + 1}" for i in range(players)]
        self.names = check_names(names, players)
        turn = whole(turn, "turn", lo=1, hi=MAX_TURN)
        setbacks_this_turn = whole(setbacks_this_turn, "setbacks_this_turn", lo=0, hi=rules.cards)
        played_this_turn = whole(played_this_turn, "played_this_turn", lo=0, hi=rules.cards)
        if turn_minimum is not None:
            turn_minimum = whole(turn_minimum, "turn_minimum", lo=1, hi=MAX_TURN_MINIMUM)
        self.hands = [list(h) for h in hands]
        self.draw_pile = list(draw_pile)
        self.piles = self._make_piles(piles)
        self._set_variant_state(tokens, token_used_this_turn, passed_this_turn, passengers, delivered, burning,
                                signals, silence_until, express, turn)
        self._validate(to_move)
        self.to_move = to_move
        self.turn = turn
        self.played_this_turn = played_this_turn
        self.setbacks_this_turn = setbacks_this_turn
        self.turn_minimum = turn_minimum if turn_minimum is not None else self._minimum_now()
        self.log: list[str] = []
        self.actions: list[Action] = []
        self._marks: list[int] = []  # len(log) before each action, to find an action's sentences
        self._undo: list[dict[str, Any]] = []
        self._start = start if start is not None else {"position": self.to_position()}
        self.result: Result | None = None
        self._check_over()

    def _make_piles(self, piles: list[list[Card]]) -> list[Pile]:
        r = self.rules
        if len(piles) != r.piles:
            raise PositionError(f"piles: the rules have {r.up_piles} up and {r.down_piles} down piles, "
                                f"so give {r.piles} piles (up piles first), not {len(piles)}.")
        out = []
        for i, cards in enumerate(piles):
            up = i < r.up_piles
            out.append(Pile(i, "up" if up else "down", i + 1 if up else i + 1 - r.up_piles, list(cards),
                            r.same_suit_fits))
        return out

    def _validate(self, to_move: int) -> None:
        """Refuse tables that cannot occur: wrong number of hands, a card more often than the decks hold, a bad seat."""
        if len(self.hands) != self.players:
            raise PositionError(f"hands: {plural(len(self.hands), 'hand')} given for {plural(self.players, 'player')}; "
                                "give one per player.")
        counts: dict[Card, int] = {}
        for c in ([c for h in self.hands for c in h] + self.draw_pile + [c for p in self.piles for c in p.cards]
                  + self.passengers):
            counts[c] = counts.get(c, 0) + 1
        too_many = sorted(c for c, n in counts.items() if n > self.rules.decks)
        if too_many:
            d = self.rules.decks
            copies = "once" if d == 1 else ("twice" if d == 2 else f"{d} times")
            where = " (passengers included: they are out of the game)" if self.passengers else ""
            raise PositionError("The position has too many copies of: "
                                + ", ".join(f"{c} ×{counts[c]}" for c in too_many)
                                + f". With {plural(d, 'deck')} each card exists {copies}{where}.")
        whole(to_move, "to_move (the seat of the player to move)", lo=0, hi=self.players - 1)

    @classmethod
    def new(cls, players: int = 2, seed: int = 0, *, rules: Rules = STANDARD, first: int = 0,
            names: Sequence[str] | None = None, game: int | None = None) -> Self:
        """A freshly shuffled game.

        Args:
            players: 1–5 (standard rules; Hochhaus 6–8, Zwei Kabinen 2).
            seed: any non-negative int; the same seed, rules and player count give the same deal.
            rules: the rule set (see :func:`paternoster.lift.variants.make_rules`).
            first: seat that starts (the team chooses; rules §3.4).
            names: player names (default "Player 1" …).
            game: ``None`` for a single game; an index ``i`` (≥ 0) for game ``i`` of a
                simulation with this ``seed`` (see :func:`deal_orders`): the same deal the
                simulation played, so any simulated game can be opened and stepped through.

        **Decision** (kit): the deck is shuffled with ``numpy.random.default_rng(seed)``
        (with ``game``: by :func:`deal_orders`) and dealt one card at a time, clockwise
        from ``first``; the rest is the draw pile.
        With Fahrgäste the passengers are revealed from the top of the shuffled deck
        before the deal; **Decision (kit)** (rules §11.7): a card equal to an earlier passenger
        (its twin) is shuffled back into the rest of the deck (at a random place
        below the top, same generator; with ``game``: ``default_rng([seed, game])``)
        and the next card is revealed instead.

        Raises:
            RulesError: player count not allowed; PositionError: ``first`` is not a seat.

        >>> from paternoster import Game
        >>> g = Game.new(players=2, seed=1)
        >>> [len(h) for h in g.hands], len(g.draw_pile)
        ([7, 7], 90)
        """
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object (e.g. paternoster.STANDARD), not {short(rules)}.")
        rules.check_players(players)
        seed = whole(seed, "seed", lo=0, hi=MAX_SEED)
        first = whole(first, "first (the starting seat)", lo=0, hi=players - 1)
        deck = full_deck(rules.decks)
        if game is None:
            rng = np.random.default_rng(int(seed))
            order = rng.permutation(len(deck))
            reinsert = lambda: rng  # noqa: E731
            start: dict[str, Any] = {"seed": int(seed), "first": first}
        else:
            game = whole(game, "game (index in a simulation)", lo=0, hi=MAX_SEED)
            order = deal_orders(seed, len(deck), game, 1)[0]
            reinsert = lambda: np.random.default_rng([int(seed), int(game)])  # noqa: E731
            start = {"seed": int(seed), "game": int(game), "first": first}
        shuffled = [deck[i] for i in order]
        passengers = reveal_passengers(shuffled, rules.passengers, reinsert)
        size = rules.hand_size(players)
        hands: list[list[Card]] = [[] for _ in range(players)]
        for k in range(size * players):
            hands[(first + k) % players].append(shuffled[k])
        draw = shuffled[size * players:]
        piles: list[list[Card]] = [[] for _ in range(rules.piles)]
        return cls(rules, players, hands, draw, piles, first, names=names, start=start, passengers=passengers)

    @classmethod
    def from_position(cls, hands: Sequence[str | Iterable[str | Card]], piles: Sequence[str | Iterable[str | Card]] | None = None,
                      draw_pile: str | Iterable[str | Card] = (), *, players: int | None = None,
                      rules: Rules = STANDARD, to_move: int = 0, names: Sequence[str] | None = None,
                      setback_used: bool = False, played_this_turn: int = 0, setbacks_this_turn: int | None = None,
                      turn_minimum: int | None = None, hand_size_check: bool = True, turn: int = 1,
                      tokens: int | None = None, token_used: bool = False, passed: bool = False,
                      passengers: str | Iterable[str | Card] = (), delivered: int = 0,
                      burning: Sequence[Any] = (), signals: dict[Any, Sequence[tuple[int, str]]] | None = None,
                      silence_until: int | None = None, express: str | Iterable[str | Card] = ()) -> Self:
        """A game from an explicit table — the lessons' worked examples.

        Args:
            hands: one entry per player, each a card string (``"4♦ 5♣ 8♥"``) or a list of cards.
            piles: one entry per pile, up piles first, each bottom → top (``""`` = empty).
                Default: all empty.
            draw_pile: top card first.  Cards of the game that are in none of these
                places count as already played (hidden in the piles).
            players: defaults to ``len(hands)``.
            to_move: seat of the player to move.
            setback_used: the player to move has no setback left this turn (standard rules: made
                this turn's one setback, rules §4.5).
            setbacks_this_turn: setbacks the player to move already made this turn, 0 to
                ``rules.setbacks_per_turn`` (default: all of them with ``setback_used``, else 0).
            played_this_turn: cards the player to move already played this turn.
            turn_minimum: the minimum for this turn, 1 to :data:`MAX_TURN_MINIMUM` (9) (default from the draw
                pile: rules §6.1, §6.3).
            hand_size_check: refuse hands bigger than the hand size (default on).  Without it a hand
                may hold at most :data:`MAX_TEACHING_HAND` (20) cards.
            turn: the turn number (1-based).
            tokens: Notruf-Marken: tokens the team has left (default: the rules' number).
            token_used: a token was already spent this turn.
            passed: Weitergeben: the player to move already passed a card this turn.
            passengers: Fahrgäste: the passenger cards in delivery order (as many as the rules reveal).
            delivered: passengers already delivered.
            burning: Feuer: piles whose top card burns, each a pile (index or name; the
                card was played in the previous turn, so it must be covered in this one)
                or ``(pile, card, turn played)``.
            signals: a dict: pile (index or name) → list of ``(seat, kind)`` posted this turn.
            All switches (``setback_used``, ``hand_size_check``, ``token_used``, ``passed``) must be
            ``True`` or ``False`` (``np.bool_`` too); numbers, text and numpy arrays are refused.
            silence_until: Befehle: a Schweigen is in force until this seat's next turn.
            express: Befehle: red Kings whose Express applies to the next turn.

        Raises:
            CardParseError: a card cannot be read.
            PositionError: more copies of a card than the decks hold, wrong number
                of hands or piles, a hand over the hand size, a bad seat, variant
                state the rules do not have (the message names the field).

        >>> from paternoster import Game
        >>> g = Game.from_position(["4♦ 5♣ 8♥ 10♣ D♠ 3♥", "", ""], piles=["4♦", "", "6♠", ""],
        ...                        draw_pile=["2♣"] * 2, names=["Anna", "Ben", "Carla"], hand_size_check=False)
        >>> g.names[g.to_move], g.turn_minimum
        ('Anna', 2)
        """
        if isinstance(hands, str) or not isinstance(hands, (list, tuple)):
            raise PositionError(f"hands must be a list with one hand per player, e.g. ['4♦ 5♣', '9♥ K♠'], not {short(hands)}.")
        if piles is not None and (isinstance(piles, str) or not isinstance(piles, (list, tuple))):
            raise PositionError(f"piles must be a list with one entry per pile (up piles first), e.g. "
                                f"['4♦', '', '6♠', ''], not {short(piles)}.")
        setback_used = check_bool(setback_used, "setback_used")
        hand_size_check = check_bool(hand_size_check, "hand_size_check")
        token_used = check_bool(token_used, "token_used")
        passed = check_bool(passed, "passed")
        players = len(hands) if players is None else players
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules object (e.g. paternoster.STANDARD), not {short(rules)}.")
        rules.check_players(players)
        if setbacks_this_turn is None:
            setbacks_this_turn = rules.setbacks_per_turn if setback_used else 0
        else:
            setbacks_this_turn = whole(setbacks_this_turn, "setbacks_this_turn", lo=0, hi=rules.setbacks_per_turn,
                                       error=PositionError)
            if setback_used and setbacks_this_turn < rules.setbacks_per_turn:
                raise PositionError(f"setback_used=True but setbacks_this_turn={setbacks_this_turn}: these rules allow "
                                    f"{rules.setbacks_per_turn} per turn; give one of the two.")
        if len(hands) != players:
            raise PositionError(f"hands: {plural(len(hands), 'hand')} given for {plural(players, 'player')}; "
                                "give one per player.")
        hs = [cards_field(h, f"hands[{i}]") for i, h in enumerate(hands)]
        ps = [cards_field(p, f"piles[{i}]") for i, p in enumerate(piles if piles is not None else [()] * rules.piles)]
        dp = cards_field(draw_pile, "draw_pile")
        if hand_size_check:
            size = rules.hand_size(players)
            for i, h in enumerate(hs):
                if len(h) > size:
                    raise PositionError(f"hands[{i}] holds {len(h)} cards, more than the hand size {size} for "
                                        f"{players} players; remove cards or pass hand_size_check=False.")
        for i, h in enumerate(hs):
            if len(h) > MAX_TEACHING_HAND:
                raise PositionError(f"hands[{i}] holds {len(h)} cards; a teaching position holds at most "
                                    f"{MAX_TEACHING_HAND} cards in one hand (kit limit: the look-ahead "
                                    "searches every order of plays).")
        return cls(rules, players, hs, dp, ps, to_move, names=names,
                   setbacks_this_turn=setbacks_this_turn, played_this_turn=played_this_turn,
                   turn_minimum=turn_minimum, turn=turn, tokens=tokens, token_used_this_turn=token_used,
                   passed_this_turn=passed, passengers=passengers, delivered=delivered, burning=burning,
                   signals=signals, silence_until=silence_until, express=express)

    # ------------------------------------------------------------------ positions and copies
    def to_position(self) -> dict[str, Any]:
        """The whole state as a JSON-ready dict (cards in English notation).

        Variant state appears only under rules that have it (``tokens``,
        ``token_used_this_turn``, ``passed_this_turn``, ``passengers``, ``delivered``,
        ``burning``, ``silence_until``, ``express``) and ``signals`` only while any is
        posted, so a standard position looks as it always did.
        Two games are equal (``==``) exactly when their positions are equal.
        """
        pos: dict[str, Any] = {
            "players": self.players,
            "names": list(self.names),
            "hands": [[c.label("en") for c in h] for h in self.hands],
            "draw_pile": [c.label("en") for c in self.draw_pile],
            "piles": [[c.label("en") for c in p.cards] for p in self.piles],
            "to_move": self.to_move,
            "turn": self.turn,
            "setbacks_this_turn": self.setbacks_this_turn,
            "played_this_turn": self.played_this_turn,
            "turn_minimum": self.turn_minimum,
        }
        r = self.rules
        if r.tokens:
            pos["tokens"] = self.tokens
            pos["token_used_this_turn"] = self.token_used_this_turn
        if r.passing:
            pos["passed_this_turn"] = self.passed_this_turn
        if r.passengers:
            pos["passengers"] = [c.label("en") for c in self.passengers]
            pos["delivered"] = self.delivered
        if r.fire:
            pos["burning"] = [[p, c.label("en"), t] for p, c, t in self.burning]
        if r.commands != "none":
            pos["silence_until"] = self.silence_until
            pos["express"] = [c.label("en") for c in self.express]
        if any(self.signals.values()):
            pos["signals"] = {str(p): [[s, k, self._signal_turns[(p, s)]] for s, k in lst]
                              for p, lst in sorted(self.signals.items()) if lst}
        return pos

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GamePosition):
            return NotImplemented
        return self.rules == other.rules and self.to_position() == other.to_position()


    # ------------------------------------------------------------------ queries
    @property
    def setbacks_left(self) -> int:
        """Setbacks the player to move may still make this turn (``Rules.setbacks_per_turn``: one in the
        standard game, rules §4.5; a big setback counts as one, rules §10.5)."""
        return max(0, self.rules.setbacks_per_turn - self.setbacks_this_turn)

    @property
    def setback_used(self) -> bool:
        """Whether this turn's setback allowance is used up (no setback left; one per turn, rules §4.5)."""
        return self.setbacks_left == 0

    @property
    def setbacks_word(self) -> str:
        """This turn's setbacks in words, as the tables show them: ``"free"``, ``"used"``, ``"1 of 2 left"``."""
        return texts.setbacks_state(self.setbacks_this_turn, self.rules.setbacks_per_turn)

    @property
    def counted_this_turn(self) -> int:
        """Cards that count toward the minimum: cards played plus a counting pass."""
        return self.played_this_turn + (1 if self.passed_this_turn and self.pass_counts else 0)

    @property
    def still_to_play(self) -> int:
        """Cards the player to move must still play (or pass) this turn to reach the minimum."""
        return max(0, self.turn_minimum - self.counted_this_turn)

    @property
    def minimum_met(self) -> bool:
        """The player to move may end the turn (minimum reached, or no cards left in hand)."""
        return self.counted_this_turn >= self.turn_minimum or not self.hand

    @property
    def remaining(self) -> int:
        """Remaining cards: all hands + draw pile (rules §8.3; passengers out of the game do not count)."""
        return sum(len(h) for h in self.hands) + len(self.draw_pile)

    def is_terminal(self) -> bool:
        """Whether the game has ended (OpenSpiel name)."""
        return self.result is not None

    is_over = is_terminal

    def returns(self) -> list[float]:
        """OpenSpiel-style returns: every player of the team gets −remaining cards (0 = perfect)."""
        return [-float(self.remaining)] * self.players

    def current_player(self) -> int:
        """Seat of the player to move (OpenSpiel name)."""
        return self.to_move

    def _minimum_now(self) -> int:
        # Rules §6.3: once the draw pile is empty at the start of a turn, the minimum is 1.
        if not self.draw_pile:
            return self.rules.minimum_without_draw_pile
        # Befehle, Last (black King): one more while on top of any pile and the draw pile exists.
        # Decision: +1 however many black Kings are on top.
        return self.rules.minimum + (1 if self.last_active else 0)


    def _result_words(self) -> str:
        return texts.result_words(self.result, self.names)

    def _check_over(self) -> None:  # the transitions decide the end (paternoster.lift.transitions)
        raise NotImplementedError

