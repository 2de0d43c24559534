"""Psychic calls under the FIGB regulation (Norme integrative, Appendice 2).

The director records a psychic call with the hand it was made on; these
functions give the norm's verdicts as advice, and the director's own
classification is recorded beside them (the norm leaves the judgement to the
director: App2 §3 calls its formula "suggested", and §2a and §3 can disagree
on a strong artificial opening, so both are shown). The records live on the
pair's stream, so a partnership's psychics across events are one read, which
App2 §1 needs: frequent psychics are a partnership understanding that must be
disclosed.

- App2 §2a: in a conventional opening or direct overcall, any shortening of a
  promised length, or a strength more than 3 HCP outside the defined limits,
  is judged and penalised as a (prohibited) psychic.
- App2 §2b: a natural opening at the one level on 7 HCP or fewer is a
  prohibited strength psychic. Psychics in other natural openings and natural
  overcalls are permitted (the promised strength does not make a call
  conventional: a weak 2H is alerted, not conventional).
- App2 §3: a strong artificial opening is not psychic when
  ``X + Y + D >= Z + 8``: X the hand's HCP, Y the two longest suits' lengths,
  or the longest plus half of it (0.5 rounded up) when that is more than the
  second longest, D the director's discretionary point (0 or 1), Z the
  system's minimum HCP for the opening. The text writes ``=``; a hand above
  the threshold is a fortiori not psychic, so it is read as ``>=``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar
from uuid import UUID

from registry.domain.common import FIGB_NORMS, RegistryViolation
from rules.bridge.card import Rank, Suit
from rules.bridge.deal import Hand, parse_hand
from rules.errors import ArticleRef

__all__ = [
    "APP2",
    "CallKind",
    "Classification",
    "Finding",
    "PsychicAssessment",
    "PsychicFacts",
    "StrongHandTest",
    "assess",
    "hand_shape",
    "high_card_points",
    "strong_hand_test",
]

APP2 = f"{FIGB_NORMS}, Appendice 2"
_HCP = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
_SUITS = (Suit.S, Suit.H, Suit.D, Suit.C)


class CallKind(StrEnum):
    """Where the psychic action was (digest: opening, overcall, response, card play)."""

    OPENING = "opening"
    DIRECT_OVERCALL = "direct_overcall"
    RESPONSE = "response"
    OTHER_CALL = "other_call"
    DEFENSIVE_PLAY = "defensive_play"


class Classification(StrEnum):
    """The director's classification of a recorded psychic (App2 §1-§2)."""

    CASUAL_PERMITTED = "casual_permitted"
    PROHIBITED_CONVENTIONAL = "prohibited_conventional"
    PROHIBITED_STRENGTH_NATURAL = "prohibited_strength_natural"
    IMPLICIT_UNDERSTANDING = "implicit_understanding"
    DISCLOSED_UNDERSTANDING = "disclosed_understanding"


@dataclass(frozen=True, slots=True, kw_only=True)
class PsychicFacts:
    """What the director saw: the call, its meaning by the system, the hand.

    ``promised_hcp`` is the system's range for the call (inclusive);
    ``promised_suit`` and ``promised_length`` the length it promises, if any;
    ``level`` the call's level (an opening at the one level is 1).
    ``strong_artificial`` marks the system's strong artificial opening, with
    ``strong_minimum`` (Z) and the director's ``discretion`` point (D).
    """

    kind: CallKind
    call: str
    level: int | None
    conventional: bool
    hand: str
    promised_hcp: tuple[int, int] | None = None
    promised_suit: Suit | None = None
    promised_length: int | None = None
    strong_artificial: bool = False
    strong_minimum: int | None = None
    discretion: int = 0


@dataclass(frozen=True, slots=True)
class Finding:
    """One verdict of the norm, with the paragraph that gives it."""

    rule: str
    reference: ArticleRef
    psychic: bool
    prohibited: bool
    reason: str


@dataclass(frozen=True, slots=True)
class StrongHandTest:
    """App2 §3's figures for a strong artificial opening."""

    x: int
    y: int
    d: int
    z: int

    @property
    def not_psychic(self) -> bool:
        return self.x + self.y + self.d >= self.z + 8


@dataclass(frozen=True, slots=True)
class PsychicAssessment:
    """The hand's figures and every verdict the norm gives on it."""

    hcp: int
    shape: tuple[int, int, int, int]
    findings: tuple[Finding, ...]
    strong_hand: StrongHandTest | None

    @property
    def prohibited(self) -> bool:
        return any(f.prohibited for f in self.findings)

    @property
    def verdicts_disagree(self) -> bool:
        """§2a and §3 say different things of the same call (digest TV-33)."""
        return len({f.psychic for f in self.findings}) > 1


class PsychicInputError(RegistryViolation):
    """The facts cannot be assessed (a bad hand, an impossible range)."""

    code: ClassVar[str] = "invalid_psychic_facts"
    law = ArticleRef("3", source=APP2)


def high_card_points(hand: Hand) -> int:
    """Milton Work count: A 4, K 3, Q 2, J 1 (App2 §3's "p.o.")."""
    return sum(_HCP.get(card.rank, 0) for card in hand)


def hand_shape(hand: Hand) -> tuple[int, int, int, int]:
    """Suit lengths in the order spades, hearts, diamonds, clubs."""
    s, h, d, c = (sum(1 for card in hand if card.suit is suit) for suit in _SUITS)
    return (s, h, d, c)


def strong_hand_test(
    hand: Hand, strong_minimum: int, discretion: int
) -> StrongHandTest:
    """App2 §3: X + Y + D against Z + 8 (Y: 7-2-2-2 counts 7 + 4)."""
    longest, second = sorted(hand_shape(hand), reverse=True)[:2]
    y = longest + max(second, math.ceil(longest / 2))
    return StrongHandTest(high_card_points(hand), y, discretion, strong_minimum)


def _check(facts: PsychicFacts) -> Hand:
    try:
        hand = parse_hand(facts.hand)
    except ValueError as error:
        raise PsychicInputError(str(error)) from None
    if len(hand) != 13:
        raise PsychicInputError(f"a hand holds 13 cards, not {len(hand)}")
    if facts.promised_hcp is not None:
        low, high = facts.promised_hcp
        if not 0 <= low <= high <= 37:
            raise PsychicInputError(
                "the promised HCP range runs from 0 to 37, low first"
            )
    if (facts.promised_suit is None) != (facts.promised_length is None):
        raise PsychicInputError(
            "a promised length names its suit, and a suit its length"
        )
    if facts.promised_length is not None and not 1 <= facts.promised_length <= 13:
        raise PsychicInputError("a promised length is from 1 to 13 cards")
    if facts.strong_artificial and not (
        facts.conventional and facts.kind is CallKind.OPENING
    ):
        raise PsychicInputError("a strong artificial opening is a conventional opening")
    if facts.strong_artificial and facts.strong_minimum is None:
        raise PsychicInputError(
            "a strong artificial opening needs the system's minimum (Z)"
        )
    if facts.discretion not in (0, 1):
        raise PsychicInputError(
            "the director's discretionary point is 0 or 1 (App2 §3)"
        )
    return hand


def assess(facts: PsychicFacts) -> PsychicAssessment:
    """Every verdict of Appendix 2 on the facts, with its paragraph."""
    hand = _check(facts)
    hcp = high_card_points(hand)
    shape = hand_shape(hand)
    findings: list[Finding] = []
    is_call_2a = facts.kind in (CallKind.OPENING, CallKind.DIRECT_OVERCALL)
    if facts.conventional and is_call_2a:
        reasons = []
        if facts.promised_suit is not None and facts.promised_length is not None:
            held = shape[_SUITS.index(facts.promised_suit)]
            if held < facts.promised_length:
                reasons.append(
                    f"{held} cards in {facts.promised_suit.value} where "
                    f"{facts.promised_length} are promised"
                )
        if facts.promised_hcp is not None:
            low, high = facts.promised_hcp
            if hcp < low - 3 or hcp > high + 3:
                reasons.append(
                    f"{hcp} HCP, more than 3 outside the limits {low}-{high}"
                )
        findings.append(
            Finding(
                rule="conventional_deviation",
                reference=ArticleRef("2a", source=APP2),
                psychic=bool(reasons),
                prohibited=bool(reasons),
                reason="; ".join(reasons)
                or "within the promised length and 3 HCP of the limits",
            )
        )
    if not facts.conventional and facts.kind is CallKind.OPENING and facts.level == 1:
        weak = hcp <= 7
        findings.append(
            Finding(
                rule="natural_strength",
                reference=ArticleRef("2b", source=APP2),
                psychic=weak,
                prohibited=weak,
                reason=f"{hcp} HCP in a natural opening at the one level"
                + (" (7 or fewer)" if weak else " (more than 7)"),
            )
        )
    strong = None
    if facts.strong_artificial and facts.strong_minimum is not None:
        strong = strong_hand_test(hand, facts.strong_minimum, facts.discretion)
        total = strong.x + strong.y + strong.d
        findings.append(
            Finding(
                rule="strong_hand_test",
                reference=ArticleRef("3", source=APP2),
                psychic=not strong.not_psychic,
                prohibited=not strong.not_psychic,
                reason=f"X+Y+D = {strong.x}+{strong.y}+{strong.d} = {total} "
                f"{'>=' if strong.not_psychic else '<'} Z+8 = {strong.z + 8}",
            )
        )
    return PsychicAssessment(hcp, shape, tuple(findings), strong)


@dataclass(frozen=True, slots=True, kw_only=True)
class PsychicRecorded:
    """The director recorded a psychic by one of the pair (App2; digest §6.3)."""

    event_type: ClassVar[str] = "pair.psychic_recorded"
    schema_version: ClassVar[int] = 1

    pair_id: UUID
    tournament_id: UUID
    session: int
    board: int
    seat: str
    facts: PsychicFacts
    hcp: int
    shape: tuple[int, int, int, int]
    findings: tuple[Finding, ...]
    classification: Classification
    reported_by: str
    note: str = ""
