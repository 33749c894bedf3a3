"""Starting and stopping the kit's Jupyter servers (JupyterLab, Voila) as child processes of kit.py.

Standard library only: kit.py loads this file before the kit's environment exists.  A stop signal to
kit.py (SIGTERM, SIGHUP) stops the server it started too, as Ctrl+C does; a server is polled until it
answers; a page server takes the first free port from the one asked for.
"""

from __future__ import annotations

import contextlib
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

__all__ = ["STOP_SECONDS", "Stopped", "free_port", "interrupted", "stop", "stop_on_signals", "wait_for_server"]


class Stopped(KeyboardInterrupt):
    """kit.py was told to stop (SIGTERM, SIGHUP): it stops what it started, as after Ctrl+C."""


@contextlib.contextmanager
def stop_on_signals():
    """While inside: SIGTERM and SIGHUP raise :class:`Stopped` (a KeyboardInterrupt), so the server or
    tool kit.py started is stopped too, never left running on its own."""
    def stopped(signum, frame):
        raise Stopped(signum)

    old = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            try:
                old[number] = signal.signal(number, stopped)
            except ValueError:  # not the main thread: nothing to install
                pass
    try:
        yield
    finally:
        for number, handler in old.items():
            signal.signal(number, handler)


#: Seconds a server (Voila, JupyterLab) has to stop its kernels after SIGTERM before it is killed.
STOP_SECONDS = 20


def stop(process: subprocess.Popen) -> None:
    """Stop a child: SIGTERM (it shuts its kernels down), then SIGKILL after :data:`STOP_SECONDS`."""
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def interrupted(error: KeyboardInterrupt) -> int:
    """The exit code after Ctrl+C (130) or a stop signal (128 + its number)."""
    return 128 + error.args[0] if isinstance(error, Stopped) and error.args else 130


def free_port(first: int) -> int:
    """`first` if nothing listens there on this machine, else the next free port above it."""
    for port in range(first, first + 50):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    return first


def wait_for_server(url: str, process: subprocess.Popen, timeout: float = 120) -> bool:
    """Poll `url` until the server answers at all (any HTTP status); False if it stopped or never did."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        try:
            urllib.request.urlopen(url, timeout=5).close()
            return True
        except urllib.error.HTTPError:
            return True
        except (urllib.error.URLError, OSError):
            time.sleep(0.5)
    return False
