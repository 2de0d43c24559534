"""FIGB N-L79 limits corrections from the last round's time, published or not.

"Nei tornei a coppie i risultati possono essere corretti, su segnalazione
dei giocatori, entro il termine definito dall'Arbitro per giocare il board o
i board dell'ultimo turno. Eventuali richieste di correzioni successive
saranno accettate entro il termine di 15 minuti dalla esposizione delle
fiches solo nel caso si tratti di risultati inammissibili." Teams: "i
risultati si intenderanno definitivi nel momento in cui avrà inizio il turno
successivo". The session here ends play at 18:00 (the time the director set
for the last round); the next one starts at 18:20.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from functools import reduce

import pytest

from rules.errors import ArticleRef, LawRef
from tournaments.domain import board_result as br
from tournaments.domain import tournament as t

ENDS = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)  # the last round's time
NEXT = ENDS + timedelta(minutes=20)  # the next round (session 2) starts
SECOND = timedelta(seconds=1)
N_L79 = ArticleRef("N-L79", source="Norme integrative FIGB")
TID = uuid.UUID(int=79)


def event(
    form: t.Form, regulation: t.Regulation = t.Regulation.FIGB
) -> t.TournamentState:
    created = t.TournamentCreated(
        tournament_id=TID,
        name="Torneo",
        form=form,
        scoring=t.ScoringMethod.MATCHPOINTS
        if form is t.Form.PAIRS
        else t.ScoringMethod.TEAMS_IMPS_VP,
        windows=t.WindowRules.of(regulation),
        starts_at=ENDS - timedelta(hours=3),
    )
    sessions = [
        t.SessionScheduled(
            session=n,
            movement="explicit",
            starts_at=start,
            ends_at=start + timedelta(hours=3) if n == 1 else NEXT + timedelta(hours=3),
            assignments=(t.TableAssignment(round=1, table=1, ns=1, ew=2, boards=(1,)),),
        )
        for n, start in ((1, ENDS - timedelta(hours=3)), (2, NEXT))
    ]
    return reduce(t.evolve, [created, *sessions], t.INITIAL)


def window(state: t.TournamentState) -> br.CorrectionWindow:
    """What the handler passes (``tournaments.handlers.window_for``)."""
    limits = t.correction_limits(state, state.sessions[1])
    return br.CorrectionWindow(
        published=limits.published,
        correction_deadline=limits.deadline,
        inadmissible_deadline=limits.inadmissible_deadline,
        inadmissible_after=limits.inadmissible_after,
        norm=limits.norm,
    )


def entered() -> br.BoardResultState:
    [recorded] = br.decide(
        br.INITIAL,
        br.EnterResult(
            tournament_id=TID,
            session=1,
            board_number=1,
            table=1,
            ns=1,
            ew=2,
            contract="4SN",
            lead=None,
            tricks=10,
            entered_by="N",
        ),
        ENDS - timedelta(hours=1),
        br.CorrectionWindow(published=False),
    )
    return br.evolve(br.INITIAL, recorded)


def correct(*, inadmissible: bool = False, at_table: bool = False) -> br.CorrectResult:
    return br.CorrectResult(
        contract="4SN",
        lead=None,
        tricks=9,
        reason="the players report 9 tricks",
        inadmissible=inadmissible,
        at_table=at_table,
    )


def test_pairs_corrections_are_free_until_the_last_rounds_time_included() -> None:
    """N-L79: "entro il termine definito dall'Arbitro ... dell'ultimo turno";
    the instant is in it (decision 0218)."""
    pairs = window(event(t.Form.PAIRS))
    for at in (ENDS - SECOND, ENDS):
        [corrected] = br.decide(entered(), correct(), at, pairs)
        assert isinstance(corrected, br.ResultCorrected)
        assert corrected.after_period is False


def test_after_the_last_rounds_time_a_possible_score_is_refused_naming_n_l79() -> None:
    """N-L79: before publication, a possible-but-wrong score reported a second
    after the last round's time is refused (409), the norm named."""
    with pytest.raises(br.OnlyInadmissibleCorrections) as refused:
        br.decide(entered(), correct(), ENDS + SECOND, window(event(t.Form.PAIRS)))
    assert refused.value.code == "only_inadmissible_corrections"
    assert refused.value.law == N_L79
    assert str(refused.value.law) == "Norme integrative FIGB Art. N-L79"


def test_an_inadmissible_result_is_still_corrected_until_15_minutes_from_posting() -> (
    None
):
    """N-L79: after the last round's time, inadmissible results only; before
    the posting their 15 minutes have not started, after it they run from it."""
    state = event(t.Form.PAIRS)
    [corrected] = br.decide(
        entered(), correct(inadmissible=True), ENDS + timedelta(hours=1), window(state)
    )
    assert corrected.after_period is False  # type: ignore[union-attr]
    posted = ENDS + timedelta(minutes=10)
    [published] = t.decide(state, t.PublishScores(session=1), posted)
    after = window(t.evolve(state, published))
    assert after.inadmissible_deadline == posted + timedelta(minutes=15)
    last = posted + timedelta(minutes=15)
    assert br.decide(entered(), correct(inadmissible=True), last, after)
    with pytest.raises(br.OnlyInadmissibleCorrections):
        br.decide(entered(), correct(), last, after)
    with pytest.raises(br.CorrectionPeriodClosed) as closed:
        br.decide(entered(), correct(inadmissible=True), last + SECOND, after)
    assert (closed.value.code, closed.value.law) == ("correction_period_closed", N_L79)


def test_the_tables_own_play_is_no_report_before_publication() -> None:
    """Law 79A: a result the play at the table changed (a board finished late)
    is not a correction on the players' report that N-L79 limits."""
    [corrected] = br.decide(
        entered(), correct(at_table=True), ENDS + SECOND, window(event(t.Form.PAIRS))
    )
    assert isinstance(corrected, br.ResultCorrected)


def test_the_organizers_approval_still_allows_a_late_correction() -> None:
    """Law 79C2: after the period, with the organizer's approval; N-L79's
    period ends with the last round's time, so the approval may come then."""
    pairs = window(event(t.Form.PAIRS))
    approve = br.ApproveLateCorrection(by="user:org", reason="scorer's slip")
    with pytest.raises(br.CorrectionNotLate):
        br.decide(entered(), approve, ENDS, pairs)
    [approval] = br.decide(entered(), approve, ENDS + SECOND, pairs)
    [corrected] = br.decide(
        br.evolve(entered(), approval), correct(), ENDS + SECOND, pairs
    )
    assert corrected.after_period is True  # type: ignore[union-attr]


def test_teams_results_are_final_when_the_next_round_starts() -> None:
    """N-L79, teams: "definitivi nel momento in cui avrà inizio il turno
    successivo", before publication too; no inadmissible window."""
    teams = window(event(t.Form.TEAMS))
    assert (teams.correction_deadline, teams.admits_inadmissible) == (NEXT, False)
    assert br.decide(entered(), correct(), NEXT, teams)
    for command in (correct(), correct(inadmissible=True)):
        with pytest.raises(br.CorrectionPeriodClosed) as refused:
            br.decide(entered(), command, NEXT + SECOND, teams)
        assert (refused.value.code, refused.value.law) == (
            "correction_period_closed",
            N_L79,
        )


def test_under_the_laws_alone_provisional_scores_are_corrected_freely() -> None:
    """Law 79C: the correction period runs from the official score; before it
    nothing limits a correction."""
    laws = window(event(t.Form.PAIRS, t.Regulation.LAWS))
    assert (laws.correction_deadline, laws.norm) == (None, LawRef("79C"))
    assert br.decide(entered(), correct(), ENDS + timedelta(days=1), laws)
