"""Table codes: issued and renewed for a session's tables (decision 0142).

A code is a credential, not a fact of the tournament: it lives in its own
table (``console.models.TableCode``), never in an event. The console's
explicit POST issues or renews them (decision 0160); a device signs in with
one through ``reads.table_of_code``.
"""

from __future__ import annotations

import secrets
from uuid import UUID

from django.db import IntegrityError, transaction

from console.models import TableCode

__all__ = ["issue_codes", "renew_codes"]

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8


def _new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def issue_codes(tournament_id: UUID, number: int, tables: tuple[int, ...]) -> None:
    """Give every table of the session a code, keeping those already given
    (decision 0142): printing the table cards twice prints the same codes."""
    have = set(
        TableCode.objects.filter(
            tournament_id=tournament_id, session=number
        ).values_list("table", flat=True)
    )
    for table in tables:
        if table in have:
            continue
        for _ in range(5):
            try:
                with transaction.atomic():
                    TableCode.objects.create(
                        code=_new_code(),
                        tournament_id=tournament_id,
                        session=number,
                        table=table,
                    )
                break
            except IntegrityError:
                # Another request gave this table its code first, or the
                # code is taken: read again, try a new one.
                if TableCode.objects.filter(
                    tournament_id=tournament_id, session=number, table=table
                ).exists():
                    break


def renew_codes(tournament_id: UUID, number: int, tables: tuple[int, ...]) -> None:
    """Replace the session's codes: the old ones sign no table in any more."""
    TableCode.objects.filter(tournament_id=tournament_id, session=number).delete()
    issue_codes(tournament_id, number, tables)
