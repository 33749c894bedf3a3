"""kit.py's command line: its own options apart from the ones it passes on, the lesson a command
names, what `lab`, `page` and `classroom` start, and the kernel a refreshed lesson names."""

from __future__ import annotations

import importlib.util
import json
import shutil
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
