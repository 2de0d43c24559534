"""The demo's cast: its people, clubs and director, and a table's result as
its director enters it; shared by every demo event (``demo``,
``demo_knockout``), so that neither imports the other's builder
(decision 0222).
"""

from __future__ import annotations

import uuid
from uuid import UUID

from eventstore.store import Metadata
from tournaments import handlers
from tournaments.domain import board_result

__all__ = [
    "CLUBS",
    "DEMO_PLAYER",
    "FAMILY_NAMES",
    "GIVEN_NAMES",
    "PAIRS_EVENT",
    "SYSTEM",
    "enter_result",
    "metadata_for",
    "player",
]

PAIRS_EVENT = UUID("00000000-0000-4000-8000-000000000001")
DEMO_PLAYER = UUID("00000000-0000-4000-8000-0000000000a1")
SYSTEM = Metadata(actor="system:demo")


def player(number: int, member: int, event: UUID) -> UUID:
    """The demo player id of an entry's ``member``: the pairs event's first
    player is the demo player, whose pages the demo's login shows."""
    if event == PAIRS_EVENT and number == 1 and member == 0:
        return DEMO_PLAYER
    return uuid.uuid5(event, f"player:{number}:{member}")


def metadata_for(tid: UUID) -> Metadata:
    """The demo's own actor, on the tournament ``tid``."""
    return Metadata(actor=SYSTEM.actor, tournament_id=tid)


GIVEN_NAMES = (
    "Anna",
    "Bruno",
    "Carla",
    "Dario",
    "Elena",
    "Franco",
    "Giulia",
    "Luca",
    "Marta",
    "Nicola",
    "Paola",
    "Roberto",
    "Silvia",
    "Tommaso",
)
FAMILY_NAMES = (
    "Rossi",
    "Bianchi",
    "Romano",
    "Colombo",
    "Ricci",
    "Marino",
    "Greco",
    "Bruno",
    "Gallo",
    "Conti",
    "De Luca",
    "Costa",
    "Giordano",
    "Mancini",
    "Rizzo",
    "Lombardi",
    "Moretti",
)
CLUBS = (
    ("RM01", "Circolo del Bridge Roma", "Roma"),
    ("MI02", "Bridge Club Milano", "Milano"),
    ("BO03", "Associazione Bridge Bologna", "Bologna"),
)


def enter_result(
    tid: UUID, session: int, board: int, table: int, result: tuple[str, int | None]
) -> None:
    """Enter a table's result, (contract, tricks), as its director would."""
    contract, tricks = result
    ref = handlers.TableRef(tid, session, board, table)
    handlers.handle_board_result(
        ref,
        lambda a: board_result.EnterResult(
            tournament_id=tid,
            session=session,
            board_number=board,
            table=table,
            ns=a.ns,
            ew=a.ew,
            contract=contract,
            lead=None,
            tricks=tricks,
            entered_by="director",
        ),
        metadata=metadata_for(tid),
    )
