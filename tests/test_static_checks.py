"""The type checker and the linter, as tests: the README's one test command runs them too.

Their settings live in ``pyproject.toml`` (``[tool.mypy]``: strict over ``fathom.core`` and
``fathom.games``, basic elsewhere; ``[tool.ruff]``). Both tools come with the ``test`` extra.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=900)


def test_ruff_finds_nothing() -> None:
    run = _run("ruff", "check", "--no-cache", "src", "tests")
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_finds_nothing() -> None:
    """Strict over the engine (core, games), basic over the rest, as configured in pyproject.toml."""
    run = _run("mypy", "--no-incremental")
    assert run.returncode == 0, run.stdout + run.stderr
