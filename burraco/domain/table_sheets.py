"""Score sheets entered by the table (Art. 19; decision 0185).

F.I.Bur. Codice di Gara, April 2024 edition, Art. 19: the sheet is filled by
the player who drew the highest card (Art. 3), countersigned by at least one
player of each pair, and handed to the director by a player of the pair or
team that won. From the table, each step is a player's own account:

- ``FileSheet``: a player seated at the table writes the hands; he is the
  keeper, and filing is his side's signature. Only the keeper's side may
  file again (before delivery), and the opponents then sign again;
- ``SignSheet``: a player of the other side countersigns;
- ``DeliverSheet``: a player of the winning side (either side after a
  10-10, digest Q29) hands it in: the sheet is then entered exactly as the
  scoring room's ``EnterScoreSheet`` would enter it.

Every step is for the turn in play, before its sheet is entered; the
scoring-room director can always enter the sheet instead. A watched group A
table whose sheet reached 800 MP is the director's to enter (I poteri
dell'arbitro g): the table cannot say whether he was called.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from uuid import UUID

from burraco.domain.commands import (
    DeliverSheet,
    EnterScoreSheet,
    FileSheet,
    SignSheet,
    TableSheetCommand,
)
from burraco.domain.errors import (
    DirectorCountersigns,
    NotAtThisTable,
    NotTheWinningSide,
    SheetAlreadyEntered,
    SheetAlreadySigned,
    SheetKeptByOpponents,
    SheetNotFiled,
    SheetNotSigned,
    TurnNotCurrent,
)
from burraco.domain.events import (
    BurracoEvent,
    ScoreSheetDelivered,
    ScoreSheetEntered,
    ScoreSheetFiled,
    ScoreSheetSigned,
)
from burraco.domain.guards import table_at
from burraco.domain.monitoring import applies, reached
from burraco.domain.state import BurracoState, SheetDraft
from burraco.domain.values import REST
from rules.burraco.articles import art, powers

__all__ = ["deliver", "file_sheet", "line_of", "sign"]

ART_19 = art(19)
Players = Mapping[int, Collection[UUID]]
Score = Callable[[EnterScoreSheet], ScoreSheetEntered]


def _members(state: BurracoState, entry: int, players: Players) -> set[UUID]:
    """The entry's players now: an Art. 38 substitute in, the player out."""
    members = set(players.get(entry, ()))
    substituted = state.substitutions.get(entry)
    if substituted is not None:
        members = (members - {substituted.player_out}) | {substituted.player_in}
    return members


def line_of(
    state: BurracoState, turn: int, table: int, player: UUID, players: Players
) -> int:
    """The line ``player`` sits in at ``table`` in ``turn``, or the refusal."""
    table_at(state, turn, table)
    seat = state.position(turn, table)
    assert seat is not None
    for line in (seat.fixed, seat.mobile):
        if line == REST:
            continue
        for entry in seat.players(line):
            if player in _members(state, entry, players):
                return line
    raise NotAtThisTable(
        f"you are not seated at table {table} in turn {turn}: its sheet is "
        "filled, signed and delivered by its own players",
        field="table",
        value=table,
        law=ART_19,
    )


def _open(state: BurracoState, command: TableSheetCommand) -> None:
    """The turn in play, its sheet not entered yet."""
    if command.turn != state.current_turn or state.final_published_at is not None:
        raise TurnNotCurrent(
            f"turn {command.turn}'s sheets are closed: the table enters the "
            f"sheet of the turn in play ({state.current_turn}); the director "
            "corrects the others",
            field="turn",
            value=command.turn,
            law=ART_19,
        )
    if (command.turn, command.table) in state.results:
        raise SheetAlreadyEntered(
            f"table {command.table}'s sheet of turn {command.turn} is entered: "
            "the director corrects it with the opponents' confirmation",
            law=art(20),
        )


def _draft(state: BurracoState, command: SignSheet | DeliverSheet) -> SheetDraft:
    draft = state.drafts.get((command.turn, command.table))
    if draft is None:
        raise SheetNotFiled(
            f"table {command.table}'s sheet of turn {command.turn} is not "
            "filed: the keeper fills it first",
            law=ART_19,
        )
    return draft


def file_sheet(
    state: BurracoState,
    command: FileSheet,
    players: Players,
    score: Score,
) -> ScoreSheetFiled:
    """``score``: ``EnterScoreSheet``'s scoring, which checks the hands
    (Art. 18's multiples of 5, the turn's number of hands)."""
    _open(state, command)
    line = line_of(state, command.turn, command.table, command.player, players)
    entered = score(
        EnterScoreSheet(
            turn=command.turn,
            table=command.table,
            hands=command.hands,
            closed_hands=command.closed_hands,
        )
    )
    draft = state.drafts.get((command.turn, command.table))
    if draft is not None and draft.keeper != line:
        raise SheetKeptByOpponents(
            f"the sheet is kept by line {draft.keeper}, whose player drew the "
            "highest card: your side signs it",
            law=ART_19,
        )
    return ScoreSheetFiled(
        turn=command.turn,
        table=command.table,
        line=line,
        hands=entered.hands,
        closed_hands=entered.closed_hands,
    )


def sign(state: BurracoState, command: SignSheet, players: Players) -> ScoreSheetSigned:
    _open(state, command)
    draft = _draft(state, command)
    line = line_of(state, command.turn, command.table, command.player, players)
    if line in draft.signed:
        raise SheetAlreadySigned(
            f"line {line} has signed this sheet"
            + (" by filing it" if line == draft.keeper else ""),
            law=ART_19,
        )
    return ScoreSheetSigned(turn=command.turn, table=command.table, line=line)


def as_entered(command: DeliverSheet, draft: SheetDraft) -> EnterScoreSheet:
    """The filed sheet as the scoring room would enter it."""
    return EnterScoreSheet(
        turn=command.turn,
        table=command.table,
        hands=draft.hands,
        closed_hands=draft.closed_hands,
    )


def deliver(
    state: BurracoState,
    command: DeliverSheet,
    players: Players,
    score: Score,
) -> list[BurracoEvent]:
    """``score``: the filed sheet scored by ``EnterScoreSheet``'s rules."""
    _open(state, command)
    draft = _draft(state, command)
    line = line_of(state, command.turn, command.table, command.player, players)
    entered = score(as_entered(command, draft))
    missing = sorted({entered.fixed, entered.mobile} - draft.signed - {REST})
    if missing:
        raise SheetNotSigned(
            f"line {missing[0]} has not signed the sheet: it is countersigned "
            "by at least one player of each pair before it is delivered",
            law=ART_19,
        )
    if entered.fixed_vp != entered.mobile_vp:
        winner = (
            entered.fixed if entered.fixed_vp > entered.mobile_vp else entered.mobile
        )
        if line != winner:
            raise NotTheWinningSide(
                f"line {winner} won this turn: a player of the winning side "
                "delivers the sheet",
                law=ART_19,
            )
    if applies(state, command.turn, command.table) and reached(draft.hands):
        raise DirectorCountersigns(
            "the difference reached 800 MP at a group A table: call the "
            "director, who countersigns the sheet and enters it",
            law=powers("g"),
        )
    return [
        ScoreSheetDelivered(turn=command.turn, table=command.table, line=line),
        entered,
    ]
