"""A session's hand records recorded from a file or dealt, by the API and the
console alike (one write path, decision 0085).

Laws of Duplicate Bridge 2017 (FIGB edition), Law 6F (the deals recorded for
duplication), Law 6E4 (dealt by computer). The file is read whole before
anything is recorded (``tournaments.adapters.hand_records``, decision 0225):
a file refused records nothing. Double-dummy analysis is queued once deals
are recorded (decision 0052), unless ``ARBITRO_DOUBLE_DUMMY_ON_RECORD`` is off.
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from django.conf import settings

from eventstore.store import AppendResult, Metadata
from rules.bridge.deal_files import DealFileError, DealFileFormat
from tournaments import analysis, handlers
from tournaments.adapters.hand_records import read_hand_record_file
from tournaments.domain import tournament

__all__ = ["MAX_FILE_BYTES", "Recorded", "record_file", "record_hand_records"]

# Far more than any set of boards: a DUP record is 156 bytes, a PBN game
# with its deal a few hundred.
MAX_FILE_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Recorded:
    """What a recording did: the append (None: nothing new), the boards read."""

    result: AppendResult | None
    boards: tuple[int, ...]
    queued: bool
    file_format: DealFileFormat | None = None


def _analysis_on_record() -> bool:
    return bool(getattr(settings, "ARBITRO_DOUBLE_DUMMY_ON_RECORD", True))


def record_hand_records(
    tournament_id: UUID,
    session: int,
    records: tuple[tournament.HandRecord, ...],
    source: tournament.HandSource,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> Recorded:
    """Record the deals (``SetHandRecords``) and queue their analysis."""
    if not records:
        return Recorded(None, (), False)
    result = handlers.handle_tournament(
        tournament_id,
        tournament.SetHandRecords(session=session, source=source, records=records),
        metadata=metadata,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
    )
    queued = False
    if result is not None and _analysis_on_record():
        queued = analysis.queue_analysis(tournament_id, session)
    return Recorded(result, tuple(r.board_number for r in records), queued)


def record_file(
    tournament_id: UUID,
    session: tournament.SessionState,
    raw: bytes,
    *,
    name: str | None,
    file_format: DealFileFormat | None,
    first_board: int | None,
    metadata: Metadata,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> Recorded:
    """Read a hand-record file of any format and record its deals.

    A file that numbers no board (BRI) starts at ``first_board``, else at
    the session's lowest board.
    """
    if len(raw) > MAX_FILE_BYTES:
        raise DealFileError(
            f"the file is larger than {MAX_FILE_BYTES} bytes: no set of boards is"
        )
    start = first_board or min(session.board_numbers, default=1)
    found, records = read_hand_record_file(
        raw, name=name, file_format=file_format, first_board=start
    )
    recorded = record_hand_records(
        tournament_id,
        session.number,
        records,
        tournament.HandSource.IMPORTED,
        metadata=metadata,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
    )
    return Recorded(recorded.result, recorded.boards, recorded.queued, found)
