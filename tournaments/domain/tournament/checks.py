"""The checks ``decide`` makes before it accepts a command, each naming its Law."""

from __future__ import annotations

from collections.abc import Mapping
from uuid import UUID

from registry.domain.players import PlayerState, UnknownPlayer
from rules.burraco.articles import TABLES, art
from rules.errors import ArticleRef, LawRef, RuleViolation
from tournaments.domain import session_scoring
from tournaments.domain.tournament.errors import (
    EntryConflict,
    GameNotSupported,
    InvalidPenalty,
    InvalidSchedule,
    ScoringNotForForm,
    SessionNotFound,
    TournamentNotFound,
)
from tournaments.domain.tournament.events import (
    TournamentCreated,
)
from tournaments.domain.tournament.state import (
    SessionState,
    TournamentState,
)
from tournaments.domain.tournament.values import (
    BURRACO_SCORING_FOR_FORM,
    SCORING_FOR_FORM,
    Form,
    ScoringMethod,
    TableAssignment,
)


def require_tournament(state: TournamentState) -> TournamentCreated:
    if state.created is None:
        raise TournamentNotFound("no such tournament")
    return state.created


def require_session(state: TournamentState, number: int) -> SessionState:
    session = state.sessions.get(number)
    if session is None:
        raise SessionNotFound(f"session {number} is not scheduled")
    return session


def check_scorable(
    created: TournamentCreated, winners: str, assignments: tuple[TableAssignment, ...]
) -> None:
    """Refuse a schedule the scoring would refuse once results arrive.

    The one scoring pipeline scores the schedule with every board played
    (decision 0076): a two-winner session in which a pair changes direction
    (Law 78A: it cannot be ranked in one direction), a pair that meets a board
    twice.
    """
    try:
        session_scoring.check_schedule(
            created.form.value, created.scoring.value, winners, assignments
        )
    except RuleViolation as exc:
        raise InvalidSchedule(exc.message, law=exc.law) from None


def check_seated(state: TournamentState, session: int, entry: int) -> None:
    """Law 90 takes a penalty off a score of the session: the entry plays in it."""
    if not any(entry in a.seated for a in require_session(state, session).assignments):
        raise InvalidPenalty(
            f"entry {entry} does not play in session {session}", law=LawRef("90")
        )


def team_match_round(
    state: TournamentState, session: int, entry: int, given: int | None
) -> int:
    """FIGB §2.1 rule 2 (N-L87 §6b; App1 §7): a team's IMP penalty comes off
    one match, its own result only: the round of that match, named when the
    team plays several matches in the session."""
    rounds = sorted(
        {
            a.round
            for a in require_session(state, session).assignments
            if entry in a.seated
        }
    )
    if given is None and len(rounds) == 1:
        return rounds[0]
    if given is None or given not in rounds:
        raise InvalidPenalty(
            f"an IMP penalty comes off one match of team {entry}: name its round "
            f"({', '.join(map(str, rounds))})",
            law=ArticleRef("N-L87 §6b", source="Norme integrative FIGB"),
            field="round",
            value=given,
        )
    return given


def check_scoring(form: Form, scoring: ScoringMethod) -> None:
    """Law 78: the event's scoring method is one its form can be scored by."""
    allowed = SCORING_FOR_FORM[form]
    if scoring not in allowed:
        raise ScoringNotForForm(
            f"a {form} event is scored by {' or '.join(allowed)}, not {scoring}",
            law=LawRef("78"),
            field="scoring",
            value=scoring,
        )


def check_burraco_form(form: Form, scoring: ScoringMethod) -> None:
    """A burraco event is one of the forms supported so far, scored by the
    F.I.Bur. VP tables (Codice di Gara Art. 2, Le tabelle; decision 0120)."""
    allowed = BURRACO_SCORING_FOR_FORM.get(form)
    if allowed is None:
        raise GameNotSupported(
            f"burraco {form} events are not supported",
            field="form",
            value=form,
            law=art(2),
        )
    if scoring not in allowed:
        raise ScoringNotForForm(
            f"a burraco {form} event is scored by {' or '.join(allowed)}, "
            f"not {scoring}",
            law=TABLES,
            field="scoring",
            value=scoring,
        )


def check_registered(
    player_ids: tuple[UUID, ...], players: Mapping[UUID, PlayerState]
) -> None:
    """An entry names players on the federation's register (decision 0083):
    a result is credited to a person the register knows, and a forgotten
    player (personal data erased) enters nothing new."""
    for index, player_id in enumerate(player_ids):
        player = players.get(player_id)
        if player is None or not player.registered:
            raise UnknownPlayer(
                f"player {player_id} is not on the register",
                field=f"player_ids.{index}",
                value=player_id,
            )
        if player.forgotten:
            raise UnknownPlayer(
                f"player {player_id} was forgotten and enters no new event",
                field=f"player_ids.{index}",
                value=player_id,
            )


# Definitions, "Contestant": one player (individual), two playing as partners
# throughout (pairs), four or more team-mates (teams; FIGB allows up to six).
ENTRY_SIZES = {Form.INDIVIDUAL: (1, 1), Form.PAIRS: (2, 2), Form.TEAMS: (4, 6)}


def check_entry_size(form: Form, player_ids: tuple[UUID, ...]) -> None:
    """Definitions, "Contestant": how many players one entry of the form holds."""
    low, high = ENTRY_SIZES[form]
    if not low <= len(player_ids) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        raise EntryConflict(
            f"an entry of a {form} event has {wanted} players, not {len(player_ids)}",
            law=LawRef("4"),
            field="player_ids",
        )


def _check_individual_table(
    state: TournamentState, a: TableAssignment, seen: set[tuple[int, int, str]]
) -> None:
    """Law 4 and Law 8: four different entered players at each table, North
    and East repeated as ``ns`` and ``ew``, nobody at two tables in a round."""
    if len(a.players) != 4 or len(set(a.players)) != 4:
        raise InvalidSchedule(
            f"table {a.table} in round {a.round} needs four different players "
            "(North, East, South, West)",
            law=LawRef("4"),
        )
    if (a.ns, a.ew) != a.players[:2]:
        raise InvalidSchedule(
            f"table {a.table} in round {a.round}: ns and ew are North and East",
            law=LawRef("8"),
        )
    for player in a.players:
        if player not in state.entries:
            raise InvalidSchedule(f"player {player} is not entered", law=LawRef("8"))
        if (a.round, player, "") in seen:
            raise InvalidSchedule(
                f"player {player} sits twice in round {a.round}", law=LawRef("8")
            )
        seen.add((a.round, player, ""))
    if not a.boards:
        raise InvalidSchedule(
            f"table {a.table} has no boards in round {a.round}", law=LawRef("8")
        )


def check_assignments(
    state: TournamentState, assignments: tuple[TableAssignment, ...], form: Form
) -> None:
    """Law 8: each table has one NS and one EW pair; no pair sits twice in a round.

    Law 86 (teams): a team's two pairs sit in the two rooms of a match, once
    in each direction, so a team appears twice in a round, never twice in one
    direction.
    """
    if not assignments:
        raise InvalidSchedule("a session needs its table assignments", law=LawRef("8"))
    seen: set[tuple[int, int, str]] = set()
    tables: set[tuple[int, int]] = set()
    for a in assignments:
        if (a.round, a.table) in tables:
            raise InvalidSchedule(
                f"table {a.table} twice in round {a.round}", law=LawRef("8")
            )
        tables.add((a.round, a.table))
        if form is Form.INDIVIDUAL:
            _check_individual_table(state, a, seen)
            continue
        if a.players:
            raise InvalidSchedule(
                "only an individual event seats players one by one", law=LawRef("4")
            )
        for pair, direction in ((a.ns, "NS"), (a.ew, "EW")):
            if pair and pair not in state.entries:
                raise InvalidSchedule(f"pair {pair} is not entered", law=LawRef("8"))
            key = (a.round, pair, direction if form is Form.TEAMS else "")
            if pair and key in seen:
                raise InvalidSchedule(
                    f"pair {pair} sits twice in round {a.round}", law=LawRef("8")
                )
            seen.add(key)
        if not a.boards:
            raise InvalidSchedule(
                f"table {a.table} has no boards in round {a.round}", law=LawRef("8")
            )
