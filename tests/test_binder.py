"""The Binder configuration (binder/) works, checked without Binder.

repo2docker copies the repository, runs `pip install -r binder/requirements.txt`
from the repository root, then `binder/postBuild`. The slow test does the same
in a fresh virtual environment and runs every lesson notebook there under
strict nbval, so a lesson that needs a package Binder does not install, or a
file the installed package lacks, fails here.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

# What a fresh clone holds; everything else in the work tree stays behind.
COPY_IGNORE = shutil.ignore_patterns(
    ".git", ".venv", "__pycache__", "*.egg-info", "build", "dist",
    ".pytest_cache", ".hypothesis", ".benchmarks", ".ipynb_checkpoints", "test-output",
)


def _pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def _name(requirement: str) -> str:
    return re.split(r"[\s\[<>=!~;]", requirement.strip(), maxsplit=1)[0].lower()


def _binder_requirements() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text().splitlines()
    return [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]


def test_binder_requirements_match_pyproject():
    """binder/requirements.txt = the engine's dependencies + the lessons extra."""
    project = _pyproject()["project"]
    expected = project["dependencies"] + project["optional-dependencies"]["lessons"]
    normalise = lambda reqs: sorted(r.replace(" ", "") for r in reqs)  # noqa: E731
    assert normalise(_binder_requirements()) == normalise(expected), (
        "binder/requirements.txt and pyproject.toml (dependencies + [lessons]) differ"
    )


def _test_pins(*names: str) -> list[str]:
    extra = _pyproject()["project"]["optional-dependencies"]["test"]
    pins = [req for req in extra if _name(req) in names]
    assert len(pins) == len(names), f"{names} not all in the test extra: {extra}"
    return pins


def _run(command: list, cwd: Path, env: dict, timeout: int = 900) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [str(c) for c in command], cwd=cwd, env=env, timeout=timeout,
        stdin=subprocess.DEVNULL, capture_output=True, text=True,
    )
    assert result.returncode == 0, (
        f"{' '.join(map(str, command))} failed with {result.returncode}\n"
        f"--- stdout ---\n{result.stdout[-6000:]}\n--- stderr ---\n{result.stderr[-6000:]}"
    )
    return result


@pytest.mark.slow
def test_binder_environment_runs_the_lessons(tmp_path):
    if not NOTEBOOKS:
        pytest.skip("no lesson notebooks in notebooks/ yet: nothing for Binder to open")

    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=COPY_IGNORE)

    env_dir = tmp_path / "binder-venv"
    subprocess.run([sys.executable, "-m", "venv", env_dir], check=True)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")

    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "KERNEL_PYTHON_PREFIX")}
    env["PATH"] = str(bindir) + os.pathsep + env.get("PATH", "")
    env["VIRTUAL_ENV"] = str(env_dir)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    # postBuild copies the kit's Jupyter settings into the user's Jupyter folders: here temporary ones
    env["JUPYTER_CONFIG_DIR"] = str(tmp_path / "jupyter-config")
    env["JUPYTER_DATA_DIR"] = str(tmp_path / "jupyter-data")
    env["NB_PYTHON_PREFIX"] = str(env_dir)

    pip = [python, "-m", "pip", "install", "--progress-bar", "off"]
    # As repo2docker does it: from the repository root.
    _run(pip + ["-r", "binder/requirements.txt"], cwd=repo, env=env)
    _run(["bash", "binder/postBuild"], cwd=repo, env=env)
    assert (tmp_path / "jupyter-config" / "jupyter_server_config.py").is_file()
    assert (tmp_path / "jupyter-config" / "labconfig" / "page_config.json").is_file()
    assert (tmp_path / "jupyter-data" / "voila" / "templates" / "kit" / "index.html.j2").is_file()
    assert (env_dir / "share" / "jupyter" / "lab" / "settings" / "overrides.json").is_file()
    # The test runner is not part of Binder; add it only to check the lessons.
    _run(pip + _test_pins("pytest", "nbval"), cwd=repo, env=env)

    # The kit is installed into the venv, not read from the source tree.
    where = _run(
        [python, "-c",
         "import pathlib, paternoster, widgets; "
         "print(pathlib.Path(paternoster.__file__).parent); "
         "print(pathlib.Path(widgets.__file__).parent)"],
        cwd=tmp_path, env=env,
    ).stdout.split()
    for installed, name in zip(where, ("paternoster", "widgets")):
        assert Path(installed).is_relative_to(env_dir), f"{name} imported from {installed}"
        for asset in sorted((ROOT / name).glob("*.js")) + sorted((ROOT / name).glob("*.css")):
            assert (Path(installed) / asset.name).is_file(), f"{asset.name} missing from the installed {name}"

    # Strict nbval, in this venv's kernel, without the repository's pytest
    # settings (those add doctests and test paths that Binder has nothing to do with).
    empty_ini = tmp_path / "pytest.ini"
    empty_ini.write_text("[pytest]\n")
    result = subprocess.run(
        [python, "-m", "pytest", "-c", empty_ini, "--rootdir", repo,
         "-p", "no:cacheprovider", "--nbval", "--nbval-current-env", "-q",
         *[repo / "notebooks" / nb.name for nb in NOTEBOOKS]],
        cwd=repo, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=900,
    )
    assert result.returncode == 0, (
        f"lesson notebooks fail in the Binder environment (exit {result.returncode}):\n"
        f"{result.stdout[-8000:]}\n{result.stderr[-4000:]}"
    )
