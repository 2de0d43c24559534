"""One appeal's stream: lodging, concurrence, routing, hearing, decision, further appeal.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 83 (notice of the right to
appeal), Law 92A (who may appeal: a contestant or its captain, against a
ruling at its table; a sanction for an appeal without substantial merit),
Law 92B (the appeal period), Law 92C (appeals go through the Director),
Law 92D (concurrence of both members of a pair or of the team captain; none
in an individual event), Law 93A-B (the Chief Director hears it without a
committee; with one he keeps the points of law and regulation and refers the
rest; the committee may not overrule him on law, regulation or Law 91
discipline, only recommend), Law 93C1 (further appeals), Law 12 (adjusted
scores). Norme integrative FIGB (2004), N-L92-93 §1-§6: 15 minutes from the
official score (or from the ruling when the grounds were evident then), the
chief director cannot change the table director's disciplinary decisions,
the national body (C.N.G.) after a written pre-notice within 30 minutes of
the end of the competition and a filing within 48 hours, and no change of
result there without an "errore tecnico" the director admits.

``decide`` is pure: the shell passes the tournament's state, the database
time of its rulings, the event's appeal conditions and database time in a
``Facts`` value. Closing a window is an event the sweeper appends once
(``windows``); every command also checks its window itself.

One module per concern; this package re-exports their public names:

- :mod:`~appeals.domain.appeal.values`: stages, hearing bodies, outcomes,
  the points a decision changes, parties, statements, score orders;
- :mod:`~appeals.domain.appeal.events`: the stream's events (stored names and
  payloads never change) and :mod:`~appeals.domain.appeal.commands`: its
  commands and the ``Facts`` the shell reads for them;
- :mod:`~appeals.domain.appeal.state`: ``AppealState``, ``INITIAL``, ``evolve``;
- :mod:`~appeals.domain.appeal.aggregate`: the stream identity and ``decide``,
  which hands each command to its stage:
  :mod:`~appeals.domain.appeal.lodging` (Law 92: standing, period,
  concurrence, deposit), :mod:`~appeals.domain.appeal.hearing` (Law 93A-B:
  routing, hearing, the Director's report),
  :mod:`~appeals.domain.appeal.decision` (Law 93B3: the first-level
  decision), :mod:`~appeals.domain.appeal.further_appeal` (Law 93C1, FIGB
  §4-§6: the national body) and :mod:`~appeals.domain.appeal.withdrawal`,
  with the checks they share in :mod:`~appeals.domain.appeal.guards`;
- :mod:`~appeals.domain.appeal.periods`: when the periods end (Law 92B, FIGB
  §2 and §4) and the windows the sweeper closes;
- :mod:`~appeals.domain.appeal.errors`: the errors, each naming its Law or
  FIGB paragraph.
"""

from __future__ import annotations

from appeals.domain.appeal.aggregate import (
    NAMESPACE,
    STREAM_TYPE,
    appeal_id_for,
    decide,
    stream_id,
)
from appeals.domain.appeal.commands import (
    AcceptHandedAppeal,
    AppealCommand,
    AttachDirectorReport,
    ConcurAppeal,
    DecideAppeal,
    DecideFurtherAppeal,
    Facts,
    FileFurtherAppeal,
    GiveFurtherAppealNotice,
    LodgeAppeal,
    RecordDeposit,
    RecordHearing,
    RouteAppeal,
    ScheduleHearing,
    WithdrawAppeal,
)
from appeals.domain.appeal.errors import (
    FIGB_NORMS,
    AppealExists,
    AppealNotAvailable,
    AppealNotFound,
    AppealPeriodEnded,
    CommitteeOverreach,
    ConcurrenceMissing,
    DepositNotReceived,
    DisciplinaryDecisionStands,
    FurtherAppealInadmissible,
    FurtherAppealPeriodClosed,
    GroundsMissing,
    InvalidDecision,
    InvalidDeposit,
    InvalidHearing,
    InvalidRouting,
    NoFurtherAppeal,
    NoStanding,
    NotAConcurrer,
    NoTechnicalError,
    NotTheAppellant,
    NotTheHearingBody,
    NotThroughDirector,
    RulingNotFound,
    WrongStage,
    figb,
)
from appeals.domain.appeal.events import (
    EVENT_TYPES,
    AppealDecided,
    AppealEvent,
    AppealHandedElsewhere,
    AppealLodged,
    AppealRouted,
    AppealWithdrawn,
    ConcurrenceGiven,
    ConcurrencePeriodEnded,
    DepositReceived,
    DirectorReportAttached,
    FurtherAppealDecided,
    FurtherAppealFiled,
    FurtherAppealNoticeGiven,
    FurtherAppealPeriodEnded,
    HearingHeld,
    HearingScheduled,
    PreNoticePeriodEnded,
)
from appeals.domain.appeal.lodging import (
    Standing,
    standing,
)
from appeals.domain.appeal.periods import (
    FIGB_24_HOURS,
    Window,
    appeal_period_end,
    competition_end,
    windows,
)
from appeals.domain.appeal.state import (
    INITIAL,
    AppealState,
    evolve,
)
from appeals.domain.appeal.values import (
    OPEN_BEFORE_DECISION,
    RESERVED_TO_CHIEF_DIRECTOR,
    Body,
    Channel,
    DepositOutcome,
    LawPointRuling,
    Outcome,
    Party,
    Point,
    ScoreOrder,
    Statement,
    Status,
)

__all__ = [
    "EVENT_TYPES",
    "FIGB_24_HOURS",
    "FIGB_NORMS",
    "INITIAL",
    "NAMESPACE",
    "OPEN_BEFORE_DECISION",
    "RESERVED_TO_CHIEF_DIRECTOR",
    "STREAM_TYPE",
    "AcceptHandedAppeal",
    "AppealCommand",
    "AppealDecided",
    "AppealEvent",
    "AppealExists",
    "AppealHandedElsewhere",
    "AppealLodged",
    "AppealNotAvailable",
    "AppealNotFound",
    "AppealPeriodEnded",
    "AppealRouted",
    "AppealState",
    "AppealWithdrawn",
    "AttachDirectorReport",
    "Body",
    "Channel",
    "CommitteeOverreach",
    "ConcurAppeal",
    "ConcurrenceGiven",
    "ConcurrenceMissing",
    "ConcurrencePeriodEnded",
    "DecideAppeal",
    "DecideFurtherAppeal",
    "DepositNotReceived",
    "DepositOutcome",
    "DepositReceived",
    "DirectorReportAttached",
    "DisciplinaryDecisionStands",
    "Facts",
    "FileFurtherAppeal",
    "FurtherAppealDecided",
    "FurtherAppealFiled",
    "FurtherAppealInadmissible",
    "FurtherAppealNoticeGiven",
    "FurtherAppealPeriodClosed",
    "FurtherAppealPeriodEnded",
    "GiveFurtherAppealNotice",
    "GroundsMissing",
    "HearingHeld",
    "HearingScheduled",
    "InvalidDecision",
    "InvalidDeposit",
    "InvalidHearing",
    "InvalidRouting",
    "LawPointRuling",
    "LodgeAppeal",
    "NoFurtherAppeal",
    "NoStanding",
    "NoTechnicalError",
    "NotAConcurrer",
    "NotTheAppellant",
    "NotTheHearingBody",
    "NotThroughDirector",
    "Outcome",
    "Party",
    "Point",
    "PreNoticePeriodEnded",
    "RecordDeposit",
    "RecordHearing",
    "RouteAppeal",
    "RulingNotFound",
    "ScheduleHearing",
    "ScoreOrder",
    "Standing",
    "Statement",
    "Status",
    "Window",
    "WithdrawAppeal",
    "WrongStage",
    "appeal_id_for",
    "appeal_period_end",
    "competition_end",
    "decide",
    "evolve",
    "figb",
    "standing",
    "stream_id",
    "windows",
]
