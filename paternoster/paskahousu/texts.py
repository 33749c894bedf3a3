"""Every sentence Paskahousu says to a student, in one place: the words for ranks, the acceptance table's
reasons, the opening, the refusals, the log of a game, its end, undo, and the card table's labels.

The engine decides; this module only words what it decided.  Each function takes what the sentence names
(names, card labels, counts, words built by :func:`rank_words`) and returns the sentence; nothing here
reads a game or a rule.  Rule-book citations ("Paskahousu rules §N") are part of the words, so they live
here too.  The card-table adapter and the widgets take their words from here as well.

>>> rank_words(8), rank_words(1, 2), rank_words(2, 1, red=True)
('an 8', 'two aces', 'a red 2')
>>> who_moves_next(AGAIN, "Anna", "Anna", True)
'Anna moves again on the empty table.'
"""

from __future__ import annotations

from typing import Any, Iterable

from ..core.checks import plural, short
from . import rule_ids as ids
from .order import AGAIN, LAST_BURN, LAYER_AGAIN

# --------------------------------------------------------------------------- words

_RANK_NAME = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def rank_words(rank: int, n: int = 1, red: bool = False) -> str:
    """``'a 10'``, ``'two 8s'``, ``'an ace'``, ``'a red 2'`` for ``n`` cards of a card rank (1 = ace … 13 = king)."""
    name = ("red " if red else "") + _RANK_NAME.get(rank, str(rank))
    if n == 1:
        return ("an " if name[0] in "a8" else "a ") + name
    return f"{('two', 'three', 'four')[n - 2] if 2 <= n <= 4 else n} {name}s"


def labels(cards: Iterable[Any]) -> str:
    """Cards as the log writes them: ``'8♥ 8♠'``."""
    return " ".join(str(c) for c in cards)


def lower_first(text: str) -> str:
    """A reason that starts a sentence, continued after a colon: "Under X …" becomes "under X …"."""
    return text[:1].lower() + text[1:] if text.startswith(("Under ", "On ", "A ", "The ")) else text


# --------------------------------------------------------------------------- the acceptance table's reasons
# ``me``: the played card in words ("an ace"), ``on``: the top card in words ("a king").

def empty_table_ban(me: str, faces_too: bool) -> str:
    what = "a 10 or an ace" + (" (nor a face card)" if faces_too else "")
    return (f"Under Leerer Tisch no new pile may start with {what}, so {me} may not open the empty table "
            f"(Paskahousu rules §11.7).")


def ten_ace_on_empty_table(option: str, me: str, more: str) -> str:
    """A 10 or an ace on the empty table under 10 und Ass auf dem leeren Tisch ``option`` (``"off"``: §6.5)."""
    if option == "burn":
        return (f"Under 10 und Ass auf dem leeren Tisch (B) {me} on the empty table burns itself, and the same "
                f"player moves again (Paskahousu rules §11.6).")
    if option == "pick_up_again":
        return (f"{me.capitalize()} may open the empty table; under 10 und Ass auf dem leeren Tisch (A nochmal) "
                f"the next player must pick it up at once, and the player who laid it moves again (Paskahousu "
                f"rules §11.6).")
    if option != "off":
        return (f"{me.capitalize()} may open the empty table; under 10 und Ass auf dem leeren Tisch the next "
                f"player must pick it up at once (Paskahousu rules §11.6).")
    return (f"On the empty table any rank may be played; {me} there does not burn itself, and only more {more} "
            f"may follow it (Paskahousu rules §6.5).")


EMPTY_TABLE = "On the empty table any rank may be played (Paskahousu rules §5.2)."


def must_pick_up_ten_ace(on: str, me: str) -> str:
    return (f"{on.capitalize()} opened the empty table, so under 10 und Ass auf dem leeren Tisch the next player "
            f"must pick it up at once (Paskahousu rules §11.6); {me} may not be played.")


def same_rank(me: str, on: str, rule: str = "§5.2") -> str:
    """``rule``: the section that allows the rank on itself — §6.3 for an ace, §6.4 for a 2, §6.5 for a 10."""
    return f"{me.capitalize()} may go on {on}: same rank (Paskahousu rules {rule})."


def two_on_ace_or_ten(on: str) -> str:
    return f"A 2 goes on anything except an ace and a 10 (Paskahousu rules §6.4), so not on {on}."


def ten_on_high(on: str) -> str:
    return f"A 10 may not go on face cards, aces or 2s (Paskahousu rules §6.2), so not on {on}."


def ace_only_on_face(on: str) -> str:
    return f"An ace may only go on a face card (J, Q, K) or another ace (Paskahousu rules §6.3), so not on {on}."


def only_same_rank(on: str, more: str, me: str, black: bool) -> str:
    return (f"{on.capitalize()} opened the empty table, so only more{' black' if black else ''} {more} may follow "
            f"until someone picks up the pile (Paskahousu rules §6.5); {me} may not.")


def only_two_on_two(me: str, black: bool) -> str:
    if black:
        return f"On a 2 only another black 2 may be played (Paskahousu rules §6.4, §11.8); {me} may not."
    return f"On a 2 only another 2 may be played (Paskahousu rules §6.4); {me} may not."


def two_high(on: str, black: bool, on_plain_red: bool) -> str:
    why = (" (red 10s, red aces and red 2s are plain cards under Nur Schwarze zählen, Paskahousu rules §11.8)"
           if on_plain_red else "")
    return f"{'A black 2' if black else 'A 2'}, the highest card, may go on {on} (Paskahousu rules §6.4){why}."


def ten_burns(on: str, on_plain_red: bool) -> str:
    if on_plain_red:
        return (f"A black 10 burns a plain card up to the 10's place, {on} included (Paskahousu rules §11.8, "
                f"Decision (kit)).")
    return "A 10 on a lower card (3 to 9) burns the discard pile (Paskahousu rules §6.2, §7.1)."


def ace_burns(on: str, on_plain_red: bool) -> str:
    if on_plain_red:
        return f"A black ace burns {on}, a plain card in the ace's place (Paskahousu rules §11.8, Decision (kit))."
    return "An ace on a face card burns the discard pile (Paskahousu rules §6.3, §7.1)."


#: Bildkarten erst später's thresholds in words, with their rule-book sections (Paskahousu rules §6.1, §11.4).
FACE_THRESHOLD_WORDS = {"off": ("higher than 6", "§6.1"), "eight": ("an 8 or higher", "§11.4"),
                        "nine": ("a 9 or a face card while not all 9s are burned", "§11.4")}


def face_card_on_low(option: str, me: str, on: str) -> str:
    words, sec = FACE_THRESHOLD_WORDS[option]
    lead = ("Face cards may only go on a card higher than 6, never on 3 to 6" if option == "off" else
            f"Under Bildkarten erst später face cards may only go on {words}")
    return f"{lead} (Paskahousu rules {sec}), so {me} may not go on {on}."


def lower_than_top(me: str, on: str, red_two: bool) -> str:
    low = " (a red 2 is the lowest card, Paskahousu rules §11.8)" if red_two else ""
    return f"A card must be at least as high as the top card (Paskahousu rules §5.2): {me} is lower than {on}{low}."


def higher_or_equal(me: str, on: str) -> str:
    return f"{me.capitalize()} is higher than {on} (Paskahousu rules §5.2)."


# --------------------------------------------------------------------------- burns (the log's reasons)

def burn_reason(what: str, me: str = "", on: str = "") -> str:
    """Why a play burned the pile, for the log: ``what`` is ``"empty"`` (10 und Ass auf dem leeren Tisch B),
    ``"red"`` (on a plain red card, Nur Schwarze zählen), ``"ten"``, ``"ace"``, or ``"four"`` (``me``: the plural
    name, "8s"); ``me``/``on``: the cards in words."""
    if what == "empty":
        return f"{me} on the empty table burns itself (10 und Ass auf dem leeren Tisch, Paskahousu rules §11.6)"
    if what == "red":
        return f"{me} on {on} burns the pile (Paskahousu rules §11.8)"
    if what == "four":
        return f"four {me} on top burn the pile"
    return ("a 10 on a card from 3 to 9" if what == "ten" else "an ace on a face card") + " burns the pile"


# --------------------------------------------------------------------------- the opening (§4, §11.3)

def opening_most(names: list[str], ranks: str, n: int, capped: bool = False) -> str:
    """The opener (``names[0]``, tied players after it) holds the most ``ranks`` (``n`` each) and opens with
    all of them, or (``capped``, Nur einzeln) with one of them."""
    lay = "opens the game by laying " + ("one of them" if capped else "it" if n == 1 else "them all")
    cite = "(Paskahousu rules §4; under Nur einzeln one at a time, §11.5)" if capped else "(Paskahousu rules §4)"
    if len(names) > 1:  # the tie rule decides, so say so: a student would otherwise look for a mistake
        return (f"{' and '.join(names)} hold the most {ranks} ({n} each); {names[0]} comes first clockwise "
                f"from the dealer's left and {lay} {cite}.")
    return f"{names[0]} holds the most {ranks} ({n}) and {lay} {cite}."


def opening_fixed(name: str, skipped: list[str]) -> str:
    none = f" ({', '.join(skipped)} {'has' if len(skipped) == 1 else 'have'} none)" if skipped else ""
    return (f"Fester Anfang: {name} is the first from the dealer's left holding a 3{none} and opens with one or "
            f"more 3s (Paskahousu rules §11.3).")


def opening_fixed_no_three(name: str) -> str:
    return (f"Fester Anfang: nobody holds a 3, so {name}, on the dealer's left, opens with any card "
            f"(Paskahousu rules §11.3).")


def opening_refusal_standard(who: str, ranks: str, cards: str, one_at_a_time: bool) -> str:
    """The opener must lay all their ``ranks`` (``cards``); Nur einzeln: any one of them (§4, §11.5)."""
    if one_at_a_time:
        return (f"The game opens with {who} laying one of their {ranks}, any of {cards}: under Nur einzeln they go "
                f"one at a time (Paskahousu rules §4, §11.5). Play one of these first.")
    return f"The game opens with {who} laying all their {ranks}: {cards} (Paskahousu rules §4). Play exactly these cards first."


def opening_refusal_fixed(who: str, groups: list[str], threes: bool) -> str:
    """Fester Anfang: ``groups`` are the cards of each rank that may open (suits do not matter)."""
    if threes:
        return (f"Under Fester Anfang the game opens with {who} laying one or more of their 3s, any of {groups[0]}: "
                f"suits do not matter (Paskahousu rules §11.3). Play 3s first.")
    return (f"Under Fester Anfang nobody holds a 3, so the game opens with {who} laying one card or several of one "
            f"rank from: {'; '.join(groups)} (Paskahousu rules §11.3). Play one of these first.")


# --------------------------------------------------------------------------- refusals (what may be done now)

def game_over(result: str, may_undo: bool) -> str:
    return f"The game is over ({result}); no more moves. {'Start a new game or undo.' if may_undo else 'Start a new game.'}"


def unknown_action(action: Any) -> str:
    return (f"{short(action)} is not a Paskahousu action: use PlayCards('8♣ 8♦'), PickUp() or TryYourLuck() "
            "(Pöytäpaska also TurnTableCard(0); Valepaska Announce('4♠', '8'), CheckAnnouncement(seat), LetPass(seat)).")


def pick_up_empty(who: str) -> str:
    return ("The discard pile is empty, so there is nothing to pick up (kit Decision: picking up an empty table is "
            f"not a move). {who} plays any card or cards of one rank instead.")


def draw_pile_empty(all_dealt: bool) -> str:
    if all_dealt:
        return ("Under Ruotsalainen every card is dealt at the start, so there is no draw pile and no luck to try "
                "(Paskahousu rules §11.11). Play or pick up the discard pile.")
    return ("The draw pile is empty, so there is no luck to try (Paskahousu rules §5.4: only while the draw pile "
            "lasts). Play or pick up the discard pile.")


def must_pick_up_no_luck(top: str, who: str) -> str:
    return (f"{top[:1].upper() + top[1:]} opened the empty table, so under 10 und Ass auf dem leeren Tisch {who} must pick it up "
            f"at once (Paskahousu rules §11.6); trying your luck is not allowed.")


ANNOUNCE_REQUIRED = ("In Valepaska cards are laid face down with an announced rank (Paskahousu rules §11.12): use "
                     "Announce(cards, rank), e.g. Announce('8♥ 8♠', '8').")


def empty_play(who: str) -> str:
    return f"A play needs at least one card; {who} names none. Give cards such as '8♣' or '8♣ 8♦'."


def not_one_rank(cards: str) -> str:
    return (f"{cards} are not all of one rank: a play is one card or several of the same rank "
            f"(Paskahousu rules §5.2).")


def mixed_colours(cards: str) -> str:
    return (f"{cards} mix red and black cards of a rank that Nur Schwarze zählen tells apart: play the red ones and "
            f"the black ones separately (Paskahousu rules §11.8).")


def named_twice(cards: str, decks: int) -> str:
    if decks == 1:
        return (f"The play names {cards} more than once, but Paskahousu uses one deck, so each card exists once "
                f"(Paskahousu rules §1.2).")
    return (f"The play names {cards} more than twice, but Zwei Blätter has two decks, so each card exists twice "
            f"(Paskahousu rules §11.9).")


def not_in_hand(who: str, missing: str, have: str, that_often: bool) -> str:
    """``have``: the hand's cards (``''``: none)."""
    return (f"{who} (to move) does not hold {missing}{' that often' if that_often else ''}; "
            f"the hand is: {have or 'no cards'}.")


def not_on_face_up(who: str, missing: str, have: str) -> str:
    return f"{who} (to move) has no face-up table card {missing}; the face-up table cards are: {have or 'no cards'}."


def may_not_open(cards: str, reason: str, who: str) -> str:
    return f"{cards} may not open the empty table: {lower_first(reason)} {who} holds other cards to open with."


def may_not_go_on(cards: str, top: str, reason: str) -> str:
    return f"{cards} may not go on {top}: {lower_first(reason)}"


def singles_only(high: bool, cards: str) -> str:
    return (f"Under Nur einzeln {'face cards, aces and 2s' if high else '2s'} are played one at a time, so {cards} "
            f"may not be laid together (Paskahousu rules §11.5). Lay one of them.")


# Valepaska's refusals (Paskahousu rules §11.12)

ANNOUNCE_OFF = ("Announcing a rank with cards laid face down belongs to the house rule Valepaska (Paskahousu rules "
                "§11.12), which this game does not play: play the cards face up with PlayCards.")


def empty_announcement(who: str) -> str:
    return f"An announcement lays at least one card; {who} names none."


def announced_singly(ranks: str, who: str, n: int) -> str:
    return f"Under Nur einzeln {ranks} are announced one at a time (Paskahousu rules §11.5); {who} lays {n}."


def announce_count(most: int, who: str, n: int) -> str:
    return (f"An announcement names at most {most} cards, the copies of one rank in the deck (Paskahousu rules "
            f"§11.12, Decision (kit)); {who} lays {n}.")


def announce_not_legal(who: str, what: str, top: str | None, reason: str) -> str:
    """``what``: the announcement in words ("two 8s"); ``top``: the announced top's rank name, ``None``: empty table."""
    if top is None:
        return (f"{who} may not open the empty table announcing {what}: the announcement must be a legal play "
                f"(Paskahousu rules §11.12). {reason}")
    return (f"{who} may not announce {what} on the announced {top}: the announcement must be a legal play "
            f"(Paskahousu rules §11.12). {reason}")


def window_open(what: str, decider: str) -> str:
    return (f"The announcement of {what} is still open: {decider} decides first whether to check it or let it pass "
            "(Paskahousu rules §11.12).")


def decision_refused(reason: str, verb: str, names: list[str], seat: Any = None, first: str = "") -> str:
    """Why a check or a let-pass is refused; ``reason`` one of ``"off"``, ``"none"``, ``"no-seat"``,
    ``"announcer"``, ``"decided"``, ``"later"``; ``verb`` ``"check"`` or ``"let an announcement pass"``."""
    if reason == "off":
        return (f"Only in Valepaska (Paskahousu rules §11.12) are cards laid face down with an announcement; this "
                f"game does not play it, so there is nothing to {verb.split()[0]}.")
    if reason == "none":
        return (f"No announcement is waiting for a check: a player may {verb} only right after another player's "
                "announcement, before the next move (Paskahousu rules §11.12).")
    if reason == "no-seat":
        return f"Seat {short(seat)} is not at this table (seats 0 … {len(names) - 1})."
    if reason == "announcer":
        return f"{names[seat]} made the announcement and cannot {verb} it; the other players decide (Paskahousu rules §11.12)."
    if reason == "decided":
        return f"{names[seat]} is out of the game or has decided already, so cannot {verb} now (Paskahousu rules §11.12)."
    return (f"{first} decides first: the players decide one after the other, clockwise from the announcer's left "
            f"(Paskahousu rules §11.12, Decision (kit)); {names[seat]} comes later.")


# Pöytäpaska's refusals (Paskahousu rules §11.10)

TABLE_CARDS_OFF = ("There are no table cards: turning a face-down table card over belongs to the house rule "
                   "Pöytäpaska (Paskahousu rules §11.10), which this game does not play.")


def table_cards_refusal(rule: str, who: str, face_down: bool = False, left: int = 0, slot: int = 0) -> str:
    """Why a table card may not be played (or, ``face_down``, turned) now; ``rule`` is the refusal's id
    (:mod:`.rule_ids`); ``no-such-slot``: ``left`` face-down cards, ``slot`` asked for."""
    if rule == ids.HAND_FIRST:
        return (f"{who} still has cards in the hand or the draw pile is not empty: " + (
            "face-down table cards come last" if face_down else
            "face-up table cards are played only once hand and draw pile are empty") + " (Paskahousu rules §11.10).")
    if rule == ids.FACE_UP_FIRST:
        return (f"{who} still has face-up table cards: play those before turning a face-down one over "
                "(Paskahousu rules §11.10).")
    if rule == ids.FACE_DOWN_BLIND:
        return (f"{who} has only face-down table cards left: turn one over (TurnTableCard) or pick up the discard "
                "pile (Paskahousu rules §11.10).")
    return f"{who} has {plural(left, 'face-down card')} left, so slot {slot} does not exist: choose 0 … {max(left - 1, 0)}."


# --------------------------------------------------------------------------- the log of a game

def turn_head(turn: int, who: str, what: str) -> str:
    """``'Turn 3: Anna <what>'``: the start of an action's sentence."""
    return f"Turn {turn}: {who} {what}"


def on_top(top: str | None) -> str:
    return f"on {top}" if top is not None else "on the empty table"


def plays(cards: str, n: int, top: str | None, face_up: bool = False, opening: bool = False) -> str:
    """What a play was, after :func:`turn_head`: the opening lay, face-up table cards, or cards from the hand."""
    if opening:
        return f"opens with {cards}"
    if face_up:
        return f"plays face-up table {'card' if n == 1 else 'cards'} {cards} {on_top(top)}"
    return f"plays {cards} {on_top(top)}"


def laid(head: str, burn: str, burned: int) -> str:
    """A play's sentence; ``burn``: why it burned the pile (``''``: it did not)."""
    return f"{head} — {burn} ({plural(burned, 'card')} set aside)." if burn else head + "."


def draws(who: str, drawn: int, left: int) -> str:
    tail = "the draw pile is now empty" if not left else f"{left} left in the draw pile"
    return f"{who} draws {plural(drawn, 'card')} ({tail})."


def picks_up(k: int, holds: int) -> str:
    return f"picks up the discard pile ({plural(k, 'card')}) and now holds {plural(holds, 'card')}."


def tries_luck(card: Any) -> str:
    return f"chooses try your luck and turns over {card} from the draw pile"


def turns_table_card(card: Any) -> str:
    return f"turns over a face-down table card, {card}"


def revealed_taken(head: str, who: str, card: Any, top: str | None, k: int, holds: int) -> str:
    """A turned-over card that may not be played: taken into the hand, with the pile if there is one."""
    if top is None:  # Leerer Tisch: the card may not open the empty table
        return (f"{head}: it may not open the empty table, so {who} takes {card} into their hand and now holds "
                f"{plural(holds, 'card')}.")
    return (f"{head}: it may not go on {top}, so {who} picks up {card} and the discard pile ({plural(k, 'card')}) "
            f"and now holds {plural(holds, 'card')}.")


def revealed_played(head: str, top: str | None, burn: str, burned: int) -> str:
    if burn:
        return f"{head}: it may go {on_top(top)} and is played — {burn} ({plural(burned, 'card')} set aside)."
    return f"{head}: it may go {on_top(top)}, so it is played."


def announced_top(rank: str) -> str:
    """Valepaska's top card in a sentence: the announced rank (the cards lie face down)."""
    return f"the announced {rank}"


def announces(n: int, top: str | None, what: str) -> str:
    return f"lays {plural(n, 'card')} face down {on_top(top)} and announces {what}."


LETS_PASS = "lets the announcement pass."


def nobody_checked(who: str, what: str, burn: str, burned: int) -> str:
    return (f"Nobody checked {who}'s announcement of {what}, so it counts as true: {burn} "
            f"({plural(burned, 'card')} set aside unseen).")


def checks(checker: str, announcer: str, what: str, cards: str, true: bool, k: int, holds: int) -> str:
    verdict = (f"the announcement was true, so {checker} picks up" if true
               else f"{announcer} lied, so {announcer} picks up")
    return (f"checks {announcer}'s announcement of {what}: the cards are {cards} — {verdict} the discard pile "
            f"({plural(k, 'card')}) and now holds {plural(holds, 'card')}.")


def out_and_safe(who: str, all_dealt: bool) -> str:
    pile = "and there is no draw pile" if all_dealt else "while the draw pile is empty"
    return f"{who} has no cards left {pile}: out and safe."


# who moves next (:func:`~paternoster.paskahousu.order.next_seat` answers with a seat and why)

def who_moves_next(why: str, mover: str, nxt: str, empty_table: bool) -> str | None:
    """The sentence for why ``nxt`` moves after ``mover`` (``why``: :func:`~.order.next_seat`'s reason), or
    ``None`` when the plain next player moves on a pile that has cards."""
    if why == LAYER_AGAIN:
        return (f"{nxt} laid the card that had to be picked up and moves again on the empty table (10 und Ass auf "
                f"dem leeren Tisch, Paskahousu rules §11.6).")
    if why == AGAIN:
        return f"{mover} moves again on the empty table."
    if why == LAST_BURN:
        return f"{mover} went out with that burn, so {nxt} starts on the empty table (Paskahousu rules §8.2)."
    return f"{nxt} starts on the empty table." if empty_table else None


# --------------------------------------------------------------------------- the end (§8)

def turn_cap(cap: int) -> str:
    return (f"The game reached the turn cap of {cap} turns and ends as a stalemate with no loser (Paskahousu rules "
            f"§8.4, Decision (kit)).")


def loser(who: str, holds: int) -> str:
    return f"{who} alone still holds cards ({holds}) and is the Paskahousu: {who} loses the game (Paskahousu rules §8.3)."


def result_words(outcome: str | None, loser_name: str = "", turn: int = 0) -> str:
    """``'in progress'`` (``outcome`` ``None``), ``'stalemate after 1000 turns'``, ``'Anna is the Paskahousu after 41 turns'``."""
    if outcome is None:
        return "in progress"
    if outcome == "stalemate":
        return f"stalemate after {turn} turns"
    return f"{loser_name} is the Paskahousu after {turn} turns"


# --------------------------------------------------------------------------- undo

NOTHING_TO_UNDO = "There is nothing to undo: no action was taken in this game (or it was applied without undo)."
UNDO_SHOWN_CHECK = ("A check showed the face-down cards to everyone, so it cannot be taken back (Paskahousu rules "
                    "§11.12). Play on from here or start a new game.")
UNDO_SHOWN_TURN = ("A face-down table card, once turned over, has been seen by everyone, so turning it cannot be taken "
                   "back (Paskahousu rules §11.10). Play on from here or start a new game.")

#: What :meth:`PaskahousuTable.act` says was undone, by the action's record type.
UNDONE = {"pick-up": "picking up", "try-your-luck": "trying your luck",
          "turn-table-card": "turning a face-down table card over", "check": "the check",
          "let-pass": "letting the announcement pass"}


def undone(kind: str, cards: str = "", n: int = 0) -> str:
    if kind == "play":
        what = "the play of " + cards
    elif kind == "announce":
        what = f"laying {plural(n, 'card')} face down"
    else:
        what = UNDONE.get(kind, "the last action")
    return f"Undone: {what}."


# --------------------------------------------------------------------------- the game shown in a notebook

HTML_TO_MOVE, HTML_OUT, HTML_LOSER = " ◀ to move", " (out)", " (Paskahousu)"
#: The discard pile without cards, in a few words.
EMPTY_TABLE_WORDS = "empty table"
HTML_HEADS = ("player", "hand", "cards")
#: Templates: the turn and the player to move; the discard pile's count; the draw pile's and the burned cards' counts.
HTML_STATUS, HTML_DISCARD, HTML_COUNTS = ("Turn {}: {} to move", "Discard pile ({}; top last): ",
                                          "Draw pile: {} cards · burned: {} cards")


# --------------------------------------------------------------------------- the card table's words

DISCARD_PILE, BURNED_PILE = "Discard pile", "Burned (face down)"
#: A card back, for screen readers.
FACE_DOWN_WORDS = "face down"
DRAW_COUNTER, TOP_COUNTER, BURNED_COUNTER = "Draw pile", "Top of the discard pile", "Burned"
#: Cards an example set aside before it began (the card-table widget tells them apart from the burned ones).
OUT_OF_PLAY_COUNTER = "Out of play"
ANNOUNCE_AS = "Announce as:"
TARGET_OPENING, TARGET_FACE_DOWN, TARGET_BURNS, TARGET_ALLOWED = ("opening lay", "face down, announced",
                                                                  "burns the pile", "allowed")
BUTTON_PICK_UP, BUTTON_LUCK, BUTTON_UNDO, BUTTON_COMPUTER = ("Pick up the discard pile", "Try your luck", "Undo",
                                                             "Computer moves")
GAME_IS_OVER = "The game is over."
#: Templates: the let-pass button (who decides), the opening button (the cards), the status during the forced
#: opening (turn, who, cards) and during a check window (turn, announcer, what was announced, who decides).
LET_PASS_BUTTON, OPEN_BUTTON = "Let it pass ({})", "Open with {}"
STATUS_OPENING = "Turn {}: {} opens the game with {} (forced)."
STATUS_WINDOW = "Turn {}: {} said {}, face down. {}: check it, or let it pass? (Paskahousu rules §11.12)"


def said(who: str, what: str, face_up: bool) -> str:
    """An announcement in the list of the last ones: ``'Ben: two 8s (face down)'``."""
    return f"{who}: {what}" + (" (face up)" if face_up else " (face down)")


def pile_said(who: str, what: str, face_up: bool) -> str:
    return f"{who} laid {what} face up" if face_up else f"{who} said: {what} (face down)"


def play_choice(cards: str, burns: bool) -> str:
    return f"Play {cards}" + (" (burns)" if burns else "")


def check_button(who: str, announcer: str, n: int) -> str:
    return f"Check! ({who} turns {announcer}'s {plural(n, 'card')} over)"


def status_top(top: str | None, said_by: str = "", what: str = "") -> str:
    """What lies on top: ``None`` the empty table; ``said_by``: Valepaska's announcer of a face-down top."""
    if top is None and not said_by:
        return "the table is empty"
    if said_by:
        return f"on top, {said_by} said {what}"
    return f"top card {top}"


def status_move(turn: int, who: str, top: str, draw: int | None) -> str:
    """``draw``: cards in the draw pile, ``None`` under Ruotsalainen (there is none)."""
    tail = "" if draw is None else f"; {plural(draw, 'card')} in the draw pile"
    return f"Turn {turn}: {who} to move — {top}{tail}."


BURNED_OUT_OF_GAME = "The burned cards are out of the game: cards are played on the discard pile."


def one_pile(discard: str, pile: Any) -> str:
    return f"Paskahousu has one pile to play on, the discard pile ('{discard}'), not {short(pile)}."


OPENING_MADE = "The opening lay is made already; play, pick up or try your luck."
NO_END_TURN = ("Paskahousu has no end-turn: a turn is one action — play, pick up or try your luck — and then the "
               "next player moves by themselves.")


def unknown_table_action(action: Any) -> str:
    return (f"Unknown action {short(action)}: give the action under the key \"type\", e.g. {{\"type\": \"undo\"}}. "
            "A Paskahousu turn is one action — \"play\" (with the card), \"pick-up\" or \"try-your-luck\"; also "
            "\"opening\" (the forced first lay), \"undo\" or \"computer\".")
