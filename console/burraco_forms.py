"""Burraco score sheets typed in the console, read into the API's inputs
(``burraco.SheetHand``), and the domain's refusals said in the reader's
language with the article they name. Nothing here decides.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from burraco import domain as burraco
from console.forms import digits
from rules.errors import DomainError

__all__ = [
    "COLUMNS",
    "SheetTyped",
    "digits",
    "hands_of",
    "incident_message",
    "message_of",
]

MAX_POINTS = 100_000  # the API's bound on a hand's base or points
COLUMNS = ("fixed_base", "fixed_points", "mobile_base", "mobile_points")
COLUMN_NAMES: dict[str, object] = {
    "fixed_base": gettext_lazy("the fixed line's base"),
    "fixed_points": gettext_lazy("the fixed line's points"),
    "mobile_base": gettext_lazy("the mobile line's base"),
    "mobile_points": gettext_lazy("the mobile line's points"),
}

LINE_UP_FIELDS: tuple[tuple[str, object], ...] = (
    ("open_1", gettext_lazy("Open room, first player")),
    ("open_2", gettext_lazy("Open room, second player")),
    ("closed_1", gettext_lazy("Closed room, first player")),
    ("closed_2", gettext_lazy("Closed room, second player")),
)

# What a refusal says, by its code; the domain's English detail otherwise.
MESSAGES: dict[str, object] = {
    "not_a_multiple_of_five": gettext_lazy(
        "Every value of the count is a multiple of 5"
    ),
    "invalid_sheet": gettext_lazy("This score sheet is not valid"),
    "invalid_hand_score": gettext_lazy("This hand's score is not valid"),
    "sheet_already_entered": gettext_lazy(
        "This table's sheet is entered: correct it with the opponents' confirmation"
    ),
    "turn_not_current": gettext_lazy("This is not the turn in play"),
    "turn_incomplete": gettext_lazy("The turn in play still has sheets to enter"),
    "unknown_table": gettext_lazy("No such table in this turn"),
    "correction_window_closed": gettext_lazy(
        "The correction window is closed: the next turn's positions are published"
    ),
    "correction_not_confirmed": gettext_lazy(
        "A correction needs the opponents' confirmation (and, in a protected "
        "turn, the director's countersignature)"
    ),
    "inversion_not_allowed": gettext_lazy("An inversion is not possible now"),
    "standings_final": gettext_lazy("The standings are final: nothing can change"),
    "groups_not_formed": gettext_lazy(
        "The merit groups are formed once the standings before the split are final"
    ),
    "invalid_lines": gettext_lazy("The lines cannot be formed so"),
    "invalid_line_up": gettext_lazy(
        "This line-up is not valid: two pairs of the team's own players"
    ),
    "line_up_out_of_order": gettext_lazy(
        "The other team declares first: the lower card in the first turn, "
        "the team lower in the standings after"
    ),
    "line_up_declared": gettext_lazy(
        "This team's line-up is declared: it does not change"
    ),
    "tournament_interrupted": gettext_lazy("The tournament is interrupted"),
    "idempotency_key_reused": gettext_lazy(
        "This form was already sent with other values: reload the page"
    ),
}


class SheetTyped(ValueError):
    """A sheet's line that is not numbers (the form's fault, not the code's)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _value(raw: str) -> int | None:
    text = raw.strip().replace("\u2212", "-")
    if not text:
        return None
    digits = text.removeprefix("-")
    if not digits.isascii() or not digits.isdigit() or len(digits) > 6:
        raise SheetTyped(
            _("Type whole numbers: %(value)s is not") % {"value": text[:12]}
        )
    value = int(text)
    if abs(value) > MAX_POINTS:
        raise SheetTyped(
            _("Type whole numbers: %(value)s is not") % {"value": text[:12]}
        )
    return value


def hands_of(
    data: Mapping[str, str], prefix: str, count: int
) -> tuple[burraco.SheetHand, ...]:
    """The hands typed under ``prefix`` (``t3-h1-fixed_base``...): a hand
    whose four fields are blank is not on the sheet; a hand partly typed is
    refused; no hand at all is an empty tuple."""
    hands: list[burraco.SheetHand] = []
    for n in range(count):
        values = [_value(data.get(f"{prefix}h{n}-{c}", "")) for c in COLUMNS]
        if all(v is None for v in values):
            continue
        if any(v is None for v in values):
            raise SheetTyped(
                _("Hand %(n)d: type the four values (base and points of each line)")
                % {"n": n + 1}
            )
        hands.append(burraco.SheetHand(**dict(zip(COLUMNS, values, strict=True))))  # type: ignore[arg-type]
    return tuple(hands)


def message_of(error: DomainError) -> str:
    """A refusal in the reader's language, with the hand and the value at
    fault and the article it names ("Codice di Gara Art. 18")."""
    law = None if error.law is None else str(error.law)
    return _said(error.code, error.message, error.field, error.value, law)


def _said(
    code: str, message: str, field: str | None, value: object, law: str | None
) -> str:
    said = str(MESSAGES.get(code, message))
    parts = (field or "").split(".")
    if len(parts) == 3 and parts[1].isdigit() and parts[2] in COLUMN_NAMES:
        said = _("Hand %(n)d, %(column)s %(value)s: %(message)s") % {
            "n": int(parts[1]) + 1,
            "column": COLUMN_NAMES[parts[2]],
            "value": value,
            "message": said[:1].lower() + said[1:],
        }
    if law is not None:
        said = f"{said} ({law})"
    return said


def refusals_of(error: DomainError) -> dict[int, str]:
    """A batch's refusal (``burraco.commands.enter_sheets``) by table, each
    in the reader's language: its ``errors`` name each refused sheet, its
    field relative to the batch (``sheets.1.hands.0.fixed_points``)."""
    out: dict[int, str] = {}
    for entry in error.errors:
        table = entry.get("table")
        if not isinstance(table, int):
            continue
        field = str(entry.get("field", "")).split(".", 2)
        law = entry.get("law")
        out[table] = _said(
            str(entry.get("code", "")),
            str(entry.get("detail", "")),
            field[2] if len(field) == 3 else None,
            entry.get("value"),
            None if law is None else str(law),
        )
    return out


# The night's forms (decision 0188): a refusal said for the form it answers,
# by (form, code, a word of the domain's detail); the first that fits.
INCIDENT_MESSAGES: tuple[tuple[str, str, str, object], ...] = (
    (
        "start",
        "turn_not_current",
        "started already",
        gettext_lazy("This turn's signal is given already: its clock runs"),
    ),
    (
        "start",
        "turn_not_current",
        "",
        gettext_lazy("The signal is given for the turn in play only"),
    ),
    (
        "lateness",
        "turn_not_current",
        "",
        gettext_lazy("A lateness is recorded in the turn in play"),
    ),
    (
        "lateness",
        "invalid_sheet",
        "not recorded",
        gettext_lazy("The turn's signal is not given: type how late the pair came"),
    ),
    (
        "lateness",
        "invalid_sheet",
        "",
        gettext_lazy("A pair at its table at the signal is not late"),
    ),
    (
        "lateness",
        "unknown_table",
        "",
        gettext_lazy("This pair does not play at this table in this turn"),
    ),
    (
        "lateness",
        "sheet_already_entered",
        "lateness",
        gettext_lazy("This pair's lateness in this turn is recorded already"),
    ),
    (
        "lateness",
        "sheet_already_entered",
        "",
        gettext_lazy("The table's sheet is entered: a lateness is recorded before it"),
    ),
    (
        "lost",
        "turn_not_current",
        "",
        gettext_lazy("A lost sheet is recorded in the turn in play"),
    ),
    (
        "lost",
        "sheet_already_entered",
        "",
        gettext_lazy(
            "This table's turn has its result: a sheet entered is corrected, not lost"
        ),
    ),
    (
        "found",
        "correction_window_closed",
        "",
        gettext_lazy(
            "A sheet lost in the single group and found in the merit groups is "
            "not restored: the 7-7 stands"
        ),
    ),
    (
        "absence",
        "turn_not_current",
        "",
        gettext_lazy("An absence is recorded in the turn in play"),
    ),
    (
        "absence",
        "unknown_table",
        "",
        gettext_lazy("This pair does not play at this table in this turn"),
    ),
    (
        "absence",
        "sheet_already_entered",
        "absence",
        gettext_lazy("This pair's absence in this turn is recorded already"),
    ),
    (
        "absence",
        "sheet_already_entered",
        "",
        gettext_lazy(
            "This table's turn has its result: an absence is recorded before it"
        ),
    ),
    (
        "wrongtable",
        "turn_not_current",
        "",
        gettext_lazy("A pair at the wrong table is recorded in the turn in play"),
    ),
    (
        "wrongtable",
        "unknown_table",
        "",
        gettext_lazy("This pair has no place in this turn"),
    ),
    (
        "wrongtable",
        "invalid_lines",
        "one table",
        gettext_lazy("The two pairs sit at one table: nothing to exchange"),
    ),
    (
        "wrongtable",
        "sheet_already_entered",
        "",
        gettext_lazy("A table's sheet is entered: the places can no longer change"),
    ),
    ("warning", "invalid_lines", "", gettext_lazy("No such pair in the movement")),
    ("warning", "turn_not_current", "", gettext_lazy("This turn is not played yet")),
    (
        "warning",
        "invalid_setting",
        "",
        gettext_lazy("The Codice di Gara has no such article"),
    ),
    ("substitution", "invalid_lines", "", gettext_lazy("No such pair entered")),
    (
        "substitution",
        "substitution_not_allowed",
        "half",
        gettext_lazy("Half the scheduled turns are played: no more substitutions"),
    ),
    (
        "substitution",
        "substitution_not_allowed",
        "one substitution",
        gettext_lazy("This pair has made its one substitution"),
    ),
    (
        "substitution",
        "substitution_not_allowed",
        "does not play",
        gettext_lazy("The player who leaves is not of this pair"),
    ),
    (
        "substitution",
        "substitution_not_allowed",
        "incoming",
        gettext_lazy("The incoming player has played in this tournament already"),
    ),
    (
        "substitution",
        "unknown_player",
        "",
        gettext_lazy("The incoming player is not a member on the register"),
    ),
    ("abandonment", "invalid_lines", "", gettext_lazy("No such pair in the movement")),
    (
        "abandonment",
        "sheet_already_entered",
        "",
        gettext_lazy("This pair has abandoned already"),
    ),
)


def incident_message(kind: str, error: DomainError) -> str:
    """A refusal of one of the night's forms, with the article it names."""
    for form, code, word, said in INCIDENT_MESSAGES:
        if form == kind and code == error.code and word in error.message:
            text = str(said)
            return f"{text} ({error.law})" if error.law is not None else text
    return message_of(error)
