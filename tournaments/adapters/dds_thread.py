"""One thread for the double-dummy solver, in a working directory of its own.

DDS (behind endplay) writes ``dump.txt`` into the process's working directory
when a call fails, which in a server is the project's directory (issue 16,
item 7). Every solver call therefore runs on one dedicated thread that, on
Linux, has unshared its filesystem context (``unshare(CLONE_FS)``, no
privilege needed) and moved into a private temporary directory: the dump lands
there and the rest of the process keeps its working directory. The one thread
also serialises the calls, which DDS's shared solver memory wants anyway.
Elsewhere the thread keeps the process's directory (no confinement), as the
embedded mode on a developer's machine may.
"""

from __future__ import annotations

import ctypes
import os
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

__all__ = ["confined_directory", "run_in_solver_thread"]

T = TypeVar("T")
_CLONE_FS = 0x00000200
_state: dict[str, Path] = {}


def _confine() -> None:
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(_CLONE_FS) != 0:  # pragma: no cover - kernel refused
        return
    directory = Path(tempfile.mkdtemp(prefix="arbitro-dds-"))
    os.chdir(directory)
    _state["directory"] = directory


_solver = ThreadPoolExecutor(
    max_workers=1, thread_name_prefix="dds", initializer=_confine
)


def run_in_solver_thread(call: Callable[[], T]) -> T:
    """Run ``call`` on the solver's thread and return (or raise) its outcome."""
    return _solver.submit(call).result()


def confined_directory() -> Path | None:
    """The solver thread's working directory, once it has started (Linux)."""
    run_in_solver_thread(lambda: None)
    return _state.get("directory")
