"""The FIGB penalty catalogue by form (digest §2.2, checked against the
Italian text) and every Law 12 form as an event of the board's stream."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from rules.errors import DomainError
from tests.tournaments.unit.board_result.test_corrections_and_windows import entered
from tournaments.domain import board_result as br
from tournaments.domain import tournament as t
from tournaments.domain.penalties import (
    FIGB_CATALOGUE,
    PenaltyOverride,
    catalogue_text,
    imposable,
    in_norm_order,
    ruling_score,
)
from tournaments.domain.session_scoring import Conditions, Line, score_session

T0 = datetime(2026, 11, 26, 15, tzinfo=UTC)
TID = uuid.UUID("00000000-0000-4000-8000-0000000000fe")


def event(form: t.Form) -> t.TournamentState:
    """An event of ``form`` with entries 1-4 at two tables of one round."""
    state = t.INITIAL
    commands: list[t.TournamentCommand] = [
        t.CreateTournament(
            tournament_id=TID,
            name="Coppa",
            form=form,
            scoring=t.SCORING_FOR_FORM[form][0],
            windows=t.WindowRules(),
            starts_at=T0,
            imported=True,
        ),
        *(
            t.EnterPair(
                number=n,
                entry_id=uuid.uuid4(),
                player_ids=tuple(
                    uuid.uuid4() for _ in range(4 if form is t.Form.TEAMS else 2)
                ),
            )
            for n in range(1, 5)
        ),
    ]
    assignments = (
        (
            t.TableAssignment(round=1, table=1, ns=1, ew=2, boards=(1, 2)),
            t.TableAssignment(round=1, table=2, ns=2, ew=1, boards=(1, 2)),
            t.TableAssignment(round=1, table=3, ns=3, ew=4, boards=(1, 2)),
            t.TableAssignment(round=1, table=4, ns=4, ew=3, boards=(1, 2)),
        )
        if form is t.Form.TEAMS
        else (
            t.TableAssignment(round=1, table=1, ns=1, ew=3, boards=(1, 2)),
            t.TableAssignment(round=1, table=2, ns=2, ew=4, boards=(1, 2)),
        )
    )
    commands.append(
        t.ScheduleSession(
            session=1,
            movement="round_robin" if form is t.Form.TEAMS else "mitchell",
            starts_at=T0,
            ends_at=T0 + timedelta(hours=3),
            assignments=assignments,
        )
    )
    for command in commands:
        for e in t.decide(state, command, T0):
            state = t.evolve(state, e)
    return state


def impose(state: t.TournamentState, key: str, amount: int = 0) -> t.PenaltyImposed:
    [imposed] = t.decide(
        state,
        t.ImposePenalty(session=1, entry_number=1, catalogue=key, amount=amount),
        T0,
    )
    assert isinstance(imposed, t.PenaltyImposed)
    return imposed


def figures(imposed: t.PenaltyImposed) -> tuple[str, str, int, str]:
    return imposed.kind, imposed.unit, imposed.amount, imposed.law


# -- the catalogue, row by row -----------------------------------------------------


@pytest.mark.parametrize(
    ("key", "pairs", "teams"),
    [
        # N-L8 §5: "penalizzare entrambe le coppie del 10% del Top".
        ("diagram_error", ("procedural", "percent_of_top", 10, "90"), None),
        # N-L8 §5, N-L87 §7: "penalizzate del 20% del Top".
        ("duplication_error", ("procedural", "percent_of_top", 20, "90"), None),
        # N-L18: "una penalità ... pari al 10%" (of the top in pairs [interp]).
        ("stop_card", ("procedural", "percent_of_top", 10, "90"), None),
        # N-L43/B1: "nei tornei a coppie del 20% del Top; a squadre di 2 i.m.p."
        (
            "dummy_infringement",
            ("procedural", "percent_of_top", 20, "90"),
            ("procedural", "imps", 2, "90"),
        ),
        # N-L90: 2 VP for leaving the closed room.
        ("closed_room_exit", None, ("procedural", "vp", 2, "90")),
        # N-L5 §1: 20% / 40% of the match's draw, on the WBF 20-VP scale's
        # draw of 10: 2 and 4 VP (3 and 6 on the text's 25-0 scale).
        ("wrong_seating_first", None, ("procedural", "vp", 2, "90")),
        ("wrong_seating_last", None, ("procedural", "vp", 4, "90")),
        # N-L87 §2, §7: the previous table, 10% of the top; teams 3 IMPs.
        (
            "fouled_previous_table",
            ("procedural", "percent_of_top", 10, "90"),
            ("procedural", "imps", 3, "90"),
        ),
        # N-L87 §4: pairs "un'ammonizione ad entrambe le coppie"; teams 3 IMPs.
        (
            "board_rotated_90",
            ("warning", "none", 0, "87"),
            ("procedural", "imps", 3, "87"),
        ),
        # N-L87 §5: a warning to both lines, in either form.
        (
            "board_rotated_180",
            ("warning", "none", 0, "87"),
            ("warning", "none", 0, "87"),
        ),
        # N-L87 §6: "una penalità del 10% al trasgressore"; teams 3 IMPs.
        (
            "wrong_extraction",
            ("procedural", "percent_of_top", 10, "90"),
            ("procedural", "imps", 3, "90"),
        ),
        # N-L87 §7b: 3 IMPs to the players responsible for the swap.
        ("swapped_cards_responsible", None, ("procedural", "imps", 3, "90")),
        # App1 §5: from 50% of the top (teams 1 VP) up to a ban.
        (
            "card_omission",
            ("procedural", "percent_of_top", 50, "90"),
            ("procedural", "vp", 1, "90"),
        ),
    ],
)
def test_each_fixed_penalty_by_form(
    key: str,
    pairs: tuple[str, str, int, str] | None,
    teams: tuple[str, str, int, str] | None,
) -> None:
    for form, expected in ((t.Form.PAIRS, pairs), (t.Form.TEAMS, teams)):
        state = event(form)
        if expected is None:
            with pytest.raises(t.InvalidPenalty):
                impose(state, key)
        else:
            assert figures(impose(state, key)) == expected


def accepted(state: t.TournamentState) -> list[str]:
    """The catalogue rows ``ImposePenalty`` accepts in this event, in norm order."""
    keys = []
    for rule in in_norm_order():
        try:
            impose(state, rule.key)
        except t.InvalidPenalty:
            continue
        keys.append(rule.key)
    return keys


def test_an_event_is_offered_the_rows_of_its_own_form_only() -> None:
    """Law 90: the console lists ``imposable``'s rows. A pairs event is
    offered no teams-only row (N-L5 §1, N-L87 §7b, N-L90) and a teams event
    no pairs-only row (N-L8 §5, N-L18); neither a score assigned on the
    board (a ruling's): exactly the rows ``ImposePenalty`` accepts."""
    pairs = [r.key for r in imposable(teams=False)]
    teams = [r.key for r in imposable(teams=True)]
    assert pairs == [
        "diagram_error",
        "duplication_error",
        "stop_card",
        "dummy_infringement",
        "fouled_previous_table",
        "board_rotated_90",
        "board_rotated_180",
        "wrong_extraction",
        "card_omission",
    ]
    assert teams == [
        "wrong_seating_first",
        "wrong_seating_last",
        "dummy_infringement",
        "fouled_previous_table",
        "fouled_180",
        "board_rotated_90",
        "board_rotated_180",
        "wrong_extraction",
        "swapped_cards_responsible",
        "closed_room_exit",
        "card_omission",
    ]
    assert pairs == accepted(event(t.Form.PAIRS))
    assert teams == accepted(event(t.Form.TEAMS))
    # The organiser's own amount makes a row the event's (its regulation).
    own = (PenaltyOverride(key="closed_room_exit", unit="percent_of_top", amount=10),)
    assert "closed_room_exit" in [r.key for r in imposable(False, own)]


def test_a_minimum_stands_unless_the_director_gives_more() -> None:
    """App1 §5: "from 50% of the top up to a ban": 70% is the director's."""
    assert impose(event(t.Form.PAIRS), "card_omission", 70).amount == 70
    assert impose(event(t.Form.PAIRS), "card_omission", 30).amount == 50


def test_an_assigned_score_is_a_rulings_not_a_penalty() -> None:
    with pytest.raises(t.InvalidPenalty) as refused:
        impose(event(t.Form.PAIRS), "result_not_recorded")
    assert refused.value.message == (
        "'result_not_recorded' is a score assigned on the board (FIGB N-L8 §5): "
        "give it with a ruling naming the catalogue entry"
    )


@pytest.mark.parametrize(
    ("key", "offender", "score"),
    [
        # N-L8 §5: "attribuendo ad entrambe le coppie il 40% del Top".
        ("result_not_recorded", None, "A40/40"),
        # N-L87 §2: "il 60% del Top ad entrambe le coppie".
        ("fouled_180", None, "A60/60"),
        # App1 §7 (1): "almeno il 60% all'innocente e massimo il 40% al colpevole".
        ("system_breach", "ns", "A40/60"),
        ("system_breach", "ew", "A60/40"),
        # App1 §7 (3), the offender revealed it: "massimo il 20% al colpevole".
        ("system_breach_revealed", "ew", "A60/20"),
        ("system_breach_revealed", "ns", "A20/60"),
    ],
)
def test_the_catalogues_assigned_scores(
    key: str, offender: str | None, score: str
) -> None:
    assert ruling_score(key, offender)[1] == score


def test_an_assigned_score_that_differs_by_side_names_the_offender() -> None:
    with pytest.raises(ValueError, match="name the offending side"):
        ruling_score("system_breach", None)
    with pytest.raises(ValueError, match="assigns no score"):
        ruling_score("stop_card", "ns")


def test_a_revealed_breach_in_teams_also_costs_the_offending_team() -> None:
    """App1 §7 teams (3): "infliggerà una penalità (solo a sfavore della
    colpevole) alla squadra colpevole di 3 i.m.p.": East-West at table 3 is
    team 4."""
    ruling = t.GiveRuling(
        ruling_id=uuid.uuid4(),
        session=1,
        board_number=2,
        table=3,
        laws=("12C2",),
        facts="the offending side revealed a forbidden convention",
        decision="board cancelled; 3 IMPs to the innocent team",
        director="user:1",
        catalogue="system_breach_revealed",
        offender="ew",
    )
    given, penalty = t.decide(event(t.Form.TEAMS), ruling, T0)
    assert isinstance(given, t.RulingGiven)
    assert penalty == t.PenaltyImposed(
        session=1,
        entry_number=4,
        kind="procedural",
        unit="imps",
        amount=3,
        law="90",
        reason=FIGB_CATALOGUE["system_breach_revealed"].description + " (FIGB App1 §7)",
        catalogue="system_breach_revealed",
        round=1,  # the board's match: the penalty comes off that one (0163)
    )
    # In pairs the same ruling assigns the score only.
    assert len(t.decide(event(t.Form.PAIRS), ruling, T0)) == 1


def test_every_catalogue_row_cites_its_norm() -> None:
    assert sorted(FIGB_CATALOGUE) == [
        "board_rotated_180",
        "board_rotated_90",
        "card_omission",
        "closed_room_exit",
        "diagram_error",
        "dummy_infringement",
        "duplication_error",
        "fouled_180",
        "fouled_previous_table",
        "result_not_recorded",
        "stop_card",
        "swapped_cards_responsible",
        "system_breach",
        "system_breach_revealed",
        "wrong_extraction",
        "wrong_seating_first",
        "wrong_seating_last",
    ]
    assert all(rule.source for rule in FIGB_CATALOGUE.values())
    # The schema's text: every row, its norm, its amount by form.
    rows = catalogue_text().split("; ")
    assert "system_breach_revealed (App1 §7): pairs assigned 60/20" in rows
    assert "teams 3 IMPs to the innocent team, 3 IMPs penalty to the offender" in rows
    assert "card_omission (App1 §5): pairs 50% of the top (at least)" in rows


# -- Law 12 forms as events ----------------------------------------------------------


def award(
    state: br.BoardResultState, score: str, law: str = ""
) -> br.AdjustedScoreAwarded:
    [e] = br.decide(
        state,
        br.AwardAdjustedScore(score=score, law=law, reason="ruling"),
        T0,
        br.CorrectionWindow(published=False),
    )
    assert isinstance(e, br.AdjustedScoreAwarded)
    return e


def test_a_one_sided_reduction_is_recorded_as_the_split_it_is() -> None:
    """Law 79B3: "lower one side's score without raising the other's". 4S by
    N making 11 on board 1 (none vulnerable) scores +450; NS lowered to +420,
    EW keep -450."""
    awarded = award(entered(tricks=11), "reduce:ns=420")
    assert (awarded.score, awarded.law) == ("split:ns=420;ew=450", "79B3")
    # East-West lowered: NS's score rises for them only.
    assert award(entered(tricks=10), "reduce:ew=450").score == "split:ns=420;ew=450"


@pytest.mark.parametrize(
    ("score", "message"),
    [
        (
            "reduce:ns=480",
            "'reduce:ns=480' does not lower NS's score from the table's +450",
        ),
        (
            "reduce:ew=420",
            "'reduce:ew=420' does not lower EW's score from the table's +450",
        ),
        ("reduce:we=420", "'reduce:we=420': the side is ns or ew"),
        (
            "reduce:ns=425",
            "'reduce:ns=425': reduce:ns=<NS score> or reduce:ew=<NS score>",
        ),
    ],
)
def test_a_reduction_that_raises_or_is_malformed_is_refused(
    score: str, message: str
) -> None:
    with pytest.raises(br.InvalidAdjustedScore) as refused:
        award(entered(tricks=11), score)
    assert (refused.value.message, str(refused.value.law)) == (message, "Law 79B3")


def test_a_reduction_needs_the_table_result() -> None:
    """A passed-out board has no tricks to lower (Law 79B3 needs a result)."""
    with pytest.raises(DomainError, match="record it first"):
        award(entered(contract="Pass", tricks=None), "reduce:ns=420")


def test_a_non_balancing_score_is_scored_side_by_side() -> None:
    """Law 12C1(e): each side's score is matchpointed against its own
    direction's field. Three tables, top 4: table 1 reduced for NS to +420
    (its table result +450 stands for EW), table 2 +420, table 3 +400.
    NS field 420, 420, 400: tables 1 and 2 beat one and tie one, 2 + 1 = 3;
    table 3, 0. EW field (NS scores) 450, 420, 400: table 1's EW lose to
    both, 0; table 2's EW beat one, 2; table 3's EW, 4."""
    lines = [
        Line("t1", 1, 1, 1, 11, adjusted="split:ns=420;ew=450"),
        Line("t2", 1, 2, 2, 12, 420),
        Line("t3", 1, 3, 3, 13, 400),
    ]
    scored = score_session(Conditions(), lines)
    assert {k: (f.ns, f.ew) for k, f in scored.lines.items()} == {
        "t1": (3, 0),
        "t2": (3, 2),
        "t3": (0, 4),
    }


def test_a_no_fault_average_is_marked_on_the_score() -> None:
    """FIGB N-L12: "per fatti indipendenti da qualsiasi trasgressione delle
    coppie interessate": the average is marked no-fault for the revision."""
    parsed = br.parse_adjusted("A50/50 no-fault")
    assert (parsed.ns_no_fault, parsed.ew_no_fault) == (True, True)  # type: ignore[union-attr]
    one = br.parse_adjusted("A50/40 no-fault:ns")
    assert (one.ns_no_fault, one.ew_no_fault) == (True, False)  # type: ignore[union-attr]
    assert br.parse_adjusted("split:ns=-420@0.5,-450@0.5;ew=-450").is_split  # type: ignore[union-attr]
    with pytest.raises(br.InvalidAdjustedScore):
        br.parse_adjusted("split:ns=-420")
