"""Writing USEBIO 1.2 / 1.3 results files: the layout ``scoring.formats.usebio``
reads (its docstring says what each element holds), one session or a teams
event's several sessions (decision 0179)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import replace

from scoring.formats.errors import FormatError
from scoring.formats.model import (
    DD_DENOMINATIONS,
    SEATS,
    BoardRecord,
    CompetitionForm,
    RankingEntry,
    ScoringMethod,
    TableResult,
    TournamentHeader,
    TournamentResults,
    artificial_percentages,
    is_artificial,
)
from scoring.formats.rules_text import RULES_TARGET, rules_text
from scoring.formats.usebio_names import (
    IMP_ELEMENT,
    PENALTY_UNITS,
    SCORING_ELEMENT,
    SEAT_PLAYER,
    SEAT_WORDS,
    SUIT_ELEMENTS,
)

__all__ = ["write_usebio", "write_usebio_sessions"]


def _add(parent: ET.Element, tag: str, text: object | None) -> None:
    if text is not None:
        ET.SubElement(parent, tag).text = str(text)


def _artificial_score(contract: str) -> str:
    split = artificial_percentages(contract)
    assert split is not None
    ns, ew = split
    if all(v == v.to_integral_value() and 10 <= v <= 99 for v in (ns, ew)):
        return f"A{int(ns)}{int(ew)}"  # EBUScore spelling, e.g. A6040
    return contract


def _event_type(header: TournamentHeader) -> str:
    if header.form is CompetitionForm.TEAMS:
        return "TEAMS"
    if header.form is CompetitionForm.INDIVIDUAL:
        return "INDIVIDUAL"
    if header.scoring is ScoringMethod.BUTLER:
        return "BUTLER_PAIRS"
    if header.scoring is ScoringMethod.CROSS_IMPS:
        return "CROSS_IMP"
    # What readers such as the ABF's platform require for matchpointed pairs.
    return "MP_PAIRS"


def _winner_type(results: TournamentResults) -> int:
    """WINNER_TYPE: 2 when every pair keeps one direction and is ranked in it
    (a two-winner movement, Law 78A), else 1."""
    direction = {p.participant_id: p.direction for p in results.participants}
    if (
        results.header.form is CompetitionForm.INDIVIDUAL
        or not direction
        or not all(direction.values())
    ):
        # An individual's players are ranked in one field (Law 4, 78A).
        return 1
    kept = all(
        direction[r.ns_id] == "NS" and direction[r.ew_id] == "EW"
        for r in results.results
    )
    return 2 if kept else 1


def _write_participants(event: ET.Element, results: TournamentResults) -> None:
    teams = results.header.form is CompetitionForm.TEAMS
    container = ET.SubElement(event, "PARTICIPANTS")
    ranking = {e.participant_id: e for e in results.ranking}
    if results.header.form is CompetitionForm.INDIVIDUAL:
        _write_players(container, results)
        return
    for p in results.participants:
        node = ET.SubElement(container, "TEAM" if teams else "PAIR")
        _add(node, "TEAM_NUMBER" if teams else "PAIR_NUMBER", p.participant_id)
        if teams:
            _add(node, "TEAM_NAME", p.name)
        _add(node, "DIRECTION", p.direction)
        entry = ranking.get(p.participant_id)
        if entry is not None:
            _add(node, "TOTAL_SCORE", entry.total)
            _add(node, "PERCENTAGE", entry.percentage)
            _add(node, "PLACE", f"{entry.rank}{'=' if entry.tied else ''}")
        for player in p.players:
            element = ET.SubElement(node, "PLAYER")
            _add(element, "PLAYER_NAME", player.name)
            _add(element, "NATIONAL_ID_NUMBER", player.federation_id)


def _write_players(container: ET.Element, results: TournamentResults) -> None:
    """An individual's contestants: one PLAYER each (Law 4, decision 0182)."""
    ranking = {e.participant_id: e for e in results.ranking}
    for p in results.participants:
        node = ET.SubElement(container, "PLAYER")
        _add(node, "PLAYER_NUMBER", p.participant_id)
        player = p.players[0] if p.players else None
        _add(node, "PLAYER_NAME", player.name if player else p.name)
        _add(node, "NATIONAL_ID_NUMBER", player.federation_id if player else None)
        entry = ranking.get(p.participant_id)
        if entry is not None:
            _add(node, "TOTAL_SCORE", entry.total)
            _add(node, "PERCENTAGE", entry.percentage)
            _add(node, "PLACE", f"{entry.rank}{'=' if entry.tied else ''}")


def _write_line(board: ET.Element, result: TableResult, scoring: ScoringMethod) -> None:
    line = ET.SubElement(board, "TRAVELLER_LINE")
    # The movement's round and table (decision 0153).
    _add(line, "ROUND_NUMBER", result.round_number)
    _add(line, "TABLE_NUMBER", result.table_number)
    if result.players is not None:
        for tag, player in zip(SEAT_PLAYER, result.players, strict=True):
            _add(line, tag, player)
    else:
        _add(line, "NS_PAIR_NUMBER", result.ns_id)
        _add(line, "EW_PAIR_NUMBER", result.ew_id)
    if is_artificial(result.contract):
        _add(line, "SCORE", _artificial_score(result.contract))
    else:
        _add(line, "CONTRACT", result.contract)
        _add(line, "PLAYED_BY", result.declarer)
        _add(line, "LEAD", result.lead[1] + result.lead[0] if result.lead else None)
        _add(line, "TRICKS", result.tricks)
        _add(line, "SCORE", result.score_ns)
    _add(line, "NS_MATCH_POINTS", result.mp_ns)
    _add(line, "EW_MATCH_POINTS", result.mp_ew)
    imp_element = IMP_ELEMENT.get(scoring, "IMPS")
    _add(line, f"NS_{imp_element}", result.imp_ns)
    _add(line, f"EW_{imp_element}", result.imp_ew)


def _write_analysis(board: ET.Element, record: BoardRecord) -> None:
    """USEBIO 1.3: the deal's double-dummy tricks and par (decision 0183)."""
    if record.double_dummy is not None:
        container = ET.SubElement(board, "DOUBLE_DUMMY")
        for denomination, row in zip(
            DD_DENOMINATIONS, record.double_dummy, strict=True
        ):
            node = ET.SubElement(container, "DD_TRICKS")
            _add(node, "DENOMINATION", denomination)
            for seat, tricks in zip(SEATS, row, strict=True):
                _add(node, SEAT_WORDS[seat].upper(), tricks)
    _add(board, "PAR_SCORE", record.par_score)


def _write_handset(
    root: ET.Element, boards: tuple[BoardRecord, ...], version: str
) -> None:
    analysed = version != "1.2"
    dealt = [
        b
        for b in boards
        if b.deal is not None
        or (analysed and (b.double_dummy is not None or b.par_score is not None))
    ]
    if not dealt:
        return
    handset = ET.SubElement(root, "HANDSET")
    for record in dealt:
        board = ET.SubElement(handset, "BOARD")
        _add(board, "BOARD_NUMBER", record.board_number)
        hands = record.deal[2:].split() if record.deal is not None else ["-"] * 4
        for seat, hand in zip(SEATS, hands, strict=True):
            if hand == "-":
                continue
            element = ET.SubElement(board, "HAND")
            _add(element, "DIRECTION", SEAT_WORDS[seat])
            suits = hand.split(".")
            for tag, index in SUIT_ELEMENTS:
                _add(element, tag, suits[index])
        if analysed:
            _write_analysis(board, record)


def _write_play(container: ET.Element, results: TournamentResults) -> None:
    """The session's matches and its boards with their traveller lines."""
    for match in results.matches:
        node = ET.SubElement(container, "MATCH")
        _add(node, "ROUND_NUMBER", match.round_number)
        _add(node, "TEAM_A_NUMBER", match.team_a)
        _add(node, "TEAM_B_NUMBER", match.team_b)
        _add(node, "BOARD_COUNT", match.boards)
        _add(node, "TEAM_A_IMPS", match.imps_a)
        _add(node, "TEAM_B_IMPS", match.imps_b)
        _add(node, "TEAM_A_VPS", match.vp_a)
        _add(node, "TEAM_B_VPS", match.vp_b)
    units = {v: k for k, v in PENALTY_UNITS.items()}
    teams = results.header.form is CompetitionForm.TEAMS
    for penalty in results.penalties:
        node = ET.SubElement(container, "PENALTY")
        _add(node, "TEAM_NUMBER" if teams else "PAIR_NUMBER", penalty.participant_id)
        _add(node, "ROUND_NUMBER", penalty.round_number)
        _add(node, "UNITS", units[penalty.unit])
        _add(node, "AMOUNT", penalty.amount)
    for record in results.boards:
        board = ET.SubElement(container, "BOARD")
        _add(board, "BOARD_NUMBER", record.board_number)
        _add(board, "BOARD_AVERAGE", record.datum)
        for result in results.results_for(record.board_number):
            _write_line(board, result, results.header.scoring)


def write_usebio(results: TournamentResults, *, version: str = "1.2") -> str:
    """Write the results as a USEBIO 1.2 or 1.3 document.

    Individual events are written with their players (decision 0182); the
    double-dummy tricks and par only in 1.3 (decision 0183).
    """
    return write_usebio_sessions((results,), results.ranking, version=version)


def write_usebio_sessions(
    sessions: Sequence[TournamentResults],
    ranking: tuple[RankingEntry, ...],
    *,
    version: str = "1.2",
) -> str:
    """Write one event's sessions as a USEBIO 1.2 or 1.3 document.

    One session is written as it always was; several (the same participants
    and header) as ``SESSION`` elements, ``SESSION_NUMBER`` 1, 2, ..., each
    with its matches, boards and deals, and ``ranking`` (the event's) on the
    participants (decision 0179).
    """
    if version not in ("1.2", "1.3"):
        raise ValueError(f"USEBIO version {version!r} is not 1.2 or 1.3")
    if not sessions:
        raise ValueError("no session to write")
    results = sessions[0]
    header = results.header
    if any(s.participants != results.participants for s in sessions[1:]):
        raise FormatError("the sessions of one file name the same participants")
    root = ET.Element("USEBIO", {"Version": version})
    event = ET.SubElement(root, "EVENT", {"EVENT_TYPE": _event_type(header)})
    _add(event, "EVENT_DESCRIPTION", header.name or None)
    _add(event, "PROGRAM_NAME", "Arbitro")
    if header.date is not None:
        text = (
            header.date.isoformat() if version == "1.3" else f"{header.date:%d/%m/%Y}"
        )
        _add(event, "DATE", text)
    _add(event, "VENUE", header.venue)
    _add(event, "SCORING_METHOD", SCORING_ELEMENT[header.scoring])
    if header.form is not CompetitionForm.TEAMS:
        _add(event, "WINNER_TYPE", _winner_type(results))
    if len(sessions) > 1:
        _add(event, "SESSION_COUNT", len(sessions))
    _write_participants(event, replace(results, ranking=ranking))
    if len(sessions) == 1:
        _write_play(event, results)
        _write_handset(root, results.boards, version)
    else:
        for number, session in enumerate(sessions, start=1):
            node = ET.SubElement(event, "SESSION")
            _add(node, "SESSION_NUMBER", number)
            _write_play(node, session)
            _write_handset(node, session.boards, version)
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode")
    doctype = f'<!DOCTYPE USEBIO SYSTEM "usebio_v{version.replace(".", "_")}.dtd">'
    # The rules and conventions of the figures (decision 0224), in a
    # processing instruction: a DTD-validating reader of either version
    # accepts it and any other reader skips it.
    rules = f"<?{RULES_TARGET} {rules_text(header.rules)}?>\n" if header.rules else ""
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{doctype}\n{rules}{body}\n'
