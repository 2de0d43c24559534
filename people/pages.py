"""What the people's pages show, read from the streams and read models.

A player's page lists the rulings given at their table (Law 92A: the ones
they may appeal), each with the end of its appeal period (Law 92B), their
appeals and their notifications. A committee member's page lists the appeals
referred to them (Law 93B2); a director's lists their events' appeals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from uuid import UUID

from access.models import RoleGrant
from access.roles import (
    AnyUser,
    grants_of,
    is_committee_member,
    is_director,
    player_ids_of,
)
from appeals import handlers as appeal_handlers
from appeals.domain import appeal
from appeals.domain.appeal.periods import appeal_period_end
from appeals.models import AppealRow
from eventstore.store import event_store
from people.models import Notification
from rules.errors import DomainError
from rules.windows import in_time
from tournaments.models import EntryRow, OfficialRow, RulingRow, TournamentRow

__all__ = [
    "AppealView",
    "MyPage",
    "RulingLine",
    "appeal_view",
    "my_page",
    "ruling_line",
]


@dataclass(frozen=True, slots=True)
class RulingLine:
    tournament_id: UUID
    tournament: str
    ruling_id: UUID
    session: int
    board: int | None
    table: int | None
    laws: tuple[str, ...]
    decision: str
    player_id: UUID
    appeal_ends: datetime | None
    open: bool
    appeal_id: UUID | None


@dataclass
class MyPage:
    player_ids: list[UUID]
    rulings: list[RulingLine] = field(default_factory=list)
    appeals: list[AppealRow] = field(default_factory=list)
    notifications: list[Notification] = field(default_factory=list)
    committee: list[AppealRow] = field(default_factory=list)
    directed: list[AppealRow] = field(default_factory=list)


def _names(ids: set[UUID]) -> dict[UUID, str]:
    return dict(
        TournamentRow.objects.filter(tournament_id__in=ids).values_list(
            "tournament_id", "name"
        )
    )


def ruling_line(tournament_id: UUID, ruling_id: UUID, player_id: UUID) -> RulingLine:
    """The ruling as the player may appeal it, or a refusal naming the Law."""
    now = event_store().now()
    facts = appeal_handlers.tournament_facts(tournament_id, now)
    found = appeal.standing(facts.tournament, ruling_id, player_id)
    ruling = facts.tournament.rulings[ruling_id]
    created = facts.tournament.created
    assert created is not None  # standing() checked it
    session = facts.tournament.sessions[ruling.session]
    published = session.published
    ends = appeal_period_end(
        regulation=created.windows.regulation,
        appeal_minutes=created.windows.appeal_minutes,
        ruling_at=facts.ruling_times.get(ruling_id, now),
        published_deadline=published.appeal_deadline if published else None,
        grounds_evident=published is None,
    )
    appeal_id = appeal.appeal_id_for(tournament_id, ruling_id, found.appellant.number)
    exists = AppealRow.objects.filter(appeal_id=appeal_id).exists()
    return RulingLine(
        tournament_id=tournament_id,
        tournament=_names({tournament_id}).get(tournament_id, ""),
        ruling_id=ruling_id,
        session=ruling.session,
        board=ruling.board_number,
        table=ruling.table,
        laws=ruling.laws,
        decision=ruling.decision,
        player_id=player_id,
        appeal_ends=ends,
        open=in_time(ends, now) and not session.appeal_closed,
        appeal_id=appeal_id if exists else None,
    )


def my_page(user: AnyUser) -> MyPage:
    mine = sorted(player_ids_of(user))
    page = MyPage(player_ids=mine)
    for player_id in mine:
        tids = set(
            EntryRow.objects.filter(player_ids__icontains=str(player_id)).values_list(
                "tournament_id", flat=True
            )
        )
        for row in RulingRow.objects.filter(tournament_id__in=tids).order_by(
            "-given_at"
        )[:50]:
            try:
                page.rulings.append(
                    ruling_line(row.tournament_id, row.ruling_id, player_id)
                )
            except DomainError:
                continue  # not at this player's table (Law 92A)
    texts = [str(p) for p in mine]
    page.appeals = [
        row
        for row in AppealRow.objects.order_by("-lodged_at")[:500]
        if set(row.party_player_ids) & set(texts)
    ]
    page.notifications = list(
        Notification.objects.filter(player_id__in=mine).order_by("-position")[:50]
    )
    committee = [g.appeal_id for g in grants_of(user) if g.appeal_id is not None]
    page.committee = list(
        AppealRow.objects.filter(appeal_id__in=committee).order_by("-lodged_at")
    )
    directed = {
        g.tournament_id
        for g in grants_of(user)
        if g.tournament_id is not None
        and g.role in (RoleGrant.Role.CHIEF_DIRECTOR, RoleGrant.Role.DIRECTOR)
    }
    page.directed = list(
        AppealRow.objects.filter(tournament_id__in=directed).order_by("-lodged_at")
    )
    return page


@dataclass
class AppealView:
    state: appeal.AppealState
    lodged: appeal.AppealLodged
    tournament: str
    party: bool
    director: bool
    chief: bool
    committee: bool
    may_concur: list[UUID]
    roster: list[OfficialRow]
    hearer: bool
    members: list[tuple[str, str]] = field(default_factory=list)


def appeal_view(user: AnyUser, appeal_id: UUID) -> AppealView | None:
    """The appeal as this user may see it; None if it does not exist."""
    state, _version = appeal_handlers.load_appeal(appeal_id)
    lodged = state.lodged
    if lodged is None:
        return None
    tid = lodged.tournament_id
    mine = player_ids_of(user)
    party = any(state.party_of(p) is not None for p in mine)
    director = is_director(user, tid)
    chief = is_director(user, tid, chief=True)
    committee = is_committee_member(user, appeal_id)
    hearer = (
        committee
        if state.body is appeal.Body.COMMITTEE
        else chief and state.body is appeal.Body.CHIEF_DIRECTOR
    )
    roster = list(
        OfficialRow.objects.filter(
            tournament_id=tid, role=RoleGrant.Role.COMMITTEE_MEMBER
        )
    )
    names = {f"user:{o.user_id}": o.name for o in roster}
    return AppealView(
        state=state,
        lodged=lodged,
        tournament=_names({tid}).get(tid, ""),
        party=party,
        director=director,
        chief=chief,
        committee=committee,
        may_concur=[
            p for p in lodged.concurrence_from if p in mine and p not in state.concurred
        ],
        roster=roster,
        hearer=hearer,
        members=[(m, names.get(m, m)) for m in state.members],
    )
