"""What a PBN file has given so far, and the helpers every section reads with."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from scoring.formats.errors import FormatError
from scoring.formats.model import (
    BoardRecord,
    Participant,
    Penalty,
    Player,
    RankingEntry,
    TableResult,
)
from scoring.formats.notation import leading_number
from scoring.formats.pbn.syntax import T, Tag

__all__ = [
    "MEMBER_COLUMNS",
    "PARTNERS",
    "Reading",
    "member_ids",
    "register_participant",
    "split_names",
    "tag_value",
]


@dataclass(slots=True)
class Reading:
    """What has been read so far, in file order."""

    header_tags: dict[str, Tag] = field(default_factory=dict)
    participants: dict[str, Participant] = field(default_factory=dict)
    boards: dict[int, BoardRecord] = field(default_factory=dict)
    results: list[TableResult] = field(default_factory=list)
    ranking: list[RankingEntry] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    seated: dict[tuple[int, str, str], int] = field(default_factory=dict)
    has_totals: bool = False
    columns_seen: set[str] = field(default_factory=set)
    average_plus: Decimal = Decimal(60)
    average_minus: Decimal = Decimal(40)
    program: str | None = None


def tag_value(tags: dict[str, Tag], name: str, parse: Callable[[str], T]) -> T | None:
    tag = tags.get(name)
    if tag is None or tag.value.strip() in ("", "?"):
        return None
    try:
        return parse(tag.value)
    except ValueError as error:
        raise FormatError(f"{name}: {error}", line=tag.line) from None


def register_participant(
    reading: Reading,
    participant_id: str,
    line: int,
    names: str | None = None,
    *,
    pair: bool = False,
) -> str:
    if participant_id not in reading.participants:
        try:
            name, players = split_names(names, None, line, pair=pair)
            reading.participants[participant_id] = Participant(
                participant_id=participant_id,
                number=leading_number(participant_id),
                name=name,
                players=players,
            )
        except ValueError as error:
            raise FormatError(str(error), line=line) from None
    return participant_id


PARTNERS = " - "
"""How Magic Contest and Ruter write a pair's two names in one string
(``"Anna Alfa - Bruno Beta"``), and how we write them back (decision 0224)."""

MEMBER_COLUMNS = ("MemberID1", "MemberID2", "MemberID3", "MemberID4")
"""Magic Contest's columns of each player's federation number, in the order
of the names (decision 0224)."""


def member_ids(row_ids: list[str | None]) -> str | None:
    """The ``MemberID`` columns as a ``FederationIds`` string: ``0``, ``-``
    or empty is a player with no number, never a number all of them share."""
    ids = ["" if not i or i.strip("0") == "" else i.strip() for i in row_ids]
    while ids and not ids[-1]:
        ids.pop()
    return ";".join(ids) if ids else None


def split_names(
    names: str | None,
    federation_ids: str | None,
    line: int,
    *,
    pair: bool = False,
    pad: bool = False,
) -> tuple[str | None, tuple[Player, ...]]:
    """Split a PBN ``<names>`` string: players separated by ``;`` or one name.

    A pair's string holding one ``" - "`` is its two players (Magic Contest,
    Ruter: ``"A - B"``); any other is the partnership's name. With ``pad``
    (numbers from ``MemberID`` columns), players past the last number have
    none.
    """
    if names is None:
        if federation_ids is not None:
            raise FormatError("FederationIds without Names", line=line)
        return None, ()
    if pair and ";" not in names and names.count(PARTNERS) == 1:
        first, second = (n.strip() for n in names.split(PARTNERS))
        if first and second:
            names = f"{first};{second}"
    if ";" not in names:
        if federation_ids is None:
            return names.strip(), ()
        if ";" in federation_ids:
            raise FormatError("FederationIds for a partnership name", line=line)
        # One player with his federation number (an individual event).
        return None, (Player(name=names.strip(), federation_id=federation_ids.strip()),)
    player_names = [n.strip() for n in names.split(";")]
    ids: list[str | None] = [None] * len(player_names)
    if federation_ids is not None:
        ids = [i.strip() or None for i in federation_ids.split(";")]
        if pad and len(ids) < len(player_names):
            ids += [None] * (len(player_names) - len(ids))
        if len(ids) != len(player_names):
            raise FormatError(
                f"{len(ids)} federation numbers for {len(player_names)} players",
                line=line,
            )
    players = tuple(
        Player(name=n, federation_id=i) for n, i in zip(player_names, ids, strict=True)
    )
    return None, players
