"""The compiled kernels' cache is keyed by the kernel sources, not by where they are (fathom.fast.cache,
fathom.kernel_cache).

Two copies of the package at different paths share one compiled kernel; a copy whose kernel
sources differ by one byte compiles its own and never loads the other's.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")

import fathom

PROBE = """
import json
import numpy as np
from fathom.fast import rng
from fathom.kernel_cache import cache_dir
rng.new_state(np.uint64(5))
stats = rng.new_state.stats
print(json.dumps({"file": rng.__file__, "dir": str(cache_dir()),
                  "hits": sum(stats.cache_hits.values()), "misses": sum(stats.cache_misses.values())}))
"""


def _copy(tmp_path: Path, name: str) -> Path:
    root = tmp_path / name
    shutil.copytree(Path(fathom.__file__).parent, root / "fathom", ignore=shutil.ignore_patterns("__pycache__"))
    return root


def _probe(root: Path, cache: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(root), "NUMBA_CACHE_DIR": str(cache)}
    env.pop("XDG_CACHE_HOME", None)
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=120,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_two_checkouts_at_different_paths_share_compiled_kernels_and_a_changed_one_does_not(tmp_path):
    cache = tmp_path / "cache"
    first, second, changed = (_copy(tmp_path, name) for name in ("one", "two", "three"))
    (changed / "fathom" / "fast" / "rng.py").write_text((changed / "fathom" / "fast" / "rng.py").read_text() + "\n# changed\n")

    a = _probe(first, cache)
    assert a["file"].startswith(str(first)) and a["misses"] == 1 and a["hits"] == 0  # compiled here
    b = _probe(second, cache)
    assert b["file"].startswith(str(second))
    assert b["dir"] == a["dir"] and b["hits"] == 1 and b["misses"] == 0  # the first copy's kernel, loaded
    c = _probe(changed, cache)
    assert c["dir"] != a["dir"] and c["misses"] == 1 and c["hits"] == 0  # other sources: compiled anew
    assert Path(a["dir"]).is_relative_to(cache)  # the user's NUMBA_CACHE_DIR is honoured
    assert not any(str(first) in p.name or "one" == p.name for p in cache.rglob("*"))  # no path in the names
