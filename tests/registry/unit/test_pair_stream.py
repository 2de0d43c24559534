"""A pair's stream: formation (Law 4) and convention cards (App1)."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from registry.domain import (
    PAIR_INITIAL,
    ConventionCardDeclared,
    DeclareConventionCard,
    FormPair,
    PairFormed,
    RegistryConflict,
    RegistryViolation,
    decide_pair,
    evolve_pair,
    fold,
    pair_stream_id,
)
from registry.domain.systems.card import (
    BrownSticker,
    SystemColour,
    TournamentForm,
)
from registry.domain.systems.findings import SystemNotPermitted
from tests.registry.unit.cards import (
    category,
    meaning,
    natural,
    opening,
    shows,
    with_methods,
)
from tests.registry.unit.streams import T0, registered, roster


def formed(players: dict) -> object:
    a, b = players
    [event] = decide_pair(
        PAIR_INITIAL, FormPair(player_ids=(a, b)), players=players, now=T0
    )
    return fold(evolve_pair, PAIR_INITIAL, [event])


@settings(max_examples=50, deadline=None)
@given(st.uuids(), st.uuids())
def test_the_pair_id_does_not_depend_on_the_order_of_the_players(a, b) -> None:
    """A partnership is the same two players either way round (Law 4)."""
    assert pair_stream_id([a, b]) == pair_stream_id([b, a])


def test_forming_a_pair_records_both_players_sorted() -> None:
    """Law 4: a partnership of two registered players."""
    players = roster(2)
    a, b = players
    [event] = decide_pair(
        PAIR_INITIAL, FormPair(player_ids=(b, a)), players=players, now=T0
    )
    assert isinstance(event, PairFormed)
    assert event.player_ids == tuple(sorted((a, b), key=str))
    assert event.pair_id == pair_stream_id([a, b])


def test_a_pair_of_one_player_is_refused_citing_law_4() -> None:
    """Law 4: two different players."""
    player, state = registered()
    with pytest.raises(RegistryViolation) as caught:
        decide_pair(
            PAIR_INITIAL,
            FormPair(player_ids=(player, player)),
            players={player: state},
            now=T0,
        )
    assert caught.value.code == "pair_of_one_player"
    assert str(caught.value.law) == "Law 4"


def test_unknown_or_forgotten_players_cannot_form_a_pair() -> None:
    """Only players on the register form pairs."""
    known, state = registered()
    gone, gone_state = registered(forgotten=True)
    for other, players in (
        (uuid.uuid4(), {known: state}),
        (gone, {known: state, gone: gone_state}),
    ):
        with pytest.raises(RegistryViolation) as caught:
            decide_pair(
                PAIR_INITIAL,
                FormPair(player_ids=(known, other)),
                players=players,
                now=T0,
            )
        assert caught.value.code == "unknown_player"


def test_forming_the_same_pair_twice_is_a_conflict() -> None:
    players = roster(2)
    state = formed(players)
    with pytest.raises(RegistryConflict) as caught:
        decide_pair(state, FormPair(player_ids=tuple(players)), players=players, now=T0)  # type: ignore[arg-type]
    assert caught.value.code == "pair_already_formed"


def test_a_permitted_card_is_recorded_with_its_check() -> None:
    """The card, its category and what the check found are one event (App1)."""
    players = roster(2)
    state = formed(players)
    pair_id = state.pair_id  # type: ignore[attr-defined]
    [event] = decide_pair(
        state,  # type: ignore[arg-type]
        DeclareConventionCard(pair_id=pair_id, card=natural(), context=category(2)),
        players=players,
        now=T0,
    )
    assert isinstance(event, ConventionCardDeclared)
    assert event.suggested_colour is SystemColour.GREEN
    assert event.findings == ()
    after = fold(evolve_pair, state, [event])  # type: ignore[arg-type]
    assert after.cards == (event,)


def test_a_hum_card_is_refused_naming_the_article() -> None:
    """HUM is refused in category 3 (App1 §3, §2.2c); nothing is recorded."""
    players = roster(2)
    state = formed(players)
    hum = with_methods(opening("1H", meaning(6, 11, shows("H", 5))))
    with pytest.raises(SystemNotPermitted) as caught:
        decide_pair(
            state,  # type: ignore[arg-type]
            DeclareConventionCard(
                pair_id=state.pair_id,
                card=hum,
                context=category(3),  # type: ignore[attr-defined]
            ),
            players=players,
            now=T0,
        )
    assert caught.value.code == "system_not_permitted"
    assert caught.value.failures[0].citation == "App1 §3"


def test_a_brown_sticker_card_is_due_before_the_championship_starts() -> None:
    """App1 §4: BS cards are submitted before the championship (409 after);
    its starting instant is the last in time (decision 0218)."""
    players = roster(2)
    state = formed(players)
    bs = with_methods(
        opening(
            "2S", meaning(5, 10, shows("S", 5)), meaning(5, 10, shows("H", 5)), sheet=1
        ),
        colour=SystemColour.RED,
        brown_stickers=(BrownSticker.A,),
        front_right_items=("2S",),
        supplementary_sheets=(1,),
    )
    command = DeclareConventionCard(
        pair_id=state.pair_id,  # type: ignore[attr-defined]
        card=bs,
        context=category(1, TournamentForm.TEAMS),
        championship_starts_at=T0,
    )
    [early] = decide_pair(
        state,
        command,
        players=players,
        now=T0,  # type: ignore[arg-type]
    )
    assert early.brown_stickers == (BrownSticker.A,)  # type: ignore[union-attr]
    with pytest.raises(RegistryConflict) as caught:
        decide_pair(state, command, players=players, now=T0 + timedelta(seconds=1))  # type: ignore[arg-type]
    assert caught.value.code == "convention_card_late"
    assert "Appendice 1 Art. 4" in str(caught.value.law)


def test_in_category_two_a_brown_sticker_card_has_no_advance_deadline() -> None:
    """App1 §3-§4: advance submission binds category 1 only (the seed; not V4)."""
    players = roster(2)
    state = formed(players)
    bs = with_methods(
        opening(
            "2S", meaning(5, 10, shows("S", 5)), meaning(5, 10, shows("H", 5)), sheet=1
        ),
        colour=SystemColour.RED,
        brown_stickers=(BrownSticker.A,),
        front_right_items=("2S",),
        supplementary_sheets=(1,),
    )
    command = DeclareConventionCard(
        pair_id=state.pair_id,  # type: ignore[attr-defined]
        card=bs,
        context=category(2, TournamentForm.TEAMS, figb_allows_brown_sticker=True),
        championship_starts_at=T0,
    )
    [event] = decide_pair(
        state,
        command,
        players=players,
        now=T0 + timedelta(days=1),  # type: ignore[arg-type]
    )
    [notice] = [
        f
        for f in event.findings  # type: ignore[union-attr]
        if f.code == "brown_sticker_obligations"
    ]
    assert notice.message.startswith("seated 5 minutes")


def test_a_card_for_a_pair_not_formed_is_a_conflict() -> None:
    with pytest.raises(RegistryConflict) as caught:
        decide_pair(
            PAIR_INITIAL,
            DeclareConventionCard(
                pair_id=uuid.uuid4(), card=natural(), context=category(2)
            ),
            players={},
            now=T0,
        )
    assert caught.value.code == "pair_not_formed"
