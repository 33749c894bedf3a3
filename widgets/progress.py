"""GamesProgress: a progress bar for the simulations that leaves one line of words behind.

tqdm's notebook bar is a live widget; a lesson saved after running shows its text form instead,
frozen at the moment it was first drawn (``0%| | 0/52000``).  This bar is passed where the engine
takes a tqdm-like class (``progress=GamesProgress``: called as ``GamesProgress(total=n)``, then
``update(k)``, ``set_description(text)`` and ``close()``).  While the games run it shows a bar; when
they are done it replaces itself, in the same output, by one sentence ("52,000 games played."), so
the saved lesson, the code-free page and a rerun all show that sentence and never a stale bar.
"""

from __future__ import annotations

from typing import Any

from paternoster.core.checks import whole
from paternoster.core.errors import ArgumentError

__all__ = ["GamesProgress", "done_text"]


def done_text(total: int) -> str:
    """The line a finished bar leaves: ``"52,000 games played."``."""
    return f"{total:,} game{'' if total == 1 else 's'} played."


class _Line:
    """An output that is one line of text (and nothing else)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, str]:
        return {"text/plain": self.text}


class GamesProgress:
    """A tqdm-like progress bar over ``total`` games that ends as one line of words.

    Args:
        total: the games to count (a whole number, 0 or more; anything else is refused naming ``total``).
        unit: the word counted (``"games"``); other tqdm arguments are accepted and ignored.

    >>> bar = GamesProgress(total=3, show=False); bar.update(2); bar.update(1); bar.close()
    >>> bar.n, bar.text
    (3, '3 games played.')
    """

    def __init__(self, total: int = 0, *, show: bool = True, **_: Any) -> None:
        self.total = whole(total, "total", 0, None, ArgumentError)
        self.n = 0
        self.text = ""
        self._handle: Any = None
        self._bar: Any = None
        if show:
            import ipywidgets
            from IPython.display import display

            self._bar = ipywidgets.IntProgress(value=0, min=0, max=max(self.total, 1), description="games",
                                               layout=ipywidgets.Layout(width="60%"))
            self._handle = display(self._bar, display_id=True)

    def update(self, k: int = 1) -> None:
        """Count ``k`` more games."""
        self.n += whole(k, "games", 0, None, ArgumentError)
        if self._bar is not None:
            self._bar.value = min(self.n, self._bar.max)

    def set_description(self, text: str) -> None:
        """Name what is running now (a level, a floor)."""
        if self._bar is not None:
            self._bar.description = str(text)[:20]

    def close(self) -> None:
        """Replace the bar by one line: how many games were played."""
        self.text = done_text(self.n)
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        if self._handle is not None:        # outside a notebook display() gives no handle
            self._handle.update(_Line(self.text))
            self._handle = None
