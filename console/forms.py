"""Posted forms read into the API's inputs: a round's lines, a ruling's
adjusted score, a correction. Nothing here decides: the commands go to the
same handlers as the API's (decision 0085), which refuse what the Laws
forbid; this module only reads the notation (``console.entry``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from console import entry
from rules.errors import DomainError, StateConflict
from tournaments.domain import tournament
from tournaments.domain.penalties import in_norm_order

__all__ = [
    "ADJUSTMENTS",
    "LAWS",
    "MESSAGES",
    "Adjusted",
    "Typed",
    "adjusted_of",
    "board_and_table",
    "message_of",
    "number",
    "typed_of",
]

MAX_TEXT = 2000

# The Laws a director rules under most often, picked from a list (the
# ruling's first Law is the adjusted score's). Any other Law the API takes.
LAWS: tuple[tuple[str, object], ...] = (
    ("12A1", gettext_lazy("12A1 Adjusted score: rectification insufficient")),
    ("12C1(b)", gettext_lazy("12C1(b) Assigned score: offending side")),
    ("12C1(c)", gettext_lazy("12C1(c) Weighted score")),
    ("12C1(e)", gettext_lazy("12C1(e) Assigned score: non-offending side")),
    ("12C2", gettext_lazy("12C2 Artificial adjusted score")),
    ("13", gettext_lazy("13 Incorrect number of cards")),
    ("15", gettext_lazy("15 Wrong board or hand")),
    ("16B1(a)", gettext_lazy("16B1(a) Unauthorised information from partner")),
    ("16C", gettext_lazy("16C Information from withdrawn calls and plays")),
    ("21B1(a)", gettext_lazy("21B1(a) Misinformation: call changed")),
    ("23", gettext_lazy("23 Comparable call")),
    ("25A", gettext_lazy("25A Unintended call")),
    ("27", gettext_lazy("27 Insufficient bid")),
    ("31", gettext_lazy("31 Bid out of rotation")),
    ("40B4", gettext_lazy("40B4 Undisclosed agreement")),
    ("41", gettext_lazy("41 Opening lead")),
    ("45C4(b)", gettext_lazy("45C4(b) Change of a designated card")),
    ("50", gettext_lazy("50 Penalty card")),
    ("54", gettext_lazy("54 Opening lead out of turn")),
    ("61", gettext_lazy("61 Failure to follow suit: inquiries")),
    ("64A", gettext_lazy("64A Established revoke: trick transfer")),
    ("64C", gettext_lazy("64C Revoke: director's responsibility")),
    ("70", gettext_lazy("70 Contested claim or concession")),
    ("73C", gettext_lazy("73C Player receiving unauthorised information")),
    ("73E2", gettext_lazy("73E2 Deception by mannerism")),
    ("75", gettext_lazy("75 Mistaken explanation or mistaken call")),
    ("79C", gettext_lazy("79C Error in computing or tabulating the score")),
    ("82C", gettext_lazy("82C Director's error")),
    ("87", gettext_lazy("87 Fouled board")),
    ("90", gettext_lazy("90 Procedural penalty")),
    ("91", gettext_lazy("91 Disciplinary penalty")),
)
LAW_KEYS = frozenset(key for key, _label in LAWS)

ADJUSTMENTS: tuple[tuple[str, object], ...] = (
    ("none", gettext_lazy("No adjusted score")),
    ("artificial", gettext_lazy("Artificial (Law 12C2)")),
    ("assigned", gettext_lazy("Assigned (Law 12C1(a))")),
    ("weighted", gettext_lazy("Weighted (Law 12C1(c))")),
    ("catalogue", gettext_lazy("Assigned by the FIGB catalogue")),
)
# The catalogue's rows that assign a score on the board (a ruling's, not a
# penalty's: N-L8 §5, N-L87 §2, App1 §7), in the norms' order.
ASSIGNING = tuple(rule.key for rule in in_norm_order() if rule.assigned is not None)
OUTCOME_ROWS = 3

# What a refusal says to a director or a table, by its code; the API's
# English detail where a code is not here.
MESSAGES: dict[str, object] = {
    "impossible_result": gettext_lazy("This result is not possible"),
    "result_already_entered": gettext_lazy("A result is already entered here"),
    "result_locked": gettext_lazy("The scores are published: correct the result"),
    "not_seated": gettext_lazy("This board is not played at this table"),
    "no_result": gettext_lazy("No result is entered here yet"),
    "correction_period_closed": gettext_lazy(
        "The correction period has ended (Law 79C)"
    ),
    "late_correction_requested": gettext_lazy(
        "The correction period has ended: the correction is sent to the "
        "organizer, and can be made once approved"
    ),
    "only_inadmissible_correction_requested": gettext_lazy(
        "After the time set for the last round only an inadmissible result is "
        "corrected: this correction is sent to the organizer, and can be made "
        "once approved"
    ),
    "correction_not_late": gettext_lazy(
        "The correction period is still open: the director corrects it"
    ),
    "invalid_adjusted_score": gettext_lazy("This adjusted score is not valid"),
    "invalid_penalty": gettext_lazy("This penalty cannot be imposed"),
    "session_not_found": gettext_lazy("No such session"),
    "idempotency_key_reused": gettext_lazy(
        "This form was already sent with other values: reload the page"
    ),
}
FIELD_MESSAGES: dict[str, object] = {
    "contract": gettext_lazy("Not a contract: level, denomination, X or XX"),
    "declarer": gettext_lazy("Not a seat"),
    "lead": gettext_lazy("Not a card: suit then rank"),
    "tricks": gettext_lazy("Tricks are 0 to 13"),
    "artificial": gettext_lazy("Choose each side's percentage"),
    "assigned": gettext_lazy("Give the assigned result"),
    "weights": gettext_lazy("The weights sum to 100%"),
    "board": gettext_lazy("Choose the board and the table"),
    "laws": gettext_lazy("Choose at least one Law"),
    "text": gettext_lazy("Write the facts and the decision"),
    "catalogue": gettext_lazy("Choose the catalogue entry"),
    "offender": gettext_lazy(
        "Choose the offending side: the entry gives the two sides different scores"
    ),
    "reason": gettext_lazy("Give the correction's reason"),
}


def message_of(error: DomainError | entry.EntryError | dict[str, object]) -> str:
    """A refusal in the reader's language, with its Law when it has one."""
    if isinstance(error, entry.EntryError):
        return str(FIELD_MESSAGES.get(error.field, str(error)))
    if isinstance(error, DomainError):
        data: dict[str, object] = dict(error.as_dict())
    else:
        data = error
    code = str(data.get("code", ""))
    field_name = str(data.get("field") or "").rsplit(".", 1)[-1]
    text = MESSAGES.get(code)
    if code == "impossible_result" and field_name in FIELD_MESSAGES:
        text = FIELD_MESSAGES[field_name]
    if code == "invalid_penalty" and field_name == "offender":
        text = FIELD_MESSAGES[field_name]
    said = str(text) if text is not None else str(data.get("detail", ""))
    law = str(data.get("law") or "")
    if law.startswith("Law "):
        said = f"{said} ({_('Law')} {law.removeprefix('Law ')})"
    elif law.startswith(FIGB_NORM):
        said = f"{said} (FIGB {law.removeprefix(FIGB_NORM)})"
    elif law:
        said = f"{said} ({law})"
    return said


FIGB_NORM = "Norme integrative FIGB Art. "


def digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits only: ``str.isdigit`` also takes
    "²" and the like, which ``int`` refuses (a 500, seen by a crawl)."""
    return text.isascii() and text.isdigit()


def number(raw: str | None, low: int, high: int) -> int | None:
    """A whole number typed in a form, within its bounds; None otherwise."""
    text = (raw or "").strip()
    if not digits(text) or len(text) > 4:
        return None
    value = int(text)
    return value if low <= value <= high else None


def board_and_table(data: Mapping[str, str]) -> tuple[int, int]:
    """The board and the table a ruling or a correction names."""
    board = number(data.get("board"), 1, 9999)
    table = number(data.get("table"), 1, 999)
    if board is None or table is None:
        raise entry.EntryError("board", "board and table")
    return board, table


class SentToOrganizer(StateConflict):
    """A correction after the period, kept for the organizer (Law 79C2)."""

    code: ClassVar[str] = "late_correction_requested"


class OnlyInadmissibleSentToOrganizer(SentToOrganizer):
    """FIGB N-L79: after the last round's time a possible result is no longer
    corrected by the director; kept for the organizer (Law 79C2)."""

    code: ClassVar[str] = "only_inadmissible_correction_requested"


@dataclass(frozen=True, slots=True)
class Typed:
    """A result as typed at one line: the API's contract, lead and tricks."""

    contract: str | None
    lead: str | None
    tricks: int | None

    @property
    def text(self) -> str:
        """The result as the organizer reads it: "4SN 10 HA", "PASS"."""
        if self.contract is None:
            return "PASS"
        return " ".join(
            str(part) for part in (self.contract, self.tricks, self.lead) if part
        )


def typed_of(
    data: Mapping[str, str], prefix: str, language: str, *, blank_ok: bool = True
) -> Typed | None:
    """A line's contract, declarer, lead and tricks, read from
    ``<prefix>contract`` etc.; None for a line left blank (``blank_ok``)."""
    contract = data.get(f"{prefix}contract", "")[:16]
    declarer = data.get(f"{prefix}declarer", "")[:4]
    lead = data.get(f"{prefix}lead", "")[:8]
    tricks_raw = data.get(f"{prefix}tricks", "")[:4]
    if blank_ok and not (contract.strip() or lead.strip() or tricks_raw.strip()):
        return None
    if not contract.strip():
        raise entry.EntryError("contract", "no contract")
    parsed = entry.contract_of(contract, declarer, language)
    if parsed is None:
        return Typed(None, None, None)
    tricks = number(tricks_raw, 0, 13)
    if tricks is None:
        raise entry.EntryError("tricks", "tricks are 0 to 13")
    return Typed(parsed, entry.lead_of(lead, language), tricks)


@dataclass(frozen=True, slots=True)
class Adjusted:
    """The adjusted score a ruling's form gives: as the scorer writes it
    (``text``, artificial), as outcomes the command scores on the table's
    copy (Law 2), or as the FIGB catalogue entry that assigns it."""

    text: str | None
    kind: str = "none"
    outcomes: tuple[tournament.AssignedOutcome, ...] = ()
    catalogue: str | None = None
    offender: str | None = None


def adjusted_of(data: Mapping[str, str], language: str) -> Adjusted:
    """The ruling form's adjusted score: artificial percentages, assigned
    outcomes (a contract, declarer and tricks each, with their weights), or
    a catalogue entry (N-L8 §5, N-L87 §2, App1 §7) with the offending side.
    The outcomes and the entry are scored by the command (decision 0220)."""
    kind = data.get("adjustment", "none")
    if kind == "artificial":
        ns = number(data.get("ns_percent"), 0, 100)
        ew = number(data.get("ew_percent"), 0, 100)
        if ns is None or ew is None:
            raise entry.EntryError("artificial", "choose the percentages")
        return Adjusted(entry.artificial_text(ns, ew), kind)
    if kind == "catalogue":
        key = data.get("ruling_catalogue", "")
        if key not in ASSIGNING:
            raise entry.EntryError("catalogue", "choose the catalogue entry")
        side = data.get("offender", "")
        return Adjusted(
            None, kind, catalogue=key, offender=side if side in ("ns", "ew") else None
        )
    if kind not in ("assigned", "weighted"):
        return Adjusted(None)
    rows = 1 if kind == "assigned" else OUTCOME_ROWS
    outcomes = []
    for n in range(rows):
        typed = typed_of(data, f"o{n}-", language)
        if typed is None:
            continue
        percent = (
            100 if kind == "assigned" else number(data.get(f"o{n}-percent"), 1, 99)
        )
        if percent is None:
            raise entry.EntryError("weights", "a weight is a whole percent")
        outcomes.append(
            tournament.AssignedOutcome(
                contract=typed.contract,
                lead=typed.lead,
                tricks=typed.tricks,
                percent=percent,
            )
        )
    if kind == "weighted" and len(outcomes) < 2:
        raise entry.EntryError("weights", "a weighted score has two outcomes")
    entry.check_weights([o.percent for o in outcomes])
    return Adjusted(None, kind, tuple(outcomes))
