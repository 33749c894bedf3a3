"""The Binder configuration (binder/) works, checked without Binder.

repo2docker copies the repository, runs `pip install -r binder/requirements.txt`
(the kit's lock: every package at one version, tests/test_lock.py) from the
repository root, then `binder/postBuild`. The slow test does the same in a fresh
virtual environment and runs every lesson notebook there under strict nbval, so a
lesson that needs a package Binder does not install, or a file the installed
package lacks, fails here.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
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


def test_binder_installs_the_lock_and_the_kit():
    """Binder's requirements are the lock (exact pins, the test tools included: a student's Binder has
    the versions CI tested); postBuild adds the kit itself without touching them (--no-deps)."""
    lines = [line for line in (BINDER / "requirements.txt").read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    pins = [line for line in lines if re.match(r"^[A-Za-z0-9][\w.-]*==[\w.+!-]+$", line)]
    assert pins and all(line in pins or line.startswith(" ") for line in lines)
    names = {line.split("==")[0].lower() for line in pins}
    assert {"numpy", "jupyterlab", "voila", "ipywidgets", "anywidget", "pytest", "nbval"} <= names
    post = (BINDER / "postBuild").read_text()
    assert "pip install --no-cache-dir --no-deps ." in post


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
    assert (tmp_path / "jupyter-config" / "custom" / "custom.css").is_file()   # hides .kit-page-only
    assert (tmp_path / "jupyter-config" / "voila.py").is_file()
    # The lock is whole: nothing missing, nothing at a version another package refuses.
    _run([python, "-m", "pip", "check"], cwd=repo, env=env)

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
