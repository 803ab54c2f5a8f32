"""Each example game under ``examples/`` works through fathom's plugin entry points alone (issue 49): it is
listed, simulated, watched in the terminal, played as a Gymnasium and a PettingZoo env, and nothing
outside its folder names it. (Its browser table: tests/server/test_example_games_browser.py.)"""

from __future__ import annotations

import io
import subprocess
from collections.abc import Iterator

import pytest

from tests.example_games import ROOT, declare, examples

NAMES = [name for example in examples() for name in example.games]


@pytest.fixture(scope="module", autouse=True)
def declared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    import os
    import sys

    saved_path, saved_env = list(sys.path), os.environ.get("PYTHONPATH")
    names = declare(tmp_path_factory.mktemp("examples"))
    yield names
    sys.path[:] = saved_path
    if saved_env is None:
        os.environ.pop("PYTHONPATH", None)
    else:
        os.environ["PYTHONPATH"] = saved_env
    from fathom import i18n
    from fathom.core import plugins

    plugins.refresh()
    i18n.catalog.cache_clear()


def _fathom(*argv: str) -> tuple[int, str]:
    from fathom.cli.main import main

    out = io.StringIO()
    code = main(list(argv), stdout=out)
    return code, out.getvalue()


def test_there_is_an_example_game() -> None:
    assert NAMES, "examples/ holds no distribution declaring a fathom.games entry point"


@pytest.mark.parametrize("name", NAMES)
def test_listed_simulated_and_watched(name: str) -> None:
    code, text = _fathom("games")
    assert code == 0 and name in text
    code, text = _fathom("simulate", name, "--bots", "random,random", "--games", "20", "--quiet")
    assert code == 0 and "win rate" in text
    code, text = _fathom("play", name, "--watch", "--players", "2", "--seed", "1")
    assert code == 0 and "Game over" in text


@pytest.mark.parametrize("name", NAMES)
def test_gymnasium_and_pettingzoo_envs(name: str) -> None:
    import numpy as np

    from fathom.rl.gymnasium import FathomEnv
    from fathom.rl.pettingzoo import env as pz_env

    single = FathomEnv(name, players=2, opponents="random")
    obs, _ = single.reset(seed=3)
    for _ in range(500):
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, done, truncated, _ = single.step(int(legal[0]))
        if done or truncated:
            break
    assert done
    multi = pz_env(name, players=2, seed=3)
    multi.reset(seed=3)
    steps = 0
    for _agent in multi.agent_iter(max_iter=5000):
        obs, reward, done, truncated, _ = multi.last()
        multi.step(None if done or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps > 2


@pytest.mark.parametrize("name", NAMES)
def test_nothing_outside_its_folder_names_it(name: str) -> None:
    folder = next(e.folder for e in examples() if name in e.games).relative_to(ROOT)
    found = subprocess.run(["git", "grep", "-il", name, "--", ".", f":(exclude){folder}"], cwd=ROOT,
                           capture_output=True, text=True)
    assert found.returncode in (0, 1), found.stderr
    assert [line for line in found.stdout.splitlines() if not line.endswith((".png", ".jpg"))] == []
