"""A tournament's form and its scoring method agree (Law 78; decision 0081),
and only bridge events are created until burraco's engine lands."""

from __future__ import annotations

import itertools
import uuid
from datetime import UTC, datetime

import pytest

from rules.errors import LawRef
from tournaments.domain import tournament as t

T0 = datetime(2026, 11, 25, 15, tzinfo=UTC)
ACCEPTED = {
    (t.Form.PAIRS, t.ScoringMethod.MATCHPOINTS),
    (t.Form.PAIRS, t.ScoringMethod.IMPS_BUTLER),
    (t.Form.PAIRS, t.ScoringMethod.CROSS_IMPS),
    (t.Form.TEAMS, t.ScoringMethod.TEAMS_IMPS_VP),
    (t.Form.INDIVIDUAL, t.ScoringMethod.MATCHPOINTS),
}
EVERY = list(itertools.product(t.Form, t.ScoringMethod))
REFUSED = [combination for combination in EVERY if combination not in ACCEPTED]


def create(
    form: t.Form, scoring: t.ScoringMethod, game: t.Game = t.Game.BRIDGE
) -> t.CreateTournament:
    return t.CreateTournament(
        tournament_id=uuid.uuid4(),
        name="Coppa",
        form=form,
        scoring=scoring,
        windows=t.WindowRules(),
        starts_at=T0,
        game=game,
    )


def test_every_combination_is_either_accepted_or_refused() -> None:
    # A bridge form with the burraco VP method is refused too (decision 0120).
    assert len(EVERY) == 15
    assert len(REFUSED) == 10
    assert {(f, s) for f, methods in t.SCORING_FOR_FORM.items() for s in methods} == (
        ACCEPTED
    )


@pytest.mark.parametrize(("form", "scoring"), sorted(ACCEPTED))
def test_a_form_with_a_method_that_scores_it_is_created(
    form: t.Form, scoring: t.ScoringMethod
) -> None:
    [event] = t.decide(t.INITIAL, create(form, scoring), T0)
    assert isinstance(event, t.TournamentCreated)
    assert (event.form, event.scoring) == (form, scoring)


@pytest.mark.parametrize(("form", "scoring"), REFUSED)
def test_a_form_with_a_method_that_cannot_score_it_is_refused_naming_scoring(
    form: t.Form, scoring: t.ScoringMethod
) -> None:
    """Pairs with a teams method, teams with a pairs method, an individual
    with IMPs: refused before anything is recorded (Law 78)."""
    with pytest.raises(t.ScoringNotForForm) as refused:
        t.decide(t.INITIAL, create(form, scoring), T0)
    error = refused.value
    assert error.code == "scoring_not_for_form"
    assert (error.field, error.value, error.law) == ("scoring", scoring, LawRef("78"))
    allowed = " or ".join(t.SCORING_FOR_FORM[form])
    assert error.message == f"a {form} event is scored by {allowed}, not {scoring}"


@pytest.mark.parametrize("form", list(t.Form))
def test_every_burraco_form_is_scored_by_the_vp_tables(form: t.Form) -> None:
    """Burraco pairs, teams and individual (one against one, or giallo)
    events are supported (decisions 0120, 0146, 0173), each scored by the
    F.I.Bur. VP tables; a bridge method is refused naming Le tabelle."""
    command = create(form, t.ScoringMethod.BURRACO_VP, game=t.Game.BURRACO)
    [created] = t.decide(t.INITIAL, command, T0)
    assert isinstance(created, t.TournamentCreated)
    assert (created.game, created.form) == (t.Game.BURRACO, form)
    bridge = create(form, t.SCORING_FOR_FORM[form][0], game=t.Game.BURRACO)
    with pytest.raises(t.ScoringNotForForm) as refused:
        t.decide(t.INITIAL, bridge, T0)
    assert (refused.value.field, str(refused.value.law)) == (
        "scoring",
        "Codice di Gara, Le tabelle",
    )


def test_a_burraco_pairs_event_is_scored_by_the_vp_tables() -> None:
    """A bridge method is refused; the F.I.Bur. VP tables are accepted."""
    command = create(t.Form.PAIRS, t.ScoringMethod.MATCHPOINTS, game=t.Game.BURRACO)
    with pytest.raises(t.ScoringNotForForm) as refused:
        t.decide(t.INITIAL, command, T0)
    assert (refused.value.field, str(refused.value.law)) == (
        "scoring",
        "Codice di Gara, Le tabelle",
    )
    command = create(t.Form.PAIRS, t.ScoringMethod.BURRACO_VP, game=t.Game.BURRACO)
    [created] = t.decide(t.INITIAL, command, T0)
    assert isinstance(created, t.TournamentCreated)
    assert created.game is t.Game.BURRACO


def test_a_burraco_tournament_takes_no_bridge_session() -> None:
    """Its turns are the burraco stream's (decision 0120)."""
    command = create(t.Form.PAIRS, t.ScoringMethod.BURRACO_VP, game=t.Game.BURRACO)
    state = t.evolve(t.INITIAL, t.decide(t.INITIAL, command, T0)[0])
    schedule = t.ScheduleSession(
        session=1, movement="mitchell", starts_at=T0, ends_at=T0, assignments=()
    )
    with pytest.raises(t.GameNotSupported) as refused:
        t.decide(state, schedule, T0)
    assert (refused.value.code, refused.value.field) == ("game_not_supported", "game")
