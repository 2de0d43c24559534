"""The FIGB catalogue of fixed procedural penalties, as event parameters.

FIGB supplementary norms (2004), penalty catalogue (figb-norms digest §2.2);
Laws 90 (procedural penalties) and 91 (disciplinary). Each entry gives the
amount for a pairs event (usually a percentage of the top) and for a teams
event (IMPs or VPs); an event may override any amount. Penalties the norms
leave to the director (slow play, psychics, P16's range) are not here: the
director enters their amount.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "FIGB_CATALOGUE",
    "PenaltyAmount",
    "PenaltyOverride",
    "PenaltyRule",
    "amount_for",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyAmount:
    """An amount in a unit: percent_of_top, matchpoints, imps or vp."""

    unit: str
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyRule:
    key: str
    source: str  # the FIGB norm
    law: str
    description: str
    pairs: PenaltyAmount | None
    teams: PenaltyAmount | None


def _pct(value: int) -> PenaltyAmount:
    return PenaltyAmount(unit="percent_of_top", amount=value)


FIGB_CATALOGUE: dict[str, PenaltyRule] = {
    rule.key: rule
    for rule in (
        PenaltyRule(
            key="diagram_error",
            source="N-L8 §5",
            law="90",
            description="wrong or incomplete hand diagram (both pairs at the table)",
            pairs=_pct(10),
            teams=None,
        ),
        PenaltyRule(
            key="duplication_error",
            source="N-L8 §5; N-L87 §7",
            law="90",
            description="error in the initial duplication of pre-dealt boards",
            pairs=_pct(20),
            teams=None,
        ),
        PenaltyRule(
            key="stop_card",
            source="N-L18",
            law="90",
            description="jump bid without the STOP card",
            pairs=_pct(10),
            teams=None,
        ),
        PenaltyRule(
            key="dummy_infringement",
            source="N-L43/B1",
            law="90",
            description="dummy's infringement (e.g. looking at the score sheet before the end)",
            pairs=_pct(20),
            teams=PenaltyAmount(unit="imps", amount=2),
        ),
        PenaltyRule(
            key="closed_room_exit",
            source="N-L90",
            law="90",
            description="leaving the closed room without the director's permission",
            pairs=None,
            teams=PenaltyAmount(unit="vp", amount=2),
        ),
        PenaltyRule(
            key="fouled_previous_table",
            source="N-L87 §2, §7",
            law="90",
            description="the table that fouled the board before it was detected",
            pairs=_pct(10),
            teams=PenaltyAmount(unit="imps", amount=3),
        ),
    )
}


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyOverride:
    """An event's own amount for a catalogue entry (the organizer's regulation)."""

    key: str
    unit: str
    amount: int


def amount_for(
    key: str, teams: bool, overrides: tuple[PenaltyOverride, ...] = ()
) -> PenaltyAmount | None:
    """The event's amount for a catalogue entry: its override, else FIGB's."""
    for override in overrides:
        if override.key == key:
            return PenaltyAmount(unit=override.unit, amount=override.amount)
    rule = FIGB_CATALOGUE.get(key)
    if rule is None:
        return None
    return rule.teams if teams else rule.pairs
