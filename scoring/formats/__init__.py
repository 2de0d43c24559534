"""Standard result formats, in and out: PBN, USEBIO XML and the JSON export.

Pure standard library. Every reader returns a ``TournamentResults`` (the
interchange model in ``model``) or raises ``FormatError`` naming the line or
element that is wrong; every writer takes a ``TournamentResults``.
"""

from scoring.formats.errors import FormatError
from scoring.formats.json_export import (
    read_json,
    read_json_sessions,
    write_json,
    write_json_sessions,
)
from scoring.formats.model import (
    BoardRecord,
    CompetitionForm,
    MatchRecord,
    Participant,
    Penalty,
    Player,
    RankingEntry,
    ScoringMethod,
    TableResult,
    TournamentHeader,
    TournamentResults,
)
from scoring.formats.pbn import read_pbn, write_pbn
from scoring.formats.usebio import (
    read_usebio,
    read_usebio_sessions,
    write_usebio,
    write_usebio_sessions,
)

__all__ = [
    "BoardRecord",
    "CompetitionForm",
    "FormatError",
    "MatchRecord",
    "Participant",
    "Penalty",
    "Player",
    "RankingEntry",
    "ScoringMethod",
    "TableResult",
    "TournamentHeader",
    "TournamentResults",
    "read_json",
    "read_json_sessions",
    "read_pbn",
    "read_usebio",
    "read_usebio_sessions",
    "write_json",
    "write_json_sessions",
    "write_pbn",
    "write_usebio",
    "write_usebio_sessions",
]
