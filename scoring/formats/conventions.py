"""Each producing program's conventions, as import settings (decision 0129).

A results file carries the figures its program computed with its own
conventions. Arbitro scores every imported file with its one pipeline; the
conventions say how the file's printed figures are to be read and compared:
what ``A+``/``A-`` are worth (Law 12C2), how a figure is rounded, whether
totals add printed or exact figures, how a Butler datum is trimmed.

The program is detected from the file where it says (PBN ``Generator``,
USEBIO ``PROGRAM_NAME``); every setting can be overridden by the user.
Pure standard library.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

__all__ = [
    "PROGRAMS",
    "SETTING_NAMES",
    "Conventions",
    "FewerPlayed",
    "FewerPlayedTotals",
    "Rounding",
    "Totals",
    "conventions_for",
    "detect_program",
    "round_figure",
]


class Rounding(StrEnum):
    """How a printed figure was rounded from the exact one."""

    HALF_UP = "half_up"  # half away from zero (decision 0020)
    HALF_EVEN = "half_even"  # banker's rounding (Compscore's Neuberg figures)


class Totals(StrEnum):
    """Whether a printed total adds the exact board figures or the printed ones."""

    EXACT = "exact"
    PRINTED = "printed"


class FewerPlayed(StrEnum):
    """A board played fewer times than the others: how its line figures are
    printed (Law 78A; FIGB N-L78 §2 prescribes Neuberg for the totals)."""

    NEUBERG = "neuberg"  # factored up to the session's top
    OWN_TOP = "own_top"  # on the board's own, smaller top
    # On the session's top, each result missing counted as a tie (half the
    # points of a comparison) for every line (decision 0184).
    TIES = "ties"


class FewerPlayedTotals(StrEnum):
    """How a total adds the Neuberg figure of a board played fewer times than
    the others (Law 78A; FIGB N-L78 §2). Neuberg over the rest of a board
    that holds an artificial score is always added exact."""

    EXACT = "exact"
    # Kept as a percentage of the top to two decimals, then taken back to
    # matchpoints (Compscore: 35.944 is 99.85% of 36, added as 35.946).
    PERCENT = "percent"


DATUM_ROUNDINGS = (1, 5, 10)
"""What a Butler datum may be rounded to: points, or a multiple of 5 or 10."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Conventions:
    """How one program writes its figures; each field an import setting."""

    program: str
    # Law 12C2: what an artificial "A+" / "A-" in the file is worth, in percent.
    average_plus: Decimal = Decimal(60)
    average_minus: Decimal = Decimal(40)
    rounding: Rounding = Rounding.HALF_UP
    totals: Totals = Totals.EXACT
    fewer_played: FewerPlayed = FewerPlayed.NEUBERG
    fewer_played_totals: FewerPlayedTotals = FewerPlayedTotals.EXACT
    # A pair that missed boards: its total scaled to the full number of boards.
    scale_missed: bool = False
    # Butler datum (Law 78D, regulation): results dropped at each end, and
    # the multiple the mean is rounded to (10 points; 1 for none).
    datum_discard: int = 1
    datum_rounding: int = 10

    def __post_init__(self) -> None:
        for value, what in (
            (self.average_plus, "average plus"),
            (self.average_minus, "average minus"),
        ):
            if not Decimal(0) <= value <= Decimal(100):
                raise ValueError(f"{what} {value}% is not between 0 and 100")
        if self.average_minus > self.average_plus:
            raise ValueError("average minus is above average plus")
        if self.datum_discard < 0:
            raise ValueError(f"datum trimming {self.datum_discard} is negative")
        if self.datum_rounding not in DATUM_ROUNDINGS:
            raise ValueError(
                f"datum rounding {self.datum_rounding} is not one of "
                + ", ".join(str(r) for r in DATUM_ROUNDINGS)
            )

    def with_overrides(self, overrides: Mapping[str, object]) -> Conventions:
        """Return a copy with the user's settings (text or typed values);
        an unknown name or a bad value raises ``ValueError``."""
        changed: dict[str, object] = {}
        for name, value in overrides.items():
            if value is None:
                continue
            convert = _SETTINGS.get(name)
            if convert is None:
                raise ValueError(f"unknown import setting {name!r}")
            try:
                changed[name] = convert(str(value))
            except (ValueError, ArithmeticError):
                raise ValueError(f"{name}: {value!r} is not valid") from None
        return replace(self, **changed)  # type: ignore[arg-type]  # each value converted to its field's type above


_SETTINGS: Mapping[str, Callable[[str], object]] = {
    "average_plus": Decimal,
    "average_minus": Decimal,
    "rounding": Rounding,
    "totals": Totals,
    "fewer_played": FewerPlayed,
    "fewer_played_totals": FewerPlayedTotals,
    "datum_discard": int,
    "datum_rounding": int,
    "scale_missed": lambda text: _yes_no(text),
}


SETTING_NAMES = ("program", *_SETTINGS)
"""Every import setting a user may give: the program, then each convention."""


def _yes_no(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "1", "on"):
        return True
    if lowered in ("false", "no", "0", "off"):
        return False
    raise ValueError(f"{text!r} is not yes or no")


# What each program is known to do (decision 0129). Magic Contest and Ruter
# print A+/A- as 60%/40% (Law 12C2) unless their user sets otherwise. Compscore
# (its USEBIO files, ../shared/realfiles/README.md) rounds half to even, adds
# the Neuberg figures (a board played fewer times as its percentage of the
# top kept to two decimals, decision 0151) and scales the total of a pair who missed boards; on the
# traveller it prints a board played fewer times by Neuberg in some files and
# on its own top in others, so that stays a setting (Neuberg by default, the
# other reading named where it explains a difference).
PROGRAMS: Mapping[str, Conventions] = {
    "arbitro": Conventions(program="arbitro"),
    "magic_contest": Conventions(program="magic_contest"),
    "ruter": Conventions(program="ruter"),
    "compscore": Conventions(
        program="compscore",
        rounding=Rounding.HALF_EVEN,
        scale_missed=True,
        fewer_played_totals=FewerPlayedTotals.PERCENT,
    ),
}

_NAMES = (
    ("magic contest", "magic_contest"),
    ("magiccontest", "magic_contest"),
    ("ruter", "ruter"),
    ("brenning", "ruter"),
    ("compscore", "compscore"),
    ("arbitro", "arbitro"),
)


def detect_program(text: str | None) -> str:
    """Return the key of the program a file names, ``"arbitro"`` if unknown."""
    lowered = (text or "").lower()
    for needle, key in _NAMES:
        if needle in lowered:
            return key
    return "arbitro"


def conventions_for(
    program_text: str | None, overrides: Mapping[str, object] | None = None
) -> Conventions:
    """The detected program's conventions with the user's overrides.

    ``overrides`` may name ``program`` to choose another program's defaults;
    its other keys then override those.
    """
    settings = dict(overrides or {})
    chosen = settings.pop("program", None)
    key = str(chosen) if chosen else detect_program(program_text)
    if key not in PROGRAMS:
        raise ValueError(f"unknown program {key!r}: one of {', '.join(PROGRAMS)}")
    return PROGRAMS[key].with_overrides(settings)


def round_figure(value: Fraction, places: int, rounding: Rounding) -> Decimal:
    """Round an exact figure once to ``places`` decimals, the program's way."""
    scaled = value * 10**places
    low = scaled.numerator // scaled.denominator
    rest = scaled - low
    if rest > Fraction(1, 2):
        low += 1
    elif rest == Fraction(1, 2):
        if rounding is Rounding.HALF_EVEN:
            low += low % 2
        else:
            low += 1 if value > 0 else 0  # half away from zero
    return Decimal(low).scaleb(-places)
