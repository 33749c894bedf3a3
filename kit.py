#!/usr/bin/env python3
"""Set up and run the Paternoster & Paskahousu teaching kit.

Needs nothing but Python 3.11 or newer: this script uses the standard library
only. It keeps everything in a virtual environment `.venv` beside this file.

    python3 kit.py lab     open the lessons in JupyterLab
    python3 kit.py test    run every test (engine, doctests, lesson notebooks)

Extra arguments after the command go to JupyterLab or pytest, e.g.
    python3 kit.py test -k ladder -x
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

MIN_PYTHON = (3, 11)
ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "kit-install.json"
FIRST_LESSON = "notebooks/01_the_ladder.ipynb"

# Which extras of pyproject.toml each command needs. "test" includes
# "lessons", so an environment set up for testing also serves the lab.
EXTRAS_FOR = {"lab": "lessons", "test": "test"}
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


def venv_env() -> dict:
    """The environment for commands run inside .venv (as if it were activated)."""
    env = dict(os.environ)
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


def cmd_lab(args: argparse.Namespace, extra_args: list[str]) -> int:
    ensure_installed(EXTRAS_FOR["lab"], args.reinstall)
    target = FIRST_LESSON if (ROOT / FIRST_LESSON).exists() else "notebooks"
    command = [str(venv_bin() / "jupyter"), "lab", target]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in extra_args:
        say("Running as root: adding --allow-root for JupyterLab.")
        command.append("--allow-root")
    say("Starting JupyterLab; it opens in your browser. Press Ctrl+C twice here to stop it.")
    return run(command + extra_args)


def cmd_test(args: argparse.Namespace, extra_args: list[str]) -> int:
    ensure_installed(EXTRAS_FOR["test"], args.reinstall)
    say("Running every test: tests/, the doctests in paternoster/, "
        "and the lesson notebooks under strict nbval.")
    code = run([str(venv_python()), "-m", "pytest", *extra_args])
    say("All tests passed." if code == 0 else f"pytest finished with exit code {code}.")
    return code


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
            "'lab', to pytest for 'test' (e.g. python3 kit.py test -k ladder -x). "
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
    test = sub.add_parser(
        "test",
        help="run every test and exit with pytest's code",
        description=(
            "Install the kit with the test packages, then run pytest: tests/, "
            "the doctests in paternoster/ and the lesson notebooks (strict nbval)."
        ),
    )
    test.set_defaults(func=cmd_test)
    for p in (lab, test):
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
