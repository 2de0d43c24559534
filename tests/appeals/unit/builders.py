"""Pure builders: a tournament replayed through its own decide/evolve, appeals on it."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import reduce
from uuid import UUID

from appeals.domain import appeal
from appeals.domain.conditions import AppealConditions
from tests.support.players import registered_facts
from tournaments.domain import tournament as t

T0 = datetime(2026, 3, 1, 15, 0, tzinfo=UTC)  # the session starts
RULED = T0 + timedelta(hours=1)  # the ruling at table 1
END = T0 + timedelta(hours=3)  # the scheduled end of play


@dataclass
class Event:
    """A small event: entries 1 and 2 at table 1, entries 3 and 4 at table 2."""

    form: t.Form = t.Form.PAIRS
    regulation: t.Regulation = t.Regulation.FIGB
    appeal_minutes: int = 15
    players: dict[int, tuple[UUID, ...]] = field(default_factory=dict)
    state: t.TournamentState = t.INITIAL
    tournament_id: UUID = field(default_factory=uuid.uuid4)
    ruling_id: UUID = field(default_factory=uuid.uuid4)

    def __post_init__(self) -> None:
        size = {t.Form.PAIRS: 2, t.Form.TEAMS: 4, t.Form.INDIVIDUAL: 1}[self.form]
        self.players = {
            n: tuple(uuid.uuid4() for _ in range(size)) for n in range(1, 5)
        }
        self.run(
            t.CreateTournament(
                tournament_id=self.tournament_id,
                name="Coppa",
                form=self.form,
                scoring=t.SCORING_FOR_FORM[self.form][0],
                windows=t.WindowRules(
                    regulation=self.regulation, appeal_minutes=self.appeal_minutes
                ),
                starts_at=T0,
            )
        )
        for number, ids in self.players.items():
            self.run(t.EnterPair(number=number, entry_id=uuid.uuid4(), player_ids=ids))
        self.run(
            t.ScheduleSession(
                session=1,
                movement="explicit",
                starts_at=T0,
                ends_at=END,
                assignments=self.seating(),
            )
        )
        self.run(
            t.GiveRuling(
                ruling_id=self.ruling_id,
                session=1,
                board_number=1,
                table=1,
                laws=("16B",),
                facts="hesitation before 4S",
                decision="result stands",
                director="user:td",
            ),
            RULED,
        )

    def seating(self) -> tuple[t.TableAssignment, ...]:
        """Two tables of two entries; in an individual event one table of four."""
        if self.form is t.Form.INDIVIDUAL:
            return (
                t.TableAssignment(
                    round=1, table=1, ns=1, ew=2, boards=(1, 2), players=(1, 2, 3, 4)
                ),
            )
        return (
            t.TableAssignment(round=1, table=1, ns=1, ew=2, boards=(1, 2)),
            t.TableAssignment(round=1, table=2, ns=3, ew=4, boards=(1, 2)),
        )

    def run(self, command: t.TournamentCommand, now: datetime = T0) -> None:
        facts = registered_facts(command)
        for event in t.decide(self.state, command, now, players=facts):
            self.state = t.evolve(self.state, event)

    def publish(self, at: datetime) -> None:
        self.run(t.PublishScores(session=1), at)

    def facts(
        self, now: datetime, conditions: AppealConditions | None = None
    ) -> appeal.Facts:
        return appeal.Facts(
            now=now,
            tournament=self.state,
            ruling_times={self.ruling_id: RULED},
            conditions=conditions or AppealConditions(),
        )

    def lodge_command(self, player: UUID, **extra: object) -> appeal.LodgeAppeal:
        return appeal.LodgeAppeal(
            appeal_id=uuid.uuid4(),
            tournament_id=self.tournament_id,
            ruling_id=self.ruling_id,
            appellant_id=player,
            grounds="the hesitation suggested the 4S bid",
            lodged_by="user:1",
            **{"channel": appeal.Channel.DIRECTOR, **extra},  # type: ignore[arg-type]
        )


def replay(*events: appeal.AppealEvent) -> appeal.AppealState:
    return reduce(appeal.evolve, events, appeal.INITIAL)


def apply(
    state: appeal.AppealState, command: appeal.AppealCommand, facts: appeal.Facts
) -> appeal.AppealState:
    return reduce(appeal.evolve, appeal.decide(state, command, facts), state)


def lodged(
    event: Event,
    *,
    at: datetime = RULED + timedelta(minutes=5),
    conditions: AppealConditions | None = None,
    concur: bool = True,
    **extra: object,
) -> appeal.AppealState:
    """An appeal by pair 1's first player, with the partner's concurrence."""
    first, *rest = event.players[1]
    facts = event.facts(at, conditions)
    state = apply(appeal.INITIAL, event.lodge_command(first, **extra), facts)
    if concur and event.form is t.Form.PAIRS:  # a captain or an individual: none
        partner = appeal.ConcurAppeal(player_id=rest[0], recorded_by="user:2")
        state = apply(state, partner, facts)
    return state


def heard(
    event: Event,
    *,
    body: appeal.Body = appeal.Body.CHIEF_DIRECTOR,
    conditions: AppealConditions | None = None,
) -> appeal.AppealState:
    """An appeal routed to ``body``, its hearing scheduled and held."""
    if body is appeal.Body.COMMITTEE and conditions is None:
        conditions = AppealConditions(committee_available=True)
    state = lodged(event, conditions=conditions)
    facts = event.facts(RULED + timedelta(minutes=20), conditions)
    members = ("user:c1", "user:c2", "user:c3") if body is appeal.Body.COMMITTEE else ()
    state = apply(
        state,
        appeal.RouteAppeal(body=body, routed_by="user:chief", members=members),
        facts,
    )
    state = apply(
        state, appeal.ScheduleHearing(at=RULED + timedelta(minutes=30)), facts
    )
    return apply(
        state,
        appeal.RecordHearing(
            statements=(
                appeal.Statement(by="user:1", role="appellant", text="no hesitation"),
                appeal.Statement(by="user:td", role="director", text="report read"),
            ),
            members_present=members,
        ),
        facts,
    )
