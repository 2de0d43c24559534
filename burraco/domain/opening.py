"""Opening a burraco tournament: its settings checked against the Codice
(Art. 2 forms and movements, Art. 6 turn times and their reduction, the
categories and what each allows, the split into merit groups) and the turn's
time (decision 0174)."""

from __future__ import annotations

from burraco.domain.commands import OpenBurraco
from burraco.domain.errors import BurracoExists
from burraco.domain.events import BurracoOpened
from burraco.domain.groups import MAX_GROUPS
from burraco.domain.state import BurracoState
from burraco.domain.values import EntryForm, GroupMovement, Movement
from rules.burraco.articles import DEFINITIONS, art, powers
from rules.burraco.errors import InvalidSetting
from rules.burraco.match_format import MatchFormat
from scoring.burraco.standings import WarningPolicy

__all__ = ["ART_20", "MAX_TURNS", "open_burraco", "turn_minutes"]

MAX_TURNS = 99
ART_20 = art(20)


def open_burraco(state: BurracoState, command: OpenBurraco) -> BurracoOpened:
    if state.exists:
        raise BurracoExists("the tournament already exists")
    try:
        MatchFormat.for_hands(command.hands_per_turn)
    except InvalidSetting as error:
        error.field, error.value = "hands_per_turn", str(command.hands_per_turn)
        error.law = art(6)
        raise
    if not 1 <= command.turns <= MAX_TURNS:
        raise InvalidSetting(
            f"a tournament has 1 to {MAX_TURNS} turns, not {command.turns}",
            field="turns",
            value=command.turns,
            law=art(2),
        )
    if not 1 <= command.standings_check_minutes <= 60:
        raise InvalidSetting(
            "the standings are checked for 1 to 60 minutes (the code says 10)",
            field="standings_check_minutes",
            value=command.standings_check_minutes,
            law=ART_20,
        )
    if command.mitchell_turns is not None and not (
        0 <= command.mitchell_turns <= command.turns
    ):
        raise InvalidSetting(
            f"the Mitchell turns are 0 to {command.turns}, not {command.mitchell_turns}",
            field="mitchell_turns",
            value=command.mitchell_turns,
            law=art(2),
        )
    _check_split(command)
    if command.session_turns is not None and not (
        1 <= command.session_turns <= command.turns
    ):
        raise InvalidSetting(
            f"a session has 1 to {command.turns} turns, not {command.session_turns}",
            field="session_turns",
            value=command.session_turns,
            law=art(39),
        )
    _check_form(command)
    _check_category(command)
    if len(set(command.tie_breaks)) != len(command.tie_breaks):
        # The code has no tie-breaks (digest Q8): no article to name.
        raise InvalidSetting("a tie-break is listed twice", field="tie_breaks")
    if command.warning_policy not in {p.value for p in WarningPolicy}:
        raise InvalidSetting(
            f"{command.warning_policy!r} is not a warning policy",
            field="warning_policy",
            value=command.warning_policy,
            law=DEFINITIONS,
        )
    return BurracoOpened(
        tournament_id=command.tournament_id,
        hands_per_turn=command.hands_per_turn,
        turns=command.turns,
        movement=command.movement,
        standings_check_minutes=command.standings_check_minutes,
        tie_breaks=command.tie_breaks,
        warning_policy=command.warning_policy,
        mitchell_turns=command.mitchell_turns,
        table_streams=command.table_streams,
        split_after=command.split_after,
        merit_groups=command.merit_groups if command.split_after else 1,
        group_movement=command.group_movement,
        session_turns=command.session_turns,
        form=command.form,
        category=command.category,
        monitoring_800=command.monitoring_800,
        time_reduction_minutes=command.time_reduction_minutes,
    )


def _check_form(command: OpenBurraco) -> None:
    """A giallo changes partners every turn (Art. 2): its lines are drawn
    from the individual standings each turn, neither a Mitchell (whose lines
    keep their partners) nor a calendar, and it has no merit groups
    (decision 0173)."""
    if command.form is not EntryForm.GIALLO:
        return
    if command.movement is Movement.ITALIANA or command.split_after is not None:
        raise InvalidSetting(
            "a giallo changes partners every turn: its lines are drawn from the "
            "standings, without a calendar or merit groups",
            field="movement" if command.split_after is None else "split_after",
            law=art(2),
        )
    if command.mitchell_turns:
        raise InvalidSetting(
            "a giallo changes partners every turn: a Mitchell keeps them",
            field="mitchell_turns",
            value=command.mitchell_turns,
            law=art(2),
        )


def _check_category(command: OpenBurraco) -> None:
    """What the category allows (decision 0174): the time reduction (Art. 6,
    at most 2 minutes, club and federal events), the 800-MP monitoring
    (I poteri dell'arbitro g: the Danese merit-group turns of regional and
    national events)."""
    reduction = command.time_reduction_minutes
    if not 0 <= reduction <= 2:
        raise InvalidSetting(
            f"a turn's time is reduced by at most 2 minutes, not {reduction}",
            field="time_reduction_minutes",
            value=reduction,
            law=art(6),
        )
    if reduction and not command.category.may_reduce_time:
        raise InvalidSetting(
            f"only club and federal events reduce the turn's time, not a "
            f"{command.category.value} one",
            field="time_reduction_minutes",
            value=reduction,
            law=art(6),
        )
    if not command.monitoring_800:
        return
    if not command.category.may_monitor_800:
        raise InvalidSetting(
            "the 800-MP monitoring is for regional and national events, not a "
            f"{command.category.value} one",
            field="monitoring_800",
            law=powers("g"),
        )
    if (
        command.split_after is None
        or command.group_movement is not GroupMovement.DANESE
    ):
        raise InvalidSetting(
            "the 800-MP monitoring applies in the Danese merit-group turns: "
            "set split_after with the groups played Danese",
            field="monitoring_800",
            law=powers("g"),
        )


TURN_MINUTES = {2: 25, 3: 32, 4: 42}
"""Art. 6: a turn's minutes by its hands, before the allowed reduction."""


def turn_minutes(state: BurracoState) -> int:
    assert state.opened is not None
    hands = state.opened.hands_per_turn
    return TURN_MINUTES[hands] - state.opened.time_reduction_minutes


def _check_split(command: OpenBurraco) -> None:
    """The split's turn and the number of merit groups (decision 0145)."""
    split = command.split_after
    if split is None:
        return
    if not 1 <= split < command.turns:
        raise InvalidSetting(
            f"the split follows a turn from 1 to {command.turns - 1}, not {split}",
            field="split_after",
            value=split,
            law=ART_20,
        )
    if not 2 <= command.merit_groups <= MAX_GROUPS:
        raise InvalidSetting(
            f"2 to {MAX_GROUPS} merit groups, not {command.merit_groups}",
            field="merit_groups",
            value=command.merit_groups,
            law=ART_20,
        )
    if command.mitchell_turns is not None and command.mitchell_turns > split:
        raise InvalidSetting(
            "the merit groups play Danese: the Mitchell turns end by the split",
            field="mitchell_turns",
            value=command.mitchell_turns,
            law=art(2),
        )
    if command.mitchell_turns is None:
        raise InvalidSetting(
            "with a split, say how many turns before it move by Mitchell",
            field="mitchell_turns",
            law=art(2),
        )
