"""The end-to-end scenarios again, over real HTTP against a server in another process.

Each scenario of ``tests/tournaments/e2e`` runs here with every role's client
talking through a socket to gunicorn in another process, logged in at
``/api/v1/auth/token/`` with a password (token and grants read by
``access.auth``), on a database the server and the test share through
committed transactions, as in production.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.support import pairs_event
from tests.support.http import HttpClient
from tests.support.server import Server
from tests.tournaments.e2e import (
    test_board_copies,
    test_command_path,
    test_conduct,
    test_figb_pairs,
    test_figb_regulation,
    test_figb_teams,
    test_individual_event,
    test_knockout_event,
    test_live_play,
    test_movements_api,
    test_officials,
    test_pairs_event,
    test_scorable_sessions,
    test_substitutions,
    test_teams_event,
    test_withdrawals,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SCENARIOS: list[Callable[[], None]] = [
    test_pairs_event.test_pairs_event_from_registration_to_final_standings,
    test_pairs_event.test_late_correction_is_refused_naming_n_l79_even_without_a_worker,
    test_pairs_event.test_director_of_another_tournament_cannot_publish,
    test_teams_event.test_teams_match_scores_imps_and_victory_points_and_windows_close,
    test_live_play.test_a_board_played_card_by_card_scores_like_a_table_result,
    test_live_play.test_a_call_out_of_rotation_is_recorded_with_its_law_and_options,
    test_live_play.test_a_player_acts_only_for_their_own_side,
    test_officials.test_officials_are_appointed_and_relieved_by_events,
    test_individual_event.test_individual_event_from_entries_to_player_standings,
    test_movements_api.test_a_howell_session_is_scheduled_played_and_ranked_as_one_field,
    test_knockout_event.test_byes_go_to_the_top_seeds_and_winners_meet_in_the_next_stage,
    test_command_path.test_a_refused_ruling_stores_nothing_and_a_retry_is_refused_again,
    test_command_path.test_a_retried_key_gets_the_first_answer_whatever_happened_since,
    test_command_path.test_a_retried_call_is_answered_not_recorded_out_of_rotation,
    test_command_path.test_the_last_card_and_its_result_are_stored_together_once,
    test_scorable_sessions.test_unscorable_sessions_and_penalties_are_refused_and_the_rest_projected,
    test_figb_regulation.test_a_figb_pairs_event_is_scored_by_the_norms,
    test_figb_regulation.test_a_laws_event_shows_the_laws_defaults,
    test_conduct.test_late_and_slow_teams_lose_what_the_norm_says,
    test_figb_teams.test_a_figb_teams_event_comes_out_with_the_norms_figures,
    test_conduct.test_playing_time_follows_the_table_and_the_screens,
    test_substitutions.test_a_substitute_for_two_thirds_eliminates_the_original,
    test_figb_pairs.test_a_figb_pairs_event_comes_out_with_the_norms_figures,
    test_withdrawals.test_a_pair_withdrawing_during_the_session,
    test_withdrawals.test_the_third_withdrawal_refers_the_players_to_the_cd,
    test_board_copies.test_a_table_scores_with_its_copys_vulnerability,
]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.__name__)
def test_scenario_over_real_http(
    scenario: Callable[[], None], server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        pairs_event, "new_client", lambda user: HttpClient(server.url, user)
    )
    scenario()
