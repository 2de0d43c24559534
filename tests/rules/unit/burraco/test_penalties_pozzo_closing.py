"""The pozzi and irregular closings (Codice di Gara Arts. 23, 33-35; separé)."""

import pytest

from rules.burraco import JOKER, InconsistentFacts, art, parse_cards
from rules.burraco.articles import SCREENS
from rules.burraco.penalties import (
    Caller,
    ClosingAttempt,
    Disposal,
    Finish,
    FreezeKind,
    Instruction,
    Noticed,
    PozzoLookedAtEarly,
    PozzoRoute,
    SecondPozzoPlayed,
    WarningTo,
    WrongPlayWithPozzo,
    penalty_for,
)

P = parse_cards


def test_pozzo_looked_at_before_the_partners_discard() -> None:
    """Warning to the pair (Art. 23)."""
    penalty = penalty_for(PozzoLookedAtEarly())
    assert penalty.law == art(23)
    assert penalty.warning is WarningTo.OFFENDING_SIDE


def test_with_screens_the_pozzo_may_be_looked_at() -> None:
    """With screens the player may look without waiting (separé)."""
    penalty = penalty_for(PozzoLookedAtEarly(screens=True))
    assert penalty.law == SCREENS
    assert penalty.warning is None


@pytest.mark.parametrize("noticed", [Noticed.DURING_GO, Noticed.AFTER_DISCARD])
def test_pozzo_in_diretta_with_a_wrong_meld_caught_before_the_draw(
    noticed: Noticed,
) -> None:
    """Melds frozen; the wrong meld's cards discarded by rule (Art. 23)."""
    penalty = penalty_for(
        WrongPlayWithPozzo(PozzoRoute.IN_DIRETTA, P("H5 H6 S8"), noticed)
    )
    assert getattr(penalty.freeze, "kind", None) is FreezeKind.TEMPORARY
    assert penalty.penalized == P("H5 H6 S8")
    assert penalty.disposal is Disposal.BY_RULE
    assert penalty.negative == ()
    assert penalty.closing_valid is None


def test_pozzo_in_diretta_with_a_wrong_meld_caught_after_the_draw() -> None:
    """Cured, the closing too; the wrong meld frozen for good, negative (Art. 23)."""
    penalty = penalty_for(
        WrongPlayWithPozzo(
            PozzoRoute.IN_DIRETTA, P("H5 H6 S8"), Noticed.AFTER_NEXT_DRAW
        )
    )
    assert penalty.negative == P("H5 H6 S8")
    assert penalty.negative_points == 20
    assert penalty.closing_valid is True
    assert getattr(penalty.freeze, "kind", None) is FreezeKind.DEFINITIVE
    assert penalty.lapsed is False


def test_pozzo_con_lo_scarto_with_a_wrong_meld_before_the_offender_plays_again() -> (
    None
):
    """Next go: draw or pick up and discard only; wrong meld negative (Art. 23)."""
    penalty = penalty_for(
        WrongPlayWithPozzo(
            PozzoRoute.CON_LO_SCARTO, P("CK CK DQ"), Noticed.AFTER_NEXT_DRAW
        )
    )
    assert penalty.next_go is Instruction.DRAW_OR_PICK_UP_AND_DISCARD
    assert penalty.negative == P("CK CK DQ")
    assert penalty.closing_valid is None


def test_pozzo_con_lo_scarto_with_a_wrong_meld_after_the_offender_drew() -> None:
    """The pozzo is played normally, closing included (Art. 23)."""
    penalty = penalty_for(
        WrongPlayWithPozzo(
            PozzoRoute.CON_LO_SCARTO, P("CK CK DQ"), Noticed.OFFENDERS_NEXT_GO
        )
    )
    assert penalty.next_go is None
    assert penalty.negative_points == 30
    assert penalty.closing_valid is True


def test_second_pozzo_played() -> None:
    """Caught in time: rebuilt, closing judged under Arts. 33-35; later: valid."""
    caught = penalty_for(SecondPozzoPlayed(Noticed.AFTER_DISCARD))
    assert caught.also == (art(33), art(34), art(35))
    late = penalty_for(SecondPozzoPlayed(Noticed.AFTER_NEXT_DRAW))
    assert "stand" in late.summary
    assert late.also == ()


def test_a_closing_with_pozzo_burraco_and_discard_stands() -> None:
    """Art. 17: the closing is valid."""
    penalty = penalty_for(ClosingAttempt(burraco=1, finish=Finish.DISCARD))
    assert penalty.law == art(17)
    assert penalty.closing_valid is True


def test_closing_without_a_burraco() -> None:
    """The last play is penalized by rule; the discard stays (Art. 33)."""
    penalty = penalty_for(
        ClosingAttempt(burraco=0, finish=Finish.DISCARD, last_play=P("D9 DT DJ"))
    )
    assert penalty.law == art(33)
    assert penalty.penalized == P("D9 DT DJ")
    assert penalty.penalized_points == 30
    assert penalty.closing_valid is False


def test_closing_on_a_wild_ignores_the_burraco() -> None:
    """The last play goes back to hand, the wild stays discarded (Arts. 14, 34)."""
    penalty = penalty_for(
        ClosingAttempt(burraco=2, finish=Finish.WILD_DISCARD, discard=JOKER)
    )
    assert penalty.law == art(34)
    assert penalty.also == (art(14),)
    assert penalty.discard is JOKER
    assert penalty.closing_valid is False


def test_closing_without_a_discard_after_a_new_meld() -> None:
    """One card of the meld is the discard, the rest exposed (Art. 35)."""
    penalty = penalty_for(
        ClosingAttempt(
            burraco=0, finish=Finish.NO_DISCARD_NEW_MELD, last_play=P("S4 S5 S6")
        )
    )
    assert penalty.law == art(35)
    assert penalty.exposed == P("S4 S5 S6")
    assert penalty.now is Instruction.DISCARD
    assert penalty.closing_valid is False


def test_closing_without_a_discard_having_attached_it() -> None:
    """The attached card becomes the discard; closing next round (Art. 35)."""
    penalty = penalty_for(
        ClosingAttempt(burraco=1, finish=Finish.NO_DISCARD_ATTACHED, discard=P("H9")[0])
    )
    assert penalty.law == art(35)
    assert penalty.discard == P("H9")[0]
    assert penalty.closing_valid is False


def test_pozzo_no_longer_due_taken_con_lo_scarto() -> None:
    """The closing is valid, the pozzo put back; without burraco Art. 33 (Art. 23)."""
    valid = penalty_for(
        ClosingAttempt(burraco=1, finish=Finish.DISCARD, pozzo_no_longer_due=True)
    )
    assert valid.closing_valid is True
    assert valid.also == (art(23),)
    invalid = penalty_for(
        ClosingAttempt(
            burraco=0,
            finish=Finish.DISCARD,
            last_play=P("HQ"),
            pozzo_no_longer_due=True,
        )
    )
    assert invalid.law == art(33)
    assert invalid.also == (art(23), art(25))


def test_pozzo_no_longer_due_taken_in_diretta_follows_art_35() -> None:
    """In diretta when the partner already took it: Art. 35 (Art. 23)."""
    penalty = penalty_for(
        ClosingAttempt(
            burraco=1,
            finish=Finish.NO_DISCARD_NEW_MELD,
            last_play=P("C7 C8 C9"),
            pozzo_no_longer_due=True,
        )
    )
    assert penalty.law == art(35)
    assert penalty.also == (art(23), art(24))


def test_closing_facts_must_agree() -> None:
    """A wild discard is its own finish; an Art. 33 ruling needs the last play."""
    with pytest.raises(InconsistentFacts, match="the wild_discard finish"):
        penalty_for(ClosingAttempt(burraco=1, finish=Finish.DISCARD, discard=JOKER))
    with pytest.raises(InconsistentFacts, match="last play"):
        penalty_for(ClosingAttempt(burraco=0, finish=Finish.DISCARD))


def test_closing_pointed_out_by_the_partner_after_the_discard_is_in_time() -> None:
    """The default moment is after the final discard (Proc.)."""
    penalty = penalty_for(
        ClosingAttempt(
            burraco=0,
            finish=Finish.DISCARD,
            last_play=P("HQ HK HA"),
            called_by=Caller.PARTNER,
        )
    )
    assert penalty.warning is None
