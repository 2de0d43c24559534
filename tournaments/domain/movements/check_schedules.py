"""Consistency checks for round robin schedules and Swiss or Danish rounds.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 8A; FIGB supplementary
norms (2004), N-L4 §1 (home and visiting roles about equally often). Breaches
use the ``Problem`` and ``Rule`` of ``check``:

* ``pair_seated``: each participant plays once a round (or has the bye);
* ``repeated_meeting`` / ``missing_meeting``: a round robin meets every
  opponent exactly ``legs`` times; a Swiss round repeats no meeting;
* ``bye``: a bye exactly when the field is odd, one per leg in a round robin,
  and in a Swiss never a second one while someone has had none;
* ``home_away_balance``: home and away differ by at most one per leg.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable

from tournaments.domain.movements.check import Problem, Rule, refuse
from tournaments.domain.movements.round_robin import RoundRobin
from tournaments.domain.movements.swiss import SwissRound

__all__ = [
    "check_round_robin",
    "check_swiss_round",
    "round_robin_problems",
    "swiss_round_problems",
]


def check_round_robin(schedule: RoundRobin) -> RoundRobin:
    """Return the schedule unchanged, or raise ``InconsistentMovement``."""
    refuse(round_robin_problems(schedule))
    return schedule


def check_swiss_round(
    pairing: SwissRound,
    participants: Collection[int],
    *,
    played: Iterable[tuple[int, int]] = (),
    had_bye: Collection[int] = (),
    repeats_allowed: bool = False,
) -> SwissRound:
    """Return the pairing unchanged, or raise ``InconsistentMovement``."""
    refuse(
        swiss_round_problems(
            pairing,
            participants,
            played=played,
            had_bye=had_bye,
            repeats_allowed=repeats_allowed,
        )
    )
    return pairing


def round_robin_problems(schedule: RoundRobin) -> tuple[Problem, ...]:
    """Return every breach of the round robin rules.

    Each participant plays at most once a round; every two participants meet
    exactly ``legs`` times; with an odd field each has one bye per leg; home
    and away differ by at most one per leg (N-L4 §1).
    """
    problems: list[Problem] = []
    field = set(schedule.participants)
    for r in range(1, schedule.rounds + 1):
        seats = Counter(p for m in schedule.round_matches(r) for p in (m.home, m.away))
        for p, count in sorted(seats.items()):
            if p not in field:
                problems.append(
                    Problem(Rule.SHAPE, f"round {r}: unknown participant {p}")
                )
            elif count > 1:
                problems.append(
                    Problem(
                        Rule.PAIR_SEATED,
                        f"participant {p} plays {count} times in round {r}",
                    )
                )
    met = Counter(frozenset((m.home, m.away)) for m in schedule.matches)
    ordered = sorted(field)
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            count = met[frozenset((a, b))]
            if count > schedule.legs:
                problems.append(
                    Problem(
                        Rule.REPEATED_MEETING,
                        f"participant {a} meets participant {b} {count} times",
                    )
                )
            elif count < schedule.legs:
                problems.append(
                    Problem(
                        Rule.MISSING_MEETING,
                        f"participant {a} meets participant {b} {count} times, not {schedule.legs}",
                    )
                )
    if len(field) % 2 == 1:
        byes = Counter(schedule.bye(r) for r in range(1, schedule.rounds + 1))
        for p in ordered:
            if byes[p] != schedule.legs:
                problems.append(
                    Problem(
                        Rule.BYE,
                        f"participant {p} has {byes[p]} byes, not {schedule.legs}",
                    )
                )
    for p in ordered:
        home, away = schedule.home_count(p), schedule.away_count(p)
        if abs(home - away) > schedule.legs:
            problems.append(
                Problem(
                    Rule.HOME_AWAY_BALANCE,
                    f"participant {p} is home {home} times and away {away} times",
                )
            )
    return tuple(problems)


def swiss_round_problems(
    pairing: SwissRound,
    participants: Collection[int],
    *,
    played: Iterable[tuple[int, int]] = (),
    had_bye: Collection[int] = (),
    repeats_allowed: bool = False,
) -> tuple[Problem, ...]:
    """Return every breach of the Swiss (or Danish) round rules.

    Each participant plays exactly once or has the bye; a bye only in an odd
    field, never twice while someone has had none; no repeat meeting unless
    ``repeats_allowed`` (Danish).
    """
    problems: list[Problem] = []
    field = set(participants)
    seats = Counter(p for m in pairing.matches for p in (m.home, m.away))
    if pairing.bye is not None:
        seats[pairing.bye] += 1
    for p in sorted(field | set(seats)):
        if p not in field:
            problems.append(Problem(Rule.SHAPE, f"unknown participant {p}"))
        elif seats[p] != 1:
            where = "nowhere" if seats[p] == 0 else f"{seats[p]} times"
            problems.append(
                Problem(Rule.PAIR_SEATED, f"participant {p} is paired {where}")
            )
    if (pairing.bye is not None) != (len(field) % 2 == 1):
        problems.append(
            Problem(Rule.BYE, "a bye is given exactly when the field is odd")
        )
    elif pairing.bye in had_bye and not field <= set(had_bye):
        problems.append(
            Problem(
                Rule.BYE, f"participant {pairing.bye} has a second bye before others"
            )
        )
    if not repeats_allowed:
        met = {frozenset(pair) for pair in played}
        for m in pairing.matches:
            if frozenset((m.home, m.away)) in met:
                problems.append(
                    Problem(
                        Rule.REPEATED_MEETING,
                        f"participant {m.home} meets participant {m.away} again",
                    )
                )
    return tuple(problems)
