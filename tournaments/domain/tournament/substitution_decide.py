"""Decide a substitution, and judge the substitutions of an event (FIGB N-L4 §2a).

The director records who replaced whom for which rounds; the event carries
the boards that makes and, computed when recorded, whether the original is
now eliminated (the director of an emergency substitution tells them at
once, §2a(7)). ``judge`` gives each substituted player's verdict from every
substitution recorded, as the event's schedule stands.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from uuid import UUID

from registry.domain.players import PlayerState
from tournaments.domain.substitutes import SubstituteVerdict, norm, verdict
from tournaments.domain.tournament.checks import require_session, require_tournament
from tournaments.domain.tournament.commands import RecordSubstitution
from tournaments.domain.tournament.errors import EntryConflict
from tournaments.domain.tournament.events import (
    SubstitutionRecorded,
    TournamentEvent,
)
from tournaments.domain.tournament.state import TournamentState
from tournaments.domain.tournament.values import Form

__all__ = ["judge", "record_substitution"]


def _entry_boards(state: TournamentState, session: int, entry: int) -> dict[int, int]:
    """Round -> the boards ``entry`` plays in it (Law 8)."""
    rounds: dict[int, set[int]] = defaultdict(set)
    for a in require_session(state, session).assignments:
        if entry in a.seated:
            rounds[a.round].update(a.boards)
    return {r: len(boards) for r, boards in rounds.items()}


def judge(
    state: TournamentState,
    extra: SubstitutionRecorded | None = None,
) -> dict[UUID, SubstituteVerdict]:
    """Each substituted player's verdict under N-L4 §2a from the
    substitutions recorded (and ``extra``, one about to be)."""
    if state.created is None or state.created.form is Form.TEAMS:
        return {}  # teams: RC art. 19 and RT art. 38 (N-L4 §2c-d), not held
    conditions = state.conditions
    qualifying = conditions.qualifying_sessions if conditions else 0
    shares: dict[UUID, dict[int, Fraction]] = defaultdict(dict)
    for s in (*state.substitutions, *((extra,) if extra else ())):
        if not s.entry_boards:
            continue
        seen = shares[s.original].get(s.session, Fraction(0))
        shares[s.original][s.session] = min(
            Fraction(1), seen + Fraction(s.boards, s.entry_boards)
        )
    return {
        player: verdict(
            by_session,
            sessions=max(len(state.sessions), 1),
            qualifying_sessions=qualifying,
        )
        for player, by_session in shares.items()
    }


def record_substitution(
    state: TournamentState,
    command: RecordSubstitution,
    players: Mapping[UUID, PlayerState],
) -> list[TournamentEvent]:
    """N-L4 §2a: only a player of equal or lower category or series; "nessun
    giocatore può fare da sostituto se ha già giocato nella gara"; the
    rounds are the entry's own in the session."""
    created = require_tournament(state)
    entry = state.entries.get(command.entry_number)
    if entry is None or command.original not in entry.player_ids:
        raise EntryConflict(
            f"the player replaced is not a member of entry {command.entry_number}",
            law=norm(""),
            field="original",
            value=command.original,
        )
    if any(command.substitute in e.player_ids for e in state.entries.values()):
        raise EntryConflict(
            "a player who has already played in the event cannot substitute",
            law=norm("(5)"),
            field="substitute",
            value=command.substitute,
        )
    if any(
        s.substitute == command.substitute and s.entry_number != command.entry_number
        for s in state.substitutions
    ):
        raise EntryConflict(
            "this substitute has already played in the event for another entry",
            law=norm("(5)"),
            field="substitute",
            value=command.substitute,
        )
    substitute = players.get(command.substitute)
    if substitute is None or not substitute.registered or substitute.forgotten:
        raise EntryConflict(
            "the substitute is not on the register",
            law=norm(""),
            field="substitute",
            value=command.substitute,
        )
    original = players.get(command.original)
    if (
        created.form is not Form.TEAMS
        and original is not None
        and original.category is not None
        and substitute.category is not None
        and not substitute.category.at_most(original.category)
    ):
        raise EntryConflict(
            f"a {original.category} player is substituted only by a player of equal "
            f"or lower category or series, not {substitute.category}",
            law=norm(""),
            field="substitute",
            value=command.substitute,
        )
    boards_by_round = _entry_boards(state, command.session, command.entry_number)
    unknown = sorted(set(command.rounds) - set(boards_by_round))
    if not command.rounds or unknown:
        raise EntryConflict(
            f"name the rounds entry {command.entry_number} plays in session "
            f"{command.session} that the substitute played",
            law=norm(""),
            field="rounds",
            value=",".join(map(str, unknown)),
        )
    event = SubstitutionRecorded(
        session=command.session,
        entry_number=command.entry_number,
        original=command.original,
        substitute=command.substitute,
        rounds=tuple(sorted(set(command.rounds))),
        boards=sum(boards_by_round[r] for r in set(command.rounds)),
        entry_boards=sum(boards_by_round.values()),
        emergency=command.emergency,
        eliminates=False,
        reason=command.reason,
    )
    verdicts = judge(state, event)  # none for teams: the fact only
    eliminated = command.original in verdicts and verdicts[command.original].eliminated
    return [replace(event, eliminates=eliminated)]
