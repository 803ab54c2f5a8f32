"""fathom's compiled kernels on this machine: where they are cached, whether they are ready, and
the one process that compiles them in the background.

Why: numba compiles a kernel at its first call, 1-3 minutes of CPU for level 3's playouts on a
machine that never compiled them. A person waiting for a bot must not wait for that, and several
bot workers must not each compile the same kernels at once. So a front end (the server's workers,
``fathom play``) runs in ``background`` mode: a search asks :func:`usable` before it plays compiled
playouts; until the kernels are ready it thinks with the Python ones, and one process per machine
(``fathom warmup --background``, under a file lock) compiles them meanwhile and then writes a
marker in the cache folder that every process sees. Research tools and tests keep the ``wait``
mode: a kernel compiles where it is first called, as numba does, so a measured bot is always the
same bot; but one process compiles a game's playouts at a time, under the same lock, and the others
wait for it and load them (a test run's workers had compiled the same kernels side by side, two
minutes of CPU each).

The cache folder is named by a digest of the kernel sources (numba's own cache is keyed by each
source file's path: every new checkout compiled everything again); :mod:`fathom.fast.cache` tells
numba to use it. Nothing here imports numba, so the web server's own process can ask (importing
numba there stalled its event loop for a second).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import platform
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from functools import cache
from importlib import metadata
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
"""The ``fathom`` package folder whose kernels the cache holds."""


def kernel_sources(package: Path = PACKAGE) -> list[Path]:
    """Every file the compiled kernels are built from: this toolkit, each game's kernels and compiled
    bots, and the reference modules whose constants they compile in (action ids, phases, data tables,
    CHANCE and TERMINAL)."""
    fast, games, core = package / "fast", package / "games", package / "core"
    return (sorted(fast.glob("*.py")) + sorted(games.glob("*/*.py")) + sorted(games.glob("*/kernels/*.py"))
            + sorted(games.glob("*/bots/*.py")) + sorted(games.glob("*/bots/compiled/*.py")) + [core / "api.py"])


@cache
def source_digest(package: Path = PACKAGE) -> str:
    """A digest of :func:`kernel_sources` (their paths inside the package and their bytes)."""
    digest = hashlib.sha256()
    for path in kernel_sources(package):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_root() -> Path:
    """The folder of all versions: ``$NUMBA_CACHE_DIR/fathom`` when the user chose numba's cache
    folder, else ``$XDG_CACHE_HOME/fathom/numba`` (``~/.cache/fathom/numba``)."""
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return Path(chosen) / "fathom"
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(root) / "fathom" / "numba"


def cache_dir() -> Path:
    """This version's folder: the sources' digest, and what else makes compiled code differ (numba,
    Python and the machine), so a changed interpreter starts a folder of its own."""
    build = f"{source_digest()}-numba{metadata.version('numba')}-py{sys.version_info[0]}{sys.version_info[1]}-{platform.machine()}"
    return cache_root() / build


MODES = ("wait", "background")
READY_FILE = "ready"
LOCK_SUFFIX = ".lock"
LOG_FILE = "warmup.log"

_mode = "wait"
_seen_ready = False
_holder = threading.local()  # ``.holds``: this thread holds the compile lock, so its searches must not wait for it
_started: subprocess.Popen[bytes] | None = None
_start_lock = threading.Lock()


def set_mode(mode: str) -> None:
    """``wait`` (compile where first called) or ``background`` (Python playouts until ready)."""
    global _mode
    if mode not in MODES:
        raise ValueError(f"kernel mode {mode!r}: use one of {', '.join(MODES)}")
    _mode = mode


def mode() -> str:
    return _mode


@contextlib.contextmanager
def background() -> Iterator[None]:
    """``background`` mode while a front end plays (and the mode before it afterwards)."""
    before = _mode
    set_mode("background")
    try:
        yield
    finally:
        set_mode(before)


def marker() -> Path:
    """The file written once every kernel the bots use is compiled into this version's cache."""
    return cache_dir() / READY_FILE


def log_file() -> Path:
    """Where a background compile writes what it did (next to the cache folder)."""
    return cache_dir().with_name(cache_dir().name + "-" + LOG_FILE)


def ready() -> bool:
    """Are this version's kernels compiled on this machine (loading them takes about a second)?"""
    global _seen_ready
    if not _seen_ready:
        _seen_ready = marker().exists()
    return _seen_ready


def mark_ready(path: Path | None = None) -> None:
    """Write :func:`marker` (or a :func:`game_marker`)."""
    path = marker() if path is None else path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("compiled\n")


def forget() -> None:
    """Ask the disk again at the next :func:`ready` (tests; a cache folder removed under us)."""
    global _seen_ready
    _seen_ready = False


def game_marker(game: str) -> Path:
    """The file written once ``game``'s playouts are compiled into this version's cache."""
    return cache_dir() / f"{READY_FILE}-{game}"


def usable(game: str | None = None, compile_game: Callable[[], object] | None = None) -> bool:
    """May a search of ``game`` play compiled playouts now? Always in ``wait`` mode, once they are
    compiled (:func:`compile_once`, by ``compile_game``); in ``background`` mode once the kernels are
    ready, and until then the compile is started (once per machine) and the answer is no."""
    if _mode == "wait":
        if game is not None and compile_game is not None:
            compile_once(game, compile_game)
        return True
    if ready():
        return True
    start_preparing()
    return False


def compile_once(game: str, compile_game: Callable[[], object]) -> None:
    """Make sure ``game``'s playouts are compiled on this machine, by ``compile_game`` under the lock
    if no process has: a process that finds another compiling them waits for it and then loads them."""
    if getattr(_holder, "holds", False) or ready() or game_marker(game).exists():
        return  # the searches run to compile them (holding the lock) play on
    with compile_lock(wait=True):
        if ready() or game_marker(game).exists():  # compiled while we waited
            return
        compile_game()
        mark_ready(game_marker(game))


def _lock_path() -> Path:
    return cache_dir().with_name(cache_dir().name + LOCK_SUFFIX)


@contextlib.contextmanager
def compile_lock(wait: bool = True, inherited: int | None = None) -> Iterator[bool]:
    """Hold this version's compile lock (one process compiles, others wait or go); yields whether it
    is held. An advisory ``flock``: the system drops it when its holder dies, so no stale lock.
    ``inherited``: a descriptor of the lock file its parent locked and handed over (see
    :func:`start_preparing`), so no second compile can start between the two processes."""
    if inherited is not None:
        with os.fdopen(inherited, "a+b") as handle, _holding():
            yield True
            fcntl.flock(handle, fcntl.LOCK_UN)
        return
    path = _lock_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            with _holding():
                yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@contextlib.contextmanager
def _holding() -> Iterator[None]:
    """Mark this thread as the lock's holder while it holds it (see :func:`compile_once`)."""
    before = getattr(_holder, "holds", False)
    _holder.holds = True
    try:
        yield
    finally:
        _holder.holds = before


def preparing() -> bool:
    """Is a process compiling this version's kernels now (holding the lock)?"""
    with compile_lock(wait=False) as held:
        return not held


def start_preparing() -> subprocess.Popen[bytes] | None:
    """Start ``fathom warmup --background`` unless the kernels are ready, this process started it
    already, or another process is compiling them; return the process started, if any.

    The lock is taken here and its descriptor handed to the child, so two processes asking at once
    never start two compiles. The child runs this very package (its folder first on ``PYTHONPATH``),
    in a session of its own so a Ctrl+C at a terminal game does not reach it, and writes to
    :func:`log_file`."""
    global _started
    with _start_lock:
        if _started is not None or ready():
            return None
        path = _lock_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return None  # another process compiles them
            if ready():  # it finished just before we looked
                return None
            env = dict(os.environ)
            env["PYTHONPATH"] = os.pathsep.join([str(PACKAGE.parent), *filter(None, [env.get("PYTHONPATH")])])
            with open(log_file(), "ab") as out:
                _started = subprocess.Popen(
                    [sys.executable, "-m", "fathom.cli.main", "warmup", "--background", "--lock-fd", str(fd)],
                    env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, pass_fds=(fd,),
                    start_new_session=True)
        finally:
            os.close(fd)  # the child's copy holds the lock now (or nobody's does)
        return _started


def started() -> subprocess.Popen[bytes] | None:
    """The background compile this process started, if it did."""
    return _started
