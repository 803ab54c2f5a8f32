"""Into the Blue's section of ``fathom report`` (:mod:`fathom.sim.report`): failed and perfect dives."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fathom.sim.report import Page


def section(page: Page, records: Sequence[dict[str, Any]], plt: Any) -> None:
    page.heading("Into the Blue: dive results")
    fig, ax = plt.subplots(figsize=(6, 3.4))
    failed = [r.get("dives_failed", 0) for r in records]
    perfect = [r.get("dives_perfect", 0) for r in records]
    ax.hist([failed, perfect], bins=range(0, max(failed + perfect + [1]) + 2), label=["failed", "perfect"])
    ax.set_xlabel("dives per game")
    ax.legend()
    page.figure(fig, "itb-dives", "Failed dives (no 1) and perfect dives per game.")
