"""Irregularities with a fixed penalty, and the timing every ruling shares.

Codice di Gara: Irregolarità - Procedura; Arts. 2, 4, 5, 7-9, 11, 19, 21-23,
27-30, 32, 36, 37; Norme comportamentali.
"""

import pytest

from rules.burraco import JOKER, art
from rules.burraco.articles import CONDUCT, PROCEDURE
from rules.burraco.penalties import (
    Caller,
    Freeze,
    FreezeKind,
    Infraction,
    Instruction,
    Irregularity,
    Noticed,
    Penalty,
    WarningTo,
    penalty_for,
)

K = Infraction
W = WarningTo.OFFENDING_SIDE


def _rule(
    kind: Infraction,
    noticed: Noticed = Noticed.DURING_GO,
    called_by: Caller = Caller.OPPONENT,
) -> Penalty:
    return penalty_for(Irregularity(kind, noticed=noticed, called_by=called_by))


@pytest.mark.parametrize(
    ("kind", "article", "warning", "interrupt", "now"),
    [
        (K.PARTNER_COMMENT, 21, W, True, None),
        (K.PARTNER_MOVES_CARDS, 21, W, True, None),
        (K.PARTNER_CALLS_EARLY, 21, W, True, None),
        (K.FIRST_BURRACO_POINTED_OUT, 21, W, False, None),
        (K.HINT, 22, W, True, Instruction.DO_THE_OPPOSITE),
        (K.JOKER_PLACEMENT_HINT, 22, W, True, None),
        (K.TURN_REMINDER, 22, W, False, Instruction.DRAW_OR_PICK_UP_AND_DISCARD),
        (K.POZZO_AL_VOLO_REMINDER, 22, W, False, Instruction.DISCARD),
        (K.QUESTION_TO_PARTNER, 22, W, True, None),
        (K.REORDER_IN_PARTNERS_GO, 11, W, False, Instruction.DISCARD),
        (K.DRAW_REMINDER, 30, W, False, Instruction.DRAW_OR_PICK_UP_AND_DISCARD),
        (K.POZZO_DRAW_REMINDER, 23, W, False, Instruction.DRAW_OR_PICK_UP_AND_DISCARD),
        (K.STOCK_INSPECTED_OUT_OF_TURN, 8, W, False, Instruction.OPPONENT_CHOOSES),
        (K.THROWN_OPENING, 28, W, True, None),
        (K.PASSED_OPENING, 28, W, True, None),
        (K.PARTNER_ASKS_WHERE, 28, W, True, None),
        (K.MELD_COMPLETED_BEFORE_COVERING, 9, W, False, None),
        (K.STOCK_LIFTED, 8, None, False, Instruction.DRAW),
        (K.PILE_LIFTED, 9, None, False, Instruction.PICK_UP),
        (K.PLAYED_AFTER_DISCARD, 27, None, False, None),
    ],
)
def test_standard_rows(
    kind: Infraction,
    article: int,
    warning: WarningTo | None,
    interrupt: bool,
    now: Instruction | None,
) -> None:
    """Each row of the digest's §7.2 table: article, warning, play stops, what next."""
    penalty = _rule(kind)
    assert penalty.law == art(article)
    assert penalty.warning is warning
    assert penalty.interrupt is interrupt
    assert penalty.now is now
    assert penalty.lapsed is False


def test_a_hint_is_cited_under_art_22_where_another_article_calls_it_one() -> None:
    """Reordering in the partner's go and reminding to draw are hints (Arts. 11, 30)."""
    assert _rule(K.REORDER_IN_PARTNERS_GO).also == (art(22),)
    assert _rule(K.DRAW_REMINDER).also == (art(22),)
    assert _rule(K.POZZO_DRAW_REMINDER).also == (art(30), art(22))


def test_the_hinted_jolly_becomes_exposed() -> None:
    """A jolly played where the hint said is exposed, not on that meld (Art. 22)."""
    assert _rule(K.JOKER_PLACEMENT_HINT).exposed == (JOKER,)


def test_the_partners_premature_comment_stops_all_fixing() -> None:
    """No wrong meld can be fixed after the partner's comment (Art. 21)."""
    assert _rule(K.PARTNER_COMMENT).can_fix is False


@pytest.mark.parametrize(
    ("kind", "freeze"),
    [
        (K.PLAYED_AFTER_DISCARD, FreezeKind.TEMPORARY),
        (K.PLAYED_BEFORE_PENALIZED_DISCARD, FreezeKind.TEMPORARY),
        (K.UNDECLARED_ATTACHMENT_APART, FreezeKind.TEMPORARY),
        (K.PILE_MELD_WITHOUT_PICKING_UP, FreezeKind.TEMPORARY),
        (K.OWN_CARDS_ON_PILE, FreezeKind.TEMPORARY),
        (K.FROZEN_LAST_PLAY_CANNOT_CLOSE, FreezeKind.TEMPORARY),
        (K.PLAY_OUT_OF_TURN, FreezeKind.UNTIL_AFTER_PENALTY_GO),
    ],
)
def test_rows_that_freeze(kind: Infraction, freeze: FreezeKind) -> None:
    """Arts. 9, 27, 29 and 32 freeze the melds concerned."""
    penalty = _rule(kind)
    assert getattr(penalty.freeze, "kind", None) is freeze
    assert penalty.warning is None


def test_play_out_of_turn() -> None:
    """Frozen until after the go in which the offender only draws and discards (Art. 32)."""
    penalty = _rule(K.PLAY_OUT_OF_TURN)
    assert penalty.law == art(32)
    assert penalty.freeze == Freeze(
        FreezeKind.UNTIL_AFTER_PENALTY_GO, "the melds concerned"
    )
    assert penalty.next_go is Instruction.DRAW_OR_PICK_UP_AND_DISCARD


def test_thrown_or_passed_last_play_leaves_the_closing_valid() -> None:
    """The closing stands, with a warning (Art. 28)."""
    for kind in (K.THROWN_LAST_PLAY_BEFORE_CLOSING, K.PASSED_LAST_PLAY_BEFORE_CLOSING):
        penalty = _rule(kind)
        assert penalty.closing_valid is True
        assert penalty.warning is W
        assert penalty.law == art(28)


@pytest.mark.parametrize(
    ("kind", "article", "warning", "new_deal"),
    [
        (K.WRONG_TABLE, 2, W, False),
        (K.SHUFFLE_BY_OTHER, 4, W, False),
        (K.MISDEAL, 4, None, True),
        (K.CARD_SEEN_BEFORE_PLAY, 4, None, True),
        (K.CARDS_NOT_COUNTED_FACE_DOWN, 7, None, True),
        (K.STOCK_TURNED, 4, W, False),
        (K.POZZI_NOT_UNDER_SHEET, 4, WarningTo.ALL_PLAYERS, False),
        (K.CARDS_NOT_IN_FAN, 4, W, False),
        (K.DEALER_SKIPPED, 4, None, False),
        (K.DECK_IRREGULAR_BEFORE_PLAY, 5, None, False),
        (K.DECK_IRREGULAR_DURING_HAND, 5, None, False),
        (K.DECK_IRREGULAR_AFTER_RESULT, 5, None, False),
        (K.ANOMALY_AFTER_FIRST_DRAW, 7, None, False),
        (K.OVERLAPPING_MELD, 7, None, False),
        (K.SHEET_NOT_DELIVERED, 19, W, False),
        (K.TWO_CARDS_DRAWN, 8, None, False),
        (K.CARD_FACE_UP_IN_STOCK, 8, None, False),
        (K.POZZO_NOT_HANDED_OVER, 23, WarningTo.BOTH_SIDES, False),
        (K.FIRST_POZZO_MISCOUNTED, 23, None, False),
        (K.FIRST_POZZO_MISCOUNTED_SEEN, 23, None, False),
        (K.SECOND_POZZO_MISCOUNTED, 23, None, False),
        (K.POZZO_EXPOSED_IN_HANDOVER, 23, None, False),
        (K.POZZI_DROPPED, 23, None, False),
        (K.OLD_POZZO_LEFT, 23, None, False),
        (K.CARDS_MIXED_REBUILT, 36, None, False),
        (K.SLOW_PLAY, 37, None, False),
        (K.SLOW_PLAY_AFTER_INVITATION, 37, W, False),
    ],
)
def test_rows_outside_the_standard_timing(
    kind: Infraction, article: int, warning: WarningTo | None, new_deal: bool
) -> None:
    """The deal, the deck, the pozzi, the sheet: the digest's §7.3 table."""
    penalty = _rule(kind, noticed=Noticed.AFTER_NEXT_DRAW)
    assert penalty.law == art(article)
    assert penalty.warning is warning
    assert penalty.new_deal is new_deal
    assert penalty.lapsed is False


def test_cards_mixed_beyond_rebuilding_get_an_arbitral_score() -> None:
    """The offending pair gets an arbitral score (Art. 36)."""
    assert _rule(K.CARDS_MIXED_NOT_REBUILT).arbitral_score is True
    assert _rule(K.CARDS_MIXED_REBUILT).arbitral_score is False


def test_a_conduct_breach_is_a_warning() -> None:
    """Any breach of the conduct rules: warning (Norme comportamentali)."""
    penalty = _rule(K.CONDUCT_BREACH)
    assert penalty.law == CONDUCT
    assert penalty.warning is W


def test_every_infraction_has_a_penalty() -> None:
    """No fixed row is left without its ruling."""
    for kind in Infraction:
        assert _rule(kind).summary


def test_the_right_lapses_once_the_next_opponent_drew() -> None:
    """Play has continued: no penalty (Proc.)."""
    penalty = _rule(K.HINT, noticed=Noticed.AFTER_NEXT_DRAW)
    assert penalty.lapsed is True
    assert penalty.law == PROCEDURE
    assert penalty.warning is None
    assert penalty.interrupt is False


def test_after_the_discard_the_penalty_still_applies() -> None:
    """Before the next opponent draws, the right stands (Proc.)."""
    penalty = _rule(K.PLAYED_AFTER_DISCARD, noticed=Noticed.AFTER_DISCARD)
    assert penalty.lapsed is False
    assert penalty.freeze == Freeze(
        kind=FreezeKind.TEMPORARY, melds="the melds opened or attached to"
    )


def test_the_partner_pointing_out_before_the_discard_adds_art_21() -> None:
    """The partner may call only after the offender's discard (Proc.; Art. 21)."""
    penalty = _rule(
        K.PLAYED_BEFORE_PENALIZED_DISCARD,
        noticed=Noticed.DURING_GO,
        called_by=Caller.PARTNER,
    )
    assert penalty.law == art(27)
    assert penalty.also == (art(21),)
    assert penalty.warning is W
    assert penalty.interrupt is True
    assert penalty.can_fix is False


def test_the_partner_after_the_discard_is_in_time() -> None:
    """After the discard the partner may point the error out (Proc.)."""
    penalty = _rule(
        K.PLAYED_AFTER_DISCARD, noticed=Noticed.AFTER_DISCARD, called_by=Caller.PARTNER
    )
    assert penalty.also == ()
    assert penalty.warning is None
