"""Turn a tournament command into events, or refuse it with the rule it breaks."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from fractions import Fraction
from typing import assert_never
from uuid import UUID

from registry.domain.players import PlayerState
from rules.bridge.law_references import checked_law
from rules.errors import ArticleRef, LawRef
from tournaments.domain.bounds import check_command
from tournaments.domain.penalties import FIGB_CATALOGUE, amount_for
from tournaments.domain.tournament.board_copies import record_board_copy
from tournaments.domain.tournament.checks import (
    check_assignments,
    check_burraco_form,
    check_entry_size,
    check_registered,
    check_scorable,
    check_scoring,
    check_seated,
    require_session,
    require_tournament,
    team_match_round,
)
from tournaments.domain.tournament.commands import (
    AppointOfficial,
    CreateTournament,
    EnterPair,
    GiveRuling,
    ImposePenalty,
    PublishScores,
    RecordBoardCopy,
    RecordLateness,
    RecordSlowPlay,
    RecordSubstitution,
    RecordWithdrawal,
    RelieveOfficial,
    ScheduleSession,
    SetCarryOver,
    SetHandRecords,
    SetPlayingConditions,
    TournamentCommand,
)
from tournaments.domain.tournament.conduct_decide import (
    record_lateness,
    record_slow_play,
    set_playing_conditions,
)
from tournaments.domain.tournament.deadlines import (
    next_round_start,
    publication_deadlines,
)
from tournaments.domain.tournament.errors import (
    AlreadyPublished,
    EntryConflict,
    GameNotSupported,
    InvalidPenalty,
    InvalidSchedule,
    OfficialConflict,
    SystemNotDeclared,
    TournamentExists,
)
from tournaments.domain.tournament.events import (
    KnockoutCarryOverSet,
    OfficialAppointed,
    OfficialRelieved,
    PairEntered,
    PenaltyImposed,
    RulingGiven,
    SessionScheduled,
    SessionScoresPublished,
    TournamentCreated,
    TournamentEvent,
)
from tournaments.domain.tournament.hand_records import set_hand_records
from tournaments.domain.tournament.rulings import check_ruling
from tournaments.domain.tournament.state import (
    TournamentState,
)
from tournaments.domain.tournament.substitution_decide import record_substitution
from tournaments.domain.tournament.values import (
    Form,
    Game,
    OfficialRole,
    ScoringRules,
)
from tournaments.domain.tournament.withdrawal_decide import record_withdrawal

# One ranking, or one per direction (a two-winner Mitchell); "auto" ranks by
# direction when no pair changed direction.
WINNERS = ("auto", "one", "by_direction")
PENALTY_KINDS = {"procedural": "90", "disciplinary": "91", "warning": "90A"}
PENALTY_UNITS = {"percent_of_top", "matchpoints", "imps", "vp", "none"}
# What the tournament stream records for a burraco event (decision 0120).
BURRACO_COMMANDS = (CreateTournament, EnterPair, AppointOfficial, RelieveOfficial)


def decide(
    state: TournamentState,
    command: TournamentCommand,
    now: datetime,
    *,
    players: Mapping[UUID, PlayerState] | None = None,
) -> list[TournamentEvent]:
    """Turn a command into events, or raise the error that names the rule.

    ``players``: the register's facts on the players an ``EnterPair`` names,
    read from their streams by the handler; a player missing from it is not
    on the register. Every number the command carries is first held to its
    limit (decision 0212).
    """
    check_command(command)
    if (
        state.created is not None
        and state.created.game is Game.BURRACO
        and not isinstance(command, BURRACO_COMMANDS)
    ):
        # A burraco event's turns, sheets and warnings are the burraco
        # stream's (decision 0120); bridge's sessions and Laws do not apply.
        raise GameNotSupported(
            "a burraco tournament takes its turns, sheets and warnings at "
            "/api/v1/burraco/tournaments/",
            field="game",
            value=state.created.game,
        )
    match command:
        case CreateTournament():
            if state.exists:
                raise TournamentExists("the tournament already exists")
            if not command.name.strip():
                raise InvalidSchedule("a tournament needs a name", field="name")
            if command.game is Game.BURRACO:
                check_burraco_form(command.form, command.scoring)
            else:
                check_scoring(command.form, command.scoring)
            rules = command.scoring_rules or ScoringRules.of(command.windows.regulation)
            check_scoring_rules(rules)
            return [
                TournamentCreated(
                    tournament_id=command.tournament_id,
                    name=command.name.strip(),
                    form=command.form,
                    scoring=command.scoring,
                    windows=command.windows,
                    starts_at=command.starts_at,
                    strict=command.strict,
                    penalty_overrides=command.penalty_overrides,
                    system_category=command.system_category,
                    game=command.game,
                    imported=command.imported,
                    scoring_rules=rules,
                )
            ]
        case EnterPair():
            created = require_tournament(state)
            check_entry_size(created.form, command.player_ids)
            if not created.imported:
                check_registered(command.player_ids, players or {})
            if (
                created.system_category is not None
                and created.form is Form.PAIRS
                and created.system_category not in command.card_categories
            ):
                raise SystemNotDeclared(
                    "the pair has no convention card checked for this event's "
                    f"category {created.system_category}",
                    law=ArticleRef("4", source="FIGB Appendix 1"),
                    field="entry_id",
                )
            if command.number < 1:
                raise EntryConflict("entry numbers start at 1", field="number")
            if command.number in state.entries:
                raise EntryConflict(
                    f"number {command.number} is already taken", field="number"
                )
            taken = {p for e in state.entries.values() for p in e.player_ids}
            for index, player_id in enumerate(command.player_ids):
                if player_id in taken:
                    raise EntryConflict(
                        "a player is already entered in this tournament",
                        law=LawRef("4"),
                        field=f"player_ids.{index}",
                        value=player_id,
                    )
            if len(set(command.player_ids)) != len(command.player_ids):
                raise EntryConflict(
                    "the same player twice in one entry",
                    law=LawRef("4"),
                    field="player_ids",
                )
            if command.label is not None:
                _check_label(command.label, state)
            return [
                PairEntered(
                    number=command.number,
                    entry_id=command.entry_id,
                    player_ids=command.player_ids,
                    label=command.label,
                )
            ]
        case ScheduleSession():
            require_tournament(state)
            if command.session in state.sessions:
                raise InvalidSchedule(f"session {command.session} is already scheduled")
            if command.ends_at <= command.starts_at:
                raise InvalidSchedule("a session must end after it starts")
            check_assignments(
                state, command.assignments, require_tournament(state).form
            )
            if command.winners not in WINNERS:
                raise InvalidSchedule(f"winners must be one of {', '.join(WINNERS)}")
            check_scorable(
                require_tournament(state), command.winners, command.assignments
            )
            return [
                SessionScheduled(
                    session=command.session,
                    movement=command.movement,
                    starts_at=command.starts_at,
                    ends_at=command.ends_at,
                    assignments=command.assignments,
                    winners=command.winners,
                )
            ]
        case PublishScores():
            created = require_tournament(state)
            session = require_session(state, command.session)
            if session.published is not None:
                raise AlreadyPublished(
                    f"session {command.session} is already published", law=LawRef("79C")
                )
            correction, inadmissible, appeal = publication_deadlines(
                created.windows,
                created.form,
                session,
                now,
                next_round_start(state, session),
            )
            return [
                SessionScoresPublished(
                    session=command.session,
                    published_at=now,
                    correction_deadline=correction,
                    inadmissible_deadline=inadmissible,
                    appeal_deadline=appeal,
                )
            ]
        case GiveRuling():
            require_tournament(state)
            require_session(state, command.session)
            # Its board part is checked here, before anything is stored: the
            # score it assigns, one only, on a board and table (Law 12).
            check_ruling(command)
            if not command.laws:
                raise InvalidSchedule(
                    "a ruling cites the Laws it applies", law=LawRef("85"), field="laws"
                )
            laws = tuple(
                checked_law(text, field=f"laws.{i}")
                for i, text in enumerate(command.laws)
            )
            return [
                RulingGiven(
                    ruling_id=command.ruling_id,
                    session=command.session,
                    board_number=command.board_number,
                    table=command.table,
                    laws=laws,
                    facts=command.facts,
                    decision=command.decision,
                    director=command.director,
                    appeal_notice_given=True,  # Law 83: the notice goes with every ruling
                ),
                *_offender_penalty(state, command),
            ]
        case ImposePenalty():
            created = require_tournament(state)
            require_session(state, command.session)
            if command.entry_number not in state.entries:
                raise InvalidPenalty(f"no entry number {command.entry_number}")
            check_seated(state, command.session, command.entry_number)
            if command.catalogue is not None:
                command = _from_catalogue(command, created)
            if command.kind not in PENALTY_KINDS or command.unit not in PENALTY_UNITS:
                raise InvalidPenalty("unknown penalty kind or unit", law=LawRef("90"))
            if command.kind != "warning" and command.amount <= 0:
                raise InvalidPenalty(
                    "a penalty has a positive amount", law=LawRef("90"), field="amount"
                )
            law = PENALTY_KINDS[command.kind]
            if command.law:
                law = checked_law(command.law, field="law")
            match_round = None
            if created.form is Form.TEAMS and command.unit == "imps":
                match_round = team_match_round(
                    state, command.session, command.entry_number, command.round
                )
            return [
                PenaltyImposed(
                    session=command.session,
                    entry_number=command.entry_number,
                    kind=command.kind,
                    unit=command.unit,
                    amount=command.amount,
                    law=law,
                    reason=command.reason,
                    catalogue=command.catalogue,
                    round=match_round,
                )
            ]
        case SetHandRecords():
            require_tournament(state)
            return set_hand_records(require_session(state, command.session), command)
        case RecordWithdrawal():
            return record_withdrawal(state, command)
        case RecordBoardCopy():
            require_tournament(state)
            return record_board_copy(require_session(state, command.session), command)
        case AppointOfficial():
            require_tournament(state)
            return _appoint(state, command)
        case RelieveOfficial():
            require_tournament(state)
            current = state.officials.get(command.user)
            if current is None:
                raise OfficialConflict(
                    f"{command.user} is not an official of this event",
                    law=LawRef("80B2"),
                )
            return [
                OfficialRelieved(
                    user=command.user, role=current.role, reason=command.reason
                )
            ]
        case SetCarryOver():
            created = require_tournament(state)
            knockout = ArticleRef("78 §2c", source="Norme integrative FIGB")
            if created.form is not Form.TEAMS:
                raise InvalidSchedule(
                    "carry-over belongs to knockout teams events", law=knockout
                )
            if command.stage < 1 or command.match < 1:
                raise InvalidSchedule(
                    "stages and matches are numbered from 1", law=knockout
                )
            if state.carry_overs.get((command.stage, command.match)) == command.imps:
                return []
            return [
                KnockoutCarryOverSet(
                    stage=command.stage,
                    match=command.match,
                    imps=str(command.imps),
                    reason=command.reason,
                )
            ]
        case SetPlayingConditions():
            return set_playing_conditions(state, command)
        case RecordLateness():
            return record_lateness(state, command)
        case RecordSlowPlay():
            return record_slow_play(state, command)
        case RecordSubstitution():
            return record_substitution(state, command, players or {})
        case _:
            assert_never(command)


_LABEL = re.compile(r'[A-Za-z0-9][^\s";{}\[\]]{0,19}')


def _check_label(label: str, state: TournamentState) -> None:
    """A results file's id for an entry (decision 0192): one the formats
    can write back (PBN's and USEBIO's identifier, at most 20 characters),
    naming no other entry of the event."""
    if not _LABEL.fullmatch(label):
        raise EntryConflict(
            f"label {label!r} is not a results file's id (at most 20 characters, "
            "no spaces, quotes, ;, braces or brackets)",
            field="label",
        )
    if any(e.label == label for e in state.entries.values()):
        raise EntryConflict(f"label {label!r} already names an entry", field="label")


def check_scoring_rules(rules: ScoringRules) -> None:
    """FIGB N-L87 §7a: the fouled-board split share is a fraction of the
    session's rounds, greater than none and at most all of them."""
    try:
        top, bottom = rules.split_fraction
    except ValueError:
        top, bottom = 0, 0
    if not 0 < top <= bottom:
        raise InvalidSchedule(
            "the fouled-board split is a share of the session's rounds, "
            f"such as 1/5, not {rules.fouled_split!r}",
            law=ArticleRef("87 §7", source="Norme integrative FIGB"),
            field="scoring_rules.fouled_split",
        )


def _appoint(state: TournamentState, command: AppointOfficial) -> list[TournamentEvent]:
    """Law 80B2(a), (g)(i), (k): the organizer appoints the Director in charge,
    the assistants and the appeals committee; one person holds one office.

    Law 81A: one Director is in charge, so a second chief director waits
    until the first is relieved. Law 93B: the committee hears appeals from the
    Director's rulings, so a director does not sit on it. Appointing someone
    again to the office they hold changes nothing.
    """
    held = state.officials.get(command.user)
    if held is not None:
        if held.role is command.role:
            return []
        raise OfficialConflict(
            f"{command.user} is already {held.role.replace('_', ' ')} of this event: "
            "relieve them first",
            law=LawRef("80B2"),
        )
    if command.role is OfficialRole.CHIEF_DIRECTOR and any(
        o.role is OfficialRole.CHIEF_DIRECTOR for o in state.officials.values()
    ):
        raise OfficialConflict(
            "the event already has a chief director: relieve them first",
            law=LawRef("81A"),
        )
    return [
        OfficialAppointed(
            user=command.user, name=command.name.strip(), role=command.role
        )
    ]


def _offender_penalty(
    state: TournamentState, command: GiveRuling
) -> list[TournamentEvent]:
    """App1 §7 teams (3): the offending side revealed the breach; besides the
    innocent team's IMPs on the board, a 3-IMP penalty on the offending team
    only ("solo a sfavore della colpevole")."""
    rule = FIGB_CATALOGUE.get(command.catalogue or "")
    created = require_tournament(state)
    if rule is None or rule.offender_imps is None or created.form is not Form.TEAMS:
        return []
    seat = next(
        (
            a
            for a in state.sessions[command.session].assignments
            if a.table == command.table and command.board_number in a.boards
        ),
        None,
    )
    if seat is None or command.offender not in ("ns", "ew"):
        raise InvalidPenalty(
            f"{command.catalogue!r} names the board, the table and the offending side",
            law=ArticleRef("7", source="FIGB Appendix 1"),
            field="offender",
        )
    return [
        PenaltyImposed(
            session=command.session,
            entry_number=seat.ns if command.offender == "ns" else seat.ew,
            kind="procedural",
            unit="imps",
            amount=rule.offender_imps,
            law="90",
            reason=f"{rule.description} (FIGB {rule.source})",
            catalogue=rule.key,
            round=seat.round,  # the match of the board (decision 0163)
        )
    ]


WBF_DRAW_VP = 10
"""The draw of the WBF 20-VP scale the teams are scored on (Law 78D): the
base of N-L5 §1's share of the draw (15 on the 2004 text's 25-0 scale)."""


def _from_catalogue(
    command: ImposePenalty, created: TournamentCreated
) -> ImposePenalty:
    """Law 90 with the FIGB catalogue: the event's amount for the entry.

    A share of the draw (N-L5 §1) becomes VPs on the event's scale; a
    minimum (App1 §5) stands unless the director gives more; a warning
    (N-L87 §4-§5) is a warning; a score the norm assigns on the board
    (N-L8 §5, App1 §7) is a ruling's, not a penalty's.
    """
    key = command.catalogue or ""
    rule = FIGB_CATALOGUE.get(key)
    teams = created.form is Form.TEAMS
    form = "teams" if teams else "pairs"
    fixed = amount_for(key, teams, created.penalty_overrides)
    if rule is not None and fixed is None and rule.assigned is not None:
        raise InvalidPenalty(
            f"{key!r} is a score assigned on the board (FIGB {rule.source}): "
            "give it with a ruling naming the catalogue entry",
            law=LawRef("12C2"),
            field="catalogue",
        )
    if rule is None or fixed is None:
        raise InvalidPenalty(
            f"the catalogue has no fixed {form} penalty {key!r}",
            law=LawRef("90"),
        )
    unit, amount = fixed.unit, fixed.amount
    if unit == "percent_of_draw":
        vp = Fraction(amount * WBF_DRAW_VP, 100)
        unit, amount = "vp", vp.numerator // vp.denominator
    if rule.minimum and command.amount > amount:
        amount = command.amount
    return replace(
        command,
        kind="warning" if rule.warning and unit == "none" else "procedural",
        unit=unit,
        amount=amount,
        law=rule.law,
        reason=command.reason or f"{rule.description} (FIGB {rule.source})",
    )
