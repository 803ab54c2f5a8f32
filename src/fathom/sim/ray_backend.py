"""Running the same game tasks on a Ray cluster (``--ray auto`` or ``--ray ADDRESS``).

Each task is played by the same pure :func:`fathom.sim.runner.play_one` as locally,
so records are identical for identical seeds; results are put back in task order.
``address="local"`` starts a private Ray instance on this machine (what the tests use).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fathom.core.errors import OptionError


def _ray() -> Any:
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise OptionError("--ray needs the ray package: pip install 'fathom[sim]'") from exc
    return ray


def connect(address: str, num_cpus: int | None = None) -> Any:
    """Join (or start) a Ray cluster; returns the ray module."""
    ray = _ray()
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address in ("local", "", None):
            if num_cpus is not None:
                kwargs["num_cpus"] = num_cpus
            ray.init(**kwargs)
        else:
            try:
                ray.init(address=address, **kwargs)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise OptionError(
                    f"--ray {address}: no Ray cluster to join ({exc}); start one with `ray start --head`, "
                    "or use --ray local to run a private one on this machine"
                ) from None
    return ray


def run_on_ray(
    tasks: Sequence[Any],
    address: str,
    *,
    on_result: Callable[[dict[str, Any]], None] | None = None,
    num_cpus: int | None = None,
) -> list[dict[str, Any]]:
    """Play ``tasks`` as Ray tasks; ``on_result`` sees each record in task order."""
    ray = connect(address, num_cpus)
    from fathom.sim.runner import play_one

    remote = ray.remote(play_one)
    futures = [remote.remote(task) for task in tasks]
    index = {f: i for i, f in enumerate(futures)}
    done: dict[int, dict[str, Any]] = {}
    next_out = 0
    results: list[dict[str, Any]] = []
    pending = list(futures)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for f in ready:
            done[index[f]] = ray.get(f)
        while next_out in done:  # hand records on in task order
            record = done.pop(next_out)
            results.append(record)
            if on_result is not None:
                on_result(record)
            next_out += 1
    return results
