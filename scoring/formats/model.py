"""Interchange model for tournament results read from or written to files.

Every format (PBN ScoreTable/TotalScoreTable, USEBIO XML, the JSON export)
reads into and writes from these frozen values. They hold the results *as the
file gives them*, including the file's own matchpoints, IMPs and percentages,
so that an import can compare them with our own scoring.

Plain strings stand for seats, vulnerabilities, contracts and cards, checked on
construction, so that this package depends on nothing but the standard library
and ``rules.errors``:

- seat: ``"N"``, ``"E"``, ``"S"``, ``"W"``;
- vulnerability: ``"None"``, ``"NS"``, ``"EW"``, ``"All"`` (PBN spellings);
- contract: ``"4S"``, ``"3NTX"``, ``"7CXX"`` (level, denomination, doubling;
  the declarer is a separate field), ``"PASS"`` for a passed-out board
  (Law 22A), or an artificial adjusted score (Law 12C2) written
  ``"A60/40"`` (NS percentage / EW percentage);
- card: suit then rank, ``"SA"``, ``"HT"``, ``"C2"``;
- deal: a PBN deal string starting at North, ``"N:AKQ.… … … …"``, with ``-``
  for a hand the file does not give.

Points (matchpoints, IMPs, percentages) are ``Decimal`` because files write
them as decimal text ("42.0", "3.67"); ``Decimal`` keeps that text exact.
Order of participants, boards, results and ranking is not significant;
``TournamentResults.canonical()`` gives a sorted copy for comparisons.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from enum import StrEnum

from rules import limits
from rules.limits import Limit
from scoring.formats.rules_text import RULE, RULE_VALUE

__all__ = [
    "PENALTY_UNITS",
    "BoardRecord",
    "CompetitionForm",
    "MatchRecord",
    "Participant",
    "Penalty",
    "Player",
    "RankingEntry",
    "ScoringMethod",
    "TableResult",
    "TournamentHeader",
    "TournamentResults",
    "artificial_marker",
    "artificial_percentages",
    "is_artificial",
    "is_played",
]

SEATS = ("N", "E", "S", "W")
DD_DENOMINATIONS = ("S", "H", "D", "C", "NT")
VULNERABILITIES = ("None", "NS", "EW", "All")
DIRECTIONS = ("NS", "EW")
PASS = "PASS"
RANKS = "AKQJT98765432"

_CONTRACT = re.compile(r"[1-7](?:C|D|H|S|NT)(?:X|XX)?")
_ARTIFICIAL = re.compile(r"A(\d{1,3}(?:\.\d{1,2})?)/(\d{1,3}(?:\.\d{1,2})?)")
_CARD = re.compile(r"[SHDC][AKQJT2-9]")
# A token every format can carry: starts with a letter or digit (so never
# "-", "?" or "^", which PBN tables reserve) and has no space, quote, ";",
# braces or brackets.
_IDENTIFIER = re.compile(r'[A-Za-z0-9][^\s";{}\[\]]*')


class ScoringMethod(StrEnum):
    """How each board is scored (Law 78; FIGB norms §2-3)."""

    MATCHPOINTS = "MP"
    IMPS = "IMP"
    CROSS_IMPS = "XIMP"
    BUTLER = "BUTLER"
    TOTAL_POINTS = "TOTAL"
    BOARD_A_MATCH = "BAM"


class CompetitionForm(StrEnum):
    """Who the contestants are: pairs, teams or individuals."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"


def _check_text(value: str | None, what: str) -> None:
    if value is not None and ("\n" in value or "\r" in value):
        raise ValueError(f"{what} {value!r} spans several lines")


def _check_points(value: Decimal | None, what: str, limit: Limit) -> None:
    if value is not None and not value.is_finite():
        raise ValueError(f"{what} {value} is not a finite number")
    _within(limit, value, what)


def _within(limit: Limit, value: int | Decimal | None, field: str) -> None:
    """Every number the model holds lies within its limit (``rules.limits``):
    whatever a reader builds, the import can record and the projection
    store (decision 0212)."""
    if value is not None:
        limit.check(value, field)


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentHeader:
    """What the file says about the tournament as a whole."""

    name: str
    date: date | None = None
    venue: str | None = None
    scoring: ScoringMethod = ScoringMethod.MATCHPOINTS
    form: CompetitionForm = CompetitionForm.PAIRS
    # The producing program as the file names it (PBN ``Generator``, USEBIO
    # ``PROGRAM_NAME``), and the file's own words for its scoring (PBN
    # ``Scoring``, USEBIO ``EVENT_TYPE``): what its conventions are detected
    # from (decision 0129). Provenance, not content: neither is written back
    # nor compared.
    program: str | None = field(default=None, compare=False)
    scoring_text: str | None = field(default=None, compare=False)
    # USEBIO ``WINNER_TYPE`` as the file gives it: 1 one field, 2 a winner in
    # each direction (Law 78A); provenance the import follows (decision 0184).
    winner_type: int | None = field(default=None, compare=False)
    # The scoring rules the figures were made under (regulation, averaged
    # and fouled boards, no-fault revision) and the conventions they are
    # printed in (rounding, totals, ...), as (setting, value) pairs: what an
    # import of the file takes unless told otherwise (decision 0224).
    rules: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        for key, value in self.rules:
            if not RULE.fullmatch(key) or not RULE_VALUE.fullmatch(value):
                raise ValueError(f"scoring rule {key}={value!r} is not a setting")
        _check_text(self.name, "tournament name")
        _check_text(self.venue, "venue")
        _check_text(self.program, "program")
        _check_text(self.scoring_text, "scoring")


@dataclass(frozen=True, slots=True, kw_only=True)
class Player:
    """A player as the file names them, with a federation number if given."""

    name: str
    federation_id: str | None = None

    def __post_init__(self) -> None:
        # Names are stored trimmed: every reader strips what the file pads.
        if not self.name or self.name != self.name.strip():
            raise ValueError(f"player name {self.name!r} is empty or padded")
        if ";" in self.name:
            # PBN separates the players of a <names> string with ";".
            raise ValueError(f"player name {self.name!r} has a ;")
        _check_text(self.name, "player name")
        if self.federation_id is not None and not _IDENTIFIER.fullmatch(
            self.federation_id
        ):
            raise ValueError(f"federation number {self.federation_id!r} is invalid")


@dataclass(frozen=True, slots=True, kw_only=True)
class Participant:
    """A pair, team or individual, keyed by the id the file uses for it.

    ``direction`` is ``"NS"`` or ``"EW"`` when the contestant stays in one
    direction (a two-winner Mitchell), ``None`` otherwise.
    """

    participant_id: str
    number: int | None = None
    direction: str | None = None
    name: str | None = None
    players: tuple[Player, ...] = ()

    def __post_init__(self) -> None:
        if not _IDENTIFIER.fullmatch(self.participant_id):
            raise ValueError(f"participant id {self.participant_id!r} is invalid")
        if self.number is not None and self.number < 0:
            raise ValueError(f"participant number {self.number} is negative")
        _within(limits.ENTRY, self.number, "number")
        if self.direction is not None and self.direction not in DIRECTIONS:
            raise ValueError(f"direction {self.direction!r} is not NS or EW")
        if self.name is not None and (
            not self.name or self.name != self.name.strip() or ";" in self.name
        ):
            raise ValueError(
                f"participant name {self.name!r} is empty, padded or has a ;"
            )
        _check_text(self.name, "participant name")


def _normalise_hand(hand: str) -> tuple[str, list[str]]:
    """Return the hand with ranks in order, and its cards; raise if malformed."""
    if hand == "-":
        return hand, []
    suits = hand.split(".")
    if len(suits) != 4:
        raise ValueError(f"hand {hand!r} does not have four suits")
    ordered: list[str] = []
    cards: list[str] = []
    for suit_letter, holding in zip("SHDC", suits, strict=True):
        holding = holding.upper().replace("10", "T")
        if any(rank not in RANKS for rank in holding):
            raise ValueError(f"hand {hand!r} has an unknown rank")
        ordered.append("".join(sorted(holding, key=RANKS.index)))
        cards.extend(suit_letter + rank for rank in holding)
    return ".".join(ordered), cards


def normalise_deal(deal: str) -> str:
    """Return a PBN deal string starting at North, ranks in order.

    Law 1 (52 distinct cards), Law 6 (13 to each hand); a hand the file does
    not give is ``-``. Raise ``ValueError`` naming the problem.
    """
    first, sep, rest = deal.strip().partition(":")
    first = first.strip().upper()
    if not sep or first not in SEATS:
        raise ValueError(f"deal {deal!r} does not start with a seat and ':'")
    hands = rest.split()
    if len(hands) != 4:
        raise ValueError(f"deal {deal!r} does not have four hands")
    start = SEATS.index(first)
    by_seat: dict[str, str] = {}
    seen: set[str] = set()
    for offset, hand in enumerate(hands):
        normalised, cards = _normalise_hand(hand)
        if normalised != "-" and len(cards) != 13:
            raise ValueError(f"hand {hand!r} has {len(cards)} cards, not 13")
        if seen.intersection(cards) or len(set(cards)) != len(cards):
            raise ValueError(f"deal {deal!r} has a card twice")
        seen.update(cards)
        by_seat[SEATS[(start + offset) % 4]] = normalised
    return "N:" + " ".join(by_seat[seat] for seat in SEATS)


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardRecord:
    """One board: number, dealer and vulnerability as the file gives them, deal."""

    board_number: int
    dealer: str | None = None
    vulnerability: str | None = None
    deal: str | None = None
    # The file's Butler datum for the board (USEBIO ``BOARD_AVERAGE``), NS view.
    datum: int | None = None
    # Double-dummy tricks: rows S, H, D, C, NT; columns declarer N, E, S, W
    # (information, never a ruling).
    double_dummy: tuple[tuple[int, ...], ...] | None = None
    # Par, North-South's score (DDS dealer-par; decision 0183), information.
    par_score: int | None = None

    def __post_init__(self) -> None:
        if self.double_dummy is not None and (
            len(self.double_dummy) != len(DD_DENOMINATIONS)
            or any(len(row) != len(SEATS) for row in self.double_dummy)
            or any(not 0 <= t <= 13 for row in self.double_dummy for t in row)
        ):
            raise ValueError(
                f"board {self.board_number}: double-dummy tricks are not 5 rows "
                "of 4 counts from 0 to 13"
            )
        if self.board_number < 1:
            raise ValueError(f"board number {self.board_number} is below 1")
        _within(limits.BOARD, self.board_number, "board_number")
        _within(limits.SCORE, self.datum, "datum")
        _within(limits.SCORE, self.par_score, "par_score")
        if self.dealer is not None and self.dealer not in SEATS:
            raise ValueError(f"dealer {self.dealer!r} is not a seat")
        if self.vulnerability is not None and self.vulnerability not in (
            VULNERABILITIES
        ):
            raise ValueError(f"vulnerability {self.vulnerability!r} is unknown")
        if self.deal is not None and normalise_deal(self.deal) != self.deal:
            raise ValueError(f"deal {self.deal!r} is not in normal form")


Outcomes = tuple[tuple[int, Decimal], ...]
"""A side's outcomes of a weighted assigned score: (NS score, weight)."""


def _check_weighted(weighted: tuple[Outcomes, Outcomes]) -> None:
    """Law 12C1(c): each side's weights lie in (0, 1], to two decimals (decision
    0022), and sum to 1; its scores are whole NS scores."""
    for side, outcomes in zip(("NS", "EW"), weighted, strict=True):
        if not outcomes:
            raise ValueError(f"the weighted score gives {side} no outcome")
        for score, weight in outcomes:
            if isinstance(score, bool) or not isinstance(score, int):
                raise ValueError(f"{score!r} is not a score")
            _within(limits.SCORE, score, "score")
            if not 0 < weight <= 1 or weight != round(weight, 2):
                raise ValueError(f"weight {weight} is not between 0 and 1 to 2 places")
        if sum(w for _, w in outcomes) != 1:
            raise ValueError(f"the weights of {side}'s outcomes do not sum to 1")


def is_played(contract: str) -> bool:
    """Return whether ``contract`` names a contract played at the table."""
    return _CONTRACT.fullmatch(contract) is not None


def is_artificial(contract: str) -> bool:
    """Return whether ``contract`` is an artificial adjusted score (Law 12C2)."""
    return artificial_percentages(contract) is not None


def artificial_percentages(contract: str) -> tuple[Decimal, Decimal] | None:
    """Return the (NS, EW) percentages of an ``"A60/40"`` marker, else None.

    Law 12C2: 60% average plus, 50% average, 40% average minus; splits like
    60/40 or 40/40 and the session percentage of 12C2(c) (e.g. ``A63.5/40``).
    """
    match = _ARTIFICIAL.fullmatch(contract)
    if match is None:
        return None
    ns, ew = Decimal(match[1]), Decimal(match[2])
    if ns > 100 or ew > 100 or artificial_marker(ns, ew) != contract:
        return None
    return ns, ew


def _plain(value: Decimal) -> str:
    """Write a percentage without exponent or trailing zeros: 60, 63.5."""
    if value == value.to_integral_value():
        return str(int(value))
    return format(value.normalize(), "f")


def artificial_marker(ns: Decimal | int, ew: Decimal | int) -> str:
    """Return the marker of an artificial adjusted score, e.g. ``"A60/40"``.

    Law 12C2; the percentages are those each side is awarded.
    """
    return f"A{_plain(Decimal(ns))}/{_plain(Decimal(ew))}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TableResult:
    """One line of a traveller: what happened on one board at one table.

    ``score_ns`` is the raw score from the NS point of view (Law 77), as the
    file gives it; ``None`` when the file does not give it, and always ``None``
    for an artificial adjusted score (Law 12C2), which has no table score.
    ``assigned`` marks an assigned adjusted score (Law 12C1): a contract
    result the Director substituted, scored like a table result.
    The ``mp_*``, ``imp_*`` and ``percentage_*`` fields are the file's own
    computation for each side, if it has one.

    In an individual event (Law 4) ``players`` names the four contestants,
    North, East, South, West; ``ns_id`` and ``ew_id`` are then North and
    East, and partners share their side's figures.
    """

    board_number: int
    ns_id: str
    ew_id: str
    contract: str
    declarer: str | None = None
    lead: str | None = None
    tricks: int | None = None
    score_ns: int | None = None
    assigned: bool = False
    table_number: int | None = None
    round_number: int | None = None
    mp_ns: Decimal | None = None
    mp_ew: Decimal | None = None
    imp_ns: Decimal | None = None
    imp_ew: Decimal | None = None
    percentage_ns: Decimal | None = None
    percentage_ew: Decimal | None = None
    players: tuple[str, str, str, str] | None = None
    # A weighted or split assigned score (Law 12C1(c), 12C1(e)): each side's
    # outcomes, (NS score, weight), weights to two decimals summing to 1.
    # The line's contract and score are then the table result it replaced;
    # only the JSON carries it (decision 0184).
    weighted: tuple[Outcomes, Outcomes] | None = None

    def __post_init__(self) -> None:
        if self.weighted is not None:
            _check_weighted(self.weighted)
        if self.board_number < 1:
            raise ValueError(f"board number {self.board_number} is below 1")
        _within(limits.BOARD, self.board_number, "board_number")
        _within(limits.SCORE, self.score_ns, "score_ns")
        if self.ns_id == self.ew_id:
            raise ValueError(f"pair {self.ns_id} cannot play against itself")
        if self.players is not None:
            if len(self.players) != 4 or len(set(self.players)) != 4:
                raise ValueError(f"players {self.players} are not four contestants")
            if self.players[:2] != (self.ns_id, self.ew_id):
                raise ValueError("an individual line's ns and ew are North and East")
        for number, what in (
            (self.table_number, "table"),
            (self.round_number, "round"),
        ):
            if number is not None and number < 1:
                raise ValueError(f"{what} number {number} is below 1")
        _within(limits.TABLE, self.table_number, "table_number")
        _within(limits.ROUND, self.round_number, "round_number")
        if self.lead is not None and not _CARD.fullmatch(self.lead):
            raise ValueError(f"lead {self.lead!r} is not a card")
        if self.assigned and self.score_ns is None:
            # Law 12C1: an assigned score is a table result, so it has a score.
            raise ValueError("an assigned adjusted score needs its score")
        if is_played(self.contract):
            self._check_played()
        elif self.contract == PASS:
            self._check_passed_out()
        elif is_artificial(self.contract):
            self._check_artificial()
        else:
            raise ValueError(f"contract {self.contract!r} is not a contract")
        for name, limit in (
            ("mp_ns", limits.MATCHPOINTS),
            ("mp_ew", limits.MATCHPOINTS),
            ("imp_ns", limits.LINE_IMPS),
            ("imp_ew", limits.LINE_IMPS),
            ("percentage_ns", limits.PERCENTAGE),
            ("percentage_ew", limits.PERCENTAGE),
        ):
            _check_points(getattr(self, name), name, limit)

    @property
    def contestants(self) -> tuple[str, ...]:
        """Everyone this line scores: the two pairs, or the four players."""
        return self.players or (self.ns_id, self.ew_id)

    def _check_played(self) -> None:
        if self.declarer not in SEATS:
            raise ValueError(f"contract {self.contract} has no declarer")
        if self.tricks is None or not 0 <= self.tricks <= 13:
            raise ValueError(f"tricks {self.tricks} is not between 0 and 13")

    def _check_passed_out(self) -> None:
        # Law 22A: four passes, no declarer, no play; the score is zero.
        if self.declarer is not None or self.tricks is not None or self.lead:
            raise ValueError("a passed-out board has no declarer, lead or tricks")
        if self.score_ns not in (None, 0):
            raise ValueError(f"a passed-out board scores 0, not {self.score_ns}")

    def _check_artificial(self) -> None:
        if (
            self.declarer is not None
            or self.tricks is not None
            or self.lead is not None
            or self.score_ns is not None
        ):
            raise ValueError(
                "an artificial adjusted score has no declarer, lead, tricks or score"
            )
        if self.assigned:
            raise ValueError("an adjusted score is artificial or assigned, not both")


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchRecord:
    """A teams match (Law 78B): its round, the two teams (participant ids),
    the IMPs each won over its boards and the victory points they convert to
    (the WBF scale as the event applies it; FIGB N-L78 §5)."""

    round_number: int
    team_a: str
    team_b: str
    imps_a: int
    imps_b: int
    boards: int | None = None
    vp_a: Decimal | None = None
    vp_b: Decimal | None = None

    def __post_init__(self) -> None:
        if self.round_number < 1:
            raise ValueError(f"round {self.round_number} is not a round number")
        if self.team_a == self.team_b:
            raise ValueError(f"team {self.team_a} plays itself")
        if self.imps_a < 0 or self.imps_b < 0:
            raise ValueError("IMPs won in a match are not negative")
        if self.boards is not None and self.boards < 1:
            raise ValueError(f"a match of {self.boards} boards")
        _within(limits.ROUND, self.round_number, "round_number")
        _within(limits.MATCH_IMPS, self.imps_a, "imps_a")
        _within(limits.MATCH_IMPS, self.imps_b, "imps_b")
        _within(limits.BOARDS_A_MATCH, self.boards, "boards")
        _check_points(self.vp_a, "VPs", limits.VICTORY_POINTS)
        _check_points(self.vp_b, "VPs", limits.VICTORY_POINTS)


PENALTY_UNITS = ("MP", "PERCENT", "TOP_PERCENT", "IMP", "VP")
"""A penalty's unit in a file: matchpoints, percentage points of the session
or a percentage of a board's top (pairs, FIGB N-L8); IMPs off one match or
VPs off the total (teams)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Penalty:
    """A penalty on a contestant in the session, as the file gives it (Laws
    90-91, FIGB N-L8): ``amount`` is what is taken off, positive; an IMP
    penalty names its match's round (FIGB §2.1 rule 2). The file's totals
    include it (decision 0181)."""

    participant_id: str
    unit: str
    amount: Decimal
    round_number: int | None = None

    def __post_init__(self) -> None:
        if self.unit not in PENALTY_UNITS:
            raise ValueError(
                f"penalty unit {self.unit!r} is not one of {PENALTY_UNITS}"
            )
        if self.amount.is_finite() and self.amount <= 0:
            raise ValueError(f"a penalty of {self.amount} is not positive")
        _check_points(self.amount, "penalty", limits.PENALTY)
        if self.round_number is not None and self.round_number < 1:
            raise ValueError(f"round {self.round_number} is not a round number")
        _within(limits.ROUND, self.round_number, "round_number")


@dataclass(frozen=True, slots=True, kw_only=True)
class RankingEntry:
    """One line of the final ranking.

    ``tied`` is true when another contestant of the same direction shares the
    rank (the rank is the best of the tied places, as PBN and USEBIO write it).
    """

    participant_id: str
    rank: int
    tied: bool = False
    total: Decimal | None = None
    percentage: Decimal | None = None

    def __post_init__(self) -> None:
        if self.rank < 1:
            raise ValueError(f"rank {self.rank} is below 1")
        _within(limits.RANK, self.rank, "rank")
        _check_points(self.total, "total", limits.TOTAL)
        _check_points(self.percentage, "percentage", limits.PERCENTAGE)


def tie_flags(
    ranking: tuple[RankingEntry, ...], participants: tuple[Participant, ...]
) -> tuple[RankingEntry, ...]:
    """Return the ranking with ``tied`` set from shared ranks per direction."""
    direction = {p.participant_id: p.direction for p in participants}
    counts: dict[tuple[str | None, int], int] = {}
    for entry in ranking:
        key = (direction.get(entry.participant_id), entry.rank)
        counts[key] = counts.get(key, 0) + 1
    return tuple(
        replace(
            entry,
            tied=counts[(direction.get(entry.participant_id), entry.rank)] > 1,
        )
        for entry in ranking
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentResults:
    """Everything a results file holds: header, contestants, boards, ranking.

    Checked on construction: ids are unique, every result names a known board
    and two known contestants, no contestant plays a board twice, and tie
    flags agree with the ranks.
    """

    header: TournamentHeader
    participants: tuple[Participant, ...] = ()
    boards: tuple[BoardRecord, ...] = ()
    results: tuple[TableResult, ...] = ()
    ranking: tuple[RankingEntry, ...] = field(default=())
    matches: tuple[MatchRecord, ...] = ()
    penalties: tuple[Penalty, ...] = ()

    def __post_init__(self) -> None:
        ids = [p.participant_id for p in self.participants]
        if len(set(ids)) != len(ids):
            raise ValueError("a participant id appears twice")
        known = set(ids)
        numbers = [b.board_number for b in self.boards]
        if len(set(numbers)) != len(numbers):
            raise ValueError("a board number appears twice")
        boards = set(numbers)
        # A team plays each board twice in a match, once in each direction
        # (Law 78B); a pair or a player once.
        teams = self.header.form is CompetitionForm.TEAMS
        played: set[tuple[int, str, str]] = set()
        for result in self.results:
            if result.board_number not in boards:
                raise ValueError(f"result for unknown board {result.board_number}")
            for index, pair in enumerate(result.contestants):
                if pair not in known:
                    raise ValueError(f"result names unknown participant {pair}")
                key = (result.board_number, pair, str(index) if teams else "")
                if key in played:
                    raise ValueError(
                        f"participant {pair} plays board {result.board_number} twice"
                    )
                played.add(key)
        rounds: set[tuple[int, str]] = set()
        for match in self.matches:
            for team in (match.team_a, match.team_b):
                if team not in known:
                    raise ValueError(f"match names unknown team {team}")
                if (match.round_number, team) in rounds:
                    raise ValueError(
                        f"team {team} plays two matches in round {match.round_number}"
                    )
                rounds.add((match.round_number, team))
        for penalty in self.penalties:
            if penalty.participant_id not in known:
                raise ValueError(
                    f"penalty on unknown participant {penalty.participant_id}"
                )
        ranked = [entry.participant_id for entry in self.ranking]
        if len(set(ranked)) != len(ranked):
            raise ValueError("a participant is ranked twice")
        for pid in ranked:
            if pid not in known:
                raise ValueError(f"ranking names unknown participant {pid}")
        if tie_flags(self.ranking, self.participants) != self.ranking:
            raise ValueError("tie flags disagree with the ranks")

    def results_for(self, board_number: int) -> tuple[TableResult, ...]:
        """Return the results of one board, in file order."""
        return tuple(r for r in self.results if r.board_number == board_number)

    def participant(self, participant_id: str) -> Participant:
        """Return the participant with this id; raise KeyError if unknown."""
        for p in self.participants:
            if p.participant_id == participant_id:
                return p
        raise KeyError(participant_id)

    def canonical(self) -> TournamentResults:
        """Return a copy in a fixed order, for comparing two readings."""
        return replace(
            self,
            participants=tuple(
                sorted(self.participants, key=lambda p: p.participant_id)
            ),
            boards=tuple(sorted(self.boards, key=lambda b: b.board_number)),
            results=tuple(
                sorted(
                    self.results,
                    key=lambda r: (r.board_number, r.ns_id, r.ew_id),
                )
            ),
            ranking=tuple(
                sorted(self.ranking, key=lambda e: (e.rank, e.participant_id))
            ),
            penalties=tuple(
                sorted(
                    self.penalties,
                    key=lambda p: (p.participant_id, p.unit, p.round_number or 0),
                )
            ),
        )
