"""How the kit's pages are served: the Voilà hooks and settings its Jupyter configuration names.

The kit's Jupyter settings (``jupyter/config/jupyter_server_config.py`` for JupyterLab and Binder,
``jupyter/config/voila.py`` for ``kit.py page`` and ``kit.py classroom``) hand these to Voilà, so a
lesson shown as a code-free page behaves the same wherever it is opened:

* :func:`voila_prelaunch_hook` — every Voilà page sets the ``_xsrf`` cookie.  Voilà's page asks
  the server to shut its kernel down when the tab closes, sending that cookie's value; without
  the cookie the server refuses ("403 … '_xsrf' argument missing") and the kernel keeps running
  until it is culled.  A markdown file (the rule book, ``docs/rules/paternoster.md``) opens as a
  page of its own: a lesson's relative link to the rule book works in Voilà as in JupyterLab.
* :func:`voila_page_config_hook` — MathJax from Voilà's own bundle, never from a CDN (Voilà
  inside a Jupyter server would otherwise load it from cdnjs).
* :data:`MARKDOWN_PAGES`, :data:`MARKDOWN_KERNEL`, :data:`FILES_ALLOWED` — the Voilà settings
  that let a markdown file and the rule book's printable sheets through.
* :data:`TORNADO_SETTINGS` — a page's websocket takes a message as large as the largest score-book
  export (tornado's default, 10 MiB, cut the campaign page's upload of a larger export off unexplained).

And, as a Jupyter server extension (``c.ServerApp.jpserver_extensions``), a second pre-save hook
for JupyterLab: :func:`keep_shipped_kernel_metadata`.  JupyterLab writes the running kernel's
``language_info`` (its Python version: 3.11.7 here, 3.12.x on a teacher's laptop) and kernelspec
into every notebook it opens, so a lesson opened with another Python is marked changed and
autosaved; the hook keeps what the file on disk says about the same kernel, and the saved lesson
stays byte for byte as shipped (no diff in a teacher's checkout).

Needs nothing but nbformat: it runs inside the Jupyter server (JupyterLab's or Voilà's).
"""

from __future__ import annotations

import json
import os
from typing import Any

import nbformat

__all__ = ["FILES_ALLOWED", "MARKDOWN_KERNEL", "MARKDOWN_PAGES", "TORNADO_SETTINGS", "WEBSOCKET_MAX_MESSAGE_BYTES",
           "keep_shipped_kernel_metadata",
           "voila_page_config_hook", "voila_prelaunch_hook"]

#: The largest message a page's websocket takes (tornado's ``websocket_max_message_size``, 10 MiB unless
#: set): the campaign page's upload of a score-book export travels in one message, so this is the kit's
#: one score-book limit (``paternoster.campaign.rides.MAX_EXPORT_BYTES``, 128 MiB; tests/test_pages.py
#: checks they agree) and 1 MiB for the message's own header.  Both servers' configurations set it.
WEBSOCKET_MAX_MESSAGE_BYTES = (128 << 20) + (1 << 20)
#: The tornado settings both servers get (``ServerApp.tornado_settings``, ``Voila.tornado_settings``).
TORNADO_SETTINGS = {"websocket_max_message_size": WEBSOCKET_MAX_MESSAGE_BYTES}

#: ``VoilaConfiguration.extension_language_mapping``: a ``.md`` file is a page too …
MARKDOWN_PAGES = {".md": "markdown"}
#: … ``VoilaConfiguration.language_kernel_mapping``: … on the ordinary Python kernel (it runs nothing).
MARKDOWN_KERNEL = {"markdown": "python3"}
#: ``VoilaConfiguration.file_allowlist``: Voilà's default (pictures) and the rule book's printable
#: sheets, which the rule book links to.
FILES_ALLOWED = [r".*\.(png|jpg|gif|svg)", r"docs/rules/[^/]+\.(html|pdf)"]


def voila_prelaunch_hook(req: Any, notebook: Any, cwd: str) -> Any:
    """``VoilaConfiguration.prelaunch_hook``: set the ``_xsrf`` cookie; show a markdown file as a page.

    ``req`` is the Voilà request handler (tornado).  Reading its ``xsrf_token`` sets the cookie
    on the page's answer, so the page's "shut my kernel down" request on closing is accepted.
    For a ``.md`` file Voilà has made a notebook of one code cell holding the file's text
    (:data:`MARKDOWN_PAGES`); it becomes one markdown cell, shown as the page.  Returns the
    notebook to show, or None to keep Voilà's own.
    """
    req.xsrf_token  # noqa: B018  (the property sets the cookie)
    if not str(req.request.path).lower().endswith(".md"):
        return None
    text = "".join(cell.get("source", "") for cell in notebook.cells)
    notebook.cells = [nbformat.v4.new_markdown_cell(text)]
    return notebook


def voila_page_config_hook(page_config: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """``VoilaConfiguration.page_config_hook``: typeset math with Voilà's bundled MathJax.

    Voilà's page loads MathJax from a CDN unless both ``fullMathjaxUrl`` and ``mathjaxConfig``
    are null (Voilà on its own leaves them null; inside a Jupyter server it fills in cdnjs).
    """
    page_config["fullMathjaxUrl"] = None
    page_config["mathjaxConfig"] = None
    return page_config


def keep_shipped_kernel_metadata(model: dict[str, Any], path: str = "", contents_manager: Any = None,
                                 **kwargs: Any) -> None:
    """A Jupyter server pre-save hook: a notebook keeps the kernel metadata its file already has.

    When the notebook being saved names the same kernel (kernelspec ``name``, language) as the
    file on disk, the file's ``kernelspec`` and ``language_info`` are kept: only the running
    kernel's Python version or display name would differ.  A new file, another kernel, or a file
    that cannot be read is saved as JupyterLab sends it.  ``model`` is changed in place.
    """
    nb = model.get("content") if isinstance(model, dict) and model.get("type") == "notebook" else None
    meta = nb.get("metadata") if isinstance(nb, dict) else None
    root = getattr(contents_manager, "root_dir", None)
    if not isinstance(meta, dict) or not root:
        return
    try:
        with open(os.path.join(str(root), path.strip("/")), encoding="utf-8") as f:
            shipped = json.load(f).get("metadata", {})
    except (OSError, ValueError, AttributeError):
        return
    new_kernel, old_kernel = meta.get("kernelspec") or {}, shipped.get("kernelspec") or {}
    if not (isinstance(new_kernel, dict) and isinstance(old_kernel, dict)):
        return
    same = [new_kernel.get(k) == old_kernel.get(k) for k in ("name", "language")]
    if all(same) and old_kernel:
        for key in ("kernelspec", "language_info"):
            if key in shipped:
                meta[key] = shipped[key]


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "widgets.pages"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Register :func:`keep_shipped_kernel_metadata` beside the kit's other pre-save hook."""
    serverapp.contents_manager.register_pre_save_hook(keep_shipped_kernel_metadata)
