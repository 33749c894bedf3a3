"""The pages the kit serves, in a real chromium: JupyterLab as `kit.py lab` and Binder start it (Voilà
inside its server), and Voilà on its own as `kit.py page` / `kit.py classroom` start it.

* no request leaves this machine (every request goes to 127.0.0.1): no MathJax or fonts from a CDN;
* closing a Voilà page's tab shuts its kernel down (no orphan kernel until the cull);
* a lesson's link to the rule book opens it: in JupyterLab (rendered), on a Voilà page of either server;
* `.kit-lab-only` passages are hidden on Voilà pages, `.kit-page-only` ones in JupyterLab;
* opening a lesson in JupyterLab does not mark it changed (its kernelspec is the kernel's own).

Screenshots: test-output/browser/pages-*.png.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
import urllib.error
from urllib.parse import urlsplit

import nbformat
import pytest

from conftest import (
    ROOT, _copy_notebooks, _free_port, _serve, _wait_for_kernel_idle, kit, screenshot_whole, wait_for_widgets,
)

pytestmark = pytest.mark.browser

LESSON = "01_the_ladder.ipynb"
PROBE = "kit_probe_passages.ipynb"
OTHER_PYTHON = "kit_probe_other_python.ipynb"
LAB_ONLY, PAGE_ONLY = "Press Shift+Enter to run this cell", "The code is folded away on this page"


def _kit_tree(base):
    """A copy of what the servers need: notebooks/ (with a probe of both passage kinds) and docs/rules/."""
    root = base / "kit"
    _copy_notebooks(root / "notebooks")
    shutil.copytree(ROOT / "docs" / "rules", root / "docs" / "rules")
    text = (f'Both paths see this.\n\n<div class="kit-lab-only">\n\n{LAB_ONLY} (**JupyterLab only**).\n\n</div>\n\n'
            f'<div class="kit-page-only">\n\n{PAGE_ONLY} (**page only**).\n\n</div>\n')
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(text)],
                                  metadata={"kernelspec": kit.kernel_spec()})
    nbformat.write(nb, root / "notebooks" / PROBE)
    # lesson 1 as a laptop with another Python would have it: JupyterLab shows that Python's version
    lesson = json.loads((root / "notebooks" / LESSON).read_text(encoding="utf-8"))
    lesson["metadata"]["language_info"]["version"] = "3.10.0"
    (root / "notebooks" / OTHER_PYTHON).write_text(json.dumps(lesson, indent=1, ensure_ascii=False) + "\n",
                                                  encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def kit_lab(tmp_path_factory):
    """JupyterLab with only the kit's shipped settings, serving a copy of the kit's tree."""
    import secrets

    base = tmp_path_factory.mktemp("pages-lab")
    root = _kit_tree(base)
    port, token = _free_port(), secrets.token_hex(16)
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ServerApp.port_retries=0",
               "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
               f"--LabApp.app_settings_dir={ROOT / 'jupyter' / 'lab-settings'}",
               f"--LabApp.user_settings_dir={base / 'user-settings'}", f"--LabApp.workspaces_dir={base / 'ws'}",
               "--LabApp.expose_app_in_browser=True"]
    if kit.is_root():
        command.append("--allow-root")
    with _serve("lab", command, base, root, port, token, "api/status") as server:
        yield server


@pytest.fixture(scope="module")
def kit_pages(tmp_path_factory):
    """Voilà on its own with the arguments `kit.py page` gives it, on a copy of the kit's tree."""
    base = tmp_path_factory.mktemp("pages-voila")
    root = _kit_tree(base)
    port = _free_port()
    args = kit.page_server_args(port)
    assert args[0] == str(kit.ROOT)
    command = [sys.executable, "-m", "voila", str(root), *args[1:], "--Voila.ip=127.0.0.1"]
    with _serve("voila", command, base, root, port, "", "voila/static/", strict=False) as server:
        yield server


def _record_requests(page) -> list[str]:
    seen: list[str] = []
    page.context.on("request", lambda request: seen.append(request.url))
    return seen


def _outside(urls: list[str]) -> list[str]:
    return [u for u in urls if urlsplit(u).scheme not in ("data", "blob") and urlsplit(u).hostname != "127.0.0.1"]


def _open_voila(page, server, path: str) -> str:
    """Open a Voilà page, wait until its widgets show; return its kernel's id."""
    page.goto(server.url_for(f"voila/render/{path}"), wait_until="domcontentloaded", timeout=180_000)
    page.locator("#rendered_cells").wait_for(state="visible", timeout=180_000)
    config = page.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent)")
    return config["kernelId"]


def _kernel_gone(server, kernel_id: str, timeout: float = 20) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            server.api("GET", f"api/kernels/{kernel_id}")
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return True
        time.sleep(0.5)
    return False


@pytest.mark.parametrize("which", ["kit_lab", "kit_pages"])
def test_a_lesson_page_asks_only_this_machine_and_its_kernel_ends_with_the_tab(page, request, output_dir, which):
    server = request.getfixturevalue(which)
    seen = _record_requests(page)
    kernel = _open_voila(page, server, f"notebooks/{LESSON}")
    assert wait_for_widgets(page, timeout=120_000) >= 1
    page.wait_for_timeout(1500)  # late loads (fonts, typesetting) would have started by now
    screenshot_whole(page, output_dir / f"pages-{which}-lesson.png")
    assert seen and _outside(seen) == [], f"requests to other hosts: {_outside(seen)[:5]}"
    assert not _kernel_gone(server, kernel, timeout=0.5), "the page's kernel is not running"
    page.close(run_before_unload=True)
    assert _kernel_gone(server, kernel), f"kernel {kernel} still runs after its tab closed:\n{server.log_tail(1500)}"


@pytest.mark.parametrize("which", ["kit_lab", "kit_pages"])
def test_the_rule_book_link_on_a_voila_page_opens_the_rule_book(page, request, output_dir, which):
    server = request.getfixturevalue(which)
    seen = _record_requests(page)
    _open_voila(page, server, f"notebooks/{LESSON}")
    with page.expect_navigation(timeout=120_000):
        page.get_by_role("link", name="rule book").first.click()
    page.locator("#rendered_cells").wait_for(state="visible", timeout=120_000)
    assert page.url.split("?")[0].endswith("/voila/render/docs/rules/paternoster.md")
    heading = page.locator("#rendered_cells h1").first.text_content()
    assert "Paternoster" in heading and "rule book" in heading
    assert page.locator("#rendered_cells table").count() >= 1, "the rule book's tables are not rendered"
    screenshot_whole(page, output_dir / f"pages-{which}-rule-book.png", max_height=3000)
    with page.expect_navigation(timeout=60_000):  # the rule book's own link to its printable sheet
        page.locator("#rendered_cells a[href$='paternoster-sheet.html']").first.click()
    assert page.locator("body").text_content().strip(), "the printable sheet is empty"
    assert "not allowlisted" not in page.content()
    assert _outside(seen) == []


@pytest.mark.parametrize("which", ["kit_lab", "kit_pages"])
def test_voila_hides_the_lab_only_passages(page, request, output_dir, which):
    server = request.getfixturevalue(which)
    _open_voila(page, server, f"notebooks/{PROBE}")
    assert page.get_by_text("Both paths see this").is_visible()
    assert page.get_by_text(PAGE_ONLY).is_visible()
    assert page.locator(".kit-lab-only").count() == 1 and not page.get_by_text(LAB_ONLY).is_visible()
    page.screenshot(path=str(output_dir / f"pages-{which}-passages.png"))


def _open_in_lab(page, server, path: str) -> None:
    page.goto(server.url_for(f"lab/tree/{path}", reset=""), wait_until="domcontentloaded")
    page.locator(".jp-NotebookPanel:visible .jp-Notebook .jp-Cell").first.wait_for(state="attached", timeout=90_000)
    _wait_for_kernel_idle(page, timeout=90_000)


def _dirty(page) -> bool:
    return bool(page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty"))


def test_jupyterlab_hides_the_page_only_passages(page, kit_lab, output_dir):
    seen = _record_requests(page)
    _open_in_lab(page, kit_lab, f"notebooks/{PROBE}")
    shown = page.locator(".jp-NotebookPanel:visible .jp-RenderedMarkdown")  # not the cell's source
    shown.first.wait_for(timeout=30_000)
    assert shown.get_by_text("Both paths see this").is_visible()
    assert shown.get_by_text(LAB_ONLY).is_visible()
    assert shown.locator(".kit-page-only").count() == 1 and not shown.get_by_text(PAGE_ONLY).is_visible()
    page.screenshot(path=str(output_dir / "pages-lab-passages.png"))
    assert _outside(seen) == []


@pytest.mark.parametrize("name", [LESSON, "08_paskahousu_ranks.ipynb", OTHER_PYTHON])
def test_opening_a_lesson_in_jupyterlab_changes_nothing(page, kit_lab, name):
    """The kernelspec JupyterLab writes is the one shipped: the lesson is not marked changed, and
    saving it writes the same bytes (a teacher's checkout shows no diff) — also when the kernel's
    Python is another than the one the lesson was saved with (the kit's pre-save hook keeps it)."""
    path = kit_lab.root / "notebooks" / name
    if not path.exists():
        pytest.skip(f"{name} is not in this checkout")
    before = path.read_bytes()
    _open_in_lab(page, kit_lab, f"notebooks/{name}")
    page.wait_for_timeout(2000)
    if name != OTHER_PYTHON:
        assert not _dirty(page), f"{name} is marked changed right after opening"
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=30_000)
    assert path.read_bytes() == before, f"saving {name} unchanged wrote other bytes"


def test_the_rule_book_link_in_jupyterlab_opens_the_rule_book_rendered(page, kit_lab, output_dir):
    _open_in_lab(page, kit_lab, f"notebooks/{LESSON}")
    page.locator(".jp-NotebookPanel:visible .jp-RenderedMarkdown a", has_text="rule book").first.click()
    tab = page.locator(".lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel").filter(has_text="paternoster.md")
    tab.first.wait_for(timeout=60_000)
    shown = page.locator(".jp-MainAreaWidget:visible .jp-RenderedMarkdown h1").first
    shown.wait_for(timeout=60_000)
    assert "rule book" in shown.text_content()
    page.screenshot(path=str(output_dir / "pages-lab-rule-book.png"))
