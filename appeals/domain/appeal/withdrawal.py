"""Withdrawing an appeal, or only its further appeal.

Law 92A: only the appellant contestant (the one that filed the further
appeal, once there is one) withdraws it; a deposit received is returned. A
further appeal withdrawn leaves the first decision final (Norme integrative
FIGB (2004), N-L92-93 §6).
"""

from __future__ import annotations

from appeals.domain.appeal.commands import Facts, WithdrawAppeal
from appeals.domain.appeal.errors import NotTheAppellant
from appeals.domain.appeal.events import AppealEvent, AppealWithdrawn
from appeals.domain.appeal.guards import deposit_outcome, require, stage
from appeals.domain.appeal.state import AppealState
from appeals.domain.appeal.values import OPEN_BEFORE_DECISION, DepositOutcome, Status
from rules.errors import LawRef


def withdraw(
    state: AppealState, command: WithdrawAppeal, facts: Facts
) -> list[AppealEvent]:
    lodged = require(state)
    if command.player_id is not None:
        party = state.party_of(command.player_id)
        filer = (
            state.further.entry_number
            if state.status is Status.FURTHER_APPEAL_FILED and state.further
            else lodged.appellant_entry
        )
        if party is None or party.entry_number != filer:
            raise NotTheAppellant(
                "only the appellant contestant withdraws its appeal", law=LawRef("92A")
            )
    if state.status is Status.FURTHER_APPEAL_FILED:
        return [
            AppealWithdrawn(
                by=command.by,
                further_appeal_only=True,
                deposit=DepositOutcome.NONE,
                withdrawn_at=facts.now,
            )
        ]
    stage(state, OPEN_BEFORE_DECISION, "withdraw")
    return [
        AppealWithdrawn(
            by=command.by,
            further_appeal_only=False,
            deposit=deposit_outcome(state, forfeit=False),
            withdrawn_at=facts.now,
        )
    ]
