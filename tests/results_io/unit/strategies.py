"""Hypothesis strategies for random but valid ``TournamentResults``.

Each format carries a different subset of the model; ``FormatProfile`` says
which optional parts a format keeps, so a round trip can demand equality.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Any

from hypothesis import strategies as st

from scoring.formats.model import (
    SEATS,
    VULNERABILITIES,
    BoardRecord,
    CompetitionForm,
    Participant,
    Player,
    RankingEntry,
    ScoringMethod,
    TableResult,
    TournamentHeader,
    TournamentResults,
    artificial_marker,
    tie_flags,
)
from scoring.formats.notation import leading_number

RANKS = "AKQJT98765432"
NAME_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZàèéìòù' -\"&<>\\"


@dataclass(frozen=True)
class FormatProfile:
    """What one file format can carry beyond the common core."""

    individual: bool = True
    assigned: bool = True
    table_and_round: bool = True
    line_percentages: bool = True
    dealer_and_vulnerability: bool = True
    name_with_players: bool = True
    single_player: bool = True
    pair_names: bool = True
    placeholder_names: bool = True
    four_players: bool = True  # an individual event's lines may name four players


JSON = FormatProfile()
# PBN reads a Names element "-" or "?" as no name (decision 0026).
PBN = FormatProfile(
    name_with_players=False,
    single_player=False,
    placeholder_names=False,
)
USEBIO = FormatProfile(
    individual=False,
    four_players=False,
    assigned=False,
    table_and_round=False,
    line_percentages=False,
    dealer_and_vulnerability=False,
    pair_names=False,
)


def names() -> st.SearchStrategy[str]:
    return st.text(NAME_ALPHABET, min_size=1, max_size=20).map(str.strip).filter(bool)


def points(low: int = -100) -> st.SearchStrategy[Decimal | None]:
    """Figures within every limit (rules.limits): matchpoints are not below
    0 (Law 78A), IMPs and percentages may be."""
    return st.none() | st.decimals(
        min_value=low, max_value=100, places=2, allow_nan=False, allow_infinity=False
    )


@st.composite
def deals(draw: st.DrawFn) -> str:
    deck = draw(st.permutations([s + r for s in "SHDC" for r in RANKS]))
    hands = []
    for seat in range(4):
        cards = deck[seat * 13 : (seat + 1) * 13]
        suits = [
            "".join(sorted((c[1] for c in cards if c[0] == s), key=RANKS.index))
            for s in "SHDC"
        ]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


@st.composite
def participants(
    draw: st.DrawFn, profile: FormatProfile, form: CompetitionForm
) -> tuple[Participant, ...]:
    count = draw(st.integers(min_value=2, max_value=6))
    two_winner = draw(st.booleans())
    result = []
    for index in range(1, count + 1):
        if two_winner:
            direction = "NS" if index % 2 else "EW"
            pid = f"{(index + 1) // 2}{direction}"
        else:
            direction = None
            pid = str(index) if draw(st.booleans()) else f"P{index}"
        player_count = draw(
            st.sampled_from((0, 1, 2, 3) if profile.single_player else (0, 2, 3))
        )
        players = tuple(
            Player(
                name=draw(names()),
                federation_id=draw(
                    st.none() | st.from_regex(r"[0-9]{4,7}", fullmatch=True)
                ),
            )
            for _ in range(player_count)
        )
        name = None
        can_name = profile.pair_names or form is CompetitionForm.TEAMS
        if can_name and (profile.name_with_players or not players):
            pair_name = names()
            if not profile.placeholder_names:
                # PBN: "-"/"?" are no name, and a pair's "A - B" is its two
                # players (Magic Contest, Ruter; decision 0224).
                pair_name = pair_name.filter(
                    lambda n: (
                        n not in ("-", "?")
                        and (form is CompetitionForm.TEAMS or " - " not in n)
                    )
                )
            name = draw(st.none() | pair_name)
        result.append(
            Participant(
                participant_id=pid,
                number=leading_number(pid),
                direction=direction,
                name=name,
                players=players,
            )
        )
    return tuple(result)


@st.composite
def table_results(
    draw: st.DrawFn, profile: FormatProfile, board_number: int, ns: str, ew: str
) -> TableResult:
    kind = draw(st.sampled_from(("played", "played", "pass", "artificial")))
    extra: dict[str, Any] = {}
    if profile.table_and_round:
        extra["table_number"] = draw(st.none() | st.integers(1, 30))
        extra["round_number"] = draw(st.none() | st.integers(1, 15))
    if profile.line_percentages:
        extra["percentage_ns"] = draw(points())
        extra["percentage_ew"] = draw(points())
    common: dict[str, Any] = {
        "board_number": board_number,
        "ns_id": ns,
        "ew_id": ew,
        "mp_ns": draw(points(low=0)),
        "mp_ew": draw(points(low=0)),
        "imp_ns": draw(points()),
        "imp_ew": draw(points()),
        **extra,
    }
    if kind == "artificial":
        split = draw(
            st.sampled_from(
                ((60, 40), (50, 50), (40, 40), (60, 60), (40, 60), (100, 0))
            )
            | st.tuples(
                st.decimals(min_value=0, max_value=100, places=1),
                st.decimals(min_value=0, max_value=100, places=1),
            )
        )
        return TableResult(contract=artificial_marker(*split), **common)
    score = draw(st.none() | st.integers(-7600, 7600))
    assigned = profile.assigned and score is not None and draw(st.booleans())
    if kind == "pass":
        score_ns = 0 if assigned else draw(st.sampled_from((None, 0)))
        return TableResult(
            contract="PASS", score_ns=score_ns, assigned=assigned, **common
        )
    level = draw(st.integers(1, 7))
    denomination = draw(st.sampled_from(("C", "D", "H", "S", "NT")))
    doubling = draw(st.sampled_from(("", "X", "XX")))
    return TableResult(
        contract=f"{level}{denomination}{doubling}",
        declarer=draw(st.sampled_from(SEATS)),
        lead=draw(st.none() | st.sampled_from([s + r for s in "SHDC" for r in RANKS])),
        tricks=draw(st.integers(0, 13)),
        score_ns=score,
        assigned=assigned,
        **common,
    )


@st.composite
def tournaments(draw: st.DrawFn, profile: FormatProfile = JSON) -> TournamentResults:
    forms = [CompetitionForm.PAIRS, CompetitionForm.TEAMS]
    if profile.individual:
        forms.append(CompetitionForm.INDIVIDUAL)
    form = draw(st.sampled_from(forms))
    header = TournamentHeader(
        name=draw(st.just("") | names()),
        date=draw(st.none() | st.dates(date(1900, 1, 1), date(2100, 12, 31))),
        venue=draw(st.none() | names()),
        scoring=draw(st.sampled_from(list(ScoringMethod))),
        form=form,
    )
    people = draw(participants(profile, form))
    ids = [p.participant_id for p in people]
    board_numbers = draw(
        st.lists(st.integers(1, 40), min_size=1, max_size=4, unique=True)
    )
    boards = []
    results = []
    for number in board_numbers:
        keep = profile.dealer_and_vulnerability
        boards.append(
            BoardRecord(
                board_number=number,
                dealer=draw(st.none() | st.sampled_from(SEATS)) if keep else None,
                vulnerability=draw(st.none() | st.sampled_from(VULNERABILITIES))
                if keep
                else None,
                deal=draw(st.none() | deals()),
            )
        )
        seating = draw(st.permutations(ids))
        four = form is CompetitionForm.INDIVIDUAL and profile.four_players
        if four and draw(st.booleans()):
            # Law 4: four players a table, North, East, South, West.
            for table in range(draw(st.integers(0, len(seating) // 4))):
                seats = tuple(seating[4 * table : 4 * table + 4])
                line = draw(table_results(profile, number, seats[0], seats[1]))
                results.append(replace(line, players=seats))
            continue
        tables = draw(st.integers(0, len(seating) // 2))
        for table in range(tables):
            ns, ew = seating[2 * table], seating[2 * table + 1]
            results.append(draw(table_results(profile, number, ns, ew)))
    ranked = draw(st.lists(st.sampled_from(ids), unique=True, max_size=len(ids)))
    ranking = tuple(
        RankingEntry(
            participant_id=pid,
            rank=draw(st.integers(1, len(ids))),
            total=draw(points()),
            percentage=draw(points()),
        )
        for pid in ranked
    )
    return TournamentResults(
        header=header,
        participants=people,
        boards=tuple(boards),
        results=tuple(results),
        ranking=tie_flags(ranking, people),
    )
