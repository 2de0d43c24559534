"""The regulation's methods in the one scoring pipeline, worked by hand from
the text of the norms (FIGB 2004 supplementary norms; 2017 Laws).

Every figure below is computed by hand in the comments, on the 2/1/0 scale
(Law 78A: top = 2 x results - 2), from the Italian text of N-L12 and N-L87
§7 (the text wins over the digest).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.domain import tournament
from tournaments.domain.session_scoring import (
    Conditions,
    Line,
    Table,
    methods_of,
    score_session,
)

FIGB = Conditions()  # FIGB's methods are the default
LAWS = Conditions(
    averaged_boards="neuberg", fouled_boards="law_87b", average_revision="law_12c2c"
)


def figures(conditions: Conditions, lines: list[Line]) -> dict[object, tuple]:
    scored = score_session(conditions, lines)
    return {k: (f.ns, f.ew) for k, f in scored.lines.items()}


# -- N-L12: mani medie ----------------------------------------------------------

AVERAGED = [
    Line("t1", 1, 1, 1, 11, 620),
    Line("t2", 1, 2, 2, 12, 170),
    Line("t3", 1, 3, 3, 13, -100),
    Line("t4", 1, 4, 4, 14, 140),
    Line("t5", 1, 5, 5, 15, adjusted="A50/50"),
]


def test_figb_average_lowers_the_top_and_raises_the_bottom() -> None:
    """N-L12: "il punto massimo o 'top' scende di tanti punti quante sono
    state le mani medie assegnate, ed il punto minimo sale di altrettanti".

    Five results, top 8, one average (m = 1). Among the four real results
    620 beats three (6), 170 two (4), 140 one (2), -100 none (0); each gets
    m = 1 more: 7, 5, 3, 1 (top 8 - 1, bottom 0 + 1). The averaged pairs
    get (max + min) / 2 = (7 + 1) / 2 = 4 each.
    """
    assert figures(FIGB, AVERAGED) == {
        "t1": (7, 1),
        "t2": (5, 3),
        "t3": (1, 7),
        "t4": (3, 5),
        "t5": (4, 4),
    }


def test_laws_factor_the_other_results_by_neuberg() -> None:
    """The Laws leave the method to regulation (Law 78D; decision 0023):
    Neuberg factors the four real results to five, (M + 1) x 5/4 - 1:
    6 -> 31/4, 4 -> 21/4, 2 -> 11/4, 0 -> 1/4; the average is 50% of 8."""
    assert figures(LAWS, AVERAGED) == {
        "t1": (Fraction(31, 4), Fraction(1, 4)),
        "t2": (Fraction(21, 4), Fraction(11, 4)),
        "t3": (Fraction(1, 4), Fraction(31, 4)),
        "t4": (Fraction(11, 4), Fraction(21, 4)),
        "t5": (4, 4),
    }


# -- N-L12: the no-fault average revised at the end of the session ---------------

REVISED = [
    # Board 1, top 4: NS1 4 (100%), NS2 2, NS3 0 (0%); EW1 0 (0%).
    Line("b1t1", 1, 1, 1, 11, 620),
    Line("b1t2", 1, 2, 2, 12, 170),
    Line("b1t3", 1, 3, 3, 13, -100),
    # Board 2: NS3 v EW1 averaged through no fault of theirs (a misboarded
    # board at an earlier table).
    Line("b2t1", 2, 1, 1, 12, 110),
    Line("b2t2", 2, 2, 2, 13, 140),
    Line("b2t3", 2, 3, 3, 11, adjusted="A50/50 no-fault"),
]


@pytest.mark.parametrize(
    ("revision", "average"),
    [
        # N-L12 as written: "adeguerà il punteggio medio assegnato ... alla
        # media conseguita ... nell'insieme delle smazzate valide": NS3 and
        # EW1 scored 0% on their valid board, so 0% of 4.
        ("figb_session_percent", Fraction(0)),
        # "tenendo comunque presente l'art. 88" (1997): not below 60%: 12/5.
        ("figb_session_percent_min_60", Fraction(12, 5)),
        # Law 12C2(c): the session percentage only when it is larger: 50%.
        ("law_12c2c", Fraction(2)),
        ("none", Fraction(2)),
    ],
)
def test_no_fault_average_revised_by_the_chosen_rule(
    revision: str, average: Fraction
) -> None:
    conditions = Conditions(average_revision=revision)
    scored = figures(conditions, REVISED)
    assert scored["b2t3"] == (average, average)
    # The field: 140 beats 110 (2) and ties the average (+1): 3; 110: 1.
    assert scored["b2t2"] == (3, 1)
    assert scored["b2t1"] == (1, 3)


def test_an_average_plus_keeps_law_12c2c_under_figb() -> None:
    """N-L12 revises the "mano media"; an average plus (60%, Law 12C2(a)) of
    a pair not at fault is raised only to a larger session percentage: NS3
    (0% elsewhere) keeps 60% of 4 under the literal FIGB rule."""
    lines = [*REVISED[:5], Line("b2t3", 2, 3, 3, 11, adjusted="A60/40")]
    assert figures(FIGB, lines)["b2t3"] == (Fraction(12, 5), Fraction(8, 5))


# -- N-L87 §7a: swapped cards --------------------------------------------------


def fouled_session(rounds: int) -> tuple[Conditions, list[Line]]:
    """Board 1 played at tables 1-6 in rounds 1-6; rounds 7.. play board 2.

    The table of round 4 played it with North's and South's cards swapped,
    the table of round 5 too and found the error at the end of play: two
    rounds of ``rounds`` played with the wrong cards."""
    assignments = [Table(r, r, r, 10 + r, (1,)) for r in range(1, 7)]
    assignments += [Table(r, 1, 1, 11, (2,)) for r in range(7, rounds + 1)]
    lines = [
        Line("t1", 1, 1, 1, 11, 450),
        Line("t2", 1, 2, 2, 12, 420),
        Line("t3", 1, 3, 3, 13, 400),
        Line("t4", 1, 4, 4, 14, 600, group=1, swap="north_south"),
        Line("t5", 1, 5, 5, 15, 630, group=1, swap="north_south", found_here=True),
        Line("t6", 1, 6, 6, 16, 420),
    ]
    return Conditions(assignments=tuple(assignments)), lines


def test_fouled_in_fewer_than_a_fifth_of_the_rounds_gets_artificial_scores() -> None:
    """N-L87 §7a: two rounds of eleven (2 x 5 = 10 < 11): "il 60% del Top
    alle coppie del tavolo in cui si è rilevato l'errore" (table 5: 6 of 10
    each) and, N/S swapped, "40% alla coppia N/S e del 50% alla coppia E/O"
    (table 4: 4 and 5). The four real results count each artificial score
    as a tie (N-L12: m = 2): 450 beats three (6) + 2 = 8; each 420 beats 400
    and ties the other (3) + 2 = 5; 400: 0 + 2 = 2. Top 10."""
    conditions, lines = fouled_session(11)
    assert figures(conditions, lines) == {
        "t1": (8, 2),
        "t2": (5, 5),
        "t3": (2, 8),
        "t4": (4, 5),
        "t5": (6, 6),
        "t6": (5, 5),
    }


def test_fouled_in_a_fifth_of_the_rounds_or_more_is_scored_in_two_groups() -> None:
    """N-L87 §7a: two rounds of ten (2 x 5 = 10, "uguali o superiori al
    quinto"): two groups, each scored as if only its tables had played,
    "aggiungendo però al punteggio 1 punto per ogni coppia dell'altro
    gruppo". Group of the right cards (4 tables, top 6): 450 -> 6, 420 -> 3
    each, 400 -> 0, + 2 (the other group's two tables): 8, 5, 5, 2. Group of
    the swapped cards (2 tables, top 2): 630 -> 2, 600 -> 0, + 4: 6, 4.
    Both groups average a + b - 1 = 5."""
    conditions, lines = fouled_session(10)
    assert figures(conditions, lines) == {
        "t1": (8, 2),
        "t2": (5, 5),
        "t3": (2, 8),
        "t4": (4, 6),
        "t5": (6, 4),
        "t6": (5, 5),
    }


def test_the_laws_score_a_fouled_board_in_groups_by_neuberg() -> None:
    """Law 87B under the Laws: groups at any share, each factored to the
    six results, (M + 1) x 6/n - 1: the four (M = 6, 3, 3, 0) -> 19/2, 5,
    5, 1/2; the two (M = 2, 0) -> 8, 2."""
    conditions, lines = fouled_session(11)
    laws = Conditions(
        assignments=conditions.assignments,
        averaged_boards="neuberg",
        fouled_boards="law_87b",
    )
    assert figures(laws, lines) == {
        "t1": (Fraction(19, 2), Fraction(1, 2)),
        "t2": (5, 5),
        "t3": (Fraction(1, 2), Fraction(19, 2)),
        "t4": (2, 8),
        "t5": (8, 2),
        "t6": (5, 5),
    }


def test_the_split_share_is_a_setting() -> None:
    """An event may set another share: at 1/4, two rounds of eleven (8 < 11)
    still give artificial scores; at 1/6 (12 >= 11) the groups stand."""
    conditions, lines = fouled_session(11)
    quarter = Conditions(assignments=conditions.assignments, fouled_split=(1, 4))
    sixth = Conditions(assignments=conditions.assignments, fouled_split=(1, 6))
    assert figures(quarter, lines)["t4"] == (4, 5)
    assert figures(sixth, lines)["t4"] == (4, 6)


def test_a_fouled_table_without_its_swap_keeps_the_groups() -> None:
    """Without the swap the norm's 40/50 cannot be chosen: Law 87B's groups."""
    conditions, lines = fouled_session(11)
    unknown = [
        Line("t4", 1, 4, 4, 14, 600, group=1) if line.key == "t4" else line
        for line in lines
    ]
    assert figures(conditions, unknown)["t4"] == (4, 6)


# -- the regulation's defaults ---------------------------------------------------


def test_each_regulation_has_its_methods() -> None:
    assert tournament.ScoringRules.of(tournament.Regulation.FIGB) == (
        tournament.ScoringRules(
            averaged_boards=tournament.AveragedBoards.FIGB_N_L12,
            fouled_boards=tournament.FouledBoards.FIGB_N_L87_7,
            fouled_split="1/5",
            average_revision=tournament.AverageRevision.FIGB_SESSION_PERCENT,
        )
    )
    assert tournament.ScoringRules.of(
        tournament.Regulation.LAWS, average_revision="none"
    ) == tournament.ScoringRules(
        averaged_boards=tournament.AveragedBoards.NEUBERG,
        fouled_boards=tournament.FouledBoards.LAW_87B,
        fouled_split="1/5",
        average_revision=tournament.AverageRevision.NONE,
    )
    assert methods_of({"fouled_split": "1/4", "averaged_boards": "neuberg"}) == {
        "fouled_split": (1, 4),
        "averaged_boards": "neuberg",
    }
