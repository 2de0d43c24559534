"""What the burraco scoring-room console shows (decision 0176), read through
``burraco.selectors.scoring_room`` (the burraco stream with its table streams
merged, the command path's own fold: a sheet or a publication counts at once)
and the entries' names as the results site shows them.

Nothing here decides: the commands go to ``burraco.commands``, as the API's
views send them; a turn's sheets are one command there (decision 0221).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any
from uuid import UUID

from django.utils.translation import gettext as _

from burraco import domain as burraco
from burraco.selectors import scoring_room
from burraco.wording import warning_reason
from eventstore.store import event_store
from registry.boundary import player_by_number, public_people
from results_site.pages import Entry
from rules.burraco.articles import art
from rules.burraco.lateness import FORFEIT
from rules.windows import in_time
from scoring.burraco import WarningPolicy, warnings_vp_deduction
from tournaments.handlers import load_tournament

LOST_SHEET = str(art(19))  # a lost sheet's award names Art. 19

__all__ = [
    "BurracoConsole",
    "NextStep",
    "TableLine",
    "TableStatus",
    "burraco_console",
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
    # Each line's numbers: one (a pair, a team, an individual player) or,
    # in a giallo, the line's two players (decision 0173).
    fixed_numbers: tuple[int, ...] = ()
    mobile_numbers: tuple[int, ...] = ()

    @property
    def fixed_line(self) -> str:
        return " + ".join(map(str, self.fixed_numbers or (self.fixed.number,)))

    @property
    def mobile_line(self) -> str:
        if self.mobile is None:
            return ""
        return " + ".join(map(str, self.mobile_numbers or (self.mobile.number,)))

    @property
    def numbers(self) -> tuple[int, ...]:
        """Every entry seated here (giallo: four players; a rest: one line)."""
        fixed = self.fixed_numbers or (self.fixed.number,)
        if self.mobile is None:
            return fixed
        return fixed + (self.mobile_numbers or (self.mobile.number,))

    @property
    def lost(self) -> bool:
        """Art. 19: the sheet is lost (7-7) and may be found again."""
        return self.result is not None and self.result.award_article == LOST_SHEET

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
    # Each entry's people as the public may see them (the prize list's).
    people: dict[int, Entry] = field(default_factory=dict)

    def line_ups(self, turn: int) -> list[burraco.LineUpDeclared]:
        """The line-ups declared for ``turn``, by table, first declared first."""
        found = [d for (t, _team), d in self.state.line_ups.items() if t == turn]
        return sorted(found, key=lambda d: (d.table, not d.first))

    def seats(self, turn: int) -> list[tuple[str, int, int]]:
        """Each entry seated at a table of ``turn`` as ``("table-entry",
        table, entry)``: a pair, a team, or a giallo's player."""
        return [
            (f"{t.table}-{n}", t.table, n)
            for t in self.turns.get(turn, ())
            if t.mobile is not None
            for n in t.numbers
        ]

    @property
    def entry_choices(self) -> list[tuple[int, str]]:
        """Each entry as the director picks it: its number and players."""
        return [
            (n, f"{n} · {', '.join(label for _pid, label in self.rosters[n])}")
            for n in sorted(self.rosters)
        ]

    def seat_choices(self, turn: int) -> list[tuple[str, str]]:
        """``seats`` labelled: "Table 2 · 5 · Rossi, Bianchi"."""
        names = dict(self.entry_choices)
        return [
            (value, f"{_('Table')} {table} · {names.get(entry, str(entry))}")
            for value, table, entry in self.seats(turn)
        ]

    def lateness_of(self, turn: int) -> list[tuple[burraco.LatenessRecorded, str]]:
        """The turn's lateness by table, each with its line ("1 + 4" in a
        giallo, whose late player makes his line late)."""
        out = []
        for r in sorted(
            (r for (t, _line), r in self.state.lateness.items() if t == turn),
            key=lambda r: (r.table, r.pair),
        ):
            seat = self.state.position(turn, r.table)
            players = (r.pair,) if seat is None else seat.players(r.pair)
            out.append((r, " + ".join(map(str, players))))
        return out

    def absences_of(self, turn: int) -> list[int]:
        return sorted(p for t, p in self.state.absences if t == turn)

    def lost_tables(self, turn: int) -> list[int]:
        return [t.table for t in self.turns.get(turn, ()) if t.lost]

    def waiting_tables(self, turn: int) -> list[int]:
        return [
            t.table
            for t in self.turns.get(turn, ())
            if t.result is None and t.mobile is not None
        ]

    @property
    def warnings(self) -> list[tuple[int, int, int, burraco.WarningIssued, str]]:
        """Each warning with its pair's count so far, the VP the standings
        take off for that count (the tournament's policy) and its reason in
        the page's language (decision 0202)."""
        policy = WarningPolicy(self.opened.warning_policy)
        seen: dict[int, int] = {}
        out = []
        for w in self.state.warnings:
            seen[w.pair] = seen.get(w.pair, 0) + 1
            count = seen[w.pair]
            off = warnings_vp_deduction(count, policy)
            out.append((w.pair, count, off, w, warning_reason(w)))
        return out

    @property
    def abandoned(self) -> list[int]:
        return sorted(self.state.abandoned)

    @property
    def forfeit(self) -> tuple[int, int]:
        """Art. 39 beyond ten minutes: the side present's VP and MP."""
        won = FORFEIT[self.state.match_format]
        return won.vp, won.mp

    @property
    def turn_minutes(self) -> int:
        """Art. 6: the turn's minutes, less the announced reduction."""
        return burraco.turn_minutes(self.state)

    @property
    def started(self) -> burraco.TurnStarted | None:
        return self.state.started.get(self.current_turn)

    @property
    def substitutions(self) -> list[burraco.PlayerSubstituted]:
        return sorted(self.state.substitutions.values(), key=lambda s: s.pair)

    @property
    def may_substitute(self) -> bool:
        """Art. 38: before half the scheduled turns are played."""
        return 2 * self.state.completed_turns < self.opened.turns

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
            deadline is not None and not in_time(deadline, self.now)
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
    state = scoring_room(tournament_id)
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

    def _line(numbers: tuple[int, ...]) -> Entry:
        """A line as one entry: a giallo's two players' people together."""
        found = [_entry(n) for n in numbers]
        return Entry(numbers[0], tuple(p for e in found for p in e.people))

    turns = {
        turn: tuple(
            TableLine(
                turn,
                p.table,
                # The merit group of a turn played in groups only.
                state.group_of(p.fixed) if turn > (state.split_after or turn) else "",
                _line(p.players(p.fixed)),
                None if p.mobile == burraco.REST else _line(p.players(p.mobile)),
                state.results.get((turn, p.table)),
                p.players(p.fixed),
                () if p.mobile == burraco.REST else p.players(p.mobile),
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
        },
        people=entries,
    )


def _label(person: Any, player_id: str) -> str:
    """A player as the director picks him: his name, else his federation
    number, else his id (a player who asked not to be published)."""
    if person is not None and person.name:
        return str(person.name)
    if person is not None and person.number:
        return str(person.number)
    return player_id


def member_by_number(federation_number: str) -> UUID | None:
    """A substitution's incoming player, by his federation number (the
    register; ``None``: not a member)."""
    return player_by_number(federation_number)
