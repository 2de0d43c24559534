"""Commands for one board at one table, named in the imperative.

Laws of Duplicate Bridge 2017 (FIGB edition). ``seat`` is always the hand
acting (dummy's seat for a card of dummy's, designated by declarer, Law 45B);
a ``chooser`` or actor of None is the Director. ``at`` is table time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from rules.bridge.attempted_call import AttemptedCall
from rules.bridge.card import Card, Rank, Suit
from rules.bridge.claims import ConcessionGround
from rules.bridge.deal import Deal
from rules.bridge.defective_trick import DefectKind
from rules.bridge.dummy_designation import Designation
from rules.bridge.revoke import AttentionTiming
from rules.bridge.seat import Seat
from rules.errors import LawRef

__all__ = [
    "AdjudicateClaim",
    "BoardPlayCommand",
    "ChooseRectification",
    "ClaimTricks",
    "CorrectRevoke",
    "DesignateDummyCard",
    "DrawAttentionToRevoke",
    "ExposeCard",
    "GiveExplanation",
    "MakeAlert",
    "MakeCall",
    "PlayCard",
    "PlaySimultaneousCards",
    "RecordDirectorDecision",
    "RectifyDefectiveTrick",
    "RespondToClaim",
    "ResumePlayAfterClaim",
    "StartBoard",
    "WithdrawConcession",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class StartBoard:
    """Put the board on the table with its deal; ``strict`` refuses irregularities."""

    table_id: UUID
    board_number: int
    deal: Deal
    strict: bool = False
    at: datetime
    # The dealer marked on the table's copy of the board when it differs
    # from Law 2's for the number ("" Law 2's; decision 0170).
    dealer: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class MakeCall:
    """Make a call (or attempt a bid above seven, Law 38)."""

    seat: Seat
    call: AttemptedCall
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class MakeAlert:
    """Alert partner's call at ``call_index`` (the last call when None)."""

    seat: Seat
    at: datetime
    call_index: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class GiveExplanation:
    """Explain partner's call at ``call_index`` on request (Law 20F)."""

    seat: Seat
    call_index: int
    explanation: str
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseRectification:
    """Choose an option for the pending irregularity (Law 10C).

    ``option`` is an auction option code ("accept", "rule_comparable", ...)
    or a play option ("withdraw_lead", "prohibit_lead_suits:H", ...).
    """

    chooser: Seat | None
    option: str
    at: datetime
    comparable: bool | None = None
    same_denominations: bool | None = None
    artificial: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayCard:
    """Lead or play ``card`` from the hand at ``seat``."""

    seat: Seat
    card: Card
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class DesignateDummyCard:
    """Declarer designated dummy's card incompletely or invalidly (Law 46B).

    ``designation`` is what he said, with the ``suit`` or ``rank`` he named.
    ``card`` is None when Law 46B deems the card; otherwise it is the card a
    defender chose after "play anything" (46B5, ``chooser`` that defender),
    the card declarer says he meant when 46B3(b) asks him, or the card the
    Director ruled meant (``chooser`` None: an incontrovertible intention,
    or a designation the Law does not resolve).
    """

    designation: Designation
    at: datetime
    suit: Suit | None = None
    rank: Rank | None = None
    card: Card | None = None
    chooser: Seat | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaySimultaneousCards:
    """Several cards came out of one hand at once (Law 58B).

    ``visible`` are those whose face could be seen; with two or more the
    offender names the one he meant (``intended``).
    """

    seat: Seat
    visible: tuple[Card, ...]
    at: datetime
    intended: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ExposeCard:
    """Record a card exposed (Law 24 in the auction, Laws 48-49 in the play).

    In the auction ``deliberate`` means the card was led prematurely
    (Law 24B).
    """

    seat: Seat
    card: Card
    deliberate: bool
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectRevoke:
    """Correct a revoke not yet established with ``card`` (Law 62)."""

    seat: Seat
    card: Card
    at: datetime
    withdrawals: tuple[Seat, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class RectifyDefectiveTrick:
    """The Director found trick ``trick_number`` defective for ``seat`` (Law 67).

    OMITTED: the card recorded for him was not played; ``card`` is the one
    he now places on the trick (67A1, 67B1). TOO_MANY: ``extra`` are the
    other cards he put on it; ``faced`` the one he faced, if known, and
    ``exposed`` whether the extra cards were seen (67A2, 67B2).
    """

    seat: Seat
    trick_number: int
    defect: DefectKind
    at: datetime
    card: Card | None = None
    extra: tuple[Card, ...] = ()
    faced: Card | None = None
    exposed: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawAttentionToRevoke:
    """Draw attention to an established revoke, saying when (Laws 64B4-B5)."""

    seat: Seat
    trick_number: int
    timing: AttentionTiming
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimTricks:
    """Claim ``tricks`` of the remaining tricks with a statement (Law 68)."""

    seat: Seat
    tricks: int
    statement: str
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class RespondToClaim:
    """Agree to the claim, or dispute it (Laws 68B2, 68D, 69A)."""

    seat: Seat
    accept: bool
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class AdjudicateClaim:
    """The Director's decision of the claimer side's tricks (Law 70)."""

    tricks: int
    reasons: str
    at: datetime
    double_dummy_declarer_tricks: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ResumePlayAfterClaim:
    """Play on after a disputed claim, all four consenting (Law 68D2(b))."""

    consents: tuple[Seat, ...]
    at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class WithdrawConcession:
    """Give back conceded or agreed tricks (Laws 69B, 71).

    ``window_open`` says whether the Correction Period (Law 79C) is open, as
    the caller reads it from the session's deadlines.
    """

    seat: Seat
    tricks: int
    ground: ConcessionGround
    window_open: bool
    at: datetime
    double_dummy_declarer_tricks: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordDirectorDecision:
    """Record a Director's ruling on the board, citing its Law."""

    law: LawRef
    decision: str
    at: datetime


BoardPlayCommand = (
    StartBoard
    | MakeCall
    | MakeAlert
    | GiveExplanation
    | ChooseRectification
    | PlayCard
    | DesignateDummyCard
    | PlaySimultaneousCards
    | ExposeCard
    | CorrectRevoke
    | RectifyDefectiveTrick
    | DrawAttentionToRevoke
    | ClaimTricks
    | RespondToClaim
    | AdjudicateClaim
    | ResumePlayAfterClaim
    | WithdrawConcession
    | RecordDirectorDecision
)
