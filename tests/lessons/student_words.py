"""What a student sees on a lesson page, and the words and syntax that must not be there.

Seen: every markdown cell (HTML tags and comments left out: they are not shown) and every saved output
as JupyterLab shows it (its HTML with the tags left out, else its plain text; stdout, stderr, errors).
Code cells themselves are Python and may be folded away (Voilà never shows them): not checked.
A Voilà page shows the markdown without its ``<div class="kit-lab-only">`` blocks: that text must not
speak of cells, Shift+Enter, Run All or folded code (the page has none of them).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from lesson_cells import load, shown_text, source

#: rule name -> (pattern, where: "markdown", "output", "both", or "page": the markdown a Voilà page shows,
#: i.e. without its ``kit-lab-only`` blocks). A pattern is searched in the text as shown (case-sensitive
#: unless it says (?i)).
RULES: dict[str, tuple[re.Pattern[str], str]] = {
    "developer word": (re.compile(r"(?i)\b(nbval|pytest|traceback|doctest|hypothesis|xdist|stderr|stdout|"
                                  r"kwargs?|repr)\b"), "both"),
    "kernel": (re.compile(r"(?i)\bkernels?\b"), "both"),
    "dict or list repr": (re.compile(r"\{'|\{\"|\[\('|\['|\[\d+, \d+|\\u200b|\\x[0-9a-f]{2}|<[a-z_.]+ object at 0x"),
                          "both"),
    "None/True/False as a value": (re.compile(r"(?<![\w\"'])(None|True|False)(?![\w\"'])"), "output"),
    "progress bar": (re.compile(r"\d+%\||\|\s*\d+/\d+\s*\["), "output"),
    "empty stepper": (re.compile(r"Step 0 of 0"), "both"),
    "position number": (re.compile(r"Position #"), "both"),
    "Python import": (re.compile(r"\bfrom [A-Za-z_][\w.]* import\b|^\s*import [a-z_]+\s*$", re.MULTILINE), "markdown"),
    "JupyterLab words on a page": (re.compile(r"(?i)shift\s*\+\s*enter|\brun all\b|\bfolded away\b|\bcode (?:\w+ ){0,6}folded\b|"
                                              r"\brun (?:the|this) cells?\b|\b(?:this|next) cell shows\b|\ba cell (?:below|above)\b|"
                                              r"\b(?:this|next|the) cell (?:prints|builds|below|above|runs)\b|"
                                              r"\bcode cells?\b|\bfrom code\b|\bpython -m\b|\.venv/"), "page"),
    "function call": (re.compile(r"(?<![\w\].])[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*\((?!s\))"
                                 r"(?=[^)\n]{0,60}\))"), "markdown"),
}

#: A fenced code block (```) inside a ``<div class="kit-lab-only">`` block is code, like a code cell: shown
#: only in JupyterLab (where a student may type it), never on a Voilà page. It is not prose.
_LAB_ONLY = re.compile(r'(<div class="kit-lab-only">)(.*?)(</div>)', re.DOTALL)
_LAB_BLOCK = re.compile(r'<div class="kit-lab-only">.*?</div>', re.DOTALL)
_FENCE = re.compile(r"^```.*?^```[ \t]*$", re.DOTALL | re.MULTILINE)

_TAG = re.compile(r"<(script|style)\b.*?</\1>|<!--.*?-->|<[^>]+>", re.DOTALL | re.IGNORECASE)


def visible(text: str) -> str:
    """Text with HTML tags, comments, scripts and styles removed and entities decoded."""
    return html.unescape(_TAG.sub(" ", text))


def _markdown_prose(text: str) -> str:
    """A markdown cell as read: link targets `[words](target)` keep only their words; fenced code in a
    JupyterLab-only block is left out."""
    text = _LAB_ONLY.sub(lambda m: m.group(1) + _FENCE.sub(" ", m.group(2)) + m.group(3), text)
    return re.sub(r"\]\([^)]*\)", "]", visible(text))


def markdown_texts(text: str) -> dict[str, str]:
    """A markdown cell as read in JupyterLab ("markdown") and as a Voilà page shows it ("page")."""
    return {"markdown": _markdown_prose(text), "page": visible(_LAB_BLOCK.sub(" ", text))}


@dataclass(frozen=True)
class Finding:
    notebook: str
    cell: int
    rule: str
    where: str       # "markdown", "page" (the markdown a Voilà page shows) or "output"
    excerpt: str

    def __str__(self) -> str:
        return f"{self.notebook} cell {self.cell} ({self.where}) — {self.rule}: …{self.excerpt}…"


def _excerpt(text: str, start: int, end: int) -> str:
    return text[max(0, start - 40):end + 40].replace("\n", " ⏎ ")


def findings(path: Path) -> list[Finding]:
    """Every rule broken on a notebook's student-visible text."""
    found: list[Finding] = []
    for index, cell in enumerate(load(path).get("cells", [])):
        texts: list[tuple[str, str]] = []
        if cell.get("cell_type") == "markdown":
            texts += list(markdown_texts(source(cell)).items())
        elif cell.get("cell_type") == "code":
            texts += [("output", visible(shown_text(out))) for out in cell.get("outputs", []) or []]
        for where, text in texts:
            for rule, (pattern, scope) in RULES.items():
                if scope != where and not (scope == "both" and where != "page"):
                    continue
                for match in pattern.finditer(text):
                    found.append(Finding(path.name, index, rule, where, _excerpt(text, match.start(), match.end())))
    return found
