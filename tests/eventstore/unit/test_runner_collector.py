"""The runner's garbage collector (decision 0132): after a batch the
survivors are frozen, so a collection during event night looks at one
batch's objects, not at every session the runner keeps; the frozen objects
are collected whole once the runner has waited a poll interval with nothing
to do, or when a whole collection is overdue."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from eventstore.projections.loop import Collector


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    gc.disable()  # no automatic collection between two lines of a test
    yield
    gc.unfreeze()
    gc.enable()


class Cycle:
    """An object in a reference cycle: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


def _frozen_objects() -> list[object]:
    gc.unfreeze()
    objects = gc.get_objects()
    gc.freeze()
    return objects


def test_a_batch_freezes_its_survivors_and_idle_collects_them_once() -> None:
    collector = Collector()
    assert collector.pending is False
    Cycle()  # garbage in a cycle, left by the batch
    collector.after_batch()
    assert gc.get_freeze_count() > 0
    assert collector.pending is True
    gc.collect()  # a collection during the night skips the frozen objects
    assert sum(1 for o in _frozen_objects() if type(o) is Cycle) == 1
    collector.idle()  # a poll interval with nothing to do
    assert collector.pending is False
    assert sum(1 for o in _frozen_objects() if type(o) is Cycle) == 0


def test_idle_without_a_batch_collects_nothing() -> None:
    collector = Collector()
    before = collector.collected
    collector.idle()
    assert collector.collected == before


def test_an_overdue_whole_collection_runs_after_a_batch() -> None:
    collector = Collector()
    Cycle()
    collector.after_batch()
    collector.collected -= Collector.FULL_SECONDS  # five minutes of batches
    collector.after_batch()
    assert collector.pending is False
    assert sum(1 for o in _frozen_objects() if type(o) is Cycle) == 0
