"""Fixtures and helpers for the browser tests: a real chromium drives JupyterLab
and Voila, as a student or a teacher would.

The browser is the system's chromium (Debian's package; `python3 kit.py test`
installs it as root), found on PATH or through KIT_CHROMIUM=/path/to/chromium.
Playwright's own browser downloads are never used. Without chromium the tests
skip, saying how to install it, except when CI is set: then they fail.

Every test in this folder is marked `browser`: `python3 kit.py test -m "not browser"`
leaves them out while iterating.

Fixtures
    chromium_path   str, the chromium executable (session)
    lab_server      Server: JupyterLab on a copy of notebooks/ (session)
    voila_server    Server: Voila on notebooks/classroom.ipynb (session; skips if missing)
    start_voila     start_voila(notebook_name) -> Server (session-scoped factory)
    browser         playwright Browser, headless chromium (session)
    page            a fresh playwright Page in its own context (per test)
    output_dir      Path <repo>/test-output/browser/ for screenshots (session)

Helpers (import them: `from conftest import open_notebook, run_all_cells, ...`)
    open_notebook(page, server, name)  open notebooks/<name> in JupyterLab, fresh kernel
    run_all_cells(page)                Run > Run All Cells, then wait_for_idle
    wait_for_idle(page)                wait until the kernel is idle and no cell is queued
    set_theme(page, dark)              switch JupyterLab to its dark or light theme
    widget_errors(page)                texts of widget/output rendering errors on the page
    wait_for_widgets(page)             wait until widgets are rendered and their count is stable
    screenshot_whole(page, path)       screenshot with the viewport grown to show the whole
                                       scrolled content (a notebook, a Voila page)
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CLASSROOM = "classroom.ipynb"
HERE = Path(__file__).resolve().parent

START_TIMEOUT = 90        # seconds for a server to answer
STOP_TIMEOUT = 15         # seconds for a server to stop before it is killed
RUN_TIMEOUT = 180_000     # ms for a notebook's cells to run
UI_TIMEOUT = 30_000       # ms for a page element

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
    "--disable-dev-shm-usage",
]
VIEWPORT = {"width": 1400, "height": 1000}

# A rendered widget: ipywidgets' views carry .jupyter-widgets; the anywidget card
# table's root is .pn-table (anywidget adds no such class).
WIDGETS = ".jupyter-widgets, .pn-table"

# What JupyterLab and the widget managers print when something fails to show.
ERROR_TEXTS = (
    "Error displaying widget", "Error rendering output", "Failed to load model class",
    "There was an error when executing cell",  # Voila, without --show_tracebacks
    "Click to show javascript error",  # JupyterLab: a widget front end that failed to load
)


def _load_kit():
    """kit.py (standard library only), for its settings and helpers."""
    spec = importlib.util.spec_from_file_location("_paternoster_kit_script", ROOT / "kit.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


kit = _load_kit()
import kit_chromium  # noqa: E402  (beside this file: the chromium finder kit.py uses too)


def pytest_collection_modifyitems(config, items):
    """Mark every test in this folder `browser` (pyproject.toml registers the marker)."""
    for item in items:
        if Path(str(item.fspath)).resolve().is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Remember each phase's report on the item, so `page` can screenshot failures."""
    report = yield
    setattr(item, f"_report_{report.when}", report)
    return report


# ---------------------------------------------------------------- chromium --

@pytest.fixture(scope="session")
def chromium_path() -> str:
    path, how = kit_chromium.find_chromium()
    if path:
        return path
    message = f"chromium not found ({how}). {kit_chromium.CHROMIUM_HELP}"
    if os.environ.get("CI"):
        pytest.fail(f"CI is set, so the browser tests must run: {message}", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def output_dir() -> Path:
    """<repo>/test-output/browser/ (gitignored): screenshots land here."""
    path = ROOT / "test-output" / "browser"
    path.mkdir(parents=True, exist_ok=True)
    for stale in path.glob("FAILED-*.png"):  # from an earlier run
        stale.unlink()
    return path


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS, timeout=60_000,
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser, output_dir, request):
    """A fresh page in its own browser context (own cookies and storage).

    Console errors and uncaught page errors are collected in `page.kit_errors`.
    When the test fails, a screenshot goes to output_dir/FAILED-<test>.png.
    """
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    context.set_default_timeout(UI_TIMEOUT)
    new_page = context.new_page()
    new_page.kit_errors = []
    new_page.on("console", lambda m: m.type == "error" and new_page.kit_errors.append(m.text))
    new_page.on("pageerror", lambda e: new_page.kit_errors.append(str(e)))
    try:
        yield new_page
    finally:
        report = getattr(request.node, "_report_call", None)
        if report is not None and report.failed:
            name = "".join(c if c.isalnum() or c in "-_." else "_" for c in request.node.name)
            with contextlib.suppress(Exception):
                new_page.screenshot(path=str(output_dir / f"FAILED-{name}.png"))
        context.close()


# ----------------------------------------------------------------- servers --

@dataclass
class Server:
    """A Jupyter server the tests started: `url` ends with '/'; `root` is the
    folder it serves (a temporary copy of notebooks/ — write test notebooks there)."""

    url: str
    token: str
    root: Path
    process: subprocess.Popen
    log: Path
    kind: str = "lab"
    extra: dict = field(default_factory=dict)

    def url_for(self, path: str = "", **query: str) -> str:
        """Absolute URL of `path` (relative to the server's base), token included."""
        params = dict(query)
        if self.token:
            params["token"] = self.token
        tail = "&".join(f"{k}={v}" if v != "" else k for k, v in params.items())
        return self.url + path.lstrip("/") + (f"?{tail}" if tail else "")

    def api(self, method: str, path: str, body: dict | None = None):
        """Call the server's REST API (JupyterLab only); returns the decoded JSON or None."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path.lstrip("/"), data=data, method=method)
        if self.token:
            request.add_header("Authorization", f"token {self.token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
        return json.loads(text) if text else None

    def log_tail(self, chars: int = 4000) -> str:
        with contextlib.suppress(OSError):
            return self.log.read_text(errors="replace")[-chars:]
        return ""


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server_env(base: Path) -> dict:
    """The environment of a test server: this interpreter's venv first on PATH,
    Jupyter's config, data and runtime folders private (no user settings leak in)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTER")}
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    for name in ("config", "data", "runtime"):
        (base / name).mkdir(parents=True, exist_ok=True)
        env[f"JUPYTER_{name.upper()}_DIR"] = str(base / name)
    # The kit's shipped settings (jupyter/: pre-save hook, culling, no news, the Voilà template),
    # as `kit.py lab` and Binder use them.
    env["JUPYTER_CONFIG_PATH"] = str(ROOT / "jupyter" / "config")
    env["JUPYTER_PATH"] = str(ROOT / "jupyter" / "data")
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    return env


def _copy_notebooks(target: Path) -> Path:
    shutil.copytree(NOTEBOOKS, target, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return target


def _stop(process: subprocess.Popen) -> None:
    """SIGTERM the server's process group (server and kernels), then SIGKILL."""
    if process.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, STOP_TIMEOUT), (signal.SIGKILL, 5)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        try:
            process.wait(timeout=wait)
            break
        except subprocess.TimeoutExpired:
            continue
    # Kernels started by the server share its process group; make sure none stays.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


def _wait_until_up(server: Server, probe: str, strict: bool) -> None:
    """Poll `probe` until it answers 200 (strict) or answers at all."""
    deadline = time.monotonic() + START_TIMEOUT
    last = "no answer yet"
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"{server.kind} server exited with {server.process.returncode} before answering.\n"
                f"--- log ---\n{server.log_tail()}"
            )
        try:
            with urllib.request.urlopen(server.url_for(probe), timeout=5) as response:
                if response.status == 200:
                    return
                last = f"HTTP {response.status}"
        except urllib.error.HTTPError as error:
            if not strict:  # any HTTP answer: the server is up
                return
            last = str(error)
        except (urllib.error.URLError, OSError) as error:
            last = str(error)
        time.sleep(0.25)
    raise RuntimeError(
        f"{server.kind} server did not answer within {START_TIMEOUT}s ({last}).\n"
        f"--- log ---\n{server.log_tail()}"
    )


@contextlib.contextmanager
def _serve(kind: str, command: list[str], base: Path, root: Path, port: int, token: str,
           probe: str, strict: bool = True):
    log = base / f"{kind}-{port}.log"
    with open(log, "wb") as log_file:
        process = subprocess.Popen(
            command, cwd=root, env=_server_env(base), stdin=subprocess.DEVNULL,
            stdout=log_file, stderr=subprocess.STDOUT, start_new_session=True,
        )
    server = Server(url=f"http://127.0.0.1:{port}/", token=token, root=root,
                    process=process, log=log, kind=kind)
    try:
        _wait_until_up(server, probe, strict)
        yield server
    finally:
        _stop(process)


# Settings a fresh JupyterLab gets: no news or update pop-ups, every cell kept
# in the page (no windowing, so text searches and screenshots see them all),
# the light theme to start from.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings":
        {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/themes.jupyterlab-settings":
        {"theme": "JupyterLab Light"},
}


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """JupyterLab, from this interpreter, serving a temporary copy of notebooks/.

    Yields a Server (url, token, root, url_for(), api()); stopped at the end of
    the session, kernels included.
    """
    base = tmp_path_factory.mktemp("jupyterlab")
    root = _copy_notebooks(base / "notebooks")
    settings = base / "user-settings"
    for relative, values in LAB_SETTINGS.items():
        path = settings / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    port, token = _free_port(), secrets.token_hex(16)
    command = [
        sys.executable, "-m", "jupyterlab",
        "--no-browser", f"--port={port}", "--ServerApp.port_retries=0",
        "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={base / 'workspaces'}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        # window.jupyterapp: lets the helpers run JupyterLab's own commands.
        "--LabApp.expose_app_in_browser=True",
    ]
    if kit.is_root():
        command.append("--allow-root")
    with _serve("lab", command, base, root, port, token, "api/status") as server:
        yield server


@pytest.fixture(scope="session")
def start_voila(tmp_path_factory):
    """start_voila(name) -> Server: Voila rendering notebooks/<name> (a temporary
    copy). One server per notebook name for the whole session; all stopped at the end."""
    with contextlib.ExitStack() as stack:
        servers: dict[str, Server] = {}

        def start(name: str) -> Server:
            if name not in servers:
                if not (NOTEBOOKS / name).exists():
                    raise FileNotFoundError(f"notebooks/{name} does not exist")
                base = tmp_path_factory.mktemp("voila")
                root = _copy_notebooks(base / "notebooks")
                port = _free_port()
                command = [
                    sys.executable, "-m", "voila", str(root / name),
                    "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                    "--Voila.port_retries=0",
                ]
                # Any answer will do; GET / would run the whole notebook.
                servers[name] = stack.enter_context(
                    _serve("voila", command, base, root, port, "", "voila/static/", strict=False)
                )
            return servers[name]

        yield start


@pytest.fixture(scope="session")
def voila_server(start_voila):
    """Voila rendering notebooks/classroom.ipynb; skips while that notebook does not exist."""
    if not (NOTEBOOKS / CLASSROOM).exists():
        pytest.skip("classroom notebook not written yet")
    return start_voila(CLASSROOM)


# ----------------------------------------------------------------- helpers --

def _has_app(page) -> bool:
    return bool(page.evaluate("() => Boolean(window.jupyterapp && window.jupyterapp.commands)"))


def _command(page, command: str, args: dict | None = None):
    """Run a JupyterLab command through its command registry (window.jupyterapp)."""
    return page.evaluate(
        "([id, args]) => window.jupyterapp.commands.execute(id, args).then(() => true)",
        [command, args or {}],
    )


def _menu(page, *labels: str) -> None:
    """Click through JupyterLab's menu bar, e.g. _menu(page, "Run", "Run All Cells")."""
    page.locator(".lm-MenuBar-itemLabel", has_text=labels[0]).first.click()
    for label in labels[1:]:
        item = page.locator(".lm-Menu-content > .lm-Menu-item:visible").filter(
            has=page.locator(".lm-Menu-itemLabel", has_text=label)
        ).first
        item.hover()
        item.click()


def open_notebook(page, server: Server, name: str) -> None:
    """Open notebooks/<name> (the server's copy) in JupyterLab with a fresh kernel,
    and wait until the kernel is idle. Any earlier kernel of that notebook is shut
    down first, so each test starts from a clean kernel."""
    for session in server.api("GET", "api/sessions") or []:
        if session.get("path") == name:
            with contextlib.suppress(urllib.error.HTTPError):
                server.api("DELETE", f"api/sessions/{session['id']}")
    page.goto(server.url_for(f"lab/tree/{name}", reset=""), wait_until="domcontentloaded")
    page.locator(".jp-NotebookPanel:visible .jp-Notebook").first.wait_for(state="visible", timeout=60_000)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(state="attached")
    _wait_for_kernel_idle(page, timeout=60_000)


def _wait_for_kernel_idle(page, timeout: int = RUN_TIMEOUT) -> None:
    page.wait_for_function(
        """() => {
            const app = window.jupyterapp;
            if (app) {
                const panel = app.shell.currentWidget;
                const kernel = panel && panel.sessionContext && panel.sessionContext.session
                    && panel.sessionContext.session.kernel;
                return Boolean(kernel) && kernel.status === 'idle';
            }
            const status = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator');
            return Boolean(status) && status.getAttribute('data-status') === 'idle';
        }""",
        timeout=timeout,
        polling=250,
    )


def wait_for_idle(page, timeout: int = RUN_TIMEOUT) -> None:
    """Wait until the notebook's kernel is idle and no cell is queued or running
    (no "[*]" prompt), twice in a row a little apart."""
    deadline = time.monotonic() + timeout / 1000
    for _ in range(2):
        remaining = max(1000, int((deadline - time.monotonic()) * 1000))
        _wait_for_kernel_idle(page, timeout=remaining)
        page.wait_for_function(
            """() => ![...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-InputPrompt')]
                       .some(p => p.textContent.includes('*'))""",
            timeout=remaining, polling=250,
        )
        page.wait_for_timeout(300)


def run_all_cells(page, timeout: int = RUN_TIMEOUT) -> None:
    """Run every cell of the open notebook (JupyterLab's "Run All Cells") and
    wait until they have all run."""
    if _has_app(page):
        page.evaluate(
            "() => window.jupyterapp.commands.execute('notebook:run-all-cells')"
            ".then(() => true)"
        )
    else:  # JupyterLab without --LabApp.expose_app_in_browser: the menu, as a person would
        page.locator(".jp-NotebookPanel:visible .jp-Notebook").first.click(position={"x": 5, "y": 5})
        _menu(page, "Run", "Run All Cells")
    wait_for_idle(page, timeout=timeout)


def set_theme(page, dark: bool) -> None:
    """Switch JupyterLab to "JupyterLab Dark" or "JupyterLab Light" and wait until it applies.
    The choice is saved in the lab server's settings: later pages start with it."""
    name = "JupyterLab Dark" if dark else "JupyterLab Light"
    if _has_app(page):
        _command(page, "apputils:change-theme", {"theme": name})
    else:
        _menu(page, "Settings", "Theme", name)
    page.wait_for_function(
        "name => document.body.dataset.jpThemeName === name", arg=name, timeout=UI_TIMEOUT,
    )
    page.wait_for_timeout(300)  # the theme's CSS variables settle


def widget_errors(page) -> list[str]:
    """Texts of widget or output rendering errors anywhere in the page (also off-screen)."""
    return page.evaluate(
        """texts => {
            const all = document.body.textContent || '';
            return texts.filter(t => all.includes(t));
        }""",
        list(ERROR_TEXTS),
    )


def wait_for_widgets(page, minimum: int = 1, timeout: int = 60_000) -> int:
    """Wait until at least `minimum` widget elements (WIDGETS) are in the page and
    their number has stopped changing; return that number."""
    page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length >= n",
        arg=[WIDGETS, minimum], timeout=timeout, polling=250,
    )
    deadline = time.monotonic() + timeout / 1000
    count = -1
    while time.monotonic() < deadline:
        now = page.evaluate("sel => document.querySelectorAll(sel).length", WIDGETS)
        if now == count:
            return count
        count = now
        page.wait_for_timeout(500)
    return count


def screenshot_whole(page, path, max_height: int = 15_000) -> Path:
    """Screenshot the page with its viewport made tall enough to show all of the
    main scrolled content (JupyterLab's notebook, Voila's cells) in one image,
    at most `max_height` pixels; the viewport is restored afterwards."""
    hidden = page.evaluate(
        """() => {
            let most = document.documentElement.scrollHeight - window.innerHeight;
            for (const e of document.querySelectorAll('*')) {
                const overflow = getComputedStyle(e).overflowY;
                if ((overflow === 'auto' || overflow === 'scroll') && e.clientHeight > 0) {
                    most = Math.max(most, e.scrollHeight - e.clientHeight);
                    e.scrollTop = 0;
                }
            }
            window.scrollTo(0, 0);
            return Math.max(0, most);
        }"""
    )
    size = page.viewport_size or VIEWPORT
    try:
        page.set_viewport_size({"width": size["width"],
                                "height": min(max_height, size["height"] + hidden + 20)})
        page.wait_for_timeout(500)  # layout and widgets settle at the new size
        page.screenshot(path=str(path))
    finally:
        page.set_viewport_size(size)
    return Path(path)
