"""A helper process ends when its parent is gone and runs at a lower priority (fathom.core.helper_process)."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.processes import still_alive

HELPER = "import os, time; from fathom.core import helper_process; helper_process.serve(os.getppid(), 3); " \
         "print(os.getpid(), os.nice(0), flush=True); time.sleep(600)"
PARENT = f"import subprocess, sys; p = subprocess.Popen([sys.executable, '-c', {HELPER!r}]); print(p.pid, flush=True); p.wait()"


def test_a_helper_ends_with_its_killed_parent_and_yields_the_cpu():
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True)
    helper = int(parent.stdout.readline())
    pid, niceness = map(int, parent.stdout.readline().split())
    assert pid == helper and niceness == min(19, os.nice(0) + 3)  # lower priority than its parent
    parent.kill()
    parent.wait()
    assert not still_alive([helper], 20), "the helper outlived its parent"

