"""No developer words or Python syntax in what a student sees (the saved notebooks only; fast).

What a student sees is every markdown cell and every saved output (student_words.py says exactly
what is read and lists the rules: developer words such as nbval or Traceback, "kernel", dict and
list reprs, None/True/False printed as values, progress bars, "Step 0 of 0", "Position #", and
function-call syntax like ``name(args)`` in markdown). Code cells are Python and may be folded away;
a fenced code block inside a ``kit-lab-only`` div counts as code too.

NOT_YET: the rules a lesson may still break while it is being rewritten (empty: every lesson keeps every
rule). An allowance that is no longer needed fails too, so the set only shrinks.
``KIT_LESSONS_ALL=1`` ignores NOT_YET.
"""

from __future__ import annotations

import re

import pytest
from lesson_cells import NOTEBOOKS, check_all, notebook_paths
from student_words import RULES, findings, visible

CALL, DICT, VALUE, BAR, DEV, KERNEL = ("function call", "dict or list repr", "None/True/False as a value",
                                       "progress bar", "developer word", "kernel")
IMPORT, PAGE = "Python import", "JupyterLab words on a page"

#: lesson file -> the rules it may still break while it is being rewritten.
NOT_YET: dict[str, set[str]] = {}

PAGES = notebook_paths()


#: The same for the page rules (a Voilà page's markdown speaks of no cells, Shift+Enter, Run All or
#: folded code; no `from … import` in markdown): lesson file -> rules; a stale entry does not fail.
NOT_YET_PAGE: dict[str, set[str]] = {}


def _allowed(name: str) -> set[str]:
    return set() if check_all() else NOT_YET.get(name, set())


def _allowed_page(name: str) -> set[str]:
    return set() if check_all() else NOT_YET_PAGE.get(name, set())


@pytest.mark.parametrize("path", PAGES, ids=[p.stem for p in PAGES])
def test_a_student_sees_words_and_tables(path):
    broken = [f for f in findings(path) if f.rule not in _allowed(path.name) | _allowed_page(path.name)]
    assert broken == [], f"{len(broken)} things a student should not see:\n" + "\n".join(map(str, broken))


@pytest.mark.parametrize("path", PAGES, ids=[p.stem for p in PAGES])
def test_not_yet_allowances_are_still_needed(path):
    """A rule a lesson no longer breaks leaves its NOT_YET entry (so the allowance only shrinks)."""
    stale = _allowed(path.name) - {f.rule for f in findings(path)}
    assert stale == set(), f"{path.name} no longer breaks {sorted(stale)}: remove it from NOT_YET"


def test_not_yet_names_real_pages_and_rules():
    assert set(NOT_YET) <= {p.name for p in NOTEBOOKS.glob("*.ipynb")}
    assert set().union(*NOT_YET.values(), *NOT_YET_PAGE.values()) <= set(RULES)


# ---------------------------------------------------------------- the rules catch what they should

@pytest.mark.parametrize(("text", "rule"), [
    ("the lesson checks (nbval) skip it", DEV),
    ("Traceback (most recent call last):", DEV),
    ("a crashed kernel does not damage it", KERNEL),
    ("{'3': 0, '4': 1}", DICT),
    ("48 cells differ: [('2♥♦', '3', 'no', 'allowed')]", DICT),
    ("hands of [5, 5, 5, 5]", DICT),
    ("names[1] 'Blues\\u200b'", DICT),
    ("5♣ on an up pile showing 6♥: cost None", VALUE),
    ("fire: True", VALUE),
    ("  0%|          | 0/10000 [00:00<?, ?it/s]", BAR),
    ("Step 0 of 0", "empty stepper"),
    ("Position #734027", "position number"),
])
def test_each_rule_catches_its_example_in_an_output(text, rule):
    pattern, scope = RULES[rule]
    assert scope in ("both", "output") and pattern.search(visible(text))


@pytest.mark.parametrize("text", ["`compare(a, b)` answers with −1, 0 or 1",
                                  "`play_cost(card, direction, top)` gives it",
                                  "use parse_cards() to read it", "`undo()` takes back the last action"])
def test_function_calls_in_prose_are_caught(text):
    assert RULES[CALL][0].search(text)


@pytest.mark.parametrize("text", ["one or more rung(s) down", "(rules §5.2)", "the 2♦ (cost 2)",
                                  "[the rule book](../docs/rules/paternoster.md)", "Anna (seat 1) starts",
                                  "True or false? The queen of hearts is higher."])
def test_plain_prose_is_not_caught(text):
    from student_words import _markdown_prose

    prose = _markdown_prose(text)
    assert [rule for rule, (pattern, scope) in RULES.items()
            if scope in ("both", "markdown") and pattern.search(prose)] == []


@pytest.mark.parametrize("text", ["Run the cells from top to bottom (Shift + Enter).",
                                  "(The code that sets up the exercises is folded away; you need not read it.)",
                                  "Change the values and run the cell.", "This cell builds a second table",
                                  "python -m paternoster levels"])
def test_jupyterlab_words_on_a_page_are_caught(text):
    from student_words import markdown_texts

    assert RULES[PAGE][0].search(markdown_texts(text)["page"])


def test_jupyterlab_words_in_a_lab_only_block_are_fine():
    from student_words import markdown_texts

    cell = '<div class="kit-lab-only">\n\nRun the cells from top to bottom (Shift + Enter).\n\n</div>\n\nThe ladder.'
    assert not RULES[PAGE][0].search(markdown_texts(cell)["page"])
    assert RULES[IMPORT][0].search("(`from paternoster import preset`)")
    assert not RULES[IMPORT][0].search("the import buttons of the Punkte tab")


def test_fenced_code_in_a_lab_only_block_is_code_not_prose():
    from student_words import _markdown_prose

    cell = '<div class="kit-lab-only">\n\nTry it:\n\n```python\nGame.new(players=2, seed=7)\n```\n\n</div>'
    assert not RULES[CALL][0].search(_markdown_prose(cell))
    assert RULES[CALL][0].search(_markdown_prose(cell.replace("kit-lab-only", "kit-page-only")))


def test_outputs_are_read_as_shown():
    """An HTML output is read without its tags; its style and script are not text."""
    shown = visible('<style>.x {\'a\': 1}</style><div style="color: red">Anna <b>wins</b></div>')
    assert re.sub(r"\s+", " ", shown).strip() == "Anna wins"
