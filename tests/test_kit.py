"""kit.py's command line: its own options apart from the ones it passes on, the lesson a command
names, what `lab`, `page` and `classroom` start, and the kernel a refreshed lesson names."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from jupyter_client.kernelspec import KernelSpecManager

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _kit_script():
    spec = importlib.util.spec_from_file_location("_kit_script_under_test", ROOT / "kit.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


kit = _kit_script()


@pytest.mark.parametrize("argv, own, passed", [
    # the reported failure: a space between an option Voila knows and its value
    (["classroom", "--no-browser", "--port", "8912"], ["classroom", "--no-browser", "--port", "8912"], []),
    (["classroom", "paskahousu", "--port", "8912", "--theme", "dark"],
     ["classroom", "paskahousu", "--port", "8912"], ["--theme", "dark"]),
    (["classroom", "--theme", "dark", "campaign", "--score-book", "b.sqlite"],
     ["classroom", "campaign", "--score-book", "b.sqlite"], ["--theme", "dark"]),
    (["page", "--no-browser", "3"], ["page", "--no-browser", "3"], []),
    (["page", "--theme", "dark", "5a"], ["page", "5a"], ["--theme", "dark"]),
    (["lab", "--port", "8912", "3"], ["lab", "3"], ["--port", "8912"]),
    (["lab", "--ServerApp.ip", "127.0.0.1"], ["lab"], ["--ServerApp.ip", "127.0.0.1"]),
    (["test", "-k", "ladder", "-x", "tests/test_kit.py"], ["test"], ["-k", "ladder", "-x", "tests/test_kit.py"]),
    (["test", "--reinstall", "-m", "not browser"], ["test", "--reinstall"], ["-m", "not browser"]),
    (["refresh", "1", "notebooks/02_piles_and_setbacks.ipynb", "--ExecutePreprocessor.timeout", "600"],
     ["refresh", "1", "notebooks/02_piles_and_setbacks.ipynb"], ["--ExecutePreprocessor.timeout", "600"]),
    (["lock", "-P", "numpy"], ["lock"], ["-P", "numpy"]),
    (["page", "3", "--", "--port", "1"], ["page", "3"], ["--port", "1"]),
])
def test_own_options_and_passed_on_ones_are_told_apart(argv, own, passed):
    assert kit.split_args(argv) == (own, passed)
    kit.build_parser().parse_args(own)  # the kit's own part parses


def test_a_wrong_game_is_refused_by_name(capsys):
    own, _ = kit.split_args(["classroom", "--port", "8912", "chess"])
    with pytest.raises(SystemExit):
        kit.build_parser().parse_args(own)
    assert "invalid choice: 'chess'" in capsys.readouterr().err


@pytest.mark.parametrize("name, path", [
    ("1", "01_the_ladder.ipynb"), ("01", "01_the_ladder.ipynb"), ("3", "03_a_turn.ipynb"),
    ("5a", "05a_easier_variants.ipynb"), ("5B", "05b_harder_variants.ipynb"), ("6a", "06_difficulty.ipynb"),
    ("6", "06_difficulty.ipynb"), ("6b", "06b_claims_and_talking.ipynb"), ("10", "10_paskahousu_game.ipynb"),
    ("classroom", "classroom.ipynb"), ("classroom_paskahousu", "classroom_paskahousu.ipynb"),
    ("03_a_turn.ipynb", "03_a_turn.ipynb"), ("notebooks/03_a_turn.ipynb", "03_a_turn.ipynb"),
    ("99", None), ("5z", None), ("chess", None), ("", None),
])
def test_a_lesson_is_found_by_its_number_or_name(name, path):
    if path is not None and not (ROOT / "notebooks" / path).exists():
        pytest.skip(f"notebooks/{path} is not in this checkout")
    assert kit.find_page(name) == (f"notebooks/{path}" if path else None)


def test_every_notebook_has_a_short_name_of_its_own():
    names = [kit.lesson_id(p.name) for p in NOTEBOOKS]
    assert len(set(names)) == len(names) == len(kit.pages())


@pytest.fixture
def started(monkeypatch):
    """kit.py with nothing installed and nothing started: what it would run, recorded."""
    record: dict = {"runs": [], "opened": []}
    monkeypatch.setattr(kit, "ensure_installed", lambda extra, force: record.setdefault("extra", extra))
    monkeypatch.setattr(kit, "install_lab_overrides", lambda: None)
    monkeypatch.setattr(kit, "run", lambda command, **env: record["runs"].append(command) or 0)
    return record


@pytest.fixture
def served(started, monkeypatch):
    """… and the page server: its command line and the page opened, recorded."""
    record = started

    class Server:
        def __init__(self, command, **kwargs):
            record["server"] = command

        def poll(self):
            return None

        def wait(self, timeout=None):
            return 0

    monkeypatch.setattr(kit, "subprocess", type("NoProcesses", (), {"Popen": Server}))
    monkeypatch.setattr(kit, "wait_for_server", lambda url, process, timeout=120: True)
    monkeypatch.setattr(kit.webbrowser, "open", lambda url: record["opened"].append(url))
    monkeypatch.setenv(kit.SCORE_BOOK_ENV, "")  # restored after the test (kit.py sets it)
    return record


def test_lab_opens_lesson_one_or_the_lesson_named(started):
    assert kit.main(["lab", "--no-browser"]) == 0
    assert kit.main(["lab", "5a", "--port", "8912"]) == 0
    first, fifth = started["runs"]
    assert "--LabApp.default_url=/lab/tree/notebooks/01_the_ladder.ipynb" in first and first[-1] == "--no-browser"
    assert "--LabApp.default_url=/lab/tree/notebooks/05a_easier_variants.ipynb" in fifth
    assert fifth[-2:] == ["--port", "8912"]
    assert kit.main(["lab", "99"]) == 2 and len(started["runs"]) == 2


def test_page_and_classroom_serve_the_whole_kit_and_open_the_page(served, monkeypatch, tmp_path):
    started = served
    monkeypatch.setattr(kit, "free_port", lambda first: 8871)
    assert kit.main(["page", "3", "--theme", "dark"]) == 0
    assert started["server"][1:] == [*kit.page_server_args(8871), "--theme", "dark"]
    assert started["server"][1] == str(kit.ROOT)
    assert started["opened"] == ["http://localhost:8871/voila/render/notebooks/03_a_turn.ipynb"]
    book = tmp_path / "class-5b.sqlite"
    assert kit.main(["classroom", "--port", "8912", "--no-browser", "campaign", "--score-book", str(book)]) == 0
    assert "--port=8912" in started["server"] and len(started["opened"]) == 1
    assert kit.os.environ[kit.SCORE_BOOK_ENV] == str(book)


def test_the_kernel_is_named_as_it_reports_itself_in_every_notebook():
    """JupyterLab writes the kernel's own kernelspec into a notebook it opens: shipped as that, a
    lesson opened is not a lesson changed (no autosave, no diff in a teacher's checkout)."""
    spec = KernelSpecManager().get_kernel_spec("python3")
    reported = {"display_name": spec.display_name, "language": spec.language, "name": "python3"}
    assert kit.kernel_spec() == reported
    wrong = {p.name: json.loads(p.read_text(encoding="utf-8"))["metadata"].get("kernelspec") for p in NOTEBOOKS}
    assert {name: ks for name, ks in wrong.items() if ks != reported} == {}


def test_refresh_names_the_kernel_as_it_reports_itself(started, monkeypatch, tmp_path):
    """`kit.py refresh` keeps that kernelspec (nbconvert alone would keep an old "Python 3")."""
    notebook = tmp_path / "lesson.ipynb"
    shutil.copyfile(NOTEBOOKS[0], notebook)
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    nb["metadata"]["kernelspec"]["display_name"] = "Python 3"
    notebook.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    assert kit.main(["refresh", str(notebook)]) == 0  # nbconvert is not run here (kit.run is recorded)
    assert "nbconvert" in started["runs"][0]
    shipped = json.loads(notebook.read_text(encoding="utf-8"))
    assert shipped["metadata"]["kernelspec"] == kit.kernel_spec()
    nb["metadata"]["kernelspec"] = kit.kernel_spec()
    assert shipped == nb  # nothing else changed
    assert not kit.ship_kernelspec(notebook, kit.kernel_spec())


@pytest.mark.parametrize("name", ["99", "/etc/passwd", "5z", "notebooks/no_such_lesson.ipynb", "notebooks"])
def test_refresh_refuses_what_names_no_lesson_before_running_anything(started, capsys, name):
    """`kit.py refresh 99` and `kit.py refresh /etc/passwd` are refused with the list of lessons: nothing is
    installed, nothing is run, no file is overwritten in place."""
    assert kit.main(["refresh", name]) == 2
    said = capsys.readouterr().out
    assert "names no lesson" in said and "Lessons and pages: 1, 2, 3" in said
    assert started["runs"] == [] and "extra" not in started


def test_refresh_refuses_a_pipe_or_a_text_file_named_like_a_notebook(started, capsys, tmp_path):
    fifo = tmp_path / "pipe.ipynb"
    os.mkfifo(fifo)
    text = tmp_path / "passwd.ipynb"
    text.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    assert kit.main(["refresh", str(fifo)]) == 2 and kit.main(["refresh", str(text), "1"]) == 2
    assert "names no lesson" in capsys.readouterr().out and started["runs"] == []
    assert text.read_text(encoding="utf-8").startswith("root:")


_FAKE_VOILA = """import os, sys, time
open(os.environ["FAKE_VOILA_PID"], "w").write(str(os.getpid()))
time.sleep(600)
"""

_KIT_UNDER_SIGNAL = """import importlib.util, os, sys
from pathlib import Path
spec = importlib.util.spec_from_file_location("kit_under_signal", sys.argv[1])
kit = importlib.util.module_from_spec(spec); spec.loader.exec_module(kit)
kit.ensure_installed = lambda extra, force: None
kit.venv_bin = lambda: Path(sys.argv[2])
kit.venv_env = lambda: dict(os.environ)
kit.wait_for_server = lambda url, process, timeout=120: True
sys.exit(kit.main(["classroom", "--no-browser", "--port", "8999"]))
"""


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_signal_to_kit_py_stops_the_page_server_it_started(tmp_path, signum):
    """SIGTERM (or SIGHUP, a closed terminal) to `kit.py classroom` / `kit.py page` stops Voila too: no page
    server (with its kernels) is left running without kit.py."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    voila = bin_dir / "voila"
    voila.write_text(f"#!{sys.executable}\n{_FAKE_VOILA}", encoding="utf-8")
    voila.chmod(0o755)
    script = tmp_path / "run_kit.py"
    script.write_text(_KIT_UNDER_SIGNAL, encoding="utf-8")
    pid_file = tmp_path / "voila.pid"
    env = dict(os.environ, FAKE_VOILA_PID=str(pid_file), PATERNOSTER_SCORE_BOOK=str(tmp_path / "b.sqlite"))
    parent = subprocess.Popen([sys.executable, str(script), str(ROOT / "kit.py"), str(bin_dir)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):  # the fake server says it runs (at most a minute)
            if pid_file.exists() and pid_file.read_text():
                break
            time.sleep(0.1)
        child = int(pid_file.read_text())
        parent.send_signal(signum)
        assert parent.wait(timeout=60) == 128 + signum
        for _ in range(600):
            if not _alive(child):
                break
            time.sleep(0.1)
        assert not _alive(child), "the page server outlived kit.py"
    finally:
        if parent.poll() is None:
            parent.kill()
        if pid_file.exists() and pid_file.read_text() and _alive(int(pid_file.read_text())):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)


def _alive(pid: int) -> bool:
    try:
        os.waitpid(pid, os.WNOHANG)  # reaps it if it is our child (it is kit.py's, so this fails)
    except ChildProcessError:
        pass
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().split(") ", 1)[1][:1] != "Z"  # a zombie has stopped
    except FileNotFoundError:
        return False


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_page_is_shipped_run(path):
    """A page is saved with what its cells show (``kit.py refresh``): a code cell that ends in an
    expression (a table, a widget's text line, a plot) has its saved output; a student opening the page
    as shipped reads it, and nbval compares it."""
    import ast
    nb = json.loads(path.read_text(encoding="utf-8"))
    unrun = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code" or cell.get("outputs"):
            continue
        body = ast.parse("".join(cell["source"])).body
        if body and isinstance(body[-1], ast.Expr):
            unrun.append(i)
    assert unrun == [], f"{path.name}: cells {unrun} end in an expression but have no saved output"
