"""Send pending appeal notifications once, or keep draining with --loop."""

from __future__ import annotations

from appeals.outbox import drain
from eventstore.management.loop import LoopCommand


class Command(LoopCommand):
    help = "Send the appeal outbox's pending emails (each exactly once)."
    interval = 5.0
    done = "sent {count} email(s)"

    def run_once(self) -> int:
        return drain()
