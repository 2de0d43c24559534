"""Close due windows once, or keep sweeping with --loop (no Celery needed)."""

from __future__ import annotations

from eventstore.deadlines import sweep
from eventstore.management.loop import LoopCommand


class Command(LoopCommand):
    help = "Append the window-closed events of every due deadline (idempotent)."
    interval = 15.0
    done = "closed {count} window(s)"

    def run_once(self) -> int:
        return sweep()
