"""Every student-facing sentence of the exercises, in one place (both games, the campaign, the simulations).

The kinds (:mod:`..lift`, :mod:`..paskahousu`, :mod:`..campaign`, :mod:`..difficulty`) compute the facts
of a position and ask these modules for the words; the widget (``widgets/exercise.py``) takes its
buttons' messages from :mod:`.common` too.  Explanations quote the engine's own sentences (cost words,
refusals, log lines), which live in the games' modules.

    common      verdict words, reading answers, the widget's prompts and messages, small helpers
    lift        Paternoster's kinds and the campaign's ride stars
    paskahousu  Paskahousu's kinds
    difficulty  the simulation kinds of the difficulty lessons

**Decision (kit): hints.**  A hint is about *this* question — the card, the piles, the hands, the
numbers shown — and never states the answer: it names what to look at and which rule decides.  Hints
of questions answered with a number write the rules' small numbers as words ("the next rung costs
one"), so that no number in a hint can be read as the answer; a test checks every kind over many
seeds.
"""
