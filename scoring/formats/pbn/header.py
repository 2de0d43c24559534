"""Read the tournament's header from a PBN file's tags (§3.4)."""

from __future__ import annotations

import re
from datetime import date

from scoring.formats.model import CompetitionForm, ScoringMethod, TournamentHeader
from scoring.formats.pbn.reading import Reading, tag_value
from scoring.formats.rules_text import parse_rules

__all__ = ["read_header"]

_DATE = re.compile(r"(\d{4})\.(\d{2})\.(\d{2})")


_SCORING_WORDS: dict[str, ScoringMethod] = {
    "mp": ScoringMethod.MATCHPOINTS,
    "matchpoints": ScoringMethod.MATCHPOINTS,
    "matchpoint": ScoringMethod.MATCHPOINTS,
    "imp": ScoringMethod.IMPS,
    "imps": ScoringMethod.IMPS,
    "butler": ScoringMethod.BUTLER,
    "cross": ScoringMethod.CROSS_IMPS,
    "crossimp": ScoringMethod.CROSS_IMPS,
    "crossimps": ScoringMethod.CROSS_IMPS,
    "cross-imp": ScoringMethod.CROSS_IMPS,
    "ximp": ScoringMethod.CROSS_IMPS,
    "tp": ScoringMethod.TOTAL_POINTS,
    "total": ScoringMethod.TOTAL_POINTS,
    "totalpoints": ScoringMethod.TOTAL_POINTS,
    "aggregate": ScoringMethod.TOTAL_POINTS,
    "bam": ScoringMethod.BOARD_A_MATCH,
}


def _scoring(text: str) -> ScoringMethod:
    """Parse the PBN Scoring tag (§3.4.11): a basic method plus modifiers."""
    # "Butler-2" (Magic Contest, Ruter): the method and a variant number.
    words = [
        re.sub(r"-\d+$", "", w.strip().lower()) for w in text.split(";") if w.strip()
    ]
    methods = [_SCORING_WORDS[w] for w in words if w in _SCORING_WORDS]
    if not methods and words and re.fullmatch(r"mp\d*", words[0]):
        methods = [ScoringMethod.MATCHPOINTS]
    if not methods:
        raise ValueError(f"{text!r} is not a duplicate scoring method")
    for refined in (ScoringMethod.BUTLER, ScoringMethod.CROSS_IMPS):
        if refined in methods:
            return refined
    return methods[0]


def _form(text: str) -> CompetitionForm:
    value = text.strip().lower()
    if value.startswith("indiv"):
        return CompetitionForm.INDIVIDUAL
    if value.startswith("team"):
        return CompetitionForm.TEAMS
    if value.startswith("pair"):
        return CompetitionForm.PAIRS
    raise ValueError(f"{text!r} is not Pairs, Teams or Individuals")


def _date(text: str) -> date | None:
    match = _DATE.fullmatch(text.strip())
    if match is None:
        if "?" in text:
            return None  # PBN §3.4.3: unknown parts are "??"
        raise ValueError(f"{text!r} is not a date YYYY.MM.DD")
    return date(int(match[1]), int(match[2]), int(match[3]))


def read_header(reading: Reading) -> TournamentHeader:
    tags = reading.header_tags
    scoring = tag_value(tags, "Scoring", _scoring)
    if scoring is None:
        seen = reading.columns_seen
        if {"IMP_NS", "IMP_EW", "TotalIMP"} & seen:
            scoring = ScoringMethod.IMPS
        else:
            scoring = ScoringMethod.MATCHPOINTS
    when = tag_value(tags, "Date", _date)
    if when is None:
        when = tag_value(tags, "EventDate", _date)
    event = tags.get("Event")
    scoring_tag = tags.get("Scoring")
    return TournamentHeader(
        name=event.value if event is not None else "",
        date=when,
        venue=tag_value(tags, "Site", str.strip),
        scoring=scoring,
        form=tag_value(tags, "Competition", _form)
        # Team columns say teams where no Competition tag does (decision 0179).
        or (
            CompetitionForm.TEAMS
            if {"TeamId_NS", "TeamId"} & reading.columns_seen
            else CompetitionForm.PAIRS
        ),
        program=tag_value(tags, "Generator", str.strip) or reading.program,
        rules=tag_value(tags, "ScoringRules", parse_rules) or (),
        scoring_text=scoring_tag.value.strip() if scoring_tag else None,
    )
