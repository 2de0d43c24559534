"""Recording a session's deals for duplication (Laws 6B, 6F, 8A; decision 0050)."""

from __future__ import annotations

from rules.bridge import Deal
from rules.errors import LawRef
from tournaments.domain.tournament.commands import SetHandRecords
from tournaments.domain.tournament.errors import InvalidHandRecords
from tournaments.domain.tournament.events import HandRecordsSet, TournamentEvent
from tournaments.domain.tournament.state import SessionState
from tournaments.domain.tournament.values import HandRecord


def set_hand_records(
    session: SessionState, command: SetHandRecords
) -> list[TournamentEvent]:
    """Check and normalise the deals: 52 distinct cards, 13 to each hand (Law 6B).

    Every board must be one the session's movement plays (Law 8A). A board
    recorded again with the same deal changes nothing; with another deal the
    new record replaces the old one (decision 0050).
    """
    if not command.records:
        raise InvalidHandRecords("no deals to record", law=LawRef("6F"))
    playing = set(session.board_numbers)
    seen: set[int] = set()
    records: list[HandRecord] = []
    for record in command.records:
        number = record.board_number
        if number in seen:
            raise InvalidHandRecords(f"board {number} appears twice", law=LawRef("6F"))
        seen.add(number)
        if number not in playing:
            raise InvalidHandRecords(
                f"board {number} is not played in session {session.number}",
                law=LawRef("8A"),
            )
        try:
            deal = Deal.from_pbn(record.deal).to_pbn()
        except ValueError as error:
            raise InvalidHandRecords(
                f"board {number}: {error}", law=LawRef("6B")
            ) from None
        if session.hand_records.get(number) != deal:
            records.append(HandRecord(board_number=number, deal=deal))
    if not records:
        return []
    return [
        HandRecordsSet(
            session=session.number,
            source=command.source,
            records=tuple(sorted(records, key=lambda r: r.board_number)),
        )
    ]
