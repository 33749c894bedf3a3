#!/usr/bin/env python3
"""Set up and run the Paternoster & Paskahousu teaching kit.

Needs nothing but Python 3.11 or newer: this script uses the standard library
only. It keeps everything in a virtual environment `.venv` beside this file.

    python3 kit.py lab        open the lessons in JupyterLab
    python3 kit.py classroom  show notebooks/classroom.ipynb with Voila (for projecting;
                              `classroom paskahousu`: notebooks/classroom_paskahousu.ipynb;
                              `classroom campaign [--score-book PATH]`: the campaign's page)
    python3 kit.py refresh N  run notebook(s) N again and save their outputs as shipped
    python3 kit.py test       run every test (engine, doctests, lesson notebooks,
                              and the browser tests in a real chromium)

Extra arguments after the command go to JupyterLab, Voila or pytest, e.g.
    python3 kit.py test -k ladder -x
    python3 kit.py test -m "not browser"     (skip the browser tests)
    python3 kit.py classroom --port=8870 --no-browser
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

MIN_PYTHON = (3, 11)
ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "kit-install.json"
FIRST_LESSON = "notebooks/01_the_ladder.ipynb"
CLASSROOM = "notebooks/classroom.ipynb"
#: the classroom pages, found by their file names: notebooks/classroom.ipynb (the default page, Paternoster's)
#: and every notebooks/classroom_NAME.ipynb (`kit.py classroom NAME`: a game's name in the engine's registry
#: of games, or campaign). This script cannot import the engine; tests/core/test_registry.py checks that the
#: registry's classroom pages are these.
CLASSROOMS = {"paternoster": CLASSROOM, **{p.stem.split("_", 1)[1]: f"notebooks/{p.name}"
                                           for p in sorted((ROOT / "notebooks").glob("classroom_*.ipynb"))}}
#: the campaign page's score book: `--score-book PATH`, else this environment variable, else
#: scorebooks/class.sqlite in the repository (git ignores it; see scorebooks/README.md)
SCORE_BOOK_ENV = "PATERNOSTER_SCORE_BOOK"
DEFAULT_SCORE_BOOK = "scorebooks/class.sqlite"
#: Jupyter settings shipped with the kit (see jupyter/README.md)
JUPYTER_SETTINGS = ROOT / "jupyter"

# The browser tests drive the system's chromium (Debian's package), never a
# browser downloaded by Playwright. KIT_CHROMIUM=/path/to/chromium overrides
# the search on PATH (tests/browser/conftest.py uses the same finder).
CHROMIUM_ENV = "KIT_CHROMIUM"
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome-stable", "google-chrome")
# fonts-liberation is only a Recommends of chromium, dropped by
# --no-install-recommends; DejaVu has the card suits (♠♥♦♣).
CHROMIUM_APT = ["chromium", "fonts-dejavu-core", "fonts-liberation"]
CHROMIUM_HELP = (
    "The browser tests need chromium. On Debian/Ubuntu: "
    "sudo apt-get update && sudo apt-get install -y --no-install-recommends "
    + " ".join(CHROMIUM_APT)
    + f" (or set {CHROMIUM_ENV}=/path/to/chromium). "
    "Without it they are skipped (they fail when CI is set); "
    'python3 kit.py test -m "not browser" leaves them out.'
)

# Which extras of pyproject.toml each command needs. "test" includes
# "lessons", so an environment set up for testing also serves the lab.
EXTRAS_FOR = {"lab": "lessons", "classroom": "lessons", "test": "test"}
IMPLIES = {"test": {"test", "lessons"}, "lessons": {"lessons"}}


def say(message: str) -> None:
    print(f"[kit] {message}", flush=True)


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def venv_bin() -> Path:
    return venv_python().parent


def fingerprint() -> str:
    """What the installed environment depends on: pyproject.toml and Python."""
    digest = hashlib.sha256()
    digest.update((ROOT / "pyproject.toml").read_bytes())
    digest.update(sys.version.encode())
    return digest.hexdigest()


def read_stamp() -> dict:
    try:
        return json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return {}


def ensure_venv() -> None:
    if venv_python().exists():
        say(f"Using the virtual environment in {VENV.relative_to(ROOT)}/.")
        return
    say(f"Creating a virtual environment in {VENV.relative_to(ROOT)}/ (first run only).")
    try:
        venv.EnvBuilder(with_pip=True, clear=VENV.exists()).create(VENV)
    except Exception as error:  # noqa: BLE001 - explain, then stop
        sys.exit(
            f"[kit] Could not create the virtual environment: {error}\n"
            "[kit] On Debian/Ubuntu install the venv module first: "
            "sudo apt-get install python3-venv"
        )
    if not venv_python().exists():
        sys.exit("[kit] The virtual environment has no python; delete .venv and try again.")


def ensure_installed(extra: str, force: bool) -> None:
    """pip install -e .[extra] unless nothing changed since the last install."""
    ensure_venv()
    wanted = fingerprint()
    stamp = read_stamp()
    if (
        not force
        and stamp.get("fingerprint") == wanted
        and extra in set(stamp.get("provides", []))
    ):
        say(f"Packages for '{extra}' are installed and pyproject.toml is unchanged: skipping pip.")
        return
    say(f"Installing the kit and the packages for '{extra}' (pip install -e .[{extra}]).")
    say("The first time this downloads JupyterLab and friends and takes a few minutes.")
    command = [
        str(venv_python()), "-m", "pip", "install",
        "--disable-pip-version-check", "--progress-bar", "off",
        "-e", f".[{extra}]",
    ]
    if subprocess.call(command, cwd=ROOT, env=venv_env()) != 0:
        sys.exit("[kit] pip install failed; see the messages above.")
    provides = IMPLIES[extra]
    if stamp.get("fingerprint") == wanted:
        provides = provides | set(stamp.get("provides", []))
    STAMP.write_text(json.dumps({"fingerprint": wanted, "provides": sorted(provides)}, indent=2))
    say("Installation done.")


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def find_chromium() -> tuple[str | None, str]:
    """(path to a chromium executable or None, how it was found or why not)."""
    override = os.environ.get(CHROMIUM_ENV)
    if override:
        if os.path.isfile(override) and os.access(override, os.X_OK):
            return override, f"{CHROMIUM_ENV}={override}"
        return None, f"{CHROMIUM_ENV}={override} is not an executable file"
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found, f"{name} on PATH"
    return None, f"no {' / '.join(CHROMIUM_NAMES)} on PATH"


def ensure_chromium() -> None:
    """Install Debian's chromium for the browser tests if it is missing and we are root."""
    path, how = find_chromium()
    if path:
        say(f"Browser tests use chromium: {path} ({how}).")
        return
    if os.environ.get(CHROMIUM_ENV):
        say(f"Chromium not found: {how}. {CHROMIUM_HELP}")
        return
    if not (is_root() and shutil.which("apt-get")):
        say(f"Chromium not found ({how}). {CHROMIUM_HELP}")
        return
    say("Chromium not found: installing Debian's chromium for the browser tests "
        "(apt-get update; apt-get install -y --no-install-recommends "
        + " ".join(CHROMIUM_APT) + ").")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    say("Running: apt-get update")
    if subprocess.call(["apt-get", "update"], env=env, stdin=subprocess.DEVNULL) != 0:
        say("apt-get update failed; trying the install with the package lists there are.")
    command = ["apt-get", "install", "-y", "--no-install-recommends", *CHROMIUM_APT]
    say("Running: " + " ".join(command))
    if subprocess.call(command, env=env, stdin=subprocess.DEVNULL) != 0:
        say("apt-get install failed; the browser tests will skip (or fail when CI is set). "
            + CHROMIUM_HELP)
        return
    path, how = find_chromium()
    say(f"Installed chromium: {path}." if path else f"Still no chromium after apt-get ({how}).")


def venv_env() -> dict:
    """The environment for commands run inside .venv (as if it were activated), with the kit's
    Jupyter settings (jupyter/config, jupyter/data) searched first."""
    env = dict(os.environ)
    for name, folder in (("JUPYTER_CONFIG_PATH", JUPYTER_SETTINGS / "config"),
                         ("JUPYTER_PATH", JUPYTER_SETTINGS / "data")):
        env[name] = os.pathsep.join([str(folder)] + ([env[name]] if env.get(name) else []))
    env["VIRTUAL_ENV"] = str(VENV)
    env["PATH"] = str(venv_bin()) + os.pathsep + env.get("PATH", "")
    env.pop("PYTHONHOME", None)
    env.setdefault("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    return env


def run(command: list[str]) -> int:
    say("Running: " + " ".join(command))
    try:
        return subprocess.call(command, cwd=ROOT, env=venv_env())
    except KeyboardInterrupt:
        return 130


def install_lab_overrides() -> None:
    """JupyterLab reads default overrides only from its own folder: copy the kit's there (.venv)."""
    source = JUPYTER_SETTINGS / "lab-settings" / "overrides.json"
    target = VENV / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    if source.exists() and (not target.exists() or target.read_bytes() != source.read_bytes()):
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)


def cmd_lab(args: argparse.Namespace, extra_args: list[str]) -> int:
    ensure_installed(EXTRAS_FOR["lab"], args.reinstall)
    install_lab_overrides()
    target = FIRST_LESSON if (ROOT / FIRST_LESSON).exists() else "notebooks"
    # Serve the whole kit (the README's links work); the file browser follows the open lesson
    # (jupyter/lab-settings/overrides.json), so it shows notebooks/ with lesson 1 open.
    command = [str(venv_bin() / "jupyter"), "lab", f"--ServerApp.root_dir={ROOT}", target]
    if is_root() and "--allow-root" not in extra_args:
        say("Running as root: adding --allow-root for JupyterLab.")
        command.append("--allow-root")
    say("Starting JupyterLab; it opens in your browser. Press Ctrl+C twice here to stop it.")
    return run(command + extra_args)


def cmd_classroom(args: argparse.Namespace, extra_args: list[str]) -> int:
    page = CLASSROOMS[getattr(args, "game", None) or "paternoster"]
    if not (ROOT / page).exists():
        say(f"{page} does not exist yet; nothing to show.")
        return 1
    ensure_installed(EXTRAS_FOR["classroom"], args.reinstall)
    command = [str(venv_bin() / "voila"), page]
    if getattr(args, "game", None) == "campaign":
        chosen = args.score_book or os.environ.get(SCORE_BOOK_ENV)
        book = Path(os.path.expanduser(chosen)).resolve() if chosen else ROOT / DEFAULT_SCORE_BOOK
        book.parent.mkdir(parents=True, exist_ok=True)
        os.environ[SCORE_BOOK_ENV] = str(book)  # the page's kernel reads it (Voila's kernels inherit it)
        say(f"Score book: {book} (--score-book PATH for another file).")
    elif getattr(args, "score_book", None):
        say("--score-book is for the campaign page: python3 kit.py classroom campaign --score-book PATH")
        return 2
    say("Starting Voila: the notebook runs and shows as a page (no code cells); "
        "it opens in your browser. Press Ctrl+C here to stop it.")
    return run(command + extra_args)


def cmd_test(args: argparse.Namespace, extra_args: list[str]) -> int:
    ensure_installed(EXTRAS_FOR["test"], args.reinstall)
    ensure_chromium()
    say("Running every test: tests/ (with the browser tests in tests/browser/), "
        "the doctests in paternoster/, and the lesson notebooks under strict nbval.")
    code = run([str(venv_python()), "-m", "pytest", *extra_args])
    say("All tests passed." if code == 0 else f"pytest finished with exit code {code}.")
    return code


def drop_widget_views(path: Path) -> int:
    """Remove the live-widget part of every output that also has text (and the saved widget
    state) from a notebook file, as the kit's Jupyter server does on save; returns how many."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    view = "application/vnd.jupyter.widget-view+json"
    dropped = 0
    nb.get("metadata", {}).pop("widgets", None)
    for cell in nb.get("cells", []):
        cell.get("metadata", {}).pop("execution", None)  # timestamps: noise in every diff
        for out in cell.get("outputs", []) or []:
            data = out.get("data")
            if isinstance(data, dict) and view in data and len(data) > 1:
                del data[view]
                dropped += 1
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return dropped


def cmd_refresh(args: argparse.Namespace, extra_args: list[str]) -> int:
    ensure_installed(EXTRAS_FOR["lab"], args.reinstall)
    for name in args.notebooks:
        path = (ROOT / name) if not Path(name).is_absolute() else Path(name)
        code = run([str(venv_bin() / "jupyter"), "nbconvert", "--to", "notebook", "--execute", "--inplace",
                    # no per-cell timestamps: a refresh changes only what the lesson shows
                    "--ExecutePreprocessor.record_timing=False",
                    str(path), *extra_args])
        if code:
            return code
        say(f"{name}: outputs saved; {drop_widget_views(path)} widget views dropped (their text lines stay).")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python3 kit.py",
        description=(
            "Set up and run the Paternoster & Paskahousu teaching kit. "
            "Everything is installed into .venv/ beside this script; pip runs "
            "again only when pyproject.toml changes (or with --reinstall)."
        ),
        epilog=(
            "Arguments the kit does not know are passed on: to JupyterLab for "
            "'lab', to Voila for 'classroom', to pytest for 'test' "
            "(e.g. python3 kit.py test -k ladder -x). "
            "Put them after '--' if one clashes with the kit's own options."
        ),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    lab = sub.add_parser(
        "lab",
        help="open the lessons in JupyterLab",
        description=f"Install the kit with the lessons' packages and open {FIRST_LESSON} in JupyterLab.",
    )
    lab.set_defaults(func=cmd_lab)
    classroom = sub.add_parser(
        "classroom",
        help="show a classroom page with Voila, for projecting (paternoster or paskahousu)",
        description=(
            f"Install the kit with the lessons' packages and serve {CLASSROOM} (or, with 'paskahousu', "
            f"{CLASSROOMS['paskahousu']}; with 'campaign', {CLASSROOMS['campaign']} and its score book) with "
            "Voila: the notebook runs and shows its outputs and widgets as a page, "
            "without code cells. Voila's own options pass through, e.g. "
            "--port=8870 --no-browser --theme=dark."
        ),
    )
    classroom.add_argument("game", nargs="?", choices=sorted(CLASSROOMS), default="paternoster",
                           help="which game's classroom page (default: paternoster; "
                                "paskahousu: notebooks/classroom_paskahousu.ipynb; "
                                "campaign: notebooks/classroom_campaign.ipynb)")
    classroom.add_argument("--score-book", metavar="PATH", default=None,
                           help=f"campaign: the score book file (created when new; default: ${SCORE_BOOK_ENV} "
                                f"or {DEFAULT_SCORE_BOOK})")
    classroom.set_defaults(func=cmd_classroom)
    refresh = sub.add_parser(
        "refresh",
        help="run lesson notebooks again and save their outputs (as shipped: widgets as text lines)",
        description=(
            "Run each notebook with nbconvert and save its outputs in place, then drop the live-widget "
            "part of each output (the widget's text line stays), as the kit's Jupyter server does when "
            "a notebook is saved: a lesson opened later shows that line, never 'Error displaying widget'."
        ),
    )
    refresh.add_argument("notebooks", nargs="+", help="notebook paths, e.g. notebooks/01_the_ladder.ipynb")
    refresh.set_defaults(func=cmd_refresh)
    test = sub.add_parser(
        "test",
        help="run every test and exit with pytest's code",
        description=(
            "Install the kit with the test packages (and, as root, Debian's chromium "
            "if it is missing), then run pytest: tests/, the browser tests, the "
            "doctests in paternoster/ and the lesson notebooks (strict nbval). "
            "-m 'not browser' skips the browser tests."
        ),
    )
    test.set_defaults(func=cmd_test)
    for p in (lab, classroom, refresh, test):
        p.add_argument("--reinstall", action="store_true",
                       help="run pip even if pyproject.toml has not changed")
    return parser


def main(argv: list[str] | None = None) -> int:
    if sys.version_info < MIN_PYTHON:
        sys.exit(f"[kit] Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer is needed; "
                 f"this is {sys.version.split()[0]}.")
    argv = list(sys.argv[1:] if argv is None else argv)
    passthrough: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, passthrough = argv[:cut], argv[cut + 1:]
    args, unknown = build_parser().parse_known_args(argv)
    return args.func(args, unknown + passthrough)


if __name__ == "__main__":
    sys.exit(main())
