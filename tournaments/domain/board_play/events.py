"""Events of one board at one table: the deal, calls, plays, claims, rulings.

Laws of Duplicate Bridge 2017 (FIGB edition). Every call and card is
recorded as it happened, irregular or not (decision 0015); ``irregularity``
names the Law the engine classified it under. Registry names are
``board_play.<snake_case>`` and never change.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar
from uuid import UUID

from rules.bridge.call import Call
from rules.bridge.card import Card, Rank, Suit
from rules.bridge.claims import ConcessionGround
from rules.bridge.deal import Deal
from rules.bridge.defective_trick import DefectKind
from rules.bridge.denomination import Denomination
from rules.bridge.dummy_designation import Designation
from rules.bridge.revoke import AttentionTiming
from rules.bridge.seat import Seat
from rules.errors import LawRef

__all__ = [
    "EVENT_TYPES",
    "AlertMade",
    "AttentionDrawnToRevoke",
    "BidAboveSevenMade",
    "BoardDealt",
    "BoardPlayEvent",
    "CallMade",
    "CardExposed",
    "CardPlayed",
    "ClaimAccepted",
    "ClaimAdjudicated",
    "ClaimDisputed",
    "ClaimMade",
    "ConcessionWithdrawn",
    "DefectiveTrickRectified",
    "DirectorDecisionRecorded",
    "DummyCardDesignated",
    "ExplanationGiven",
    "PlayResumedAfterClaim",
    "RectificationChosen",
    "ResultRecorded",
    "RevokeCorrected",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardDealt:
    """The board was put on the table with its deal (Laws 2, 6, 7)."""

    event_type: ClassVar[str] = "board_play.board_dealt"
    schema_version: ClassVar[int] = 1

    table_id: UUID
    board_number: int
    deal: Deal
    strict: bool = False
    at: datetime
    # The table's copy's dealer when marked otherwise than Law 2 says (Law 2
    # keeps a used copy's markings; decision 0170); "" Law 2's. Added, v1.
    dealer: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class CallMade:
    """A call was made, in rotation or not (Law 17; Laws 25-39)."""

    event_type: ClassVar[str] = "board_play.call_made"
    schema_version: ClassVar[int] = 1

    seat: Seat
    call: Call
    at: datetime
    irregularity: LawRef | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BidAboveSevenMade:
    """A bid of more than seven odd tricks was attempted (Laws 35C, 38)."""

    event_type: ClassVar[str] = "board_play.bid_above_seven_made"
    schema_version: ClassVar[int] = 1

    seat: Seat
    level: int
    denomination: Denomination
    at: datetime
    irregularity: LawRef | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AlertMade:
    """The caller's partner alerted the call at ``call_index`` (Law 40B2(a)(iii))."""

    event_type: ClassVar[str] = "board_play.alert_made"
    schema_version: ClassVar[int] = 1

    seat: Seat
    call_index: int
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ExplanationGiven:
    """A player explained his partner's call at ``call_index`` (Law 20F)."""

    event_type: ClassVar[str] = "board_play.explanation_given"
    schema_version: ClassVar[int] = 1

    seat: Seat
    call_index: int
    explanation: str
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class RectificationChosen:
    """An option was chosen for the pending irregularity (Law 10C).

    ``chooser`` is None when the Director recorded it. ``option`` is the
    auction option code or the play option text (e.g. "prohibit_lead_suits:H");
    the rulings fields carry the Director's Law 23A / 27B1(a) / 29C findings.
    """

    event_type: ClassVar[str] = "board_play.rectification_chosen"
    schema_version: ClassVar[int] = 1

    law: LawRef
    chooser: Seat | None
    option: str
    at: datetime
    comparable: bool | None = None
    same_denominations: bool | None = None
    artificial: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPlayed:
    """A card was led or played from the hand at ``seat`` (Laws 44-47, 53-61)."""

    event_type: ClassVar[str] = "board_play.card_played"
    schema_version: ClassVar[int] = 1

    seat: Seat
    card: Card
    at: datetime
    irregularity: LawRef | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DummyCardDesignated:
    """Declarer's incomplete designation and the card it designated (Law 46B).

    ``law`` is the sub-Law that deemed ``card`` (46B1(a)...46B3(b)), 46B5 when
    a defender (``chooser``) chose it, or 46B when the Director ruled it
    (``chooser`` None with ``ruled``). The play follows as a CardPlayed.
    """

    event_type: ClassVar[str] = "board_play.dummy_card_designated"
    schema_version: ClassVar[int] = 1

    designation: Designation
    card: Card
    law: LawRef
    at: datetime
    suit: Suit | None = None
    rank: Rank | None = None
    chooser: Seat | None = None
    ruled: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class CardExposed:
    """A card was exposed outside the normal course of play (Laws 24, 48-50, 58B)."""

    event_type: ClassVar[str] = "board_play.card_exposed"
    schema_version: ClassVar[int] = 1

    seat: Seat
    card: Card
    deliberate: bool
    law: LawRef
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class RevokeCorrected:
    """A revoke was corrected before it was established (Law 62)."""

    event_type: ClassVar[str] = "board_play.revoke_corrected"
    schema_version: ClassVar[int] = 1

    seat: Seat
    card: Card
    withdrawals: tuple[Seat, ...] = ()
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class DefectiveTrickRectified:
    """A defective trick was put right as Law 67 directs.

    ``law`` is the Law applied: 67A1 or 67A2 before a player of each side
    played to the next trick, 67B1(a), 67B1(b) or 67B2(a) after.
    """

    event_type: ClassVar[str] = "board_play.defective_trick_rectified"
    schema_version: ClassVar[int] = 1

    seat: Seat
    trick_number: int
    defect: DefectKind
    law: LawRef
    at: datetime
    card: Card | None = None
    extra: tuple[Card, ...] = ()
    faced: Card | None = None
    exposed: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class AttentionDrawnToRevoke:
    """Attention was first drawn to an established revoke (Laws 63, 64B4-B5)."""

    event_type: ClassVar[str] = "board_play.attention_drawn_to_revoke"
    schema_version: ClassVar[int] = 1

    seat: Seat
    trick_number: int
    timing: AttentionTiming
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimMade:
    """Declarer or a defender claimed ``tricks`` of those remaining (Law 68)."""

    event_type: ClassVar[str] = "board_play.claim_made"
    schema_version: ClassVar[int] = 1

    seat: Seat
    tricks: int
    statement: str
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimAccepted:
    """An opponent of the claimer agreed to the claim (Law 69A)."""

    event_type: ClassVar[str] = "board_play.claim_accepted"
    schema_version: ClassVar[int] = 1

    seat: Seat
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimDisputed:
    """A player disputed the claim, or objected to partner's concession (68B2, 68D2)."""

    event_type: ClassVar[str] = "board_play.claim_disputed"
    schema_version: ClassVar[int] = 1

    seat: Seat
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimAdjudicated:
    """The Director decided the claimer side's tricks, with reasons (Law 70).

    ``double_dummy_declarer_tricks`` is a solver's figure shown to the
    Director, kept as information only.
    """

    event_type: ClassVar[str] = "board_play.claim_adjudicated"
    schema_version: ClassVar[int] = 1

    tricks: int
    reasons: str
    at: datetime
    double_dummy_declarer_tricks: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayResumedAfterClaim:
    """All four players agreed to play on; the claim is void (Law 68D2(b))."""

    event_type: ClassVar[str] = "board_play.play_resumed_after_claim"
    schema_version: ClassVar[int] = 1

    consents: tuple[Seat, ...]
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ConcessionWithdrawn:
    """Tricks conceded or agreed were given back in the Correction Period (69B, 71)."""

    event_type: ClassVar[str] = "board_play.concession_withdrawn"
    schema_version: ClassVar[int] = 1

    seat: Seat
    tricks: int
    ground: ConcessionGround
    at: datetime
    double_dummy_declarer_tricks: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DirectorDecisionRecorded:
    """The Director recorded a ruling on this board, e.g. a Law 64C review."""

    event_type: ClassVar[str] = "board_play.director_decision_recorded"
    schema_version: ClassVar[int] = 1

    law: LawRef
    decision: str
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultRecorded:
    """The table result: contract and declarer's tricks, or passed out (Laws 22B, 79A).

    ``contract`` is the contract's text ("4SXN"), None when passed out;
    ``tricks_made`` counts the declaring side's tricks after any revoke
    transfer (Law 64A). Recorded again whenever a later event changes it.
    """

    event_type: ClassVar[str] = "board_play.result_recorded"
    schema_version: ClassVar[int] = 1

    contract: str | None
    tricks_made: int | None
    at: datetime


BoardPlayEvent = (
    BoardDealt
    | CallMade
    | BidAboveSevenMade
    | AlertMade
    | ExplanationGiven
    | RectificationChosen
    | CardPlayed
    | DummyCardDesignated
    | CardExposed
    | RevokeCorrected
    | DefectiveTrickRectified
    | AttentionDrawnToRevoke
    | ClaimMade
    | ClaimAccepted
    | ClaimDisputed
    | ClaimAdjudicated
    | PlayResumedAfterClaim
    | ConcessionWithdrawn
    | DirectorDecisionRecorded
    | ResultRecorded
)

EVENT_TYPES: tuple[type[BoardPlayEvent], ...] = (
    BoardDealt,
    CallMade,
    BidAboveSevenMade,
    AlertMade,
    ExplanationGiven,
    RectificationChosen,
    CardPlayed,
    DummyCardDesignated,
    CardExposed,
    RevokeCorrected,
    DefectiveTrickRectified,
    AttentionDrawnToRevoke,
    ClaimMade,
    ClaimAccepted,
    ClaimDisputed,
    ClaimAdjudicated,
    PlayResumedAfterClaim,
    ConcessionWithdrawn,
    DirectorDecisionRecorded,
    ResultRecorded,
)
