"""The browser tests' chromium: Debian's package, never a browser downloaded by Playwright.

Standard library only: ``kit.py test`` loads this file to install chromium (as root, with apt-get) before
the tests, and tests/browser/conftest.py uses :func:`find_chromium`. ``KIT_CHROMIUM=/path/to/chromium``
overrides the search on PATH.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import Callable

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



def is_root() -> bool:
    """Whether this process runs as root (it may then install Debian's packages)."""
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


def ensure_chromium(say: Callable[[str], None] = print) -> None:
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
