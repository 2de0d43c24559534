"""The discard pile, throwing and passing, wrong melds, playing without
drawing, drawing out of turn (Codice di Gara Arts. 9, 28-31)."""

import pytest

from rules.burraco import Card, InconsistentFacts, art, parse_cards
from rules.burraco.penalties import (
    Caller,
    Disposal,
    DrawSource,
    FreezeKind,
    Instruction,
    NoDrawBeforePlay,
    Noticed,
    OutOfTurnDraw,
    OutOfTurnUse,
    PassedAttachment,
    PileCardsLeft,
    SinglePileCardDiscarded,
    ThrowLanding,
    ThrownAttachment,
    WarningTo,
    WrongMeld,
    WrongMeldKind,
    penalty_for,
)

P = parse_cards
W = WarningTo.OFFENDING_SIDE


def test_one_pile_card_left_behind_is_the_discard() -> None:
    """It automatically becomes the discard (Art. 9)."""
    penalty = penalty_for(PileCardsLeft(P("D7")))
    assert penalty.law == art(9)
    assert penalty.discard == P("D7")[0]
    assert penalty.interrupt is False


def test_several_pile_cards_left_the_highest_ranked_is_the_discard() -> None:
    """The highest in rank (the 2 above the ace) is the discard (Arts. 1, 9)."""
    penalty = penalty_for(PileCardsLeft(P("SA C2 HK")))
    assert penalty.discard == P("C2")[0]
    assert penalty.interrupt is True


def test_the_single_pile_card_discarded_with_an_identical_card_shown() -> None:
    """Allowed if the player shows an identical card (Art. 9)."""
    penalty = penalty_for(SinglePileCardDiscarded(P("H9")[0], identical_shown=True))
    assert penalty.exposed == ()
    assert penalty.now is None


def test_the_single_pile_card_discarded_without_one() -> None:
    """Take it back, discard another; what is left of the last play, if no meld,
    is exposed (Arts. 9, 24)."""
    penalty = penalty_for(SinglePileCardDiscarded(P("H9")[0], last_play=P("S4 S5")))
    assert penalty.exposed == P("S4 S5")
    assert penalty.now is Instruction.DISCARD
    kept = penalty_for(SinglePileCardDiscarded(P("H9")[0], last_play=P("S4 S5 S6")))
    assert kept.exposed == ()


def test_the_single_pile_card_penalized_is_discarded_next_go() -> None:
    """A misplayed single card becomes penalized, discarded at the next go (Art. 9)."""
    penalty = penalty_for(SinglePileCardDiscarded(P("H9")[0], penalized=True))
    assert penalty.penalized == P("H9")
    assert penalty.disposal is Disposal.LATER_DISCARDS


@pytest.mark.parametrize(
    ("landing", "freeze", "penalized"),
    [
        (ThrowLanding.AS_DECLARED, None, ()),
        (ThrowLanding.APART, FreezeKind.TEMPORARY, ()),
        (ThrowLanding.DOUBTFUL, None, ()),
        (ThrowLanding.UNFIT, None, P("C6 C7")),
    ],
)
def test_cards_thrown_to_attach(
    landing: ThrowLanding, freeze: FreezeKind | None, penalized: tuple[Card, ...]
) -> None:
    """Throwing: play stops, warning; where they land decides the rest (Art. 28)."""
    penalty = penalty_for(ThrownAttachment(P("C6 C7"), landing))
    assert penalty.law == art(28)
    assert penalty.warning is W
    assert penalty.interrupt is True
    assert (penalty.freeze.kind if penalty.freeze else None) is freeze
    assert penalty.penalized == penalized


def test_cards_passed_to_attach_without_a_declaration() -> None:
    """The opponent on turn places them; what fits nowhere is penalized (Art. 28, ex. 1)."""
    penalty = penalty_for(PassedAttachment(P("S5 S6"), unplaceable=P("S5")))
    assert penalty.penalized == P("S5")
    assert penalty.disposal is Disposal.BY_RULE
    assert penalty.warning is W
    assert penalty.interrupt is True
    assert "opponent on turn places" in penalty.summary


def test_an_abandoned_opening_is_penalized_by_rule() -> None:
    """One or two cards put down and not completed: penalized (Art. 29)."""
    penalty = penalty_for(WrongMeld(WrongMeldKind.ABANDONED_OPENING, P("H8 H9")))
    assert penalty.penalized == P("H8 H9")
    assert penalty.disposal is Disposal.BY_RULE
    assert penalty.warning is None


def test_an_abandoned_opening_is_one_or_two_cards() -> None:
    """Three cards would be an opening, not an abandoned one (Art. 29)."""
    with pytest.raises(InconsistentFacts, match="one or two cards"):
        penalty_for(WrongMeld(WrongMeldKind.ABANDONED_OPENING, P("H8 H9 HT")))


@pytest.mark.parametrize(
    ("cards", "fix"),
    [
        ("H8 H9 HJ", "replacing one or two cards"),
        ("H8 JK HJ HK", "one card of the player's own"),
    ],
)
def test_a_wrong_opening_may_be_fixed(cards: str, fix: str) -> None:
    """Without a wild, one or two cards; with one, one card (Art. 29); no warning."""
    penalty = penalty_for(
        WrongMeld(WrongMeldKind.WRONG_OPENING, P(cards), excess=P("HJ"))
    )
    assert fix in penalty.summary
    assert penalty.penalized == P("HJ")
    assert penalty.interrupt is True
    assert penalty.warning is None


def test_playing_without_drawing_pointed_out_by_an_opponent() -> None:
    """Play stops; draw or pick up and discard; melds frozen (Art. 30)."""
    penalty = penalty_for(NoDrawBeforePlay(opened=P("SJ HJ DJ")))
    assert penalty.law == art(30)
    assert penalty.now is Instruction.DRAW_OR_PICK_UP_AND_DISCARD
    assert getattr(penalty.freeze, "kind", None) is FreezeKind.TEMPORARY
    assert penalty.warning is None
    assert penalty.negative_if_closing == P("SJ HJ DJ")


def test_playing_without_drawing_pointed_out_by_the_partner_after_the_discard() -> None:
    """The partner's remark is a hint: warning (Arts. 22, 30)."""
    penalty = penalty_for(
        NoDrawBeforePlay(
            attached=P("H5"), called_by=Caller.PARTNER, noticed=Noticed.AFTER_DISCARD
        )
    )
    assert penalty.warning is W
    assert penalty.also == (art(22),)
    assert penalty.negative_if_closing == P("H5")
    assert penalty.now is None
    assert penalty.interrupt is False


def test_an_incomplete_meld_opened_without_drawing() -> None:
    """Not completed at the next go: penalized, discarded by rule (Art. 30)."""
    penalty = penalty_for(
        NoDrawBeforePlay(opened=P("C4 C5 C6 SQ SQ"), not_completed=P("SQ SQ"))
    )
    assert penalty.penalized == P("SQ SQ")
    assert penalty.negative_if_closing == P("C4 C5 C6")


def test_playing_without_drawing_needs_the_cards() -> None:
    """The facts name what was opened or attached."""
    with pytest.raises(InconsistentFacts, match="record the cards"):
        penalty_for(NoDrawBeforePlay())


@pytest.mark.parametrize(
    ("source", "instruction"),
    [
        (DrawSource.STOCK, Instruction.DRAW_AND_DISCARD),
        (DrawSource.PILE, Instruction.PICK_UP_AND_DISCARD),
    ],
)
def test_out_of_turn_with_nothing_played(
    source: DrawSource, instruction: Instruction
) -> None:
    """The cards go back; at the real go only draw (or pick up) and discard (Art. 31)."""
    penalty = penalty_for(OutOfTurnDraw(source))
    assert penalty.next_go is instruction
    assert penalty.freeze is None


def test_out_of_turn_draw_then_attached_example() -> None:
    """On 4♠5♠6♠ the out-of-turn 7♠, then 8♠ 9♠ 3♠: the 8♠ 9♠ are penalized
    unless the 7♠ is replaced; the meld freezes (Art. 31, example)."""
    penalty = penalty_for(
        OutOfTurnDraw(DrawSource.STOCK, OutOfTurnUse.ATTACHED, unreplaced=P("S8 S9"))
    )
    assert penalty.penalized == P("S8 S9")
    assert getattr(penalty.freeze, "kind", None) is FreezeKind.UNTIL_AFTER_PENALTY_GO
    assert penalty.next_go is Instruction.DRAW_AND_DISCARD
    assert penalty.interrupt is False


def test_out_of_turn_pick_up_then_opened_ends_the_play() -> None:
    """After an out-of-turn pick-up and an opening, the offender's play ends (Art. 31)."""
    penalty = penalty_for(OutOfTurnDraw(DrawSource.PILE, OutOfTurnUse.OPENED))
    assert penalty.interrupt is True
    assert penalty.next_go is Instruction.PICK_UP_AND_DISCARD


def test_out_of_turn_while_a_pozzo_in_diretta_is_played() -> None:
    """The offender discards; next go normal (Art. 31)."""
    penalty = penalty_for(OutOfTurnDraw(DrawSource.STOCK, pozzo_in_diretta=True))
    assert penalty.now is Instruction.DISCARD
    assert penalty.next_go is None


def test_unreplaced_cards_need_a_play() -> None:
    """Nothing played with the card: no card can lose its validity."""
    with pytest.raises(InconsistentFacts, match="nothing was played"):
        penalty_for(OutOfTurnDraw(DrawSource.STOCK, unreplaced=P("S8")))
