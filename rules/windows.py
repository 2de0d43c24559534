"""When a period the rules set for an act is still running: one reading.

Laws of Duplicate Bridge 2017 (FIGB edition) Law 79C ("scade 30 minuti
dopo"), Law 92B ("scade 30 minuti dopo"); FIGB norms (2004) N-L79 ("entro il
termine definito dall'Arbitro", "entro il termine di 15 minuti"), N-L92-93 §2
("cessa 15 minuti dopo", "cessa 24 ore dopo") and §4 ("entro i 30 minuti
successivi", "entro le 48 ore successive"); F.I.Bur. Codice di Gara (2024)
Art. 20. Decision 0218 (superseding 0126): a period includes its last
instant. An act at exactly the deadline is in time; an act after it is late.
"""

from __future__ import annotations

from datetime import datetime

__all__ = ["in_time", "late"]


def in_time(deadline: datetime | None, now: datetime) -> bool:
    """Return whether an act at ``now`` falls within a period ending at ``deadline``.

    "Entro le 48 ore successive" and "cessa 24 ore dopo" both name the
    period's last instant, and that instant belongs to it: the period is the
    closed interval ``[opened, deadline]`` (decision 0218). ``None``: no
    deadline applies (yet), the act is in time. Both instants are database
    time, timezone-aware (decision 0077).
    """
    return deadline is None or now <= deadline


def late(deadline: datetime | None, now: datetime) -> bool:
    """Return whether an act at ``now`` comes after a period ending at ``deadline``.

    The complement of ``in_time`` (decision 0218): late only strictly after
    the last instant; never late when no deadline applies.
    """
    return not in_time(deadline, now)
