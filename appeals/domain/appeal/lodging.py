"""Lodging an appeal: who may appeal, within which period, with whose concurrence.

Law 92A (a contestant or its captain, against a ruling at its table), Law 92B
(the appeal period), Law 92C (appeals go through the Director), Law 92D (the
concurrence of both members of a pair or of the team captain; none in an
individual event), Law 80B2 (the deposit the organizer sets). Norme
integrative FIGB (2004), N-L92-93 §1 (a local conductor's decision cannot be
appealed), §2 (15 minutes from the ruling when the grounds were evident).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import assert_never
from uuid import UUID

from appeals.domain.appeal.commands import (
    AcceptHandedAppeal,
    ConcurAppeal,
    Facts,
    LodgeAppeal,
    RecordDeposit,
)
from appeals.domain.appeal.errors import (
    AppealExists,
    AppealNotAvailable,
    AppealPeriodEnded,
    GroundsMissing,
    InvalidDeposit,
    NoStanding,
    NotAConcurrer,
    NotThroughDirector,
    RulingNotFound,
    figb,
)
from appeals.domain.appeal.events import (
    AppealEvent,
    AppealHandedElsewhere,
    AppealLodged,
    ConcurrenceGiven,
    DepositReceived,
)
from appeals.domain.appeal.guards import require, stage
from appeals.domain.appeal.periods import appeal_period_end
from appeals.domain.appeal.state import AppealState
from appeals.domain.appeal.values import OPEN_BEFORE_DECISION, Channel, Party, Status
from appeals.domain.conditions import Structure
from rules.errors import LawRef
from rules.windows import in_time
from tournaments.domain.tournament import (
    Form,
    PairEntered,
    RulingGiven,
    TournamentState,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Standing:
    appellant: PairEntered
    parties: tuple[Party, ...]
    concurrence_from: tuple[UUID, ...]


def _entries_at(
    tournament: TournamentState, ruling: RulingGiven
) -> tuple[set[int], bool]:
    """Entry numbers seated where the ruling was given, and whether it was a table.

    Decision 0045: a ruling at a board and table concerns the two contestants
    seated there; at a table without a board, every contestant seated at that
    table in the session; without a table, the whole field.
    """
    session = tournament.sessions.get(ruling.session)
    if session is None:
        return set(), True
    if ruling.table is None:
        return set(tournament.entries), False
    numbers: set[int] = set()
    for a in session.assignments:
        if a.table != ruling.table:
            continue
        if ruling.board_number is not None and ruling.board_number not in a.boards:
            continue
        numbers.update(a.seated)
    return numbers, True


def standing(
    tournament: TournamentState, ruling_id: UUID, appellant_id: UUID
) -> Standing:
    """Return who may appeal the ruling and whose concurrence it needs, or refuse.

    Law 92A: a contestant (or its captain) may appeal a ruling given at its
    table. Law 92D: both members of a pair concur; in a team event the captain
    concurs (modelled as the team entry's first player, decision 0046); an
    individual needs no concurrence.
    """
    created = tournament.created
    if created is None:
        raise RulingNotFound("no such tournament", law=LawRef("92A"))
    ruling = tournament.rulings.get(ruling_id)
    if ruling is None:
        raise RulingNotFound(
            "only a Director's ruling of this tournament can be appealed",
            law=LawRef("92A"),
        )
    entry = next(
        (e for e in tournament.entries.values() if appellant_id in e.player_ids), None
    )
    if entry is None:
        raise NoStanding(
            "the appellant is not a contestant in this tournament", law=LawRef("92A")
        )
    seated, _ = _entries_at(tournament, ruling)
    if entry.number not in seated:
        raise NoStanding(
            "the ruling was not given at the appellant's table", law=LawRef("92A")
        )
    parties = tuple(
        Party(
            entry_number=n,
            player_ids=tournament.entries[n].player_ids,
            appellant=n == entry.number,
        )
        for n in sorted(seated)
        if n in tournament.entries and (ruling.table is not None or n == entry.number)
    )
    match created.form:
        case Form.PAIRS:
            concurrence = tuple(p for p in entry.player_ids if p != appellant_id)
        case Form.TEAMS:
            captain = entry.player_ids[0]
            concurrence = () if captain == appellant_id else (captain,)
        case Form.INDIVIDUAL:
            concurrence = ()
        case _:
            assert_never(created.form)
    return Standing(appellant=entry, parties=parties, concurrence_from=concurrence)


def lodge(state: AppealState, command: LodgeAppeal, facts: Facts) -> list[AppealEvent]:
    if state.exists:
        raise AppealExists("this contestant has already appealed this ruling")
    if state.handed is not None and not state.handed.refused:
        raise AppealExists(
            "this contestant's appeal was handed in and awaits the director's "
            "acceptance",
            law=LawRef("92C"),
        )
    if facts.conditions.structure is Structure.LOCAL_CONDUCTOR:
        raise AppealNotAvailable(
            "a local tournament conductor's decision cannot be appealed",
            law=figb("1"),
        )
    found = standing(facts.tournament, command.ruling_id, command.appellant_id)
    if not command.grounds.strip():
        raise GroundsMissing("an appeal states its grounds", law=LawRef("92A"))
    created = facts.tournament.created
    assert created is not None  # standing() checked it
    ruling = facts.tournament.rulings[command.ruling_id]
    session = facts.tournament.sessions[ruling.session]
    published = session.published
    evident = (
        command.grounds_evident_at_ruling
        if command.grounds_evident_at_ruling is not None
        else published is None
    )
    ruling_at = facts.ruling_times.get(command.ruling_id, facts.now)
    ends = appeal_period_end(
        regulation=created.windows.regulation,
        appeal_minutes=created.windows.appeal_minutes,
        ruling_at=ruling_at,
        published_deadline=None if published is None else published.appeal_deadline,
        grounds_evident=evident,
    )
    if ends is not None and not in_time(ends, facts.now):
        raise AppealPeriodEnded(
            f"the appeal period ended at {ends.isoformat()}", law=LawRef("92B")
        )
    if session.appeal_closed and not evident:
        raise AppealPeriodEnded("the appeal period has ended", law=LawRef("92B"))
    strangers = set(command.concurring_ids) - set(found.concurrence_from)
    if strangers:
        raise NotAConcurrer(
            "only the partner or the captain concurs in an appeal", law=LawRef("92D")
        )
    events: list[AppealEvent] = [
        AppealLodged(
            appeal_id=command.appeal_id,
            tournament_id=command.tournament_id,
            ruling_id=command.ruling_id,
            session=ruling.session,
            board_number=ruling.board_number,
            table=ruling.table,
            ruling_laws=ruling.laws,
            lodged_through=ruling.director,
            lodged_by=command.lodged_by,
            form=created.form,
            appellant_id=command.appellant_id,
            appellant_entry=found.appellant.number,
            parties=found.parties,
            concurrence_from=found.concurrence_from,
            grounds=command.grounds.strip(),
            grounds_evident_at_ruling=evident,
            period_ends_at=ends,
            lodged_at=facts.now,
            conditions=facts.conditions,
        )
    ]
    for player in dict.fromkeys(command.concurring_ids):
        events.append(ConcurrenceGiven(player_id=player, recorded_by=command.lodged_by))
    if command.channel is not Channel.DIRECTOR:
        # Law 92C: recorded as handed, not lodged; refused unless the
        # regulation lets the Director accept it by his act.
        return [
            AppealHandedElsewhere(
                appeal_id=command.appeal_id,
                tournament_id=command.tournament_id,
                ruling_id=command.ruling_id,
                appellant_id=command.appellant_id,
                channel=command.channel,
                received_by=command.received_by.strip()[:200],
                lodged_by=command.lodged_by,
                grounds=command.grounds.strip(),
                grounds_evident_at_ruling=command.grounds_evident_at_ruling,
                concurring_ids=tuple(dict.fromkeys(command.concurring_ids)),
                handed_at=facts.now,
                refused=not facts.conditions.director_accepts_handed,
            )
        ]
    return events


def accept_handed(
    state: AppealState, command: AcceptHandedAppeal, facts: Facts
) -> list[AppealEvent]:
    """Lodge, by the Director's act, an appeal handed to someone else (Law
    92C), where the regulation allows it; in time if it was handed in time
    (Law 92B), the handing's instant being the appellant's act."""
    handed = state.handed
    if state.exists:
        raise AppealExists("this appeal is lodged already")
    if handed is None:
        raise NotThroughDirector("no appeal was handed in", law=LawRef("92C"))
    if handed.refused or not facts.conditions.director_accepts_handed:
        raise NotThroughDirector(
            "the regulation does not let the director accept an appeal handed "
            "to someone else: it is lodged through the director",
            law=LawRef("92C"),
        )
    as_lodged = LodgeAppeal(
        appeal_id=handed.appeal_id,
        tournament_id=handed.tournament_id,
        ruling_id=handed.ruling_id,
        appellant_id=handed.appellant_id,
        grounds=handed.grounds,
        lodged_by=handed.lodged_by,
        grounds_evident_at_ruling=handed.grounds_evident_at_ruling,
        concurring_ids=handed.concurring_ids,
        channel=Channel.DIRECTOR,
    )
    events = lodge(
        replace(state, handed=None), as_lodged, replace(facts, now=handed.handed_at)
    )
    lodged = events[0]
    assert isinstance(lodged, AppealLodged)
    events[0] = replace(lodged, channel=handed.channel, accepted_by=command.accepted_by)
    return events


def concur(
    state: AppealState, command: ConcurAppeal, facts: Facts
) -> list[AppealEvent]:
    lodged = require(state)
    if command.player_id not in lodged.concurrence_from:
        raise NotAConcurrer(
            "only the partner or the captain concurs in an appeal", law=LawRef("92D")
        )
    if command.player_id in state.concurred:
        return []
    if state.status is Status.LAPSED or not in_time(lodged.period_ends_at, facts.now):
        raise AppealPeriodEnded(
            "the appeal period ended before the concurrence", law=LawRef("92B")
        )
    stage(state, (Status.AWAITING_CONCURRENCE,), "concur")
    return [
        ConcurrenceGiven(player_id=command.player_id, recorded_by=command.recorded_by)
    ]


def record_deposit(state: AppealState, command: RecordDeposit) -> list[AppealEvent]:
    """The deposit the organizer sets (Law 80B2), recorded once."""
    require(state)
    stage(state, OPEN_BEFORE_DECISION, "record a deposit")
    if command.amount_cents != state.deposit_due or not state.deposit_due:
        raise InvalidDeposit(
            f"the deposit this event sets is {state.deposit_due} cents",
            law=LawRef("80B2"),
        )
    if state.deposit_received:
        return []
    return [
        DepositReceived(
            amount_cents=command.amount_cents,
            received_by=command.received_by,
        )
    ]
