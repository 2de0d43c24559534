"""The documented JSON export of a burraco tournament (issue 19; decision 0177).

There is no interchange standard for burraco results (F.I.Bur. publishes
none): this is Arbitro's own format, ``arbitro.burraco.export`` version 1,
documented in docs/features.md. It holds everything the tournament recorded: the
settings, the registrations with their players, substitutions and
abandonments, the lines, the merit groups, every turn's positions and
sheets (hands, MP, VP, corrections, inversions, awards with their article
and the director's remedy), lateness, absences, warnings, the reports to
Sports Justice, and the standings after every complete turn
with their phase and group, and the Art. 20 windows.

Read from the streams (``load_burraco``, ``load_tournament``), never from a
read model, so an export made the instant after a command holds it. The
players' names and federation numbers come from the register
(``registry.boundary.player_names``): a player who asked not to be published
is exported by id only.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from burraco import domain as burraco
from burraco.handlers import load_burraco
from registry.boundary import player_names
from scoring.burraco.prizes import (
    InterruptionOutcome,
    PrizeSettings,
    interruption_outcome,
    prizes,
)
from tournaments.handlers import load_tournament

__all__ = ["FORMAT", "VERSION", "export_tournament", "prizes_of"]

FORMAT = "arbitro.burraco.export"
VERSION = 1
NOTE = (
    "There is no interchange standard for burraco results: this is Arbitro's "
    "own format, documented in its README (F.I.Bur. Codice di Gara 2024)."
)


def _when(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _hands(hands: tuple[burraco.SheetHand, ...]) -> list[dict[str, int]]:
    return [
        {
            "fixed_base": h.fixed_base,
            "fixed_points": h.fixed_points,
            "mobile_base": h.mobile_base,
            "mobile_points": h.mobile_points,
        }
        for h in hands
    ]


def _pair(number: int) -> int | None:
    return None if number == burraco.REST else number


def _sheet(result: burraco.TableResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "table": result.table,
        "fixed": _pair(result.fixed),
        "mobile": _pair(result.mobile),
        "hands": _hands(result.hands),
        "closed_hands": _hands(result.closed_hands),
        "fixed_mp": result.fixed_mp,
        "mobile_mp": result.mobile_mp,
        "difference": result.fixed_mp
        if result.awarded
        else result.fixed_mp - result.mobile_mp,
        "fixed_vp": result.fixed_vp,
        "mobile_vp": result.mobile_vp,
        "corrected": result.corrected,
        "inverted_after": result.inverted_after,
        "awarded": result.awarded,
        "award_article": result.award_article or None,
        # The director's remedy that gave an award (Arts. 20, 38; decision
        # 0217): annulled, quarrel, misconduct, both_abandoned; None.
        "remedy": result.remedy or None,
        "replaced": None,
    }
    if result.replaced is not None:
        # A lost sheet found again (Art. 19): the 7-7 it replaced, and the
        # turn after whose standings the found sheet counts.
        out["replaced"] = {
            **_sheet(result.replaced),
            "restored_after": result.restored_after,
        }
    return out


def _phase(state: burraco.BurracoState, turn: int) -> str:
    split = state.split_after
    return "single_group" if split is None or turn <= split else "merit_groups"


def export_tournament(tournament_id: UUID) -> dict[str, Any] | None:
    """The whole tournament as plain JSON values; None if it is no burraco
    tournament."""
    state = load_burraco(tournament_id)
    opened = state.opened
    if opened is None:
        return None
    entered = load_tournament(tournament_id)
    created = entered.created
    people = {
        *(p for e in entered.entries.values() for p in e.player_ids),
        *(s.player_in for s in state.substitutions.values()),
    }
    names = player_names(people)

    def player(player_id: UUID) -> dict[str, Any]:
        name, number = names.get(player_id, (None, None))
        return {"player_id": str(player_id), "name": name, "federation_number": number}

    turns = []
    for turn, seats in sorted(state.positions.items()):
        turns.append(
            {
                "turn": turn,
                "phase": _phase(state, turn),
                "complete": state.turn_complete(turn),
                "results_public": state.results_public(turn),
                "positions": [
                    {
                        "table": p.table,
                        # The merit group of a turn played in groups only.
                        "group": (state.group_of(p.fixed) or None)
                        if _phase(state, turn) == "merit_groups"
                        else None,
                        "fixed": _pair(p.fixed),
                        "mobile": _pair(p.mobile),
                    }
                    for p in sorted(seats, key=lambda p: p.table)
                ],
                "sheets": [
                    _sheet(state.results[(turn, p.table)])
                    for p in sorted(seats, key=lambda p: p.table)
                    if (turn, p.table) in state.results
                ],
                "lateness": [
                    {
                        "table": late.table,
                        "pair": late.pair,
                        "seconds": late.seconds,
                        "band": late.band,
                        "bonus_to_opponents": late.bonus_to_opponents,
                    }
                    for (t, _pair_number), late in sorted(state.lateness.items())
                    if t == turn
                ],
                "absences": sorted(pair for t, pair in state.absences if t == turn),
                "line_ups": [
                    {
                        "table": line_up.table,
                        "team": line_up.team,
                        "first": line_up.first,
                        "open_room": [player(p) for p in line_up.open_room],
                        "closed_room": [player(p) for p in line_up.closed_room],
                    }
                    for (t, _team), line_up in sorted(state.line_ups.items())
                    if t == turn
                ],
            }
        )
    standings = []
    for turn in sorted(state.positions):
        if not state.turn_complete(turn):
            continue
        last = turn == opened.turns
        standings.append(
            {
                "after_turn": turn,
                "phase": _phase(state, turn),
                "status": "final"
                if last and state.final
                else "published_for_check"
                if last and state.final_published_at is not None
                else "provisional",
                "lines": [
                    {
                        "rank": s.rank,
                        "tied": s.tied,
                        "pair": s.pair,
                        "group": s.group or None,
                        "vp": s.vp,
                        "turn_vp": s.turn_vp,
                        "deduction": s.deduction,
                        "mp": s.mp,
                        "turns": s.turns,
                    }
                    for s in burraco.standings_after(state, turn)
                ],
            }
        )
    interrupted = state.interrupted
    return {
        "format": FORMAT,
        "version": VERSION,
        "note": NOTE,
        "tournament": {
            "tournament_id": str(tournament_id),
            "name": created.name if created else "",
            "starts_at": _when(created.starts_at) if created else None,
            "game": "burraco",
            "form": opened.form.value,
        },
        "settings": {
            "hands_per_turn": opened.hands_per_turn,
            "turns": opened.turns,
            "movement": opened.movement.value,
            "mitchell_turns": state.mitchell_turns,
            "split_after": opened.split_after,
            "merit_groups": opened.merit_groups if opened.split_after else None,
            "group_movement": opened.group_movement.value,
            "session_turns": opened.session_turns,
            "standings_check_minutes": opened.standings_check_minutes,
            "tie_breaks": [t.value for t in opened.tie_breaks],
            "warning_policy": opened.warning_policy,
        },
        "registrations": [
            {"number": number, "players": [player(p) for p in entry.player_ids]}
            for number, entry in sorted(entered.entries.items())
        ],
        "substitutions": [
            {
                "pair": sub.pair,
                "player_out": player(sub.player_out),
                "player_in": player(sub.player_in),
                "turns_played": sub.turns_played,
            }
            for _number, sub in sorted(state.substitutions.items())
        ],
        "abandoned": sorted(state.abandoned),
        "lines": {
            "fixed": [_pair(p) for p in state.fixed],
            "mobile": [_pair(p) for p in state.mobile],
        },
        "groups": {
            chr(ord("A") + i): list(members) for i, members in enumerate(state.groups)
        },
        "turns": turns,
        "penalties": {
            "warnings": [
                {
                    "pair": w.pair,
                    "turn": w.turn,
                    "article": w.article,
                    # Facts, no language: a rule's warning has its cause and
                    # figures and no reason; the director's has his words.
                    "cause": w.cause,
                    "reason": w.reason,
                    "seconds": w.seconds,
                    "table": w.table,
                    "expected_table": w.expected_table,
                }
                for w in state.warnings
            ],
        },
        "standings": standings,
        # Arts. 20, 38, I poteri dell'arbitro (b): the director's reports to
        # the Sports Justice bodies, in order (decision 0217).
        "sports_justice_reports": [
            {
                "number": r.number,
                "article": r.article,
                "turn": r.turn,
                "table": r.table,
                "pairs": list(r.pairs),
                "text": r.text,
                "reported_at": _when(r.reported_at),
            }
            for r in state.reports
        ],
        "windows": {
            "provisional_check_deadline": _when(state.provisional_deadline),
            "provisional_final": state.provisional_final,
            "final_published_at": _when(state.final_published_at),
            "check_deadline": _when(state.check_deadline),
            "final": state.final,
        },
        "interrupted": None
        if interrupted is None
        else {
            "completed_turns": interrupted.completed_turns,
            "scheduled_turns": interrupted.scheduled_turns,
            "prizes": interrupted.prizes,
            "standings_after": interrupted.standings_after,
            "reason": interrupted.reason,
            "interrupted_at": _when(interrupted.interrupted_at),
        },
        "prizes": prizes_of(state),
    }


def prizes_of(state: burraco.BurracoState) -> dict[str, Any]:
    """The prize settings and the prizes (decision 0189), for the API and export."""
    assert state.opened is not None
    chosen = state.prizes
    if chosen is None:
        return {
            "settings": None,
            "pool_cents": None,
            "prizes": [],
            "refund_cents": None,
        }
    settings = PrizeSettings(
        chosen.entry_fee_cents,
        chosen.pool_percent,
        chosen.shares,
        chosen.group_shares,
    )
    entries = len(state.pairs)
    stopped = state.interrupted
    after = state.opened.turns if stopped is None else stopped.standings_after
    standing = burraco.standings_after(state, after) if after else ()
    ranked = [(s.pair, s.rank) for s in standing]
    # The merit groups of the standings paid (none before the split).
    groups = {s.pair: s.group for s in standing if s.group}
    if stopped is None:
        outcome = InterruptionOutcome(prizes(settings, ranked, entries, groups), None)
    else:
        outcome = interruption_outcome(
            settings,
            completed_turns=stopped.completed_turns,
            scheduled_turns=stopped.scheduled_turns,
            last_displayed=ranked,
            costs_per_entry_cents=chosen.costs_per_entry_cents,
            entries=entries,
            groups=groups,
        )
    table = outcome.prizes
    return {
        "settings": {
            "entry_fee_cents": chosen.entry_fee_cents,
            "pool_percent": chosen.pool_percent,
            "shares": list(chosen.shares),
            "costs_per_entry_cents": chosen.costs_per_entry_cents,
            "group_shares": [list(group) for group in chosen.group_shares],
        },
        "final": state.final,
        "standings_after": after,
        # Decision 0194: each merit group's own prizes, or the overall places.
        "by_group": bool(settings.group_shares and groups),
        "pool_cents": None if table is None else table.pool_cents,
        "prizes": []
        if table is None
        else [
            {"pair": p.entry, "rank": p.rank, "group": p.group, "cents": p.cents}
            for p in table.prizes
        ],
        "undistributed_cents": None if table is None else table.undistributed_cents,
        "refund_cents": outcome.refund_cents,
    }
