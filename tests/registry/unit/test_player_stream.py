"""A player's stream: registration, club, category, erasure (N-L4 §2)."""

from __future__ import annotations

import dataclasses
import uuid

import pytest

from registry.domain import (
    PLAYER_INITIAL,
    AffiliatePlayer,
    ChangePlayerCategory,
    ForgetPlayer,
    PlayerAffiliated,
    PlayerCategory,
    PlayerCategoryChanged,
    PlayerForgotten,
    PlayerRegistered,
    RegisterPlayer,
    RegistryConflict,
    decide_player,
    evolve_player,
    fold,
)

PLAYER = uuid.uuid4()
CLUB = uuid.uuid4()
OTHER_CLUB = uuid.uuid4()
REGISTERED = PlayerRegistered(
    player_id=PLAYER, category=PlayerCategory.THIRD_CLUBS, club_id=CLUB
)


def replay(*events: object) -> object:
    return fold(evolve_player, PLAYER_INITIAL, events)  # type: ignore[arg-type]


def test_registering_records_category_and_club_only() -> None:
    """The event carries ids and the category; names stay out (spec §6.8)."""
    [event] = decide_player(
        PLAYER_INITIAL,
        RegisterPlayer(
            player_id=PLAYER, category=PlayerCategory.THIRD_CLUBS, club_id=CLUB
        ),
    )
    assert event == REGISTERED
    fields = {f.name for f in dataclasses.fields(event)}
    assert fields == {"player_id", "category", "club_id"}


def test_registering_twice_is_a_conflict() -> None:
    """A player stream starts once."""
    with pytest.raises(RegistryConflict) as caught:
        decide_player(
            replay(REGISTERED),  # type: ignore[arg-type]
            RegisterPlayer(player_id=PLAYER, category=PlayerCategory.NOT_CLASSIFIED),
        )
    assert caught.value.code == "player_already_registered"


def test_a_transfer_and_a_reclassification_are_recorded() -> None:
    """A club transfer and a new category are events on the player's stream."""
    state = replay(REGISTERED)
    [moved] = decide_player(
        state, AffiliatePlayer(player_id=PLAYER, club_id=OTHER_CLUB)
    )  # type: ignore[arg-type]
    [promoted] = decide_player(
        state,  # type: ignore[arg-type]
        ChangePlayerCategory(player_id=PLAYER, category=PlayerCategory.SECOND_SPADES),
    )
    assert moved == PlayerAffiliated(player_id=PLAYER, club_id=OTHER_CLUB)
    assert promoted == PlayerCategoryChanged(
        player_id=PLAYER, category=PlayerCategory.SECOND_SPADES
    )
    after = replay(REGISTERED, moved, promoted)
    assert after.club_id == OTHER_CLUB  # type: ignore[attr-defined]
    assert after.category is PlayerCategory.SECOND_SPADES  # type: ignore[attr-defined]


def test_recording_what_is_already_recorded_is_a_conflict() -> None:
    """Same club or same category: nothing changes, so nothing is recorded."""
    state = replay(REGISTERED)
    with pytest.raises(RegistryConflict) as caught:
        decide_player(state, AffiliatePlayer(player_id=PLAYER, club_id=CLUB))  # type: ignore[arg-type]
    assert caught.value.code == "nothing_changes"


def test_commands_on_an_unregistered_or_forgotten_player_are_conflicts() -> None:
    """Nothing is recorded for a player who is not (or no longer) on the register."""
    with pytest.raises(RegistryConflict) as missing:
        decide_player(PLAYER_INITIAL, ForgetPlayer(player_id=PLAYER))
    assert missing.value.code == "player_not_registered"
    forgotten = replay(REGISTERED, PlayerForgotten(player_id=PLAYER))
    with pytest.raises(RegistryConflict) as closed:
        decide_player(forgotten, AffiliatePlayer(player_id=PLAYER, club_id=OTHER_CLUB))  # type: ignore[arg-type]
    assert closed.value.code == "player_forgotten"


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("1P", PlayerCategory.FIRST_SPADES),
        ("2c", PlayerCategory.SECOND_HEARTS),
        (" nc ", PlayerCategory.NOT_CLASSIFIED),
        ("AL", PlayerCategory.STUDENT),
    ],
)
def test_categories_parse_from_figb_codes(text: str, category: PlayerCategory) -> None:
    """Categories are read from FIGB's codes (decision 0039)."""
    assert PlayerCategory.parse(text) is category


def test_an_unknown_category_is_refused() -> None:
    with pytest.raises(ValueError, match="is not a FIGB category"):
        PlayerCategory.parse("4P")


def test_a_substitute_is_of_equal_or_lower_category() -> None:
    """N-L4 §2a: substitution only by equal or lower category/series."""
    assert PlayerCategory.THIRD_CLUBS.at_most(PlayerCategory.SECOND_SPADES) is True
    assert PlayerCategory.SECOND_SPADES.at_most(PlayerCategory.SECOND_SPADES) is True
    assert PlayerCategory.FIRST_CLUBS.at_most(PlayerCategory.SECOND_SPADES) is False
