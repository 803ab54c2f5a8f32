"""Each kernel is compiled once per machine (fathom.fast.dispatch): a constant passed by a compiled
caller does not compile a copy of the callee, and the batch loops (closures over a game's kernels)
load from the cache in a new process instead of compiling again."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")

from numba.core import types

from fathom.fast import cache

KERNELS = """
from numba import njit


@njit
def scaled(x, factor):
    return x * factor


@njit
def twice_and_thrice(x):
    return scaled(x, 2) + scaled(x, 3)  # two constants: numba would type them Literal[int](2) and (3)
"""


def _load(folder: Path, name: str):
    (folder / f"{name}.py").write_text(KERNELS)
    spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_constant_passed_by_a_compiled_caller_compiles_no_copy_of_the_callee(tmp_path: Path) -> None:
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    ours.mkdir()
    theirs.mkdir()
    cache.register(ours, tmp_path / "cache")  # a package of fathom's kind: its kernels are typed by types
    try:
        kernel = _load(ours, "kernels_ours")
        assert kernel.twice_and_thrice(7) == 35
        [signature] = kernel.scaled.signatures
        assert not any(isinstance(arg, types.Literal) for arg in signature), signature
    finally:
        del cache._ROOTS[ours.resolve()]
    other = _load(theirs, "kernels_theirs")  # any other jitted code keeps numba's way: one copy per constant
    assert other.twice_and_thrice(7) == 35
    assert len(other.scaled.signatures) == 2 and all(isinstance(sig[1], types.Literal) for sig in other.scaled.signatures)


PROBE = """
import hashlib, json
from numba.core.serialize import dumps  # what numba's cache index hashes of a closure
from fathom.games.into_the_blue.kernels.batch import LOOPS
print(json.dumps([hashlib.sha256(dumps(tuple(cell.cell_contents for cell in loop.py_func.__closure__))).hexdigest()
                  for loop in LOOPS]))
"""


def _closure_keys(cache_folder: Path) -> list[str]:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache_folder)}
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=120, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_batch_loops_are_keyed_alike_in_every_process(tmp_path: Path) -> None:
    """numba files a closure's compiled code under a pickle of what it closes over: a kernel that
    pickled with an id drawn at random in each process made every process compile the loops again."""
    first, second = _closure_keys(tmp_path), _closure_keys(tmp_path)
    assert first == second and len(set(first)) == len(first) == 4
