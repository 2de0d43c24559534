"""What the burraco scoring-room console shows (decision 0176), read from the
burraco stream with its table streams merged (``burraco.handlers.load_burraco``,
the process cache: a sheet or a publication counts at once) and the entries'
names as the results site shows them.

Nothing here decides: the commands go to ``burraco.handlers.handle_burraco``,
the handler the API's views call; ``check_sheet`` runs the domain's own
``decide`` on the state the handler would decide on, so that a turn's sheets
are refused together before any is sent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any
from uuid import UUID

from burraco import domain as burraco
from burraco.handlers import load_burraco
from eventstore.store import event_store
from registry.boundary import public_people
from results_site.pages import Entry
from tournaments.handlers import load_tournament

__all__ = [
    "BurracoConsole",
    "NextStep",
    "TableLine",
    "TableStatus",
    "burraco_console",
    "check_sheet",
]


class TableStatus(StrEnum):
    """Where a table's turn stands: no sheet, a sheet, a corrected sheet,
    an award (Art. 19's lost sheet, Art. 38's absence, Art. 39's forfeit),
    or an Art. 20 inversion."""

    WAITING = "waiting"
    ENTERED = "entered"
    CORRECTED = "corrected"
    AWARDED = "awarded"
    INVERTED = "inverted"


class NextStep(StrEnum):
    """The scoring room's next step, as the domain will accept it."""

    FORM_LINES = "lines"
    POSITIONS = "positions"
    PROVISIONAL = "provisional"
    GROUPS = "groups"
    FINAL = "final"
    SHEETS = "sheets"  # the turn in play still has sheets to enter
    CHECK = "check"  # the final standings are shown for their check
    DONE = "done"


@dataclass(frozen=True, slots=True)
class TableLine:
    turn: int
    table: int
    group: str
    fixed: Entry
    mobile: Entry | None  # None: the incomplete table's empty side (a rest)
    result: burraco.TableResult | None

    @property
    def status(self) -> TableStatus:
        r = self.result
        if r is None:
            return TableStatus.WAITING
        if r.awarded:
            return TableStatus.AWARDED
        if r.inverted_after is not None:
            return TableStatus.INVERTED
        return TableStatus.CORRECTED if r.corrected else TableStatus.ENTERED


@dataclass(frozen=True, slots=True)
class BurracoConsole:
    tournament_id: UUID
    name: str
    state: burraco.BurracoState
    turns: dict[int, tuple[TableLine, ...]]
    now: datetime
    entries: int = 0  # the pairs (teams) entered
    # Teams: each team's players as (id, label), for the line-up (Art. 3).
    rosters: dict[int, tuple[tuple[str, str], ...]] = field(default_factory=dict)

    def line_ups(self, turn: int) -> list[burraco.LineUpDeclared]:
        """The line-ups declared for ``turn``, by table, first declared first."""
        found = [d for (t, _team), d in self.state.line_ups.items() if t == turn]
        return sorted(found, key=lambda d: (d.table, not d.first))

    def player_label(self, player_id: UUID) -> str:
        for roster in self.rosters.values():
            for pid, label in roster:
                if pid == str(player_id):
                    return label
        return str(player_id)

    @property
    def opened(self) -> burraco.BurracoOpened:
        assert self.state.opened is not None
        return self.state.opened

    @property
    def current_turn(self) -> int:
        return self.state.current_turn

    @property
    def teams(self) -> bool:
        return self.opened.form is burraco.EntryForm.TEAMS

    @property
    def hands(self) -> range:
        return range(self.opened.hands_per_turn)

    @property
    def rows_per_sheet(self) -> int:
        """A sheet's lines in the form: its hands, twice for teams' rooms."""
        return self.opened.hands_per_turn * (2 if self.teams else 1)

    @property
    def movement_of_next(self) -> str:
        """How the next turn is drawn: "mitchell", "danese" or "italiana"."""
        turn = self.current_turn + 1
        if self.opened.movement is burraco.Movement.ITALIANA:
            return "italiana"
        if turn <= self.state.mitchell_turns:
            return "mitchell"
        split = self.state.split_after
        if split is not None and turn > split and self.state.italiana:
            return "italiana"
        return "danese"

    @property
    def next_step(self) -> NextStep:
        state = self.state
        if state.final_published_at is not None:
            return NextStep.DONE if state.final else NextStep.CHECK
        if not state.fixed:
            return NextStep.FORM_LINES
        current = state.current_turn
        if current and not state.turn_complete(current):
            return NextStep.SHEETS
        if current == self.opened.turns:
            return NextStep.FINAL
        split = state.split_after
        if split is not None and current == split and not state.groups:
            if state.provisional_deadline is None:
                return NextStep.PROVISIONAL
            return NextStep.GROUPS
        return NextStep.POSITIONS

    @property
    def groups_may_form(self) -> bool:
        """Art. 20: the split only once the check before it has ended."""
        deadline = self.state.provisional_deadline
        return self.state.provisional_final or (
            deadline is not None and self.now >= deadline
        )

    def correctable(self, turn: int) -> bool:
        """Art. 20: a sheet is corrected until the next turn's positions
        (and, before the split, until the standings' check ends)."""
        return (
            turn == self.current_turn
            and self.state.final_published_at is None
            and not self.state.before_split_closed(turn, self.now)
        )

    def invertible(self, turn: int) -> bool:
        """Art. 20: after the next positions, only an inversion."""
        return (
            turn + 1 in self.state.positions
            or self.state.final_published_at is not None
        ) and not self.state.before_split_closed(turn, self.now)


def burraco_console(tournament_id: UUID) -> BurracoConsole | None:
    state = load_burraco(tournament_id)
    if state.opened is None:
        return None
    entered = load_tournament(tournament_id)
    people = public_people(
        str(p) for e in entered.entries.values() for p in e.player_ids
    )
    entries = {
        number: Entry(
            number, tuple(people[str(p)] for p in e.player_ids if str(p) in people)
        )
        for number, e in entered.entries.items()
    }

    def _entry(number: int) -> Entry:
        return entries.get(number) or Entry(number, ())

    turns = {
        turn: tuple(
            TableLine(
                turn,
                p.table,
                # The merit group of a turn played in groups only.
                state.group_of(p.fixed) if turn > (state.split_after or turn) else "",
                _entry(p.fixed),
                None if p.mobile == burraco.REST else _entry(p.mobile),
                state.results.get((turn, p.table)),
            )
            for p in sorted(seats, key=lambda p: p.table)
        )
        for turn, seats in sorted(state.positions.items())
    }
    return BurracoConsole(
        tournament_id=tournament_id,
        name=entered.created.name if entered.created else str(tournament_id),
        state=state,
        turns=turns,
        now=event_store().now(),
        entries=len(entered.entries),
        rosters={
            number: tuple(
                (str(p), _label(people.get(str(p)), str(p))) for p in e.player_ids
            )
            for number, e in entered.entries.items()
        }
        if state.opened.form is burraco.EntryForm.TEAMS
        else {},
    )


def _label(person: Any, player_id: str) -> str:
    """A player as the director picks him: his name, else his federation
    number, else his id (a player who asked not to be published)."""
    if person is not None and person.name:
        return str(person.name)
    if person is not None and person.number:
        return str(person.number)
    return player_id


def check_sheet(page: BurracoConsole, command: burraco.EnterScoreSheet) -> None:
    """Raise the refusal the handler would answer for this sheet now (the
    domain's ``decide`` on the same state), or return: nothing is written."""
    burraco.decide(page.state, command, page.now)
