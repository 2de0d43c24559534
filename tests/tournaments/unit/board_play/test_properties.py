"""Properties of the board aggregate over random boards (decide/evolve).

Random legal calls and cards, with random irregular leads and plays mixed in;
every event goes through the JSON codec of bench.rules_replay so payloads
stay within the values the event store can encode.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.rules_replay import decode, encode
from rules.bridge import FULL_DECK, Card, Seat, parse_call, random_deal
from rules.errors import DomainError, LawRef
from tests.tournaments.unit.board_play.builders import T0, TABLE
from tournaments.domain.board_play import (
    BoardPhase,
    BoardPlayState,
    decide,
    evolve,
    replay,
)
from tournaments.domain.board_play.commands import (
    BoardPlayCommand,
    ChooseRectification,
    ClaimTricks,
    MakeCall,
    PlayCard,
    RespondToClaim,
    StartBoard,
)
from tournaments.domain.board_play.events import BoardPlayEvent

SETTINGS = settings(max_examples=25, deadline=None)


def _step(
    state: BoardPlayState, command: BoardPlayCommand, log: list[BoardPlayEvent]
) -> BoardPlayState:
    for event in decide(state, command, T0):
        state = evolve(state, event)
        log.append(event)
    return state


def _random_command(state: BoardPlayState, rng: random.Random) -> BoardPlayCommand:
    """A command a table might send now: mostly legal, sometimes irregular."""
    pending = state.pending
    if pending is not None:
        choosers = [c for c in pending.choosers if c != "director"]
        chooser = (
            Seat(rng.choice(choosers)) if choosers and rng.random() < 0.8 else None
        )
        return ChooseRectification(
            chooser=chooser,
            option=rng.choice(pending.options),
            at=T0,
            comparable=rng.random() < 0.5,
            same_denominations=rng.random() < 0.5,
        )
    if state.phase is BoardPhase.AUCTION:
        turn = state.turn
        assert turn is not None
        calls = state.legal_calls()
        bids = [c for c in calls if str(c) not in ("P", "X", "XX")]
        call = rng.choice(bids[:5]) if bids and rng.random() < 0.4 else parse_call("P")
        return MakeCall(seat=turn, call=call, at=T0)
    if state.phase is BoardPhase.CLAIM:
        assert state.claim is not None
        opponents = [s for s in Seat if s.side is not state.claim.claimer.side]
        return RespondToClaim(seat=rng.choice(opponents), accept=True, at=T0)
    play = state.play
    assert play is not None
    turn = state.turn
    assert turn is not None
    roll = rng.random()
    if roll < 0.04:
        return ClaimTricks(
            seat=play.declarer,
            tricks=rng.randint(0, 13 - len(play.completed)),
            statement="claim",
            at=T0,
        )
    if roll < 0.12:
        seat = rng.choice(list(Seat))
        remaining = sorted(play.remaining(seat))
        if remaining:
            return PlayCard(seat=seat, card=rng.choice(remaining), at=T0)
    return PlayCard(seat=turn, card=rng.choice(sorted(state.legal_cards())), at=T0)


def random_board(rng: random.Random) -> tuple[BoardPlayState, list[BoardPlayEvent]]:
    log: list[BoardPlayEvent] = []
    state = _step(
        BoardPlayState(),
        StartBoard(
            table_id=TABLE,
            board_number=rng.randint(1, 16),
            deal=random_deal(rng),
            at=T0,
        ),
        log,
    )
    for _ in range(400):
        if state.phase is BoardPhase.COMPLETED:
            break
        command = _random_command(state, rng)
        try:
            state = _step(state, command, log)
        except DomainError:
            # A random irregular command may be refused; the board goes on.
            continue
    return state, log


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_replaying_the_events_from_scratch_equals_the_incremental_state(
    rng: random.Random,
) -> None:
    """Events decoded from JSON replay to the same state (evolve never raises)."""
    state, log = random_board(rng)
    decoded = [
        decode(item) for item in json.loads(json.dumps([encode(e) for e in log]))
    ]
    assert decoded == log
    assert replay(decoded) == state


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_a_completed_board_has_a_valid_result(rng: random.Random) -> None:
    """A completed board has a passed-out result or 0..13 tricks for the contract."""
    state, _ = random_board(rng)
    if state.phase is not BoardPhase.COMPLETED:
        return
    result = state.result
    assert result is not None
    if result.is_passed_out:
        assert result.tricks_made is None
        return
    assert result.tricks_made is not None
    assert 0 <= result.tricks_made <= 13
    assert state.play is not None
    declaring = state.play.declaring_side
    if state.play.is_complete:
        assert (
            state.play.tricks_won(declaring)
            + state.play.tricks_won(declaring.opponents)
            == 13
        )


# Each refusal this test can meet, with the Law it names.
REFUSALS = {
    "board_already_dealt": LawRef("6"),
    "auction_period_over": LawRef("41C"),
    "card_not_held": LawRef("45A"),
    "claim_not_allowed": LawRef("68A"),
    "board_completed": LawRef("68D"),
    "play_suspended": LawRef("68D"),
    "rectification_pending": LawRef("9B2"),
    "no_rectification_pending": LawRef("10C1"),
}


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_an_impossible_command_is_refused_and_leaves_the_state_unchanged(
    rng: random.Random,
) -> None:
    """Cards not held, claims by dummy, calls after the lead: typed errors, no events."""
    state, _ = random_board(rng)
    seat = rng.choice(list(Seat))
    candidates: list[BoardPlayCommand] = [
        StartBoard(table_id=TABLE, board_number=1, deal=random_deal(rng), at=T0),
    ]
    if state.deal is not None:
        foreign = [c for c in FULL_DECK if c not in state.deal.hand(seat)]
        candidates.append(PlayCard(seat=seat, card=rng.choice(foreign), at=T0))
    if state.play is not None:
        candidates.append(
            ClaimTricks(seat=state.play.dummy, tricks=1, statement="x", at=T0)
        )
        if state.play_started:
            candidates.append(MakeCall(seat=seat, call=parse_call("P"), at=T0))
    if state.pending is None:
        candidates.append(
            ChooseRectification(chooser=seat, option="accept_lead", at=T0)
        )
    command = rng.choice(candidates)
    before = state
    with pytest.raises(DomainError) as caught:
        decide(state, command, T0)
    assert caught.value.law == REFUSALS[caught.value.code]
    assert state == before


@SETTINGS
@given(st.randoms(use_true_random=False), st.integers(min_value=0, max_value=11))
def test_an_irregular_lead_is_recorded_with_its_law(
    rng: random.Random, tricks: int
) -> None:
    """A lead by the wrong hand is a CardPlayed naming Law 53A, 54, 54E, 55 or 56."""
    state, _ = random_board(rng)
    if state.phase is not BoardPhase.PLAY or state.pending is not None:
        return
    play = state.play
    assert play is not None
    if play.current.cards:
        return
    offender = play.current.leader.next(rng.randint(1, 3))
    card: Card = rng.choice(sorted(play.remaining(offender)))
    [event, *_] = decide(state, PlayCard(seat=offender, card=card, at=T0), T0)
    assert getattr(event, "irregularity", None) is not None
    assert event.irregularity.law in {"53A", "54", "54E", "55", "56"}  # type: ignore[union-attr]
