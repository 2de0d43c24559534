"""The double-dummy solver runs in a directory of its own (issue 16, item 7):
DDS writes ``dump.txt`` where it runs when a call fails, never into the
server's directory."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest
from endplay.dds import solve_board
from endplay.types import Deal

from tournaments.adapters.dds_thread import confined_directory, run_in_solver_thread

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="confinement is Linux-only"
)


def test_a_failing_solver_call_dumps_into_its_own_directory_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    own = confined_directory()
    assert str(own).startswith(str(Path(tempfile.gettempdir()) / "arbitro-dds-"))
    (own / "dump.txt").unlink(missing_ok=True)
    with pytest.raises(Exception, match="Zero cards"):
        run_in_solver_thread(lambda: list(solve_board(Deal("N:- - - -"))))
    assert (own / "dump.txt").exists()
    assert not (tmp_path / "dump.txt").exists()
    assert Path(os.getcwd()) == tmp_path
    assert own != tmp_path
