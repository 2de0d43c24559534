"""Withdrawals: FIGB N-L4 §3-§5, and each player's record across events.

FIGB supplementary norms (2004) to Law 4. §3 (pairs) and §5 (teams): the
members of a formation that withdrew may not remain in the venue. §4 (pairs,
Mitchell or Howell): "In caso di abbandono del torneo da parte di una coppia
durante una sessione di gioco, i risultati conseguiti dalla stessa fino a
quel momento resteranno validi e l'Arbitro assegnerà un punteggio arbitrale
per le smazzate successive"; between sessions the results stand, the
director may replace the pair and the new formation competes only for
session prizes; "Il C.D. della F.I.G.B. potrà escludere dai tornei a coppie
quei giocatori che siano incorsi per tre volte nella suddetta mancanza".

The norm sets no figure for the artificial score: Law 12C2(a) gives
average minus to a contestant directly at fault (the pair that withdrew) and
average plus to one in no way at fault (its opponents), 40% and 60% in pairs
(decision 0171). The exclusion is the C.D.'s to decide: at the third §4
withdrawal the record says the player may be referred, nothing more.

Each player's withdrawals are one stream of their own (``record_stream``),
so the count across events is exact when a withdrawal is recorded.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, replace
from typing import ClassVar
from uuid import UUID

from rules.errors import ArticleRef

__all__ = [
    "EXCLUSION_COUNT",
    "INITIAL",
    "Consequence",
    "CountWithdrawal",
    "WithdrawalCounted",
    "WithdrawalRecordState",
    "artificial_score",
    "consequences",
    "decide",
    "evolve",
    "norm",
    "record_stream",
]

FIGB = "Norme integrative FIGB"
PAIRS = "N-L4 §4"
TEAMS = "N-L4 §5"
# N-L4 §4: "per tre volte": the third withdrawal from a pairs event.
EXCLUSION_COUNT = 3
STREAM_TYPE = "withdrawal_record"
NAMESPACE = UUID("5a0f3c52-3f0e-4d7e-9a51-0c2b8e7d4f19")


def norm(paragraph: str) -> ArticleRef:
    return ArticleRef(f"N-L4 §{paragraph}", source=FIGB)


def record_stream(player_id: UUID) -> UUID:
    """The stream of one player's withdrawals across every event."""
    return uuid.uuid5(NAMESPACE, f"withdrawals:{player_id}")


def artificial_score(ns_withdrew: bool, ew_withdrew: bool) -> str:
    """The artificial score of a board a withdrawn pair does not play, NS
    first: average minus (40%) to a side that withdrew, directly at fault,
    average plus (60%) to one in no way at fault (Law 12C2(a); N-L4 §4
    names no figure). 60% marks the side not at fault, so the session's
    revision of a no-fault average applies to it (N-L12 or Law 12C2(c))."""
    return f"A{40 if ns_withdrew else 60}/{40 if ew_withdrew else 60}"


@dataclass(frozen=True, slots=True)
class Consequence:
    """What the norm makes of a withdrawal, with the paragraph it is in."""

    norm: str
    text: str


def consequences(
    *, teams: bool, during_session: bool, boards: int, counts: dict[UUID, int]
) -> tuple[Consequence, ...]:
    """The withdrawal's consequences under N-L4, each citing its paragraph.

    ``counts``: each player's §4 withdrawals across events, this one
    included (none for a team, whose §5 sets no count).
    """
    found = [
        Consequence(
            f"{FIGB} {TEAMS if teams else 'N-L4 §3'}",
            "the members of the formation that withdrew may not remain in the venue",
        )
    ]
    if teams:
        found.append(
            Consequence(
                f"{FIGB} {TEAMS}",
                "the matches not played follow the conditions of contest "
                "(RC art. 22-23, RT art. 38-39)",
            )
        )
        return tuple(found)
    if during_session:
        found.append(
            Consequence(
                f"{FIGB} {PAIRS}",
                "the results obtained so far stand; each board it does not "
                f"play of the {boards} left in the session gets an artificial "
                "score: 40% to the pair, 60% to its opponents (Law 12C2(a))",
            )
        )
    else:
        found.append(
            Consequence(
                f"{FIGB} {PAIRS}",
                "the results obtained stand; the director may replace the pair, "
                "and the new formation competes only for session prizes",
            )
        )
    for player, count in sorted(counts.items(), key=lambda pc: str(pc[0])):
        if count >= EXCLUSION_COUNT:
            found.append(
                Consequence(
                    f"{FIGB} {PAIRS}",
                    f"player {player} has withdrawn from pairs events {count} "
                    "times: the FIGB C.D. may exclude them from pairs tournaments",
                )
            )
    return tuple(found)


# -- a player's record --------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class WithdrawalCounted:
    """One withdrawal of the player's formation, ``count`` the player's N-L4
    §4 withdrawals (pairs) so far, this one included; ``referral``: the count
    has reached the norm's three, and the C.D. may exclude the player from
    pairs tournaments."""

    event_type: ClassVar[str] = "withdrawal_record.counted"
    schema_version: ClassVar[int] = 1

    player_id: UUID
    tournament_id: UUID
    session: int
    entry_number: int
    norm: str  # "N-L4 §4" (pairs) or "N-L4 §5" (teams, not counted)
    count: int
    referral: bool


@dataclass(frozen=True, slots=True)
class WithdrawalRecordState:
    withdrawals: tuple[WithdrawalCounted, ...] = ()

    @property
    def count(self) -> int:
        """The player's withdrawals from pairs events (N-L4 §4)."""
        return sum(1 for w in self.withdrawals if w.norm == PAIRS)


INITIAL = WithdrawalRecordState()


def evolve(
    state: WithdrawalRecordState, event: WithdrawalCounted
) -> WithdrawalRecordState:
    return replace(state, withdrawals=(*state.withdrawals, event))


@dataclass(frozen=True, slots=True, kw_only=True)
class CountWithdrawal:
    player_id: UUID
    tournament_id: UUID
    session: int
    entry_number: int
    teams: bool


def decide(
    state: WithdrawalRecordState, command: CountWithdrawal
) -> list[WithdrawalCounted]:
    """Count one withdrawal; the same event's withdrawal counts once."""
    if any(w.tournament_id == command.tournament_id for w in state.withdrawals):
        return []
    paragraph = TEAMS if command.teams else PAIRS
    count = state.count + (0 if command.teams else 1)
    return [
        WithdrawalCounted(
            player_id=command.player_id,
            tournament_id=command.tournament_id,
            session=command.session,
            entry_number=command.entry_number,
            norm=paragraph,
            count=count,
            referral=not command.teams and count >= EXCLUSION_COUNT,
        )
    ]
