"""A helper process ends when its parent is gone and runs at a lower priority (fathom.core.helper_process)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

HELPER = "import os, time; from fathom.core import helper_process; helper_process.serve(os.getppid(), 3); " \
         "print(os.getpid(), os.nice(0), flush=True); time.sleep(600)"
PARENT = f"import subprocess, sys; p = subprocess.Popen([sys.executable, '-c', {HELPER!r}]); p.wait()"


def test_a_helper_ends_with_its_killed_parent_and_yields_the_cpu():
    parent = subprocess.Popen([sys.executable, "-c", PARENT.replace("p.wait()", "print(p.pid, flush=True); p.wait()")],
                              stdout=subprocess.PIPE, text=True)
    helper = int(parent.stdout.readline())
    pid, niceness = map(int, parent.stdout.readline().split())
    assert pid == helper and niceness == min(19, os.nice(0) + 3)  # lower priority than its parent
    parent.kill()
    parent.wait()
    end = time.time() + 20
    while time.time() < end and _alive(helper):
        time.sleep(0.1)
    assert not _alive(helper), "the helper outlived its parent"


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
