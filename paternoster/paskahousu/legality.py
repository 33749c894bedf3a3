"""The rules' queries on a Paskahousu position: the legal actions (also as options for the computer players),
the legal plays with their verdicts, and why an action is refused (:meth:`PaskahousuLegality.check`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.refusal import Refusal
from . import bluff as bluff_rules
from . import rule_ids
from . import table_cards as table_rules
from . import texts
from .actions import (Action, Announce, CheckAnnouncement, LegalPlay, LetPass, PickUp, PlayCards, TryYourLuck,
                      TurnTableCard)
from .options import PICK_UP, PLAY, TRY_YOUR_LUCK, legal_options
from .ranks import BURNS, NO, RANK_ORDER, S3, accept_verdict, play_verdict, plural_word, rank_word, strength
from .state import PaskahousuState, by_strength, counts_of

__all__ = ["PaskahousuLegality"]

_ACTIONS = (PlayCards, PickUp, TryYourLuck, TurnTableCard, Announce, CheckAnnouncement, LetPass)


class PaskahousuLegality(PaskahousuState):
    """What the rules allow now, and why they refuse the rest."""

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every action allowed now.

        Returns:
            during the opening the opening lay(s); else every legal :class:`PlayCards`
            (by rank from low to high, each with 1 … all the cards of that rank held — the
            lowest suits first), then :class:`PickUp` if the discard pile has cards, then
            :class:`TryYourLuck` if the draw pile has cards.  Empty when the game is over.
        """
        if self.result is not None:
            return []
        if self._opening is not None:
            return list(self._opening)
        return [self.option_action(o) for o in self.options()]

    def options(self) -> list[tuple[int, int, int]]:
        """:meth:`legal_actions` as entries ``(kind, value, count)``, in the same order — what the computer
        players and the fast simulation choose from.

        Kinds: ``PLAY`` (0; value = the cards' kind, see :meth:`kind`; count = cards), ``PICK_UP`` (1),
        ``TRY_YOUR_LUCK`` (2); Pöytäpaska's ``TURN`` (3; value = face-down slot); Valepaska's ``ANNOUNCE``
        (4, honest; value = strength), ``LIE`` (5, the kit's lie, see
        :func:`~paternoster.paskahousu.bluff.lie_cards`), ``CHECK`` (6) and ``LET_PASS`` (7; value = the
        deciding seat).  :meth:`option_action` turns an entry into its action.

        The standard game: every legal play by kind, then count 1 … held (at most the Nur einzeln limit);
        pick up if the pile has cards; try your luck if the draw pile has cards (see
        :func:`~paternoster.paskahousu.legal_options`).  Pöytäpaska: the same with the face-up table cards once
        hand and draw pile are empty; then every face-down slot and pick up.  Valepaska: during a check window
        the decider's check and let-pass; otherwise every announcement the rules allow by strength and count
        (honest if the hand holds the cards, and the kit's lie if it holds that many other cards), pick up, try
        your luck.  (Any other choice of cards for an announcement is legal too: :meth:`check` accepts any
        cards of the hand.)  During the opening: the opening lay(s).
        """
        if self.result is not None:
            return []
        if self._opening is not None:
            return [(PLAY, self._kinds[a.cards[0].rung], len(a.cards)) for a in self._opening]
        top, run = self.top_run()
        row = self._table[top + 1]
        if self.bluff:
            st = self.bluff_state
            if st.deciders:
                return [(bluff_rules.CHECK, st.deciders[0], 0), (bluff_rules.LET_PASS, st.deciders[0], 0)]
            allowed = [row[s] != NO for s in range(13)]
            out = bluff_rules.announce_options(counts_of(self.hand), allowed, self.announce_limits())
            if self.pile:
                out.append((PICK_UP, -1, 0))
            if self.draw_pile and (not self.pile or any(row)):
                out.append((TRY_YOUR_LUCK, -1, 0))
            return out
        if self.phase() == table_rules.FACE_DOWN:
            return table_rules.turn_options(len(self.face_down[self.to_move]), len(self.pile))
        return legal_options(counts_of(self._source(), self._kinds, self._k), row, len(self.pile),
                             len(self.draw_pile), self._limits)

    def option_action(self, option: tuple[int, int, int]) -> Action:
        """The action of an :meth:`options` entry for the player to move (a play takes the lowest suits first)."""
        kind, s, n = option
        if kind == PICK_UP:
            return PickUp()
        if kind == TRY_YOUR_LUCK:
            return TryYourLuck()
        if kind == table_rules.TURN:
            return TurnTableCard(s)
        if kind == bluff_rules.CHECK:
            return CheckAnnouncement(s)
        if kind == bluff_rules.LET_PASS:
            return LetPass(s)
        if kind == bluff_rules.LIE:
            cards = bluff_rules.lie_cards(self.hand, s, n)
            assert cards is not None  # options() lists a lie only when the hand has the cards
            return Announce(cards, RANK_ORDER[s])
        if kind == bluff_rules.ANNOUNCE:
            return Announce(tuple(self._by_kind(self.hand)[s][:n]), RANK_ORDER[s])
        return PlayCards(tuple(self._by_kind(self._source())[s][:n]))

    def announce_limits(self) -> list[int]:
        """Valepaska: the most cards one announcement may name, per strength — the copies of a rank in the
        deck(s), or 1 where Nur einzeln allows single cards only (Paskahousu rules §11.5, §11.12)."""
        most = bluff_rules.copies_per_rank(self.rules.decks)
        return [min(most, self._limits[s]) for s in range(13)]

    def legal_plays(self) -> list[LegalPlay]:
        """The card plays among :meth:`legal_actions`, each with its verdict (does it burn the pile?).

        Pöytäpaska's face-up table cards are plays too; turning a face-down card over is listed with
        ``burns=None`` (nobody knows the card).  Valepaska: the announcements, ``burns`` if unchecked.

        >>> from paternoster.paskahousu import PaskahousuGame
        >>> g = PaskahousuGame.from_position(["4♦ 9♥", "K♠"], pile="4♥ 4♠ 4♣")
        >>> [(" ".join(map(str, lp.action.cards)), lp.burns) for lp in g.legal_plays()]
        [('4♦', True), ('9♥', False)]
        """
        top, run = self.top_run()
        out = []
        for a in self.legal_actions():
            if isinstance(a, PlayCards):
                verdict, _ = play_verdict(self._table, top, run, self._kinds[a.cards[0].rung], len(a.cards),
                                          self._four)
                out.append(LegalPlay(a, verdict == BURNS))
            elif isinstance(a, Announce):
                verdict, _ = play_verdict(self._table, top, run, strength(a.rank), len(a.cards), self._four)
                out.append(LegalPlay(a, verdict == BURNS))
            elif isinstance(a, TurnTableCard):
                out.append(LegalPlay(a, None))  # blind: nobody knows the card before it is turned
        return out

    # ------------------------------------------------------------------ refusals
    def check(self, action: Action) -> Refusal | None:
        """``None`` if ``action`` is legal now, else the :class:`Refusal` (rule id and message).

        Rule ids (:mod:`~paternoster.paskahousu.rule_ids`): ``game-over``, ``unknown-action``, ``opening-lay``,
        ``empty-play``, ``one-rank``, ``not-in-hand``, ``pick-up-empty`` (**Decision**: picking up an empty
        table is not a move), ``draw-pile-empty``, the house rules' ids, and the refusing ids of
        :func:`~paternoster.paskahousu.acceptance`.
        """
        if self.result is not None:
            return Refusal(rule_ids.GAME_OVER, texts.game_over(self._result_words(), bool(self._undo)))
        if not isinstance(action, _ACTIONS):
            return Refusal(rule_ids.UNKNOWN_ACTION, texts.unknown_action(action))
        who = self.names[self.to_move]
        if isinstance(action, TurnTableCard) and not self.table_cards:
            return table_rules.turn_refusal(False, self.phase(), who, action.slot, 0)
        if isinstance(action, Announce) and not self.bluff:
            return self._announce_refusal(action)
        if isinstance(action, (CheckAnnouncement, LetPass)):
            return bluff_rules.decision_refusal(self.bluff, self.bluff_state, action.seat, self.names,
                                                isinstance(action, CheckAnnouncement))
        window = bluff_rules.window_refusal(self.bluff_state.pending, who)
        if window is not None:
            return window
        if self._opening is not None:
            return self._opening_refusal(action)
        if isinstance(action, PickUp):
            return Refusal(rule_ids.PICK_UP_EMPTY, texts.pick_up_empty(who)) if not self.pile else None
        if isinstance(action, TryYourLuck):
            if not self.draw_pile:
                return Refusal(rule_ids.DRAW_PILE_EMPTY, texts.draw_pile_empty(self.rules.deal_all))
            top_kind, _ = self.top_run()
            if self.pile and not any(self._table[top_kind + 1]):
                return Refusal(rule_ids.MUST_PICK_UP, texts.must_pick_up_no_luck(self._top_text(), who))
            return None
        if isinstance(action, TurnTableCard):
            return table_rules.turn_refusal(self.table_cards, self.phase(), who, action.slot,
                                            len(self.face_down[self.to_move]))
        if isinstance(action, Announce):
            return self._announce_refusal(action)
        if self.bluff:
            return Refusal(rule_ids.ANNOUNCE_REQUIRED, texts.ANNOUNCE_REQUIRED)
        return self._play_refusal(action, who)

    def _opening_refusal(self, action: Action) -> Refusal | None:
        """The opening lay (Paskahousu rules §4, §11.3): cards of the opening's rank, as many as it allows, from
        the opener's hand — which cards of that rank does not matter (suits never do, Paskahousu rules §2)."""
        assert self._opening is not None
        shapes = {(self._kinds[a.cards[0].rung], len(a.cards)) for a in self._opening}
        if isinstance(action, PlayCards) and action.cards and len({self._kinds[c.rung] for c in action.cards}) == 1 \
                and (self._kinds[action.cards[0].rung], len(action.cards)) in shapes \
                and not Counter(action.cards) - Counter(self.hand):
            return None
        who = self.names[self.to_move]
        by_kind = self._by_kind(self.hand)
        kinds = list(dict.fromkeys(self._kinds[a.cards[0].rung] for a in self._opening))  # low to high
        if self.rules.fixed_start:
            groups = []
            for s in kinds:
                most = max(n for x, n in shapes if x == s)
                groups.append(texts.labels(by_kind[s]) + (" (one at a time)" if most < len(by_kind[s]) else ""))
            return Refusal(rule_ids.OPENING_LAY, texts.opening_refusal_fixed(who, groups, kinds == [S3]))
        s = kinds[0]
        one = max(n for _, n in shapes) < len(by_kind[s])
        return Refusal(rule_ids.OPENING_LAY, texts.opening_refusal_standard(who, plural_word(s),
                                                                            texts.labels(by_kind[s]), one))

    def _play_refusal(self, action: PlayCards, who: str) -> Refusal | None:
        """May the player to move lay ``action.cards`` face up now (Paskahousu rules §5.2, §6, §11)?"""
        cards = action.cards
        source = self.hand
        if self.table_cards:
            mine = Counter(cards)
            source_refusal = table_rules.play_source_refusal(
                self.phase(), who, not mine - Counter(self.hand), not mine - Counter(self.face_up[self.to_move]))
            if source_refusal is not None:
                return source_refusal
            source = self._source()
        if not cards:
            return Refusal(rule_ids.EMPTY_PLAY, texts.empty_play(who))
        if len({c.rank for c in cards}) > 1:
            return Refusal(rule_ids.ONE_RANK, texts.not_one_rank(texts.labels(cards)))
        if len({self._kinds[c.rung] for c in cards}) > 1:
            return Refusal(rule_ids.ONE_RANK, texts.mixed_colours(texts.labels(cards)))
        twice = [c for c in dict.fromkeys(cards) if cards.count(c) > self.rules.decks]
        if twice:
            return Refusal(rule_ids.NOT_IN_HAND, texts.named_twice(texts.labels(twice), self.rules.decks))
        missing = [c for c in dict.fromkeys(cards) if source.count(c) < cards.count(c)]
        if missing:
            have = texts.labels(by_strength(source, self._kinds))
            if source is not self.hand:
                return Refusal(rule_ids.NOT_IN_HAND, texts.not_on_face_up(who, texts.labels(missing), have))
            return Refusal(rule_ids.NOT_IN_HAND, texts.not_in_hand(who, texts.labels(missing), have,
                                                                   all(c in self.hand for c in missing)))
        s = self._kinds[cards[0].rung]
        top = self.top
        s_top = -1 if top is None else self._kinds[top.rung]
        if self._table[s_top + 1][s] == NO:
            if top is None:
                counts = counts_of(source, self._kinds, self._k)
                if any(counts[x] and self._table[0][x] for x in range(self._k)):
                    _, rule, reason = accept_verdict(None, s, self.rules, self.opened)
                    return Refusal(rule, texts.may_not_open(texts.labels(cards), reason, who))
                # Decision (kit): the ban yields when nothing else is held (Paskahousu rules §11.7)
            else:
                _, rule, reason = accept_verdict(s_top, s, self.rules, self.opened,
                                                 self._table is not self._base_table)
                return Refusal(rule, texts.may_not_go_on(texts.labels(cards), str(top), reason))
        # the rank may go here; now Nur einzeln (§11.5), so a refusal names the first rule that fails
        if len(cards) > self._limits[s]:
            return Refusal(rule_ids.SINGLES_ONLY, texts.singles_only(self.rules.singles_only == "high",
                                                                     texts.labels(cards)))
        return None

    def _announce_refusal(self, action: Announce) -> Refusal | None:
        """Valepaska: may the player to move lay ``action.cards`` face down announcing ``action.rank`` now?"""
        who = self.names[self.to_move]
        if not self.bluff:
            return Refusal(rule_ids.BLUFF_OFF, texts.ANNOUNCE_OFF)
        cards, n = action.cards, len(action.cards)
        if not cards:
            return Refusal(rule_ids.EMPTY_PLAY, texts.empty_announcement(who))
        short_of = Counter(cards) - Counter(self.hand)
        if short_of:
            return Refusal(rule_ids.NOT_IN_HAND, texts.not_in_hand(who, texts.labels(sorted(short_of.elements())),
                                                                   texts.labels(by_strength(self.hand)), False))
        s = strength(action.rank)
        most = self.announce_limits()[s]
        if n > most:
            if most < bluff_rules.copies_per_rank(self.rules.decks):
                return Refusal(rule_ids.SINGLES_ONLY, texts.announced_singly(plural_word(s), who, n))
            return Refusal(rule_ids.ANNOUNCE_COUNT, texts.announce_count(most, who, n))
        top, _ = self.top_run()
        if self._table[top + 1][s] == NO:
            _, rule, reason = accept_verdict(None if top < 0 else top, s, self.rules, self.opened,
                                             self._table is not self._base_table)
            on = None if top < 0 else rank_word(top)[rank_word(top).index(' ') + 1:]
            return Refusal(rule, texts.announce_not_legal(who, rank_word(s, n), on, reason))
        return None

    def why_not(self, cards: Any) -> str | None:
        """The refusal message for playing ``cards`` (text or list) now, or ``None`` if the play is legal.

        Raises:
            CardParseError: ``cards`` cannot be read.
        """
        r = self.check(PlayCards(cards))
        return None if r is None else r.message

    # ------------------------------------------------------------------ undo
    def _undo_blocked(self, action: Action) -> Refusal | None:
        """Undo is refused after an action that showed hidden cards — a Valepaska check (Paskahousu rules
        §11.12) or a turned face-down table card (Pöytäpaska, §11.10): taking it back would let the player
        choose again knowing those cards (rule ``undo-shown``; the kernel's :meth:`undo_refusal` asks this)."""
        if isinstance(action, CheckAnnouncement):
            return Refusal(rule_ids.UNDO_SHOWN, texts.UNDO_SHOWN_CHECK)
        if isinstance(action, TurnTableCard):
            return Refusal(rule_ids.UNDO_SHOWN, texts.UNDO_SHOWN_TURN)
        return None
