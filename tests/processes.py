"""Processes as /proc shows them, for tests that check what a killed parent leaves behind (Linux)."""

from __future__ import annotations

import time


def _stat_fields(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (which may hold spaces), or None if gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def parent_of(pid: int) -> int | None:
    fields = _stat_fields(pid)
    return int(fields[1]) if fields and len(fields) > 1 else None


def alive(pid: int) -> bool:
    """Running or sleeping: not gone and not a zombie."""
    fields = _stat_fields(pid)
    return fields is not None and fields[0] != "Z"


def still_alive(pids: list[int], seconds: float) -> list[int]:
    """Those of ``pids`` still alive after waiting up to ``seconds`` for all of them to end."""
    end = time.time() + seconds
    while time.time() < end and any(alive(p) for p in pids):
        time.sleep(0.1)
    return [p for p in pids if alive(p)]
