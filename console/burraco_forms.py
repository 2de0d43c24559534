"""Burraco score sheets typed in the console, read into the API's inputs
(``burraco.SheetHand``), and the domain's refusals said in the reader's
language with the article they name. Nothing here decides.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from burraco import domain as burraco
from rules.errors import DomainError

__all__ = ["COLUMNS", "SheetTyped", "hands_of", "message_of"]

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
    said = str(MESSAGES.get(error.code, error.message))
    field = error.field or ""
    parts = field.split(".")
    if len(parts) == 3 and parts[1].isdigit() and parts[2] in COLUMN_NAMES:
        said = _("Hand %(n)d, %(column)s %(value)s: %(message)s") % {
            "n": int(parts[1]) + 1,
            "column": COLUMN_NAMES[parts[2]],
            "value": error.value,
            "message": said[:1].lower() + said[1:],
        }
    if error.law is not None:
        said = f"{said} ({error.law})"
    return said
