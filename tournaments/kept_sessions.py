"""A session's scorer kept between batches, and the standings as published.

``KeptSession`` re-scores the boards of the lines a batch changed and writes
only the rows, standings and matches whose published figures moved
(decisions 0098, 0099); a penalty, a rebuild or a token it did not write
scores the session whole from the read model (``KeptSession.load``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from scoring.bridge import publish
from tournaments.domain import session_scoring
from tournaments.models import (
    MatchRow,
    ResultRow,
    StandingRow,
)
from tournaments.projection_writes import upsert
from tournaments.result_reads import session_conditions, session_lines
from tournaments.result_rows import (
    LINE_DEFAULTS,
    LINE_FIELDS,
    MATCH_FIELDS,
    ROW_FIGURES,
    STANDING_FIELDS,
    Figures,
    write_figures,
)


@dataclass
class KeptSession:
    """A session's scorer and the published figures the read model holds."""

    scorer: session_scoring.SessionScorer
    rows: dict[Hashable, Figures] = field(default_factory=dict)
    standings: dict[int, tuple[Any, ...]] = field(default_factory=dict)
    matches: list[tuple[Any, ...]] = field(default_factory=list)
    token: str = ""
    published: PublishedStandings = field(default_factory=lambda: PublishedStandings())

    @classmethod
    def load(cls, tid: UUID, session: int) -> KeptSession:
        """Score the session whole from the read model (the full rescore)."""
        scope = {"tournament_id": tid, "session": session}
        rows = list(
            ResultRow.objects.filter(**scope)
            .order_by("id")
            .values_list(*LINE_FIELDS, *ROW_FIGURES)
        )
        width = len(LINE_FIELDS)
        return cls(
            scorer=session_scoring.SessionScorer(
                session_conditions(tid, session),
                session_lines([r[:width] for r in rows]),
            ),
            rows={r[0]: r[width:] for r in rows},
            standings={
                r[0]: r[1:]
                for r in StandingRow.objects.filter(**scope).values_list(
                    "entry_number", *STANDING_FIELDS
                )
            },
            matches=list(
                MatchRow.objects.filter(**scope)
                .order_by("id")
                .values_list(*MATCH_FIELDS)
            ),
        )

    @classmethod
    def fresh(
        cls, tid: UUID, session: int, rows: Sequence[dict[str, Any]]
    ) -> KeptSession:
        """Score a session whole from rows held in memory (a rebuild), and
        set each row's published figures in it (``ROW_FIGURES``)."""
        lines = [
            tuple(row.get(name, LINE_DEFAULTS.get(name)) for name in LINE_FIELDS)
            for row in rows
        ]
        kept = cls(
            scorer=session_scoring.SessionScorer(
                session_conditions(tid, session), session_lines(lines)
            )
        )
        kept.moved(kept.scorer.lines)
        for row in rows:
            figures = kept.rows.get(row["stream_id"], (None, None, None))
            row.update(zip(ROW_FIGURES, figures, strict=True))
        return kept

    def moved(self, touched: Iterable[Hashable]) -> dict[Hashable, Figures]:
        """The rows whose published figures moved (kept as the new ones)."""
        figures = self.scorer.figures
        moved: dict[Hashable, Figures] = {}
        for key in touched:
            line = figures.lines.get(key)
            new: Figures = (
                (None, None, None)
                if line is None
                else (publish(line.ns), publish(line.ew), line.top)
            )
            if self.rows.get(key, (None, None, None)) != new:
                moved[key] = self.rows[key] = new
        return moved

    def write(self, tid: UUID, session: int, touched: Iterable[Hashable]) -> None:
        """Write the rows whose published figures moved, and only those."""
        write_figures(self.moved(touched))
        self.write_standings(tid, session)

    def write_standings(self, tid: UUID, session: int) -> None:
        """Write the standings and matches whose published figures moved."""
        figures = self.scorer.figures
        standings = self.published.of(figures.standings)
        changed = {
            n: values
            for n, values in standings.items()
            if self.standings.get(n) != values
        }
        gone = set(self.standings) - set(standings)
        if gone:
            StandingRow.objects.filter(
                tournament_id=tid, session=session, entry_number__in=gone
            ).delete()
        upsert(
            StandingRow,
            ("tournament_id", "session", "entry_number"),
            STANDING_FIELDS,
            [(tid, session, n, *values) for n, values in changed.items()],
        )
        self.standings = standings
        matches = [published_match(m) for m in figures.matches]
        if matches != self.matches:
            MatchRow.objects.filter(tournament_id=tid, session=session).delete()
            MatchRow.objects.bulk_create(
                MatchRow(
                    tournament_id=tid,
                    session=session,
                    **dict(zip(MATCH_FIELDS, values, strict=True)),
                )
                for values in matches
            )
            self.matches = matches


class PublishedStandings:
    """Each entry's standing as published, worked out again only when its
    exact figures changed: a batch moves the totals of the pairs it scored,
    and rounding every standing of a 200-pair session each batch cost more
    than comparing them."""

    def __init__(self) -> None:
        self.exact: dict[int, tuple[session_scoring.Standing, tuple[Any, ...]]] = {}

    def of(self, standings: Iterable[session_scoring.Standing]) -> dict[int, Any]:
        """Entry number -> ``published_standing``, as of ``standings``."""
        out: dict[int, tuple[Any, ...]] = {}
        exact: dict[int, tuple[session_scoring.Standing, tuple[Any, ...]]] = {}
        for s in standings:
            known = self.exact.get(s.entry_number)
            if known is None:
                values = published_standing(s)
            elif known[0] == s:
                values = known[1]
            else:
                values = published_standing(s, known)
            out[s.entry_number] = values
            exact[s.entry_number] = (s, values)
        self.exact = exact
        return out


def published_standing(
    s: session_scoring.Standing,
    known: tuple[session_scoring.Standing, tuple[Any, ...]] | None = None,
) -> tuple[Any, ...]:
    """A standing's columns as ``StandingRow`` holds them (``STANDING_FIELDS``);
    ``known``: the entry's previous standing and its columns, whose rounded
    totals are reused where the exact ones did not move (a batch re-ranks
    most pairs but changes the totals of few)."""
    old, columns = known if known is not None else (None, ())

    def kept(name: str, index: int) -> Any:
        value = getattr(s, name)
        if old is not None and getattr(old, name) == value:
            return columns[index]
        return publish(value)

    return (
        s.direction,
        s.boards,
        kept("matchpoints", 2),
        kept("penalty", 3),
        s.top,
        kept("percent", 5),
        s.rank,
        s.tied,
        None if s.imps is None else int(publish(s.imps, 0)),
        None if s.vp is None else publish(s.vp),
        {str(board): str(publish(points)) for board, points in s.revised.items()},
    )


def published_match(m: session_scoring.Match) -> tuple[Any, ...]:
    """A team match's columns as ``MatchRow`` holds them (``MATCH_FIELDS``)."""
    return (
        m.round,
        m.team_a,
        m.team_b,
        m.boards,
        m.imps_a,
        m.imps_b,
        publish(m.vp_a),
        publish(m.vp_b),
        m.points_a,
        m.points_b,
    )
