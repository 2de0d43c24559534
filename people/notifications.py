"""Notifications: what concerns a player, with the deadline that follows.

The projection ``Notifications`` reads the events (never a view) and writes
one ``Notification`` per recipient, keyed by the event's id and the player:

- a Director's adjusted score (Law 12) at a player's table, with the end of
  the appeal period (Law 92B; FIGB N-L92-93 §2: 15 minutes from the ruling
  when the grounds were evident, else the published deadline);
- an appeal lodged against a ruling at the player's table (Law 92A), with
  the end of the appeal period for a concurrence (Law 92D);
- a hearing scheduled (Law 93; the parties are heard, FIGB N-L92-93 §3),
  with its time;
- a decision (Law 93), with the further appeal's written pre-notice
  deadline (FIGB N-L92-93 §4) when the event allows one;
- a score corrected at the player's table (Law 79C), with the end of the
  correction period once the session is published;
- a penalty or a warning on the player's pair or team (Laws 90, 91; FIGB
  N-L8 and the catalogue), with the end of the appeal period (Law 92B).

``send`` e-mails each row once (claimed with a conditional UPDATE, as the
appeal outbox does), in Italian then English; the address is read from the
player's linked account only at sending time, never stored (decision 0140).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.core.mail import EmailMessage
from django.db.models import F, Q
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from access.models import RoleGrant
from appeals.domain import appeal
from appeals.domain.appeal.periods import appeal_period_end
from eventstore.commands import fold
from eventstore.projections import Projection
from eventstore.store import RecordedEvent, event_store
from people.models import Notification
from tournaments import handlers
from tournaments.domain import board_result, tournament

__all__ = ["Notifications", "deadline_text", "message", "send", "send_one"]

logger = logging.getLogger(__name__)
Kind = Notification.Kind
LEASE = timedelta(minutes=5)
MAX_ATTEMPTS = 5

OUTCOMES = {
    appeal.Outcome.UPHELD.value: gettext_lazy("the ruling stands"),
    appeal.Outcome.CHANGED.value: gettext_lazy("the ruling is changed"),
    appeal.Outcome.WITHOUT_MERIT.value: gettext_lazy(
        "the ruling stands and the appeal lacked substantial merit"
    ),
}
SUBJECTS = {
    Kind.RULING_ADJUSTED: gettext_lazy("Adjusted score on board %(board)s"),
    Kind.APPEAL_LODGED: gettext_lazy("Appeal lodged on board %(board)s"),
    Kind.HEARING_SCHEDULED: gettext_lazy("Appeal hearing on board %(board)s"),
    Kind.APPEAL_DECIDED: gettext_lazy("Appeal decided on board %(board)s"),
    Kind.SCORE_CORRECTED: gettext_lazy("Score corrected on board %(board)s"),
    Kind.PENALTY_IMPOSED: gettext_lazy("%(penalty_kind)s in session %(session)s"),
}
TEXTS = {
    Kind.RULING_ADJUSTED: gettext_lazy(
        "The Director awarded an adjusted score on board %(board)s, table "
        "%(table)s (session %(session)s): %(score)s, Law %(law)s."
    ),
    Kind.APPEAL_LODGED: gettext_lazy(
        "Pair %(entry)s appealed the ruling on board %(board)s, table "
        "%(table)s (session %(session)s)."
    ),
    Kind.HEARING_SCHEDULED: gettext_lazy(
        "The appeal on board %(board)s, table %(table)s will be heard at %(place)s."
    ),
    Kind.APPEAL_DECIDED: gettext_lazy(
        "The appeal on board %(board)s, table %(table)s was decided: %(outcome)s."
    ),
    Kind.SCORE_CORRECTED: gettext_lazy(
        "The score of board %(board)s, table %(table)s (session %(session)s) was "
        "corrected to %(result)s: %(reason)s."
    ),
    Kind.PENALTY_IMPOSED: gettext_lazy(
        "%(penalty_kind)s for entry %(entry)s in session %(session)s: "
        "%(amount)s (%(law)s). %(reason)s"
    ),
}
PENALTY_KINDS = {
    "procedural": gettext_lazy("Procedural penalty"),
    "disciplinary": gettext_lazy("Disciplinary penalty"),
    "warning": gettext_lazy("Warning"),
}
PENALTY_UNITS = {
    "percent_of_top": gettext_lazy("%(amount)s%% of a top"),
    "matchpoints": gettext_lazy("%(amount)s matchpoints"),
    "imps": gettext_lazy("%(amount)s IMPs"),
    "vp": gettext_lazy("%(amount)s VP"),
}
DEADLINES = {
    Kind.RULING_ADJUSTED: gettext_lazy("You may appeal until %(deadline)s (Law 92B)."),
    Kind.APPEAL_LODGED: gettext_lazy(
        "The appeal period, and the partner's concurrence, end at "
        "%(deadline)s (Law 92B, 92D)."
    ),
    Kind.HEARING_SCHEDULED: gettext_lazy(
        "The hearing is at %(deadline)s: the parties are heard (Law 93)."
    ),
    Kind.APPEAL_DECIDED: gettext_lazy(
        "A further appeal needs a written notice by %(deadline)s (FIGB N-L92-93 §4)."
    ),
    Kind.SCORE_CORRECTED: gettext_lazy(
        "A correction may be asked for until %(deadline)s (Law 79C)."
    ),
    Kind.PENALTY_IMPOSED: gettext_lazy("You may appeal until %(deadline)s (Law 92B)."),
}


def when(instant: datetime | None) -> str:
    """An instant as the active language writes it, in the event's time zone."""
    if instant is None:
        return ""
    return formats.date_format(timezone.localtime(instant), "DATETIME_FORMAT")


def _law(law: str) -> str:
    """A Law cited in the active language ("90": "Legge 90"); a norm cited
    by its own name (FIGB N-L8 §3) as it is."""
    bare = law.removeprefix("Law ")
    return f"{_('Law')} {bare}" if bare[:1].isdigit() else law


def _localized(params: dict[str, Any]) -> dict[str, Any]:
    """A penalty's kind, amount and Law in the active language."""
    if "penalty_kind" in params:
        kind = params["penalty_kind"]
        params["penalty_kind"] = str(PENALTY_KINDS.get(kind, kind))
        unit = PENALTY_UNITS.get(params.get("unit", ""))
        params["amount"] = (
            str(unit) % {"amount": params["amount"]} if unit else _("no score change")
        )
        params["law"] = _law(params["law"])
    return params


def message(row: Notification) -> str:
    """The notification's sentence in the active language."""
    params = _localized(dict(row.params))
    if "outcome" in params:
        params["outcome"] = str(OUTCOMES.get(params["outcome"], params["outcome"]))
    if row.kind == Kind.HEARING_SCHEDULED:
        place = params.get("place") or ""
        params["place"] = (
            f"{when(row.deadline)}, {place}" if place else when(row.deadline)
        )
    return str(TEXTS[Kind(row.kind)]) % params


def deadline_text(row: Notification) -> str:
    if row.deadline is None:
        return ""
    return str(DEADLINES[Kind(row.kind)]) % {"deadline": when(row.deadline)}


def subject(row: Notification) -> str:
    return str(SUBJECTS[Kind(row.kind)]) % _localized(dict(row.params))


# -- the projection ---------------------------------------------------------------

APPEAL_KINDS = {
    appeal.AppealLodged.event_type: Kind.APPEAL_LODGED,
    appeal.HearingScheduled.event_type: Kind.HEARING_SCHEDULED,
    appeal.AppealDecided.event_type: Kind.APPEAL_DECIDED,
}


class Notifications(Projection):
    name = "people.notifications.v1"
    event_types = (
        board_result.AdjustedScoreAwarded.event_type,
        board_result.ResultCorrected.event_type,
        tournament.PenaltyImposed.event_type,
        *APPEAL_KINDS,
    )
    # Nothing is rebuilt: the rows are what was sent (decision 0140).
    read_models = ()

    def reset(self) -> None:
        """Keep every row: a replay adds only what is missing, never resends."""

    def reset_partition(self, partition: str) -> bool:
        return True

    def handle(self, recorded: RecordedEvent) -> None:
        if recorded.event_type in APPEAL_KINDS:
            self._appeal(recorded)
        elif recorded.event_type == board_result.ResultCorrected.event_type:
            self._corrected(recorded)
        elif recorded.event_type == tournament.PenaltyImposed.event_type:
            self._penalty(recorded)
        else:
            self._adjusted(recorded)

    def _corrected(self, recorded: RecordedEvent) -> None:
        """Law 79C: the four players of the table hear of a corrected score."""
        event = recorded.event
        assert isinstance(event, board_result.ResultCorrected)
        first = event_store().read_stream(recorded.stream_id).events[0].event
        if not isinstance(first, board_result.ResultEntered):
            return
        state = handlers.load_tournament(first.tournament_id)
        session = state.sessions.get(first.session)
        published = session.published if session else None
        players = [
            pid
            for n in (first.ns, first.ew)
            if n in state.entries
            for pid in state.entries[n].player_ids
        ]
        result = (
            f"{event.contract} {event.tricks}"
            if event.contract
            else (_("passed out") if event.tricks is None else str(event.tricks))
        )
        params = {
            "board": first.board_number,
            "table": first.table,
            "session": first.session,
            "result": result,
            "reason": event.reason,
        }
        deadline = published.correction_deadline if published else None
        _write(
            recorded,
            players,
            Kind.SCORE_CORRECTED,
            first.tournament_id,
            None,
            params,
            deadline,
        )

    def _penalty(self, recorded: RecordedEvent) -> None:
        """Laws 90, 91 (FIGB N-L8, the catalogue): the pair's or the team's
        players hear of a penalty or a warning, and until when they may appeal."""
        event = recorded.event
        assert isinstance(event, tournament.PenaltyImposed)
        state = handlers.TOURNAMENTS.load(recorded.stream_id)[1]
        created = state.created
        entry = state.entries.get(event.entry_number)
        if created is None or entry is None:
            return
        session = state.sessions.get(event.session)
        published = session.published if session else None
        deadline = appeal_period_end(
            regulation=created.windows.regulation,
            appeal_minutes=created.windows.appeal_minutes,
            ruling_at=recorded.recorded_at,
            published_deadline=published.appeal_deadline if published else None,
            grounds_evident=published is None,
        )
        params = {
            "penalty_kind": event.kind,
            "entry": event.entry_number,
            "session": event.session,
            "amount": event.amount,
            "unit": event.unit,
            "law": event.law,
            "reason": event.reason,
        }
        _write(
            recorded,
            list(entry.player_ids),
            Kind.PENALTY_IMPOSED,
            created.tournament_id,
            None,
            params,
            deadline,
        )

    def _adjusted(self, recorded: RecordedEvent) -> None:
        event = recorded.event
        assert isinstance(event, board_result.AdjustedScoreAwarded)
        tid = recorded.metadata.get("tournament_id")
        if event.by_appeal or event.ruling_id is None or not tid:
            return  # an appeal's order is told with its decision
        state = handlers.load_tournament(UUID(str(tid)))
        ruling = state.rulings.get(event.ruling_id)
        created = state.created
        session = state.sessions.get(ruling.session) if ruling else None
        if ruling is None or created is None or session is None:
            return
        published = session.published
        deadline = appeal_period_end(
            regulation=created.windows.regulation,
            appeal_minutes=created.windows.appeal_minutes,
            ruling_at=recorded.recorded_at,
            published_deadline=published.appeal_deadline if published else None,
            grounds_evident=published is None,
        )
        players = [
            pid
            for a in session.assignments
            if a.table == ruling.table
            and (ruling.board_number is None or ruling.board_number in a.boards)
            for n in a.seated
            if n in state.entries
            for pid in state.entries[n].player_ids
        ]
        params = {
            "board": ruling.board_number,
            "table": ruling.table,
            "session": ruling.session,
            "score": event.score,
            "law": event.law,
        }
        _write(
            recorded,
            players,
            Kind.RULING_ADJUSTED,
            UUID(str(tid)),
            None,
            params,
            deadline,
        )

    def _appeal(self, recorded: RecordedEvent) -> None:
        history = event_store().read_stream(recorded.stream_id)
        state = fold(
            appeal.evolve,
            appeal.INITIAL,
            [
                r.event
                for r in history.events
                if r.stream_version <= recorded.stream_version
            ],
        )
        lodged = state.lodged
        if lodged is None:
            return
        event = recorded.event
        kind = APPEAL_KINDS[recorded.event_type]
        params: dict[str, Any] = {
            "board": lodged.board_number,
            "table": lodged.table,
            "session": lodged.session,
            "entry": lodged.appellant_entry,
        }
        deadline: datetime | None = None
        match event:
            case appeal.AppealLodged():
                deadline = event.period_ends_at
            case appeal.HearingScheduled():
                deadline = event.at
                params["place"] = event.place
            case appeal.AppealDecided():
                deadline = event.prenotice_deadline
                params["outcome"] = event.outcome.value
        players = [pid for p in lodged.parties for pid in p.player_ids]
        _write(
            recorded,
            players,
            kind,
            lodged.tournament_id,
            lodged.appeal_id,
            params,
            deadline,
        )


def _write(
    recorded: RecordedEvent,
    players: list[UUID],
    kind: Kind,
    tournament_id: UUID,
    appeal_id: UUID | None,
    params: dict[str, Any],
    deadline: datetime | None,
) -> None:
    for player in dict.fromkeys(players):
        Notification.objects.get_or_create(
            dedupe_key=f"{recorded.event_id}:{player}",
            defaults={
                "player_id": player,
                "kind": kind,
                "tournament_id": tournament_id,
                "appeal_id": appeal_id,
                "params": params,
                "deadline": deadline,
                "position": recorded.global_position,
            },
        )


# -- sending ----------------------------------------------------------------------


def _claimable() -> Q:
    return Q(status=Notification.Status.PENDING) | Q(
        status=Notification.Status.SENDING, claimed_at__lt=timezone.now() - LEASE
    )


def address_of(player_id: UUID) -> str:
    """The e-mail of the account linked to the player, or ''."""
    found = (
        RoleGrant.objects.filter(role=RoleGrant.Role.PLAYER, player_id=player_id)
        .exclude(user__email="")
        .values_list("user__email", flat=True)
        .first()
    )
    return found or ""


def _body(row: Notification) -> str:
    parts = []
    for language in ("it", "en"):
        with translation.override(language):
            parts.append(
                "\n".join(
                    line
                    for line in (
                        message(row),
                        deadline_text(row),
                        _("Your page: %(url)s")
                        % {"url": settings.ARBITRO_SITE_URL + reverse("people:me")},
                    )
                    if line
                )
            )
    return "\n\n-- \n\n".join(parts)


def send_one(pk: int) -> bool:
    """E-mail one notification if this process claims it; whether it sent."""
    claimed = Notification.objects.filter(_claimable(), pk=pk).update(
        status=Notification.Status.SENDING,
        claimed_at=timezone.now(),
        attempts=F("attempts") + 1,
    )
    if claimed != 1:
        return False  # another worker got there first, or it is done
    row = Notification.objects.get(pk=pk)
    to = address_of(row.player_id)
    if not to:
        Notification.objects.filter(pk=pk).update(status=Notification.Status.NO_ADDRESS)
        return False
    try:
        with translation.override("it"):
            italian = subject(row)
        with translation.override("en"):
            english = subject(row)
        EmailMessage(
            subject=f"[Arbitro] {italian} / {english}",
            body=_body(row),
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[to],
        ).send()
    except Exception as exc:
        Notification.objects.filter(pk=pk).update(
            status=Notification.Status.FAILED
            if row.attempts >= MAX_ATTEMPTS
            else Notification.Status.PENDING,
            last_error=f"{type(exc).__name__}: {exc}"[:2000],
        )
        logger.warning("notification e-mail failed", extra={"notification": pk})
        return False
    Notification.objects.filter(pk=pk, status=Notification.Status.SENDING).update(
        status=Notification.Status.SENT, sent_at=timezone.now()
    )
    return True


def send(limit: int = 200) -> int:
    """E-mail every pending notification; safe to run twice or concurrently."""
    due = list(
        Notification.objects.filter(_claimable())
        .order_by("position", "pk")
        .values_list("pk", flat=True)[:limit]
    )
    return sum(1 for pk in due if send_one(pk))
