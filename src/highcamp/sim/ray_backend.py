"""The Ray backend of the simulator: chunks played as Ray tasks, on a cluster or on a local
Ray instance (the ``ray`` extra: ``pip install 'highcamp[ray]'``).

Each chunk is one task running the same function as a local worker process
(``highcamp.sim.runner._run_task``), so records are identical on either backend. Every
node of a cluster needs highcamp (and its game data) installed at the same version as the
machine that submits the run.

>>> RayBackend.available() in (True, False)
True
"""

from __future__ import annotations

import contextlib
import importlib.util
from concurrent.futures import Future
from typing import Any

from .runner import Backend, _Result, _run_task, _Task

__all__ = ["RayBackend", "RayUnavailableError"]


class RayUnavailableError(RuntimeError):
    """Ray is not installed, or the cluster could not be reached."""


class RayBackend(Backend):
    """Chunks as Ray tasks (one CPU each).

    ``address`` names a running cluster (``ray://host:10001``, ``host:6379`` or ``auto``);
    without it a local Ray instance is started with ``workers`` CPUs (every core by default)
    and stopped by :meth:`close`. ``workers`` is then how many chunks run at once; on a
    cluster it defaults to the cluster's CPUs.
    """

    name = "ray"

    @staticmethod
    def available() -> bool:
        """Whether Ray can be imported."""
        return importlib.util.find_spec("ray") is not None

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        if not self.available():
            raise RayUnavailableError(
                "the Ray backend needs Ray: pip install 'highcamp[ray]' (or pip install ray)"
            )
        import ray

        self._ray: Any = ray
        self._owned = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "configure_logging": False,
            }
            if address:
                kwargs["address"] = address
            elif workers:
                kwargs["num_cpus"] = workers
            try:
                ray.init(**kwargs)
            except (ConnectionError, RuntimeError, ValueError) as err:
                where = f"the Ray cluster at {address}" if address else "a local Ray instance"
                raise RayUnavailableError(f"could not start {where}: {err}") from None
            self._owned = True
        cpus = int(self._ray.cluster_resources().get("CPU", 1))
        self.workers = max(1, workers or cpus)
        self.address = address or "local"
        self._remote = ray.remote(num_cpus=1, max_retries=1)(_run_task)
        self._refs: list[Any] = []

    def submit(self, task: _Task) -> Future[_Result]:
        ref = self._remote.remote(task)
        self._refs.append(ref)
        if len(self._refs) > 4 * self.workers:  # forget the finished ones
            _, waiting = self._ray.wait(self._refs, num_returns=len(self._refs), timeout=0)
            self._refs = list(waiting)
        future: Future[_Result] = ref.future()
        return future

    def close(self, cancel: bool) -> None:
        if cancel:
            for ref in self._refs:
                with contextlib.suppress(Exception):  # a finished task cannot be cancelled
                    self._ray.cancel(ref, force=True)
        self._refs = []
        if self._owned and self._ray.is_initialized():
            self._ray.shutdown()
            self._owned = False
