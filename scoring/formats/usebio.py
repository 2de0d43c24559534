"""USEBIO 1.2 / 1.3 XML results files (EBU-led standard, usebio.org).

Structure read and written: ``USEBIO[@Version]/EVENT[@EVENT_TYPE]`` with the
event description, date, venue and scoring method; ``PARTICIPANTS`` with one
``PAIR`` (or ``TEAM``) per contestant: number, direction, ``PLAYER``
(``PLAYER_NAME``, ``NATIONAL_ID_NUMBER``), ``TOTAL_SCORE``, ``PERCENTAGE``,
``PLACE`` (``2=`` for a shared place); one ``BOARD`` per board with its
``TRAVELLER_LINE``s (pair numbers, ``CONTRACT``, ``PLAYED_BY``, ``LEAD``,
``TRICKS``, ``SCORE`` from the NS point of view, and each side's
``*_MATCH_POINTS`` / ``*_CROSS_IMP_POINTS`` / ``*_BUTLER_POINTS`` /
``*_IMPS``); and ``HANDSET/BOARD/HAND`` for the deals.

Decisions 0027 (safe parsing) and 0028 (what USEBIO cannot carry): an
artificial adjusted score (Law 12C2) is a line with no contract and ``SCORE``
``A6040`` (the EBUScore spelling; ``A60/40`` is also read); USEBIO has no
place for an assigned-score marker or per-line percentages, so those are
neither read nor written. Each line's ``ROUND_NUMBER`` and ``TABLE_NUMBER``
are kept (decision 0153).

Individual events (Law 4, decision 0182): ``EVENT_TYPE="INDIVIDUAL"``, one
``PLAYER`` per contestant directly under ``PARTICIPANTS`` (``PLAYER_NUMBER``,
``PLAYER_NAME``, ``NATIONAL_ID_NUMBER``, ``TOTAL_SCORE``, ``PERCENTAGE``,
``PLACE``), and on each line the four players' ``NORTH_PLAYER_NUMBER`` ..
``WEST_PLAYER_NUMBER``; partners share their side's ``*_MATCH_POINTS``.
Double-dummy tricks and par (decision 0183) are written in USEBIO 1.3 only,
in the ``HANDSET`` board beside its hands: ``DOUBLE_DUMMY/DD_TRICKS``
(``DENOMINATION``, ``NORTH`` .. ``WEST``) and ``PAR_SCORE`` (North-South's).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import TypeVar

from rules import limits
from scoring.formats.errors import FormatError, UnsupportedFile
from scoring.formats.model import (
    DD_DENOMINATIONS,
    PASS,
    SEATS,
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
    is_artificial,
    normalise_deal,
    tie_flags,
)
from scoring.formats.notation import (
    decimal_within,
    int_within,
    leading_number,
    parse_card,
    parse_contract,
    parse_decimal,
    parse_int,
    parse_seat,
)
from scoring.formats.rules_text import RULES_TARGET, parse_rules
from scoring.formats.usebio_names import (
    ARTIFICIAL_SCORE,
    IMP_ELEMENTS,
    PENALTY_UNITS,
    SCORING_METHODS,
    SEAT_PLAYER,
    SEAT_WORDS,
    SUIT_ELEMENTS,
)
from scoring.formats.usebio_writer import write_usebio, write_usebio_sessions
from scoring.formats.xml_tree import Node, parse_xml

__all__ = [
    "read_usebio",
    "read_usebio_sessions",
    "write_usebio",
    "write_usebio_sessions",
]

_T = TypeVar("_T")


def _value(node: Node, tag: str, parse: Callable[[str], _T]) -> _T | None:
    """Parse the text of child ``tag``; None if absent or empty."""
    text = node.child_text(tag)
    if text is None:
        return None
    try:
        return parse(text)
    except ValueError as error:
        child = node.find(tag)
        line = child.line if child is not None else node.line
        raise FormatError(f"{tag}: {error}", element=node.tag, line=line) from None


def _required(node: Node, tag: str) -> str:
    text = node.child_text(tag)
    if text is None:
        raise FormatError(f"{tag} is missing", element=node.tag, line=node.line)
    return text


# --- reading --------------------------------------------------------------


def read_usebio(data: bytes | str, *, section: str | None = None) -> TournamentResults:
    """Read a USEBIO 1.x file; raise ``FormatError`` naming the element and line.

    ``section``: the ``SECTION_ID`` to read from a session of several
    (decision 0184). A file of several sessions is refused here:
    ``read_usebio_sessions`` reads it (decision 0179)."""
    sessions, _ = read_usebio_sessions(data, section=section)
    if len(sessions) > 1:
        raise FormatError(
            f"the file holds {len(sessions)} sessions: read them one by one",
            element="SESSION",
        )
    return sessions[0]


def read_usebio_sessions(
    data: bytes | str, *, section: str | None = None
) -> tuple[tuple[TournamentResults, ...], tuple[RankingEntry, ...]]:
    """Read a USEBIO 1.x file session by session, with the event's ranking.

    ``EVENT/SESSION`` elements (``SESSION_NUMBER`` 1, 2, ... in order), each
    holding its ``MATCH``es and ``BOARD``s, are the sessions of one event
    with the same ``PARTICIPANTS``; the participants' ``TOTAL_SCORE`` and
    ``PLACE`` are then the event's (decision 0179). A file without them is
    one session, ranked by its participants.
    """
    root = parse_xml(data)
    if root.tag != "USEBIO":
        raise FormatError(
            "root element is not USEBIO", element=root.tag, line=root.line
        )
    version = root.attributes.get("Version", "")
    if not re.fullmatch(r"1\.\d+", version):
        raise FormatError(
            f"Version {version!r} is not USEBIO 1.x", element="USEBIO", line=root.line
        )
    event = root.find("EVENT")
    if event is None:
        raise FormatError("EVENT is missing", element="USEBIO", line=root.line)
    header = replace(_header(event), rules=_rules(data))
    scope = _section(event, section)
    if scope is not event:
        # EBUScore and BridgeWebs: one session's section (decision 0184).
        participants, ranking = _participants(scope, header.form)
        one = _session(root, scope, header, participants, ranking)
        return (one,), one.ranking
    participants, ranking = _participants(event, header.form)
    nodes = event.find_all("SESSION")
    if not nodes:
        one = _session(root, event, header, participants, ranking)
        return (one,), one.ranking
    sessions = []
    for index, node in enumerate(nodes, start=1):
        number = _value(node, "SESSION_NUMBER", int_within(limits.SESSION))
        if number is not None and number != index:
            raise FormatError(
                f"SESSION_NUMBER {number} where session {index} was expected",
                element="SESSION",
                line=node.line,
            )
        sessions.append(_session(node, node, header, participants, ()))
    try:
        return tuple(sessions), tie_flags(ranking, participants)
    except ValueError as error:
        raise FormatError(str(error), element="PARTICIPANTS") from None


def _boards_of(container: Node) -> list[tuple[Node, int | None]]:
    """The container's ``BOARD``s, and those of its ``MATCH``es with the
    match's round (a program may nest a match's boards in it)."""
    found: list[tuple[Node, int | None]] = [
        (board, None) for board in container.find_all("BOARD")
    ]
    for match in container.find_all("MATCH"):
        round_number = _value(match, "ROUND_NUMBER", int_within(limits.ROUND))
        found.extend((board, round_number) for board in match.find_all("BOARD"))
    return found


def _session(
    handsets: Node,
    container: Node,
    header: TournamentHeader,
    participants: tuple[Participant, ...],
    ranking: tuple[RankingEntry, ...],
) -> TournamentResults:
    """One session: the container's boards, matches and the deals of the
    ``HANDSET`` under ``handsets``."""
    known = {p.participant_id for p in participants}
    boards: dict[int, BoardRecord] = {}
    results: list[TableResult] = []
    # A team plays a board in both rooms, once each way (Law 78B).
    teams = header.form is CompetitionForm.TEAMS
    seated: dict[tuple[int, str, str], int] = {}
    for board, match_round in _boards_of(container):
        number = _board_number(board)
        datum = _value(board, "BOARD_AVERAGE", _datum)
        known_board = boards.get(number)
        if known_board is None or datum is not None:
            # BOARD_AVERAGE: the Butler datum the program used (Law 78D).
            boards[number] = BoardRecord(board_number=number, datum=datum)
        for line in board.find_all("TRAVELLER_LINE"):
            result = _traveller_line(number, line, header.form)
            if result.round_number is None and match_round is not None:
                result = replace(result, round_number=match_round)
            seats = (
                tuple(zip(result.players, ("NS", "EW", "NS", "EW"), strict=True))
                if result.players is not None
                else ((result.ns_id, "NS"), (result.ew_id, "EW"))
            )
            who = "player" if result.players else ("team" if teams else "pair")
            for pid, side in seats:
                if pid not in known:
                    raise FormatError(
                        f"{who} {pid} is not among the PARTICIPANTS",
                        element="TRAVELLER_LINE",
                        line=line.line,
                    )
                key = (number, pid, side if teams else "")
                first = seated.get(key)
                if first is not None:
                    raise FormatError(
                        f"{who} {pid} plays board {number} again (first on line {first})",
                        element="TRAVELLER_LINE",
                        line=line.line,
                    )
                seated[key] = line.line
            results.append(result)
    handset = handsets.find("HANDSET")
    if handset is not None:
        for board in handset.find_all("BOARD"):
            number = _board_number(board)
            deal = _deal(board) if board.find("HAND") is not None else None
            known_board = boards.get(number)
            if known_board is not None and known_board.deal not in (None, deal):
                raise FormatError(
                    f"board {number} has two deals", element="BOARD", line=board.line
                )
            try:
                boards[number] = BoardRecord(
                    board_number=number,
                    deal=deal,
                    datum=known_board.datum if known_board else None,
                    double_dummy=_double_dummy(board),
                    par_score=_value(board, "PAR_SCORE", int_within(limits.SCORE)),
                )
            except ValueError as error:
                raise FormatError(
                    str(error), element="BOARD", line=board.line
                ) from None
    try:
        return TournamentResults(
            header=header,
            participants=participants,
            boards=tuple(sorted(boards.values(), key=lambda b: b.board_number)),
            results=tuple(results),
            ranking=tie_flags(ranking, participants),
            matches=tuple(_match(node) for node in container.find_all("MATCH")),
            penalties=tuple(
                _penalty(node, teams) for node in container.find_all("PENALTY")
            ),
        )
    except ValueError as error:
        raise FormatError(str(error), element=container.tag) from None


def _section(event: Node, chosen: str | None = None) -> Node:
    """Where the contestants and boards are: the EVENT itself, or a section
    of its one ``SESSION`` (EBUScore and BridgeWebs nest them so). Each
    section is a field of its own (Law 78A): with several, ``chosen`` (a
    ``SECTION_ID``) says which one is read; without it they are refused
    naming the second and every section's id."""
    if event.find("PARTICIPANTS") is not None:
        return event
    sessions = event.find_all("SESSION")
    if len(sessions) != 1:
        return event
    sections = sessions[0].find_all("SECTION")
    ids = [s.attributes.get("SECTION_ID", "") for s in sections]
    if chosen is not None:
        for section, section_id in zip(sections, ids, strict=True):
            if section_id.upper() == chosen.upper():
                return section
        raise FormatError(
            f"no SECTION_ID {chosen!r}: the sections are {', '.join(ids) or 'none'}",
            element="SESSION",
            line=sessions[0].line,
        )
    if len(sections) > 1:
        raise FormatError(
            f"the session has {len(sections)} sections ({', '.join(ids)}): "
            "choose one with the section setting",
            element="SECTION",
            line=sections[1].line,
        )
    return sections[0] if sections else sessions[0]


def _penalty(node: Node, teams: bool) -> Penalty:
    """A ``PENALTY`` of the session: the pair or team (``PAIR_NUMBER`` or
    ``TEAM_NUMBER``), ``UNITS`` (``MATCH_POINTS``, ``PERCENTAGE``,
    ``PERCENTAGE_OF_TOP``, ``IMPS``, ``VICTORY_POINTS``), the ``AMOUNT`` taken off and, for IMPs, the match's
    ``ROUND_NUMBER`` (decision 0181)."""
    who = node.child_text("TEAM_NUMBER" if teams else "PAIR_NUMBER")
    units = (node.child_text("UNITS") or "").upper()
    try:
        if who is None:
            raise ValueError("the penalty names no pair or team")
        if units not in PENALTY_UNITS:
            raise ValueError(f"UNITS {units!r} is not one of {sorted(PENALTY_UNITS)}")
        amount = _value(node, "AMOUNT", decimal_within(limits.PENALTY))
        if amount is None:
            raise ValueError("AMOUNT is missing")
        return Penalty(
            participant_id=who,
            unit=PENALTY_UNITS[units],
            amount=amount,
            round_number=_value(node, "ROUND_NUMBER", int_within(limits.ROUND)),
        )
    except ValueError as error:
        raise FormatError(str(error), element="PENALTY", line=node.line) from None


def _datum(text: str) -> int:
    """A Butler datum, a whole NS score; Compscore writes "-30" or "-30.0"."""
    value = parse_decimal(text.strip(), limits.SCORE)
    if value != value.to_integral_value():
        raise ValueError(f"{text!r} is not a whole score")
    return int(value)


def _date(text: str) -> date:
    """Parse DATE: dd/mm/yyyy (USEBIO 1.2 practice) or ISO yyyy-mm-dd (1.3)."""
    match = re.fullmatch(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", text)
    if match is not None:
        return date(int(match[3]), int(match[2]), int(match[1]))
    match = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", text)
    if match is not None:
        return date(int(match[1]), int(match[2]), int(match[3]))
    raise ValueError(f"{text!r} is not a date dd/mm/yyyy or yyyy-mm-dd")


_RULES = re.compile(r"<\?" + RULES_TARGET + r"\s+([^?<>]*)\?>")


def _rules(data: bytes | str) -> tuple[tuple[str, str], ...]:
    """The rules and conventions an Arbitro export carries in its
    ``arbitro-rules`` processing instruction (decision 0224)."""
    head = data[:4096].decode("latin-1") if isinstance(data, bytes) else data[:4096]
    found = _RULES.search(head)
    if found is None:
        return ()
    try:
        return parse_rules(found[1])
    except ValueError as error:
        raise FormatError(f"{RULES_TARGET}: {error}") from None


# The USEBIO EVENT_TYPEs read (decision 0224), by what they are: a type not
# here is refused naming it, never read as another (a pairs file read as
# teams was refused "team 1NS is not among the PARTICIPANTS").
EVENT_TYPES: dict[str, CompetitionForm] = {
    "": CompetitionForm.PAIRS,  # no EVENT_TYPE: pairs (decision 0027)
    "PAIRS": CompetitionForm.PAIRS,
    "MP_PAIRS": CompetitionForm.PAIRS,
    "SWISS_PAIRS": CompetitionForm.PAIRS,
    "IMP_PAIRS": CompetitionForm.PAIRS,
    "BUTLER_PAIRS": CompetitionForm.PAIRS,
    "CROSS_IMP": CompetitionForm.PAIRS,
    "CROSS_IMP_PAIRS": CompetitionForm.PAIRS,
    "INDIVIDUAL": CompetitionForm.INDIVIDUAL,
    "MP_INDIVIDUAL": CompetitionForm.INDIVIDUAL,
    "TEAMS": CompetitionForm.TEAMS,
    "IMP_TEAMS": CompetitionForm.TEAMS,
    "SWISS_TEAMS": CompetitionForm.TEAMS,
    "TEAMS_OF_FOUR": CompetitionForm.TEAMS,
}


def _header(event: Node) -> TournamentHeader:
    event_type = event.attributes.get("EVENT_TYPE", "").strip().upper()
    if event_type not in EVENT_TYPES:
        raise UnsupportedFile(
            f"USEBIO EVENT_TYPE {event_type!r} (element EVENT, line {event.line}): "
            "supported are " + ", ".join(t for t in EVENT_TYPES if t)
        )
    # Law 4: an individual's contestant is the player (decision 0182).
    form = EVENT_TYPES[event_type]
    method_text = event.child_text("BOARD_SCORING_METHOD") or event.child_text(
        "SCORING_METHOD"
    )
    if "BUTLER" in event_type:
        scoring = ScoringMethod.BUTLER
    elif "CROSS_IMP" in event_type:
        scoring = ScoringMethod.CROSS_IMPS
    elif event_type == "IMP_PAIRS" and method_text is None:
        # Plain IMPs: across the field or against a datum, as its user says
        # (the imp_pairs setting, decision 0184).
        scoring = ScoringMethod.IMPS
    elif method_text is None:
        # A teams event is scored in IMPs unless it says otherwise (Law 78B).
        scoring = (
            ScoringMethod.IMPS
            if form is CompetitionForm.TEAMS
            else ScoringMethod.MATCHPOINTS
        )
    else:
        found = SCORING_METHODS.get(method_text.upper())
        if found is None:
            raise FormatError(
                f"scoring method {method_text!r} is unknown",
                element="EVENT",
                line=event.line,
            )
        scoring = found
    name = event.child_text("EVENT_DESCRIPTION") or event.child_text("TITLE") or ""
    return TournamentHeader(
        name=name,
        date=_value(event, "DATE", _date),
        venue=event.child_text("VENUE"),
        scoring=scoring,
        form=form,
        program=event.child_text("PROGRAM_NAME"),
        scoring_text=event_type or method_text,
        winner_type=_value(event, "WINNER_TYPE", _winner_type_value),
    )


def _winner_type_value(text: str) -> int:
    value = parse_int(text)
    if value not in (1, 2):
        raise ValueError(f"{text!r} is not 1 (one field) or 2 (two directions)")
    return value


def _place(text: str) -> tuple[int, bool]:
    return parse_int(text.rstrip("="), limits.RANK), text.endswith("=")


def _direction(text: str) -> str:
    value = text.upper().replace("-", "")
    if value not in ("NS", "EW"):
        raise ValueError(f"{text!r} is not NS or EW")
    return value


def _participants(
    event: Node, form: CompetitionForm
) -> tuple[tuple[Participant, ...], tuple[RankingEntry, ...]]:
    container = event.find("PARTICIPANTS")
    if container is None:
        raise FormatError("PARTICIPANTS is missing", element="EVENT", line=event.line)
    kind, number_tag = {
        CompetitionForm.TEAMS: ("TEAM", "TEAM_NUMBER"),
        CompetitionForm.INDIVIDUAL: ("PLAYER", "PLAYER_NUMBER"),
    }.get(form, ("PAIR", "PAIR_NUMBER"))
    participants: list[Participant] = []
    ranking: list[RankingEntry] = []
    seen: dict[str, int] = {}
    for node in container.find_all(kind):
        pid = _required(node, number_tag)
        if pid in seen:
            raise FormatError(
                f"{number_tag} {pid} appears twice (first on line {seen[pid]})",
                element=kind,
                line=node.line,
            )
        seen[pid] = node.line
        players = []
        # An individual's PLAYER is the contestant and names himself (Law 4).
        if form is not CompetitionForm.INDIVIDUAL:
            named = node.find_all("PLAYER")
        else:
            named = [node] if node.child_text("PLAYER_NAME") is not None else []
        for player in named:
            try:
                players.append(
                    Player(
                        name=_required(player, "PLAYER_NAME"),
                        federation_id=player.child_text("NATIONAL_ID_NUMBER"),
                    )
                )
            except ValueError as error:
                raise FormatError(
                    str(error), element="PLAYER", line=player.line
                ) from None
        try:
            participants.append(
                Participant(
                    participant_id=pid,
                    number=leading_number(pid),
                    direction=_value(node, "DIRECTION", _direction),
                    name=node.child_text("TEAM_NAME"),
                    players=tuple(players),
                )
            )
        except ValueError as error:
            raise FormatError(str(error), element=kind, line=node.line) from None
        place = _value(node, "PLACE", _place)
        total = _value(node, "TOTAL_SCORE", decimal_within(limits.TOTAL))
        percentage = _value(node, "PERCENTAGE", decimal_within(limits.PERCENTAGE))
        if place is None:
            continue
        ranking.append(
            RankingEntry(
                participant_id=pid, rank=place[0], total=total, percentage=percentage
            )
        )
    return tuple(participants), tuple(ranking)


def _match(node: Node) -> MatchRecord:
    """A teams match: round, the two teams, their IMPs and VPs (Law 78B).

    Either our elements (``TEAM_A_NUMBER``, ``TEAM_A_IMPS``, ``TEAM_A_VPS``,
    decision 0153) or two ``TEAM`` children, each with ``TEAM_NUMBER``,
    ``IMPS`` and ``VICTORY_POINTS`` (or ``VPS``), decision 0179."""
    try:
        sides = node.find_all("TEAM")
        if node.find("TEAM_A_NUMBER") is None and sides:
            if len(sides) != 2:
                raise ValueError(f"a match of {len(sides)} TEAM elements, not 2")
            a, b = sides
            return MatchRecord(
                round_number=parse_int(_required(node, "ROUND_NUMBER"), limits.ROUND),
                team_a=_required(a, "TEAM_NUMBER"),
                team_b=_required(b, "TEAM_NUMBER"),
                boards=_value(node, "BOARD_COUNT", int_within(limits.BOARDS_A_MATCH)),
                imps_a=parse_int(_required(a, "IMPS"), limits.MATCH_IMPS),
                imps_b=parse_int(_required(b, "IMPS"), limits.MATCH_IMPS),
                vp_a=_team_vps(a),
                vp_b=_team_vps(b),
            )
        return MatchRecord(
            round_number=parse_int(_required(node, "ROUND_NUMBER"), limits.ROUND),
            team_a=_required(node, "TEAM_A_NUMBER"),
            team_b=_required(node, "TEAM_B_NUMBER"),
            boards=_value(node, "BOARD_COUNT", int_within(limits.BOARDS_A_MATCH)),
            imps_a=parse_int(_required(node, "TEAM_A_IMPS"), limits.MATCH_IMPS),
            imps_b=parse_int(_required(node, "TEAM_B_IMPS"), limits.MATCH_IMPS),
            vp_a=_value(node, "TEAM_A_VPS", decimal_within(limits.VICTORY_POINTS)),
            vp_b=_value(node, "TEAM_B_VPS", decimal_within(limits.VICTORY_POINTS)),
        )
    except ValueError as error:
        raise FormatError(str(error), element="MATCH", line=node.line) from None


def _team_vps(team: Node) -> Decimal | None:
    vps = decimal_within(limits.VICTORY_POINTS)
    found = _value(team, "VICTORY_POINTS", vps)
    return found if found is not None else _value(team, "VPS", vps)


def _board_number(board: Node) -> int:
    # What a real event numbers, and what the read models store (0212).
    number = _value(board, "BOARD_NUMBER", int_within(limits.BOARD))
    if number is None:
        raise FormatError(
            "BOARD_NUMBER is missing or below 1", element="BOARD", line=board.line
        )
    return number


def _tricks(text: str) -> int:
    return parse_int(text, limits.TRICKS)


def _seated_players(node: Node) -> tuple[str, str, str, str]:
    """An individual line's North, East, South and West players (Law 4)."""
    found = [node.child_text(tag) for tag in SEAT_PLAYER]
    if None in found:
        missing = SEAT_PLAYER[found.index(None)]
        raise FormatError(
            f"{missing} is missing", element="TRAVELLER_LINE", line=node.line
        )
    north, east, south, west = (str(p) for p in found)
    return north, east, south, west


def _traveller_line(
    board_number: int, node: Node, form: CompetitionForm = CompetitionForm.PAIRS
) -> TableResult:
    players = None
    if form is CompetitionForm.INDIVIDUAL:
        players = _seated_players(node)
        ns_id, ew_id = players[0], players[1]
    else:
        found_ns = node.child_text("NS_PAIR_NUMBER") or node.child_text(
            "NS_TEAM_NUMBER"
        )
        found_ew = node.child_text("EW_PAIR_NUMBER") or node.child_text(
            "EW_TEAM_NUMBER"
        )
        if found_ns is None or found_ew is None:
            raise FormatError(
                "NS_PAIR_NUMBER or EW_PAIR_NUMBER is missing",
                element="TRAVELLER_LINE",
                line=node.line,
            )
        ns_id, ew_id = found_ns, found_ew
    score_text = node.child_text("SCORE")
    contract = _value(node, "CONTRACT", parse_contract)
    score_ns: int | None = None
    if score_text is not None and ARTIFICIAL_SCORE.match(score_text.upper()):
        # Law 12C2 artificial score: "A6040" (EBUScore) or "A60/40".
        artificial = _value(node, "SCORE", parse_contract)
        if artificial is None or not is_artificial(artificial):
            raise FormatError(
                f"SCORE {score_text!r} is not an artificial score",
                element="TRAVELLER_LINE",
                line=node.line,
            )
        if contract is not None and contract != artificial:
            raise FormatError(
                f"contract {contract} with an artificial score",
                element="TRAVELLER_LINE",
                line=node.line,
            )
        contract = artificial
    else:
        score_ns = _value(node, "SCORE", int_within(limits.SCORE))
    if contract is None:
        raise FormatError(
            "CONTRACT is missing and SCORE is not artificial",
            element="TRAVELLER_LINE",
            line=node.line,
        )
    played = contract != PASS and not is_artificial(contract)
    imp_ns = imp_ew = None
    for suffix in IMP_ELEMENTS:
        if (
            node.find(f"NS_{suffix}") is not None
            or node.find(f"EW_{suffix}") is not None
        ):
            imp_ns = _value(node, f"NS_{suffix}", decimal_within(limits.LINE_IMPS))
            imp_ew = _value(node, f"EW_{suffix}", decimal_within(limits.LINE_IMPS))
            break
    try:
        return TableResult(
            board_number=board_number,
            ns_id=ns_id,
            ew_id=ew_id,
            contract=contract,
            declarer=_value(node, "PLAYED_BY", parse_seat) if played else None,
            lead=_value(node, "LEAD", parse_card) if played else None,
            tricks=_value(node, "TRICKS", _tricks) if played else None,
            score_ns=score_ns,
            table_number=_value(node, "TABLE_NUMBER", int_within(limits.TABLE)),
            round_number=_value(node, "ROUND_NUMBER", int_within(limits.ROUND)),
            mp_ns=_value(node, "NS_MATCH_POINTS", decimal_within(limits.MATCHPOINTS)),
            mp_ew=_value(node, "EW_MATCH_POINTS", decimal_within(limits.MATCHPOINTS)),
            imp_ns=imp_ns,
            imp_ew=imp_ew,
            players=players,
        )
    except ValueError as error:
        raise FormatError(
            str(error), element="TRAVELLER_LINE", line=node.line
        ) from None


def _double_dummy(board: Node) -> tuple[tuple[int, ...], ...] | None:
    """The board's double-dummy tricks (decision 0183): one ``DD_TRICKS`` per
    denomination, each declarer's tricks; information, never a ruling."""
    container = board.find("DOUBLE_DUMMY")
    if container is None:
        return None
    rows: dict[str, tuple[int, ...]] = {}
    for node in container.find_all("DD_TRICKS"):
        denomination = (node.child_text("DENOMINATION") or "").upper()
        if denomination not in DD_DENOMINATIONS or denomination in rows:
            raise FormatError(
                f"DENOMINATION {denomination!r} is not one of S H D C NT, once each",
                element="DD_TRICKS",
                line=node.line,
            )
        counts = []
        for seat in SEATS:
            tricks = _value(node, SEAT_WORDS[seat].upper(), _tricks)
            if tricks is None:
                raise FormatError(
                    f"{SEAT_WORDS[seat].upper()} is missing",
                    element="DD_TRICKS",
                    line=node.line,
                )
            counts.append(tricks)
        rows[denomination] = tuple(counts)
    if set(rows) != set(DD_DENOMINATIONS):
        raise FormatError(
            "DOUBLE_DUMMY needs the tricks of all five denominations",
            element="DOUBLE_DUMMY",
            line=container.line,
        )
    return tuple(rows[d] for d in DD_DENOMINATIONS)


def _deal(board: Node) -> str:
    hands = dict.fromkeys(SEATS, "-")
    for hand in board.find_all("HAND"):
        seat = _value(hand, "DIRECTION", parse_seat)
        if seat is None:
            raise FormatError("DIRECTION is missing", element="HAND", line=hand.line)
        suits = ["", "", "", ""]
        for tag, index in SUIT_ELEMENTS:
            suits[index] = hand.child_text(tag) or ""
        hands[seat] = ".".join(suits)
    try:
        return normalise_deal("N:" + " ".join(hands[s] for s in SEATS))
    except ValueError as error:
        raise FormatError(str(error), element="BOARD", line=board.line) from None
