"""Substitutes' limits: FIGB N-L4 §2a(1)-(4), shares as exact fractions."""

from __future__ import annotations

from fractions import Fraction as F

from tournaments.domain.substitutes import verdict


def test_one_session_over_half_eliminates_and_half_gives_the_rights() -> None:
    """§2a(1): "più del 50% ... è eliminato"; "il 50% o più ... acquista tutti
    i diritti": at exactly 50% the original stays and the substitute gains."""
    over = verdict({1: F(2, 3)}, sessions=1)
    assert (over.eliminated, over.substitute_rights) == (True, True)
    assert str(over.rule) == "Norme integrative FIGB Art. N-L4 §2a(1)"
    half = verdict({1: F(1, 2)}, sessions=1)
    assert (half.eliminated, half.substitute_rights) == (False, True)
    under = verdict({1: F(1, 3)}, sessions=1)
    assert (under.eliminated, under.substitute_rights) == (False, False)


def test_several_sessions_more_than_one_full_session_eliminates() -> None:
    """§2a(2): "un giocatore è eliminato se ha un sostituto per più di una
    sessione completa"."""
    assert verdict({1: F(1), 2: F(0)}, sessions=3).eliminated is False
    late = verdict({1: F(1), 2: F(1, 14)}, sessions=3)
    assert (late.eliminated, late.substituted_sessions) == (True, F(15, 14))
    assert str(late.rule) == "Norme integrative FIGB Art. N-L4 §2a(2)"


def test_one_qualifying_session_needs_two_thirds_played() -> None:
    """§2a(3): not admitted to the final without 2/3 of the qualifying session."""
    assert verdict({1: F(1, 3)}, sessions=2, qualifying_sessions=1).eliminated is False
    out = verdict({1: F(5, 14)}, sessions=2, qualifying_sessions=1)
    assert out.eliminated is True
    assert str(out.rule) == "Norme integrative FIGB Art. N-L4 §2a(3)"


def test_qualifying_sessions_allow_one_or_two_full_sessions() -> None:
    """§2a(4): two to four qualifying sessions, at most one full session
    (the substitute qualifies in their own right past one); more than four,
    two (the substitute qualifies with two)."""
    one = verdict({1: F(1)}, sessions=4, qualifying_sessions=3)
    assert (one.eliminated, one.substitute_rights) == (False, False)
    more = verdict({1: F(1), 2: F(1, 2)}, sessions=4, qualifying_sessions=3)
    assert (more.eliminated, more.substitute_rights) == (True, True)
    two = verdict({1: F(1), 2: F(1)}, sessions=6, qualifying_sessions=5)
    assert (two.eliminated, two.substitute_rights) == (False, True)
    assert verdict(
        {1: F(1), 2: F(1), 3: F(1, 7)}, sessions=6, qualifying_sessions=5
    ).eliminated
