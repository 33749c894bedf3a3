"""What a notebook shows of a widget when the widget itself cannot be shown.

A live widget needs its kernel.  A notebook opened as shipped (on Binder, in a fresh
clone: not yet trusted), or saved and opened again after its kernel is gone, has no
widget to show.  JupyterLab then shows an output's ``text/plain`` part — or, for a
trusted notebook whose widget output was saved, "Error displaying widget: model not
found" (jupyterlab#15361, ipywidgets#3888: saved widget state does not come back in
JupyterLab 4).  So the kit does two things, neither relying on saved widget state:

* every widget's ``text/plain`` is a short, stable, friendly line
  (:class:`TextFallback`, e.g. "Card table: run this cell (Shift+Enter) to bring the card
  table to life.") instead of a Python repr; nbval compares exactly this line;
* the Jupyter server the kit starts (``kit.py lab``, Binder) drops the widget part of every
  output when a notebook is saved (:func:`strip_widget_views`, a ``pre_save_hook``), so a
  saved and reopened notebook shows that line, never the error.  Running the cell brings
  the widget back.
"""

from __future__ import annotations

from typing import Any

__all__ = ["TextFallback", "WIDGET_VIEW", "strip_notebook_file", "strip_widget_views", "fallback_bundle"]

#: The MIME type of a widget's output (what JupyterLab draws as a live widget).
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def fallback_bundle(bundle: Any, text: str) -> Any:
    """``bundle`` (a MIME dict, or ``(data, metadata)``) with ``text/plain`` replaced by ``text``."""
    if isinstance(bundle, tuple):
        data, meta = bundle
        return (dict(data, **{"text/plain": text}), meta)
    if isinstance(bundle, dict):
        return dict(bundle, **{"text/plain": text})
    return bundle


class TextFallback:
    """Mix-in for a widget class: its ``text/plain`` output is :attr:`fallback_text`.

    ``repr()`` stays the developer's view (state, turn …); only the notebook output changes.
    A subclass sets ``fallback_text`` to one short sentence saying how to bring it to life.
    """

    fallback_text = "Run this cell (Shift+Enter) to bring this live table to life."

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        return fallback_bundle(bundle, self.fallback_text)


def strip_widget_views(model: dict[str, Any], path: str = "", **kwargs: Any) -> int:
    """A Jupyter server ``pre_save_hook``: drop live-widget outputs from a notebook being saved.

    For every output that has :data:`WIDGET_VIEW` and another representation (the
    widget's text fallback), the widget part is removed; the notebook's saved widget
    state (``metadata.widgets``) is removed too.  Other files and outputs are untouched.

    Args:
        model: the contents model being saved (``{"type": "notebook", "content": {...}}``);
            changed in place.
        path: the file's path (unused; part of the hook's signature).

    Returns:
        how many widget outputs were dropped.
    """
    if not isinstance(model, dict) or model.get("type") != "notebook":
        return 0
    nb = model.get("content")
    if not isinstance(nb, dict):
        return 0
    dropped = 0
    meta = nb.get("metadata")
    if isinstance(meta, dict):
        meta.pop("widgets", None)
    for cell in nb.get("cells", []) or []:
        outputs = cell.get("outputs", []) if isinstance(cell, dict) else []
        for out in outputs or []:
            data = out.get("data") if isinstance(out, dict) else None
            if isinstance(data, dict) and WIDGET_VIEW in data and len(data) > 1:
                del data[WIDGET_VIEW]
                dropped += 1
    return dropped


def strip_notebook_file(path: Any) -> int:
    """:func:`strip_widget_views` on a notebook file, as ``kit.py refresh`` ships a lesson: the widget
    parts and saved widget state dropped, and each cell's execution timestamps (noise in every diff);
    returns how many widget outputs were dropped.  Standard library only (``kit.py`` loads this file)."""
    import json
    from pathlib import Path

    file = Path(path)
    nb = json.loads(file.read_text(encoding="utf-8"))
    for cell in nb.get("cells", []):
        cell.get("metadata", {}).pop("execution", None)
    dropped = strip_widget_views({"type": "notebook", "content": nb})
    file.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return dropped
