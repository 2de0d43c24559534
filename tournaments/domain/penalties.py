"""The FIGB catalogue of fixed procedural penalties, as event parameters.

FIGB supplementary norms (2004), penalty catalogue (figb-norms digest §2.2);
Laws 90 (procedural penalties) and 91 (disciplinary). Each entry gives the
amount for a pairs event (usually a percentage of the top) and for a teams
event (IMPs or VPs); an event may override any amount. Penalties the norms
leave to the director (slow play, psychics, P16's range) are not here: the
director enters their amount.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "FIGB_CATALOGUE",
    "AssignedScore",
    "PenaltyAmount",
    "PenaltyOverride",
    "PenaltyRule",
    "amount_for",
    "catalogue_text",
    "imposable",
    "in_norm_order",
    "ruling_score",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyAmount:
    """An amount in a unit: percent_of_top, matchpoints, imps or vp."""

    unit: str
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AssignedScore:
    """A score the norm assigns on the board instead of a deduction (pairs):
    the innocent side's and the offending side's percentage of the top
    (Law 12C2), the same for both sides when neither is named."""

    innocent: int
    offender: int

    def notation(self, offender: str | None) -> str:
        """The adjusted score, NS first, with ``offender`` "ns" or "ew"."""
        if offender == "ns":
            return f"A{self.offender}/{self.innocent}"
        return f"A{self.innocent}/{self.offender}"


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyRule:
    """One row of the catalogue (figb-norms digest §2.2), by form.

    - ``pairs`` / ``teams``: the fixed deduction (None: none in that form).
    - ``both_pairs``: the norm penalises both pairs at the table (impose it
      on each).
    - ``minimum``: the amount is the least the norm allows; the director may
      give more (App1 §5: "from 50% of top up to a ban").
    - ``assigned``: pairs, a score assigned on the board (a ruling), not a
      deduction; ``teams_imps`` the IMPs the innocent team gets for the board
      (N-L88, App1 §7), ``offender_imps`` a penalty on the offending team on
      top (App1 §7 teams (3)).
    - ``warning``: the norm gives a warning, not an amount.
    """

    key: str
    source: str  # the FIGB norm
    law: str
    description: str
    pairs: PenaltyAmount | None
    teams: PenaltyAmount | None
    both_pairs: bool = False
    minimum: bool = False
    assigned: AssignedScore | None = None
    teams_imps: int | None = None
    offender_imps: int | None = None
    warning: bool = False


def _pct(value: int) -> PenaltyAmount:
    return PenaltyAmount(unit="percent_of_top", amount=value)


def _imps(value: int) -> PenaltyAmount:
    return PenaltyAmount(unit="imps", amount=value)


def _vp(value: int) -> PenaltyAmount:
    return PenaltyAmount(unit="vp", amount=value)


def _draw(value: int) -> PenaltyAmount:
    """A share of the match's draw score in VP (N-L5 §1), converted on the
    event's scale when imposed."""
    return PenaltyAmount(unit="percent_of_draw", amount=value)


_WARNING = PenaltyAmount(unit="none", amount=0)

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
            both_pairs=True,
        ),
        PenaltyRule(
            key="duplication_error",
            source="N-L8 §5; N-L87 §7",
            law="90",
            description="error in the initial duplication of pre-dealt boards "
            "(both pairs that duplicated it)",
            pairs=_pct(20),
            teams=None,
            both_pairs=True,
        ),
        PenaltyRule(
            key="result_not_recorded",
            source="N-L8 §5",
            law="12C2",
            description="a result not recorded on the score sheet: 40% of the "
            "top to both pairs",
            pairs=None,
            teams=None,
            assigned=AssignedScore(innocent=40, offender=40),
        ),
        PenaltyRule(
            key="stop_card",
            source="N-L18",
            law="90",
            description="jump bid without the STOP card (10%; Law 16 may apply too)",
            pairs=_pct(10),
            teams=None,
        ),
        PenaltyRule(
            key="dummy_infringement",
            source="N-L43/B1",
            law="90",
            description="dummy's infringement (e.g. looking at the score sheet before the end)",
            pairs=_pct(20),
            teams=_imps(2),
        ),
        PenaltyRule(
            key="closed_room_exit",
            source="N-L90",
            law="90",
            description="leaving the closed room without the director's permission",
            pairs=None,
            teams=_vp(2),
        ),
        PenaltyRule(
            key="wrong_seating_first",
            source="N-L5 §1",
            law="90",
            description="teams seated wrongly in a segment before the last: 20% "
            "of the match's draw score to each team (3 VP on the 25-0 scale)",
            pairs=None,
            teams=_draw(20),
        ),
        PenaltyRule(
            key="wrong_seating_last",
            source="N-L5 §1",
            law="90",
            description="teams seated wrongly in the last segment: 40% of the "
            "match's draw score to each team (6 VP on the 25-0 scale)",
            pairs=None,
            teams=_draw(40),
        ),
        PenaltyRule(
            key="fouled_previous_table",
            source="N-L87 §2, §7",
            law="90",
            description="the table that fouled the board before it was detected",
            pairs=_pct(10),
            teams=_imps(3),
        ),
        PenaltyRule(
            key="fouled_180",
            source="N-L87 §2",
            law="87",
            description="cards rotated 180 degrees inside the board: 60% of the "
            "top to both pairs at the table (teams: the board cancelled, 3 IMPs "
            "to each team)",
            pairs=None,
            teams=_imps(3),
            assigned=AssignedScore(innocent=60, offender=60),
        ),
        PenaltyRule(
            key="board_rotated_90",
            source="N-L87 §4",
            law="87",
            description="board placed rotated 90 degrees and a hand seen: the "
            "result stands and both pairs are warned (teams: the board "
            "cancelled, 3 IMPs to both teams)",
            pairs=_WARNING,
            teams=_imps(3),
            warning=True,
        ),
        PenaltyRule(
            key="board_rotated_180",
            source="N-L87 §5",
            law="87",
            description="board placed rotated 180 degrees and partner's hand "
            "seen: both sides warned, the result stands",
            pairs=_WARNING,
            teams=_WARNING,
            warning=True,
        ),
        PenaltyRule(
            key="wrong_extraction",
            source="N-L87 §6",
            law="90",
            description="a player took out and looked at another player's cards "
            "(the offender's pair; teams: the board cancelled and the "
            "offender's team only)",
            pairs=_pct(10),
            teams=_imps(3),
        ),
        PenaltyRule(
            key="swapped_cards_responsible",
            source="N-L87 §7b",
            law="90",
            description="teams: the players responsible for cards swapped "
            "between hands (the board cancelled)",
            pairs=None,
            teams=_imps(3),
        ),
        PenaltyRule(
            key="card_omission",
            source="App1 §5",
            law="90",
            description="a convention needing a prepared defence omitted from "
            "the card: from 50% of the top (teams: 1 VP) up to a ban",
            pairs=_pct(50),
            teams=_vp(1),
            minimum=True,
        ),
        PenaltyRule(
            key="system_breach",
            source="App1 §7",
            law="12C2",
            description="a breach of the permitted systems noticed by the "
            "innocent side: at least 60% to the innocent and at most 40% to the "
            "offender (teams: the board cancelled, at least 3 IMPs to the "
            "innocent team)",
            pairs=None,
            teams=None,
            assigned=AssignedScore(innocent=60, offender=40),
            teams_imps=3,
        ),
        PenaltyRule(
            key="system_breach_revealed",
            source="App1 §7",
            law="12C2",
            description="a breach of the permitted systems revealed by the "
            "offending side before play ends: at least 60% to the innocent and "
            "at most 20% to the offender (teams: at least 3 IMPs to the innocent "
            "team and 3 IMPs penalty to the offending team)",
            pairs=None,
            teams=None,
            assigned=AssignedScore(innocent=60, offender=20),
            teams_imps=3,
            offender_imps=3,
        ),
    )
}
"""Slow play and lateness (N-L8 §2-§4) are computed from the facts the
director records, not from this catalogue; P9 (the opening lead not
recorded), P16's ban, P18-P24 are the director's or the federation's."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyOverride:
    """An event's own amount for a catalogue entry (the organizer's regulation)."""

    key: str
    unit: str
    amount: int


_NORM = re.compile(r"(N-L|App)(\d+)(?:/(\w+))?(?:\s*§(\d+)([a-z]*))?")


def _norm_number(rule: PenaltyRule) -> tuple[int, int, str, int, str]:
    """Where the rule's (first) norm stands: the N-L norms by their Law's
    number, then the appendices; within one, by paragraph."""
    found = _NORM.match(rule.source)
    if found is None:
        raise ValueError(f"a catalogue row without its norm: {rule.source!r}")
    kind, number, part, paragraph, letter = found.groups()
    return (
        0 if kind == "N-L" else 1,
        int(number),
        part or "",
        int(paragraph or 0),
        letter,
    )


def in_norm_order() -> tuple[PenaltyRule, ...]:
    """The catalogue as the norms are numbered (N-L5 §1 ... N-L90, App1 §5,
    §7), rows of one paragraph as the catalogue lists them: the order a
    director finds them in the norms, whatever language the labels read in."""
    return tuple(sorted(FIGB_CATALOGUE.values(), key=_norm_number))


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


def imposable(
    teams: bool, overrides: tuple[PenaltyOverride, ...] = ()
) -> tuple[PenaltyRule, ...]:
    """The catalogue rows an event of this form may impose as a penalty, in
    norm order: those with a fixed amount for its form (its override, else
    FIGB's), as ``ImposePenalty`` accepts them (Law 90). A row of the other
    form only (N-L5 §1 and N-L90 are teams'; N-L8 §5 and N-L18 pairs') is
    not the event's; a score the norm assigns on the board (N-L8 §5,
    N-L87 §2, App1 §7) is given with a ruling, not imposed."""
    return tuple(
        rule
        for rule in in_norm_order()
        if amount_for(rule.key, teams, overrides) is not None
    )


def ruling_score(key: str, offender: str | None) -> tuple[PenaltyRule, str]:
    """The catalogue entry a ruling names and the adjusted score it assigns
    on the board, NS first (N-L8 §5, N-L87 §2, App1 §7; Law 12C2).

    ValueError names what is missing: an entry that assigns no score, or the
    offending side ("ns" or "ew") when the two sides' scores differ.
    """
    rule = FIGB_CATALOGUE.get(key)
    if rule is None or rule.assigned is None:
        raise ValueError(f"the catalogue entry {key!r} assigns no score on the board")
    if offender not in (None, "ns", "ew"):
        raise ValueError("the offending side is ns or ew")
    if offender is None and rule.assigned.innocent != rule.assigned.offender:
        raise ValueError(
            f"{key!r} gives the innocent and the offending side different "
            "scores: name the offending side (ns or ew)"
        )
    return rule, rule.assigned.notation(offender)


def _amount_text(amount: PenaltyAmount | None) -> str:
    if amount is None:
        return "none"
    if amount.unit == "none":
        return "a warning"
    unit = {
        "percent_of_top": "% of the top",
        "percent_of_draw": "% of the match's draw",
        "imps": " IMPs",
        "vp": " VP",
    }.get(amount.unit, f" {amount.unit}")
    return f"{amount.amount}{unit}"


def catalogue_text() -> str:
    """Every row with its norm and its amount by form, for the API schema."""
    rows = []
    for key in sorted(FIGB_CATALOGUE):
        rule = FIGB_CATALOGUE[key]
        if rule.assigned is not None and rule.pairs is None:
            pairs = f"assigned {rule.assigned.innocent}/{rule.assigned.offender}"
        else:
            pairs = _amount_text(rule.pairs) + (" (at least)" if rule.minimum else "")
        teams = _amount_text(rule.teams)
        if rule.teams_imps:
            teams = f"{rule.teams_imps} IMPs to the innocent team"
            if rule.offender_imps:
                teams += f", {rule.offender_imps} IMPs penalty to the offender"
        rows.append(f"{key} ({rule.source}): pairs {pairs}; teams {teams}")
    return "; ".join(rows)
