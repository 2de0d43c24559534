"""Decide a withdrawal (FIGB N-L4 §3-§5) and the boards it leaves unplayed.

The director records the fact: the entry, the session and the first round
it does not play (or none: it withdrew between sessions). The event carries
the boards that leaves unplayed; the handler gives each its artificial
score on the board's own stream (N-L4 §4, ``withdrawals.artificial_score``)
and counts the withdrawal on each player's record.
"""

from __future__ import annotations

from tournaments.domain.tournament.checks import require_session, require_tournament
from tournaments.domain.tournament.commands import RecordWithdrawal
from tournaments.domain.tournament.errors import EntryConflict, WithdrawalConflict
from tournaments.domain.tournament.events import TournamentEvent, WithdrawalRecorded
from tournaments.domain.tournament.state import SessionState, TournamentState
from tournaments.domain.tournament.values import Form, TableAssignment
from tournaments.domain.withdrawals import PAIRS, TEAMS, norm

__all__ = ["record_withdrawal", "unplayed"]


def unplayed(
    session: SessionState, entry: int, from_round: int
) -> tuple[TableAssignment, ...]:
    """The tables ``entry`` would have sat at from ``from_round`` on (0:
    none, a withdrawal between sessions); a round against the phantom (0)
    has no board to score."""
    if not from_round:
        return ()
    return tuple(
        a
        for a in session.assignments
        if a.round >= from_round and entry in (a.ns, a.ew) and 0 not in (a.ns, a.ew)
    )


def record_withdrawal(
    state: TournamentState, command: RecordWithdrawal
) -> list[TournamentEvent]:
    """N-L4 §4 (pairs) or §5 (teams): an entry withdraws once; the round is
    one the entry plays in the session. An individual event is refused: the
    norm speaks of pairs and teams."""
    created = require_tournament(state)
    teams = created.form is Form.TEAMS
    paragraph = "5" if teams else "4"
    if created.form is Form.INDIVIDUAL:
        raise EntryConflict(
            "N-L4 §3-§5 regulate the withdrawal of a pair or a team, not of a "
            "player in an individual event",
            law=norm("4"),
        )
    entry = state.entries.get(command.entry_number)
    if entry is None:
        raise EntryConflict(
            f"entry {command.entry_number} is not entered",
            law=norm(paragraph),
            field="entry_number",
            value=str(command.entry_number),
        )
    earlier = state.withdrawals.get(command.entry_number)
    if earlier is not None:
        raise WithdrawalConflict(
            f"entry {command.entry_number} withdrew in session {earlier.session}",
            law=norm(paragraph),
        )
    session = require_session(state, command.session)
    rounds = {
        a.round for a in session.assignments if command.entry_number in (a.ns, a.ew)
    }
    if command.from_round is not None and command.from_round not in rounds:
        raise EntryConflict(
            f"entry {command.entry_number} plays no round {command.from_round} in "
            f"session {command.session}",
            law=norm(paragraph),
            field="from_round",
            value=str(command.from_round),
        )
    from_round = command.from_round or 0
    # Teams: §5 sends the matches not played to RC art. 22-23 and RT art.
    # 38-39, which give no artificial score here.
    tables = () if teams else unplayed(session, command.entry_number, from_round)
    return [
        WithdrawalRecorded(
            session=command.session,
            entry_number=command.entry_number,
            player_ids=entry.player_ids,
            from_round=from_round,
            boards=sum(len(a.boards) for a in tables),
            norm=TEAMS if teams else PAIRS,
            reason=command.reason,
        )
    ]
