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

Needs nothing but nbformat: it runs inside the Jupyter server (JupyterLab's or Voilà's).
"""

from __future__ import annotations

from typing import Any

import nbformat

__all__ = ["FILES_ALLOWED", "MARKDOWN_KERNEL", "MARKDOWN_PAGES", "voila_page_config_hook",
           "voila_prelaunch_hook"]

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
