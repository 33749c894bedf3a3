#!/usr/bin/env python3
"""Set up and run the Paternoster & Paskahousu teaching kit.

Needs nothing but Python 3.11 or newer: this script uses the standard library
only. It keeps everything in a virtual environment `.venv` beside this file,
installed from the kit's lock of every package (binder/requirements.txt).

    python3 kit.py lab [LESSON]     open a lesson in JupyterLab (default: lesson 1)
    python3 kit.py page [LESSON]    open a lesson as a code-free page (Voila), e.g. `page 3`, `page 5a`;
                                    the same local server shows every lesson and the rule book
    python3 kit.py classroom [GAME] the classroom page for projecting, on that server
                                    (paternoster, paskahousu, or campaign [--score-book PATH])
    python3 kit.py refresh N        run notebook(s) N again and save their outputs as shipped
    python3 kit.py test             run every test (engine, doctests, lesson notebooks,
                                    and the browser tests in a real chromium)
    python3 kit.py lock             resolve every package again (pip-compile) and rewrite the lock
    python3 kit.py test --quick     the quick loop: all but browser tests, notebooks, slow suites

Extra arguments after the command go to JupyterLab, Voila or pytest, e.g.
    python3 kit.py test -k ladder -x
    python3 kit.py test -m "not browser"     (skip the browser tests)
    python3 kit.py classroom --port 8870 --no-browser
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import shutil
import re
import subprocess
import sys
import venv
import webbrowser
from pathlib import Path

MIN_PYTHON = (3, 11)
ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "kit-install.json"
FIRST_LESSON = "notebooks/01_the_ladder.ipynb"
NOTEBOOKS = ROOT / "notebooks"
#: The lock: every package (transitive included) at one version, for Python 3.11. Binder installs
#: it as it is (repo2docker reads binder/requirements.txt); kit.py and so CI install the kit with it
#: as pip constraints. `python3 kit.py lock` rewrites it (pip-compile); tests/test_lock.py checks it.
LOCK = "binder/requirements.txt"
LOCK_PYTHON = (3, 11)
#: The port the lesson pages are served on (`kit.py page`, `kit.py classroom`) unless --port says
#: otherwise; taken, the next free one.
PAGE_PORT = 8866
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

# The browser tests' chromium: found (or, as root on Debian, installed) by tests/browser/kit_chromium.py,
# which the browser tests' conftest uses too (standard library only, like this script).
CHROMIUM_MODULE = ROOT / "tests" / "browser" / "kit_chromium.py"


def _load(name: str, path: Path):
    """A stdlib-only module of the kit loaded from its file (the kit's environment may not exist yet)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# the servers' lifecycle (jupyter/servers.py) and the saved notebooks' cleaning (widgets/fallback.py, the same
# function the kit's Jupyter server calls on save): both standard library only
_servers = _load("kit_servers", JUPYTER_SETTINGS / "servers.py")
Stopped, stop_on_signals, stop, interrupted = _servers.Stopped, _servers.stop_on_signals, _servers.stop, _servers.interrupted
free_port, wait_for_server = _servers.free_port, _servers.wait_for_server
drop_widget_views = _load("kit_fallback", ROOT / "widgets" / "fallback.py").strip_notebook_file

# Which extras of pyproject.toml each command needs. "test" includes
# "lessons", so an environment set up for testing also serves the lab.
EXTRAS_FOR = {"lab": "lessons", "page": "lessons", "classroom": "lessons", "refresh": "lessons",
              "test": "test", "lock": "test"}
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
    """What the installed environment depends on: pyproject.toml, the lock and Python."""
    digest = hashlib.sha256()
    digest.update((ROOT / "pyproject.toml").read_bytes())
    digest.update((ROOT / LOCK).read_bytes())
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
        say(f"Packages for '{extra}' are installed and pyproject.toml and {LOCK} are unchanged: skipping pip.")
        return
    if sys.version_info[:2] != LOCK_PYTHON:
        say(f"Note: the lock ({LOCK}) is made for Python %d.%d, as Binder and CI use; should pip fail, use "
            "that Python." % LOCK_PYTHON)
    say(f"Installing the kit and the packages for '{extra}' at the versions of the lock "
        f"(pip install -c {LOCK} -e .[{extra}]).")
    say("The first time this downloads JupyterLab and friends and takes a few minutes.")
    command = [
        str(venv_python()), "-m", "pip", "install",
        "--disable-pip-version-check", "--progress-bar", "off",
        "-c", LOCK, "-e", f".[{extra}]",
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


def ensure_chromium() -> None:
    """Install Debian's chromium for the browser tests if it is missing and we are root."""
    spec = importlib.util.spec_from_file_location("kit_chromium", CHROMIUM_MODULE)
    if spec is None or spec.loader is None:
        say(f"{CHROMIUM_MODULE.relative_to(ROOT)} is missing: the browser tests cannot find chromium.")
        return
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.ensure_chromium(say)


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


def run(command: list[str], **env: str) -> int:
    say("Running: " + " ".join(command))
    with stop_on_signals():
        process = subprocess.Popen(command, cwd=ROOT, env=dict(venv_env(), **env))
        try:
            return process.wait()
        except KeyboardInterrupt as e:
            stop(process)
            return interrupted(e)


def install_lab_overrides() -> None:
    """JupyterLab reads default overrides only from its own folder: copy the kit's there (.venv)."""
    source = JUPYTER_SETTINGS / "lab-settings" / "overrides.json"
    target = VENV / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    if source.exists() and (not target.exists() or target.read_bytes() != source.read_bytes()):
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)


def lesson_id(name: str) -> str:
    """The short name of a lesson notebook: 01_the_ladder.ipynb -> "1", 05a_easier_variants -> "5a"."""
    match = re.match(r"0*(\d+)([a-z]?)_", name)
    return (match.group(1) + match.group(2)) if match else Path(name).stem


def pages() -> dict[str, str]:
    """Every page the kit serves, by its short name: the lessons ("1", "5a", …) and the classroom
    pages ("classroom", "classroom_paskahousu", …) -> their path from the repository root."""
    found = {}
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        found[lesson_id(path.name)] = path.relative_to(ROOT).as_posix()
    return found


def find_page(name: str) -> str | None:
    """The notebook a command line names: a lesson's number ("3", "03", "5a"; "6a" is lesson 6), a
    page's name ("classroom", "03_a_turn", "03_a_turn.ipynb") or its path; None when it names none."""
    known = pages()
    key = name.strip().lower().rsplit("/", 1)[-1].removesuffix(".ipynb")
    number = re.fullmatch(r"0*(\d+)([a-z]?)", key)
    if number:  # lesson 6 is "6a" in the README
        return known.get(number.group(1) + number.group(2)) or (known.get(number.group(1)) if number.group(2) == "a"
                                                               else None)
    return next((path for path in known.values() if Path(path).stem.lower() == key), None)


def cmd_lab(args: argparse.Namespace, extra_args: list[str]) -> int:
    target = FIRST_LESSON
    if args.lesson:
        target = find_page(args.lesson) or ""
        if not target:
            say(f"No lesson '{args.lesson}'. Lessons and pages: {', '.join(pages())}.")
            return 2
    ensure_installed(EXTRAS_FOR["lab"], args.reinstall)
    install_lab_overrides()
    # Serve the whole kit (the README's and the lessons' links work) and start on the lesson: the
    # URL JupyterLab prints (and opens) is the lesson's; the file browser follows the open lesson
    # (jupyter/lab-settings/overrides.json), so it shows notebooks/.
    command = [str(venv_bin() / "jupyter"), "lab", f"--ServerApp.root_dir={ROOT}",
               f"--LabApp.default_url=/lab/tree/{target}"]
    if is_root() and "--allow-root" not in extra_args:
        say("Running as root: adding --allow-root for JupyterLab.")
        command.append("--allow-root")
    say(f"Starting JupyterLab on {target}; it opens in your browser. Press Ctrl+C twice here to stop it.")
    return run(command + extra_args)


def page_server_args(port: int) -> list[str]:
    """Voila's arguments for the kit's page server: the whole kit on `port` (kit.py opens the browser)."""
    return [str(ROOT), f"--port={port}", "--Voila.port_retries=0", "--no-browser"]


def serve_pages(page: str, args: argparse.Namespace, extra_args: list[str]) -> int:
    """Voila on the whole kit: every lesson and classroom page at /voila/render/notebooks/<name>, the
    rule book at /voila/render/docs/rules/<book>.md; opens `page` in the browser (unless --no-browser)."""
    ensure_installed(EXTRAS_FOR["page"], args.reinstall)
    chosen = args.score_book or os.environ.get(SCORE_BOOK_ENV)
    book = Path(os.path.expanduser(chosen)).resolve() if chosen else ROOT / DEFAULT_SCORE_BOOK
    book.parent.mkdir(parents=True, exist_ok=True)
    os.environ[SCORE_BOOK_ENV] = str(book)  # the campaign page's kernel reads it (kernels inherit it)
    port = args.port or free_port(PAGE_PORT)
    url = f"http://localhost:{port}/voila/render/{page}"
    command = [str(venv_bin() / "voila"), *page_server_args(port), *extra_args]
    say("Running: " + " ".join(command))
    with stop_on_signals():
        process = subprocess.Popen(command, cwd=ROOT, env=venv_env())
        return _serve(process, page, book, port, url, args)


def _serve(process: subprocess.Popen, page: str, book: Path, port: int, url: str, args: argparse.Namespace) -> int:
    """Wait for the page server; stop it on Ctrl+C, SIGTERM or SIGHUP (its kernels stop with it)."""
    try:
        if not wait_for_server(f"http://localhost:{port}/voila/static/", process):
            say("Voila did not start; see its messages above.")
            stop(process)
            return process.returncode or 1
        if page.endswith("classroom_campaign.ipynb"):
            say(f"Score book: {book} (--score-book PATH for another file).")
        say(f"The page: {url}")
        say(f"Every lesson: http://localhost:{port}/voila/render/notebooks/<lesson>.ipynb "
            f"(list: http://localhost:{port}/voila/tree/notebooks). Press Ctrl+C here to stop.")
        if not args.no_browser:
            webbrowser.open(url)
        return process.wait()
    except KeyboardInterrupt as e:  # Ctrl+C (Voila got it too) or SIGTERM/SIGHUP: Voila stops its kernels
        stop(process)
        return interrupted(e)


def cmd_page(args: argparse.Namespace, extra_args: list[str]) -> int:
    page = find_page(args.lesson or "1")
    if not page:
        say(f"No lesson '{args.lesson}'. Lessons and pages: {', '.join(pages())}.")
        return 2
    say("Starting Voila: each lesson runs and shows as a page without code cells (`kit.py lab` to change code).")
    return serve_pages(page, args, extra_args)


def cmd_classroom(args: argparse.Namespace, extra_args: list[str]) -> int:
    page = CLASSROOMS[args.game or "paternoster"]
    if not (ROOT / page).exists():
        say(f"{page} does not exist yet; nothing to show.")
        return 1
    say("Starting Voila: the classroom page runs and shows as a page (no code cells); so does every lesson.")
    return serve_pages(page, args, extra_args)


#: What `kit.py test --quick` leaves out: the browser tests, the lesson notebooks and the suites marked
#: slow (pyproject.toml registers the markers). Everything else runs: the quick loop while you work.
#: (Named folders replace pyproject.toml's testpaths, which hold notebooks/ too; --ignore would not drop
#: a folder that testpaths names.)
QUICK_ARGS = ["-m", "not slow and not browser", "tests", "paternoster"]


def parallel_args(extra_args: list[str]) -> list[str]:
    """pytest-xdist on every core (pyproject.toml sends a whole test file to one worker, so a lesson's
    cells stay in order in one kernel), unless the caller chose (`-n 0` runs in one process)."""
    chosen = any(a in ("-n", "--numprocesses") or a.startswith(("-n", "--numprocesses=")) for a in extra_args)
    return [] if chosen else ["--numprocesses=auto"]


def cmd_test(args: argparse.Namespace, extra_args: list[str]) -> int:
    ensure_installed(EXTRAS_FOR["test"], args.reinstall)
    if args.quick:
        say("Quick run: every test but the browser tests, the lesson notebooks and the slow suites "
            "(python3 kit.py test runs them all).")
        command = [str(venv_python()), "-m", "pytest", *QUICK_ARGS, *parallel_args(extra_args), *extra_args]
    else:
        ensure_chromium()
        say("Running every test: tests/ (with the browser tests in tests/browser/), "
            "the doctests in paternoster/, and the lesson notebooks under strict nbval.")
        command = [str(venv_python()), "-m", "pytest", *parallel_args(extra_args), *extra_args]
    code = run(command)
    say("All tests passed." if code == 0 else f"pytest finished with exit code {code}.")
    return code


def kernel_spec(name: str = "python3") -> dict:
    """The kernelspec a notebook names when it runs on kernel `name`, as the kit's kernel reports
    it (`jupyter kernelspec list --json`): what JupyterLab writes into a notebook it opens."""
    listing = subprocess.run([str(venv_bin() / "jupyter"), "kernelspec", "list", "--json"], cwd=ROOT,
                             env=venv_env(), capture_output=True, text=True, check=True).stdout
    spec = json.loads(listing)["kernelspecs"][name]["spec"]
    return {"display_name": spec["display_name"], "language": spec["language"], "name": name}


def ship_kernelspec(path: Path, kernelspec: dict) -> bool:
    """Write `kernelspec` into the notebook's metadata (nbconvert keeps the old one); True if it changed.
    A lesson that names its kernel as the kernel reports it is not marked changed when opened."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    metadata = nb.setdefault("metadata", {})
    if metadata.get("kernelspec") == kernelspec:
        return False
    metadata["kernelspec"] = kernelspec
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return True


def refresh_target(name: str) -> Path | None:
    """The notebook `kit.py refresh NAME` runs: a lesson's or page's short name ("1", "5a", "classroom"),
    or the path of an existing notebook file (a regular file named *.ipynb holding a notebook's JSON);
    None for anything else (it is refused before anything runs, so nothing else is overwritten)."""
    if not name.endswith(".ipynb"):
        found = find_page(name)
        return ROOT / found if found else None
    path = Path(name) if Path(name).is_absolute() else ROOT / name
    try:
        if not path.is_file():  # a folder, a pipe or a device is no notebook (and a pipe would never end)
            return None
        with path.open("rb") as f:
            head = f.read(1 << 20).lstrip()
    except OSError:
        return None
    return path if head.startswith(b"{") and b'"cells"' in head else None


def cmd_refresh(args: argparse.Namespace, extra_args: list[str]) -> int:
    targets = {name: refresh_target(name) for name in args.notebooks}
    unknown = [name for name, path in targets.items() if path is None]
    if unknown:
        say(f"Nothing refreshed: {', '.join(repr(n[:80]) for n in unknown)} names no lesson and no notebook file "
            f"(*.ipynb). Lessons and pages: {', '.join(pages())}.")
        return 2
    ensure_installed(EXTRAS_FOR["refresh"], args.reinstall)
    kernelspec = kernel_spec()
    for name, path in targets.items():
        assert path is not None
        code = run([str(venv_bin() / "jupyter"), "nbconvert", "--to", "notebook", "--execute", "--inplace",
                    # no per-cell timestamps: a refresh changes only what the lesson shows
                    "--ExecutePreprocessor.record_timing=False",
                    str(path), *extra_args])
        if code:
            return code
        dropped = drop_widget_views(path)
        ship_kernelspec(path, kernelspec)
        say(f"{name}: outputs saved; {dropped} widget views dropped (their text lines stay); "
            f"kernel named as it reports itself ({kernelspec['display_name']}).")
    return 0


def cmd_lock(args: argparse.Namespace, extra_args: list[str]) -> int:
    """pip-compile (pip-tools, in the test extra) with its settings in pyproject.toml ([tool.pip-tools])."""
    ensure_installed(EXTRAS_FOR["lock"], args.reinstall)
    choosing = any(a.startswith(("-P", "--upgrade-package")) for a in extra_args)
    command = [str(venv_bin() / "pip-compile"), *([] if choosing else ["--upgrade"]), *extra_args, "pyproject.toml"]
    say(f"Resolving every package again, newest versions pyproject.toml allows, into {LOCK}.")
    code = run(command, CUSTOM_COMPILE_COMMAND="python3 kit.py lock")
    if code == 0:
        say(f"Lock written. Now run every test (python3 kit.py test) before committing {LOCK}.")
    return code


#: Each command's own options (how many values each takes); everything else goes on to JupyterLab,
#: Voila, pytest or pip-compile, so `--port 8912` works as well as `--port=8912`.
PAGE_OPTIONS = {"--reinstall": 0, "--port": 1, "--no-browser": 0, "--score-book": 1}
OWN_OPTIONS = {"lab": {"--reinstall": 0}, "page": PAGE_OPTIONS, "classroom": PAGE_OPTIONS,
               "refresh": {"--reinstall": 0}, "test": {"--reinstall": 0, "--quick": 0}, "lock": {"--reinstall": 0}}
#: How many words (lesson, game, notebooks) each command takes itself; None: any number.
OWN_WORDS: dict[str, int | None] = {"lab": 1, "page": 1, "classroom": 1, "refresh": None, "test": 0, "lock": 0}


def _is_own_word(command: str, word: str) -> bool:
    """Whether `word` after an option the kit does not know is the command's own word (a lesson,
    a game), not that option's value."""
    if command == "classroom":
        return word in CLASSROOMS
    if command in ("lab", "page"):
        return find_page(word) is not None
    if command == "refresh":
        return word.endswith(".ipynb") or find_page(word) is not None
    return False


def split_args(argv: list[str]) -> tuple[list[str], list[str]]:
    """(the kit's own arguments, the arguments passed on). The command, its own options with their
    values and its own words (lesson, game, notebooks) are the kit's; every other option is passed
    on, with the word after it as its value (`--port 8912`) unless that word is the command's own
    (`page --no-browser 3`). Everything after `--` is passed on."""
    passthrough: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, passthrough = argv[:cut], argv[cut + 1:]
    words = [a for a in argv if not a.startswith("-")]
    command = words[0] if words else None
    if command not in OWN_OPTIONS:
        return argv, passthrough  # argparse says what is wrong (or prints the help)
    at = argv.index(command)
    own, passed = argv[: at + 1], []
    options, room = OWN_OPTIONS[command], OWN_WORDS[command]
    rest = argv[at + 1:]
    i = 0
    while i < len(rest):
        word = rest[i]
        name = word.split("=", 1)[0]
        if word in ("-h", "--help"):
            own.append(word)
        elif name in options:
            own.append(word)
            if options[name] and "=" not in word and i + 1 < len(rest):
                i += 1
                own.append(rest[i])
        elif word.startswith("-"):
            passed.append(word)
            value = rest[i + 1] if i + 1 < len(rest) else None
            if ("=" not in word and value is not None and not value.startswith("-")
                    and not (room != 0 and _is_own_word(command, value))):
                i += 1
                passed.append(value)
        elif room is None or room > 0:
            own.append(word)
            room = None if room is None else room - 1
        else:
            passed.append(word)
        i += 1
    return own, passed + passthrough


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python3 kit.py",
        description=f"Set up and run the Paternoster & Paskahousu teaching kit. Everything is installed into "
                    f".venv/ beside this script at the versions of the lock {LOCK}; pip runs again only when "
                    "pyproject.toml or the lock changes (or with --reinstall).",
        epilog="Arguments the kit does not know are passed on: to JupyterLab for 'lab', to Voila for 'page' and "
               "'classroom', to pytest for 'test', to pip-compile for 'lock' (e.g. python3 kit.py test -k "
               "ladder -x). Put them after '--' if one clashes with the kit's own options.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    lesson = dict(nargs="?", metavar="LESSON", help="a lesson's number (1, 3, 5a, 6b, 10 …; default 1) or a "
                                                    "page's name (classroom, classroom_paskahousu, 03_a_turn …)")
    lab = sub.add_parser("lab", help="open the lessons in JupyterLab", description=(
        f"Install the kit with the lessons' packages and open a lesson ({FIRST_LESSON} unless LESSON names "
        "another) in JupyterLab; the URL it prints opens that lesson."))
    lab.add_argument("lesson", **lesson)
    lab.set_defaults(func=cmd_lab)
    page = sub.add_parser("page", help="open a lesson as a code-free page (Voila) on this machine", description=(
        "Install the kit with the lessons' packages and serve the whole kit with Voila on this machine "
        "(localhost): each lesson runs and shows as a page without code cells at http://localhost:PORT/voila/"
        "render/notebooks/<lesson>.ipynb, and the lessons' links to each other and to the rule book work. "
        "Opens LESSON in the browser. Voila's own options pass through, e.g. --theme=dark."))
    page.add_argument("lesson", **lesson)
    page.set_defaults(func=cmd_page)
    classroom = sub.add_parser(
        "classroom", help="show a classroom page with Voila, for projecting (paternoster, paskahousu or campaign)",
        description=f"As 'page', opening {CLASSROOM} (with 'paskahousu' {CLASSROOMS['paskahousu']}; with "
                    f"'campaign' {CLASSROOMS['campaign']} and its score book). Voila's own options pass through, "
                    "e.g. --theme=dark.")
    classroom.add_argument("game", nargs="?", choices=sorted(CLASSROOMS), default="paternoster",
                           help="which game's classroom page (default: paternoster)")
    classroom.set_defaults(func=cmd_classroom)
    for p in (page, classroom):
        p.add_argument("--port", type=int, default=None, help=f"serve on this port (default: {PAGE_PORT} or the "
                                                              "next free one)")
        p.add_argument("--no-browser", action="store_true", help="only print the page's address")
        p.add_argument("--score-book", metavar="PATH", default=None,
                       help=f"the campaign page's score book (created when new; default: ${SCORE_BOOK_ENV} or "
                            f"{DEFAULT_SCORE_BOOK})")
    refresh = sub.add_parser(
        "refresh", help="run lesson notebooks again and save their outputs (as shipped: widgets as text lines)",
        description="Run each notebook with nbconvert and save its outputs in place, then drop the live-widget "
                    "part of each output (its text line stays), as the kit's Jupyter server does on save, and "
                    "name the kernel as it reports itself: opening the lesson later changes nothing.")
    refresh.add_argument("notebooks", nargs="+", metavar="NOTEBOOK",
                         help="notebook paths (notebooks/01_the_ladder.ipynb) or lesson numbers (1, 5a)")
    refresh.set_defaults(func=cmd_refresh)
    test = sub.add_parser("test", help="run every test and exit with pytest's code", description=(
        "Install the kit with the test packages (and, as root, Debian's chromium if it is missing), then run "
        "pytest: tests/, the browser tests, the doctests in paternoster/ and the lesson notebooks (strict "
        "nbval). -m 'not browser' skips the browser tests."))
    test.add_argument("--quick", action="store_true",
                      help="leave out the browser tests, the lesson notebooks and the slow suites (a few minutes)")
    test.set_defaults(func=cmd_test)
    lock = sub.add_parser("lock", help=f"resolve every package again and rewrite the lock ({LOCK})", description=(
        f"pip-compile (pip-tools) over pyproject.toml and its test extra: every package the kit, the lessons and "
        f"the tests need, transitive ones included, at the newest versions pyproject.toml allows, into {LOCK} "
        "(Binder installs it; kit.py and CI install from it). Use Python 3.11, as Binder and CI do. Options "
        "pass on to pip-compile, e.g. --upgrade-package numpy (then only numpy moves)."))
    lock.set_defaults(func=cmd_lock)
    for p in (lab, page, classroom, refresh, test, lock):
        p.add_argument("--reinstall", action="store_true", help="run pip even if nothing changed")
    return parser


def main(argv: list[str] | None = None) -> int:
    if sys.version_info < MIN_PYTHON:
        sys.exit(f"[kit] Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer is needed; "
                 f"this is {sys.version.split()[0]}.")
    own, passed = split_args(list(sys.argv[1:] if argv is None else argv))
    args = build_parser().parse_args(own)
    return args.func(args, passed)


if __name__ == "__main__":
    sys.exit(main())
